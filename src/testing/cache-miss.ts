import { wrapModel } from "../core/middleware.js";
import type { Message, Model, ModelRequest } from "../core/types.js";
import { diffJSON } from "./diff.js";

/**
 * What {@link explainCacheMiss} found: the next request extends the previous one (its prefix
 * can be read from the cache), or where it stops doing so.
 */
export type CacheMissReport =
  | { extends: true }
  | {
      extends: false;
      /** The message (wire turn, or history index for golem messages) that differs; undefined when the tools or system prompt do. */
      index: number | undefined;
      /** The JSON path of the first difference, e.g. `$.messages[1].content[0].thinking`. */
      path: string;
      /** What differs there: `expected …, got …`, `missing …`, `unexpected …`. */
      detail: string;
    };

/**
 * Body fields that come before the messages in the cached prefix, or change the cache key; a
 * dotted one is a field inside one (Claude's thinking on Bedrock).
 */
const PREFIX_KEYS = [
  "tools",
  "toolConfig",
  "tool_choice",
  "system",
  "systemInstruction",
  "instructions",
  "thinking",
  "additionalModelRequestFields.thinking",
  "cachedContent",
];
/** Where each API keeps the conversation: Anthropic, Bedrock, Chat; Gemini; Responses. */
const LIST_KEYS = ["messages", "contents", "input"];

/**
 * Says where `next` stops extending `previous`, cache markers aside (Anthropic
 * `cache_control`, Bedrock `cachePoint` blocks, OpenAI `prompt_cache_breakpoint`,
 * `Message.cache`): a provider caches a prompt's
 * prefix, so a later request reads the cache only as far as it repeats the earlier one byte
 * for byte. Give two request bodies as sent (wire JSON, e.g. `replayFetch(…).requests[n].body`),
 * or two golem histories (e.g. the `messages` a processor returned on two steps, or two
 * `RunResult.messages`). Key order is not compared.
 * @example
 * const report = explainCacheMiss(requests[0].body, requests[1].body);
 * if (!report.extends) console.log(`cache miss from message ${report.index}: ${report.path} ${report.detail}`);
 */
export function explainCacheMiss(previous: unknown, next: unknown): CacheMissReport {
  if (Array.isArray(previous) && Array.isArray(next)) {
    return firstChange("$", previous.map(neutral), next.map(neutral));
  }
  const prev = asRecord(previous);
  const later = asRecord(next);
  for (const key of PREFIX_KEYS) {
    const [a, b] = [prev, later].map((body) =>
      key.split(".").reduce<unknown>((v, k) => asRecord(v)[k], body),
    );
    const diff = firstDiff(strip(a), strip(b), `$.${key}`);
    if (diff) return report(undefined, diff);
  }
  const key = LIST_KEYS.find((k) => Array.isArray(prev[k])) ?? "messages";
  return firstChange(`$.${key}`, listOf(prev[key]), listOf(later[key]));
}

/** A cache miss {@link watchCacheMisses} saw: the call (0-based) and where its prefix broke. */
export type CacheMiss = Extract<CacheMissReport, { extends: false }> & { call: number };

/**
 * The debug hook for a run: `model`, with every call's request compared with the call before
 * it (system prompt, tools, then messages, cache markers aside); `onMiss` hears of each call
 * that does not extend its predecessor, so its cached prefix is lost. Give it to an Agent as
 * its model (one watcher per conversation: calls of other conversations would all be misses).
 * A model middleware (`wrapModel`): a streamed call is compared when the stream is first read.
 * @example
 * const agent = new Agent({ model: watchCacheMisses(model, (miss) => console.warn(miss)), tools });
 */
export function watchCacheMisses<M extends Model>(model: M, onMiss: (miss: CacheMiss) => void): M {
  const check = createCacheMissCheck();
  return wrapModel(model, ({ request }) => {
    const miss = check(request);
    if (miss) onMiss(miss);
    return undefined;
  });
}

/**
 * The comparison {@link watchCacheMisses} makes, without a model: give it each request of one
 * conversation in order; it returns the miss when a request does not extend the one before.
 */
export function createCacheMissCheck(): (req: Readonly<ModelRequest>) => CacheMiss | undefined {
  let previous: unknown;
  let calls = 0;
  return (req) => {
    // A copy: a history the caller changes in place later must not change what was sent.
    const next = structuredClone({
      system: req.system,
      tools: req.tools,
      messages: req.messages.map(neutral),
    });
    const call = calls++;
    const report = previous === undefined ? undefined : explainCacheMiss(previous, next);
    previous = next;
    return report && !report.extends ? { ...report, call } : undefined;
  };
}

function firstChange(root: string, previous: unknown[], next: unknown[]): CacheMissReport {
  for (const [i, message] of previous.entries()) {
    const path = `${root}[${i}]`;
    if (i >= next.length) return { extends: false, index: i, path, detail: "missing" };
    const diff = firstDiff(strip(message), strip(next[i]), path);
    if (diff) return report(i, diff);
  }
  return { extends: true };
}

/**
 * The first difference: inside an array whose length changed, the first item that differs
 * (a dropped block shows where it was), else the length itself.
 */
function firstDiff(a: unknown, b: unknown, path: string): string | undefined {
  const [first, second] = diffJSON(a, b, path);
  const length = first?.match(/^(.*): expected \d+ items, got \d+$/);
  return length && second?.startsWith(`${length[1]}[`) ? second : first;
}

/** A diff line (`path: what`) as a report. */
function report(index: number | undefined, line: string): CacheMissReport {
  const at = line.indexOf(": ");
  return { extends: false, index, path: line.slice(0, at), detail: line.slice(at + 2) };
}

/** A golem message as a provider sees it: string content as a text part, no cache mark. */
function neutral(m: unknown): unknown {
  if (typeof m !== "object" || m === null || !("role" in m)) return m;
  const { cache: _, ...rest } = m as Message;
  const text = rest.content;
  return typeof text === "string" ? { ...rest, content: [{ type: "text", text }] } : rest;
}

/** Fields that mark a breakpoint on the block that holds them. */
const MARKER_KEYS = ["cache_control", "prompt_cache_breakpoint"];

/**
 * The value without cache markers: `cache_control` and `prompt_cache_breakpoint` fields and
 * `cachePoint` blocks.
 */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.filter((v) => !(asRecord(v).cachePoint !== undefined)).map(strip);
  }
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!MARKER_KEYS.includes(k)) out[k] = strip(v);
  return out;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
