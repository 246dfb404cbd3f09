/**
 * OpenAI's explicit prompt-cache breakpoints (`cache: "auto"`, docs/caching.md): the tool loop
 * `fixtures/openai/responses-explicit-cache-tool-loop.json` stands in for, so a key holder can
 * record it live (`npm run capture -- openai responses-explicit-cache-tool-loop`) and the
 * contract row replays it.
 */
import { toolCallsOf } from "../../src/core/parts.js";
import type { Message, ModelRequest, ModelResponse } from "../../src/core/types.js";
import { CACHE_PROMPT, CACHE_SYSTEM } from "./cache-loop.js";
import { LOCAL_TIME, WEATHER, weather } from "./tool-loop.js";

type Call = (req: ModelRequest) => Promise<ModelResponse>;

/**
 * Three steps (weather, local time, the answer) with the prompt marked (`Message.cache`): each
 * request carries a breakpoint on the prompt and one on its last input block, and is the one
 * before plus new items, byte for byte but for the breakpoint that moved on. The long system
 * prompt passes OpenAI's 1024-token minimum, or a live capture would show no cache writes.
 */
export async function explicitCacheLoop(call: Call): Promise<void> {
  const base = { system: CACHE_SYSTEM, tools: [WEATHER, LOCAL_TIME] };
  const history: Message[] = [{ role: "user", content: CACHE_PROMPT, cache: true }];
  for (let step = 0; step < 3; step++) {
    const { message } = await call({ ...base, messages: [...history] });
    history.push(message);
    const calls = toolCallsOf(message);
    if (calls.length === 0) return;
    for (const c of calls) {
      const content = c.name === "local_time" ? "14:05" : weather(c);
      history.push({ role: "tool", toolCallId: c.id, content });
    }
  }
}
