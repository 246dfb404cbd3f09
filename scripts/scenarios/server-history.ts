/**
 * Server-held conversations (`serverHistory`, docs/server-history.md): a tool loop whose
 * later requests send only what is new, and the server's refusals. The same turns for message
 * threads (golem/anthropic) and stored responses (golem/openai, `api: "responses"`).
 */
import { toolCallsOf } from "../../src/core/parts.js";
import type { Message, ModelRequest, ModelResponse, ToolSpec } from "../../src/core/types.js";

type Call = (req: ModelRequest) => Promise<ModelResponse>;

export const WEATHER_TOOL: ToolSpec = {
  name: "get_weather",
  description: "The current weather in a city.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
  },
};
const SYSTEM = "You are a terse weather assistant. Use the tool for every city.";

/**
 * A tool loop of `steps` model calls (the cities asked one by one); each answer's tool call is
 * answered and the loop goes on with the same history, as an agent does.
 */
export async function serverHistoryLoop(call: Call, steps = 3): Promise<Message[]> {
  const history: Message[] = [
    { role: "user", content: "The weather in Oslo, then Bergen, then Tromsø, one at a time." },
  ];
  for (let step = 0; step < steps; step++) {
    const r = await call({ system: SYSTEM, tools: [WEATHER_TOOL], messages: history });
    history.push(r.message);
    const calls = toolCallsOf(r.message);
    if (calls.length === 0) break;
    for (const c of calls) history.push({ role: "tool", toolCallId: c.id, content: "-3 C, snow" });
  }
  return history;
}

/** The loop's second request refused: the scenario keeps the error (a fingerprint mismatch). */
export async function serverHistoryRefused(call: Call): Promise<void> {
  try {
    await serverHistoryLoop(call, 2);
  } catch {
    // The cassette holds the refusal; the contract row expects the HistoryError.
  }
}
