/**
 * One benchmark section in its own process (run.ts starts one per section, so each ratio is
 * measured within one process and no section inherits another's heap). Prints its result as
 * one JSON line.
 *
 *   node --expose-gc --import tsx bench/section.ts <section> [args...]
 */
import { BENCH_SPEC, body, type Provider } from "./bodies.js";
import type { Summary } from "./measure.js";
import { compare } from "./measure.js";
import { memoryBench } from "./memory.js";
import { benchModel, streamAll } from "./models.js";
import {
  anthropicSdkAccumulating,
  anthropicSdkRaw,
  googleGenAI,
  vercelStreamText,
} from "./peers.js";
import { sigv4Rates } from "./sigv4.js";
import { eventStreamBench, servedBody, streamingBench } from "./throughput.js";

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** Summaries without their raw samples, plus the body size they ran on. */
function brief(summaries: Summary[], provider: Provider) {
  const bytes = body(provider, BENCH_SPEC).length;
  return summaries.map(({ samples: _, ...s }) => ({ ...s, bytes }));
}

/** Peers that take seconds per run: one warm-up, a full GC before each run. */
const SLOW = { warmup: 1, collect: true };

async function peers(provider: Provider, rounds: number) {
  const { fetch } = servedBody(provider);
  const model = benchModel(provider, fetch);
  const golem: [string, () => unknown] = ["golem", () => streamAll(model)];
  if (provider === "gemini") {
    const genai: [string, () => unknown] = ["@google/genai", googleGenAI(fetch)];
    return brief(await compare([golem, genai], Math.ceil(rounds / 3), SLOW), provider);
  }
  const raw: [string, () => unknown] = ["@anthropic-ai/sdk raw stream", anthropicSdkRaw(fetch)];
  const accumulating: [string, () => unknown] = [
    "@anthropic-ai/sdk messages.stream()",
    anthropicSdkAccumulating(fetch),
  ];
  const fast = await compare([golem, raw, accumulating], rounds, { collect: true });
  const ai: [string, () => unknown] = [
    "ai streamText + @ai-sdk/anthropic",
    vercelStreamText(fetch),
  ];
  const slow = await compare([golem, ai], Math.ceil(rounds / 3), SLOW);
  return [...brief(fast, provider), ...brief(slow.slice(1), provider)];
}

async function main(): Promise<unknown> {
  const [section, arg, extra] = process.argv.slice(2);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
  switch (section) {
    case "stream":
      return brief(await streamingBench(arg as Provider, rounds), arg as Provider);
    case "peers":
      return peers(arg as Provider, rounds);
    case "event-stream":
      return brief(await eventStreamBench(rounds), "bedrock");
    case "memory":
      return memoryBench(
        arg as Provider,
        extra === "response" ? "response" : "stream",
        Number(process.env.BENCH_MEMORY_MB ?? 100),
      );
    case "sigv4":
      return sigv4Rates(1000, rounds >= 15 ? 5 : 3);
    default:
      throw new Error(`unknown section ${section}`);
  }
}

console.log(`BENCH ${JSON.stringify(await main())}`);
