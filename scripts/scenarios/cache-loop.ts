import type { Model } from "../../src/index.js";
import { LOCAL_TIME, toolLoop, WEATHER, weather } from "./tool-loop.js";

/**
 * The prompt-cache tool loop recorded for Anthropic and Bedrock with `cache: "auto"`: three
 * steps (weather, then local time, then the answer), thinking in each. The system prompt holds
 * a conversion table so that the cached prefix passes the providers' minimum cacheable length
 * (1024 tokens for most Claude models), or a live capture would show no cache activity.
 */
export const CACHE_SYSTEM = [
  "You are a weather and time assistant. Answer in one short sentence, in Celsius.",
  "Celsius to Fahrenheit, for converting a tool's answer when asked:",
  ...Array.from({ length: 151 }, (_, i) => {
    const c = i - 50;
    return `${c} C = ${Math.round((c * 9) / 5 + 32)} F`;
  }),
].join("\n");

export const CACHE_PROMPT =
  "What's the weather in Florence, Italy, and what time is it there? Ask for the weather first, then the time.";

/** Runs the loop; the tools answer fixed values, so captures repeat. */
export async function cacheLoop(model: Model, stream: boolean): Promise<void> {
  await toolLoop(model, {
    system: CACHE_SYSTEM,
    prompt: CACHE_PROMPT,
    stream,
    tools: [WEATHER, LOCAL_TIME],
    answer: (call) => (call.name === "local_time" ? "14:05" : weather(call)),
  });
}
