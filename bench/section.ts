/**
 * One benchmark section in its own process (run.ts starts one per section, so each ratio is
 * measured within one process and no section inherits another's heap). Prints its result as
 * one JSON line.
 *
 *   node --expose-gc --import tsx bench/section.ts <section> [args...]
 */

import { textOf } from "../src/core/parts.js";
import { BENCH_SPEC, body, expected, type Provider } from "./bodies.js";
import type { Summary } from "./measure.js";
import { compare } from "./measure.js";
import { memoryBench } from "./memory.js";
import { benchModel, streamAll } from "./models.js";
import {
  anthropicSdkAccumulating,
  anthropicSdkRaw,
  bedrockSdk,
  googleGenAI,
  openaiSdkAzure,
  openaiSdkChat,
  openaiSdkResponses,
  vercelStreamText,
} from "./peers.js";
import { prefixCheckCost } from "./prefix-check.js";
import { serverHistoryCost } from "./server-history.js";
import { sigv4Rates } from "./sigv4.js";
import { eventStreamBench, servedBody, streamingBench } from "./throughput.js";

/** Summaries without their raw samples, plus the body size they ran on. */
function brief(summaries: Summary[], provider: Provider) {
  const bytes = body(provider, BENCH_SPEC).length;
  return summaries.map(({ samples: _, ...s }) => ({ ...s, bytes }));
}

/** Peers that take seconds per run: one warm-up, a full GC before each run. */
const SLOW = { warmup: 1, collect: true };

type Peer = [string, () => Promise<number>];

/** A peer's row when it was not measured: it read a different answer than the body holds. */
interface Refused {
  name: string;
  refused: string;
}

/** The peer clients of a provider's body, the slow ones (several seconds a run) apart. */
function peersOf(provider: Provider): { fast: Peer[]; slow: Peer[] } {
  const { chunks, fetch } = servedBody(provider);
  switch (provider) {
    case "anthropic":
      return {
        fast: [
          ["@anthropic-ai/sdk raw stream", anthropicSdkRaw(fetch)],
          ["@anthropic-ai/sdk messages.stream()", anthropicSdkAccumulating(fetch)],
        ],
        slow: [["ai streamText + @ai-sdk/anthropic", vercelStreamText(fetch)]],
      };
    case "bedrock":
      return {
        fast: [["@aws-sdk/client-bedrock-runtime ConverseStream", bedrockSdk(chunks)]],
        slow: [],
      };
    case "gemini":
      return { fast: [], slow: [["@google/genai", googleGenAI(fetch)]] };
    case "openai":
      return { fast: [["openai chat.completions stream", openaiSdkChat(fetch)]], slow: [] };
    case "responses":
      return { fast: [["openai responses stream", openaiSdkResponses(fetch)]], slow: [] };
    case "azure":
      return {
        fast: [["openai AzureOpenAI chat.completions stream", openaiSdkAzure(fetch)]],
        slow: [],
      };
  }
}

/**
 * golem (every delta + final message) and the peers on one body, in the same rounds. Each peer
 * first reads the body once; one whose answer is not the body's whole answer is not measured
 * but reported as refused.
 */
async function peers(provider: Provider, rounds: number) {
  const { fetch } = servedBody(provider);
  const model = benchModel(provider, fetch);
  const golem: [string, () => unknown] = ["golem", () => streamAll(model)];
  const answer = textOf(expected(provider, BENCH_SPEC).message).length;
  const refused: Refused[] = [];
  const checked = async (list: Peer[]) => {
    const ok: Peer[] = [];
    for (const [name, run] of list) {
      const got = await run().catch((e: unknown) => `failed: ${(e as Error).message}`);
      if (got === answer) ok.push([name, run]);
      else
        refused.push({
          name,
          refused: typeof got === "number" ? `read ${got} of ${answer} answer characters` : got,
        });
    }
    return ok;
  };
  const { fast, slow } = peersOf(provider);
  const fastOk = await checked(fast);
  const slowOk = await checked(slow);
  const rows = brief(await compare([golem, ...fastOk], rounds, { collect: true }), provider);
  if (slowOk.length > 0) {
    const slowRuns = await compare([golem, ...slowOk], Math.ceil(rounds / 3), SLOW);
    rows.push(...brief(slowRuns.slice(1), provider));
  }
  return { provider, rows, refused };
}

async function main(): Promise<unknown> {
  const [section, arg, extra] = process.argv.slice(2);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
  switch (section) {
    case "stream": {
      const r = await streamingBench(arg as Provider, rounds);
      const strip = ({ samples: _, ...s }: Summary) => s;
      return {
        ...r,
        measured: r.measured.map(strip),
        floor: strip(r.floor),
        apiFloor: strip(r.apiFloor),
        every: strip(r.every),
        everyVsFloor: strip(r.everyVsFloor),
        response: strip(r.response),
        keep: strip(r.keep),
        responseVsKeep: strip(r.responseVsKeep),
        apiKeep: strip(r.apiKeep),
        everyVsApiKeep: strip(r.everyVsApiKeep),
      };
    }
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
    case "prefix":
      return prefixCheckCost(rounds);
    case "server-history":
      return serverHistoryCost(rounds);
    default:
      throw new Error(`unknown section ${section}`);
  }
}

console.log(`BENCH ${JSON.stringify(await main())}`);
