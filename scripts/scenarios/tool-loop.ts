import type { Message, Model, ModelResponse, ToolSpec } from "../../src/index.js";

/** The weather tool the recorded tool loops use (the same as in fixtures/). */
export const WEATHER: ToolSpec = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
};

/** The weather the tool reports; fixed, so captures are repeatable. */
export function weather(args: string): string {
  const { location } = JSON.parse(args || "{}") as { location?: string };
  return location?.startsWith("Florence") ? "40 C" : "18 C";
}

/**
 * Calls the model until it answers without tool calls (at most `maxSteps` calls), answering
 * each call with `weather`. Returns every response, in order.
 */
export async function toolLoop(
  model: Model,
  opts: { system?: string; prompt: string; stream: boolean; maxSteps?: number },
): Promise<ModelResponse[]> {
  const messages: Message[] = [{ role: "user", content: opts.prompt }];
  const responses: ModelResponse[] = [];
  for (let step = 0; step < (opts.maxSteps ?? 4); step++) {
    const req = { messages, tools: [WEATHER], ...(opts.system ? { system: opts.system } : {}) };
    const response = opts.stream ? await model.stream(req).response : await model.generate(req);
    responses.push(response);
    messages.push(response.message);
    const calls = response.message.toolCalls ?? [];
    if (calls.length === 0) break;
    for (const call of calls) messages.push({ role: "tool", toolCallId: call.id, content: weather(call.arguments) });
  }
  return responses;
}

/** Runs `fn` and swallows the provider error it is expected to produce. */
export async function expectError(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if ((err as Error).name === "APIError") return;
    throw err;
  }
  throw new Error("the scenario expected an error answer, but the call succeeded");
}
