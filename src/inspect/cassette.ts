/**
 * A cassette as the page shows it: the conversation of its last request and the answer to it,
 * and per request its usage (cache reads and writes), its cache breakpoints, the cache-miss
 * explainer's verdict against the request before it, and the input transformations its
 * response reported.
 */

import type { Usage } from "../core/types.js";
import { explainCacheMiss } from "../testing/cache-miss.js";
import type { Cassette, CassetteResponse } from "../testing/cassette.js";
import { safeJSON } from "./digest.js";
import type { Redactor } from "./redact.js";
import { sseData, streamedAnswer } from "./stream.js";
import type { StepView, TransformationView, TurnView } from "./view.js";
import { answerTurn, conversationOf, wireTurn } from "./wire-parts.js";
import { addUsage, responseUsage } from "./wire-usage.js";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === "object" && v !== null ? (v as Rec) : {});

/** What a cassette gives the page. */
export interface CassetteView {
  turns: TurnView[];
  steps: StepView[];
  transformations: TransformationView[];
  total?: Usage;
  model?: string;
  system?: string;
  tools?: string;
  notes: string[];
}

/** The value at an explainer path (`$.messages[1].content[0]`), or `undefined`. */
export function valueAt(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const [, key, index] of path.matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)) {
    v =
      index !== undefined
        ? Array.isArray(v)
          ? v[Number(index)]
          : undefined
        : rec(v)[key as string];
  }
  return v;
}

/** Where a request body marks cache breakpoints: `cache_control` fields, `cachePoint` blocks. */
export function breakpointsOf(value: unknown, path = "$", out: string[] = []): string[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (rec(v).cachePoint !== undefined) out.push(`${path}[${i}]`);
      else breakpointsOf(v, `${path}[${i}]`, out);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === "cache_control") out.push(path);
      else if (k !== "cachePoint") breakpointsOf(v, `${path}.${k}`, out);
    }
  }
  return out;
}

/** The events or body of a response, as JSON values. */
function answerOf(res: CassetteResponse): { body?: unknown; events?: unknown[] } {
  if (res.chunks) return { events: sseData(res.chunks) };
  if (res.body !== undefined) return { body: res.body };
  return {};
}

/** The `input_transformations` a response reported, wherever its wire keeps them. */
function transformationsOf(values: readonly unknown[]): unknown[] {
  for (const v of values) {
    for (const holder of [rec(v), rec(rec(v).response), rec(rec(v).message)]) {
      if (Array.isArray(holder.input_transformations)) return holder.input_transformations;
    }
  }
  return [];
}

/** The page's view of a cassette; every text it quotes from headers and URLs is redacted. */
export function cassetteView(cassette: Cassette, redact: Redactor): CassetteView {
  const provider = cassette.provider;
  const out: CassetteView = { turns: [], steps: [], transformations: [], notes: [] };
  let previous: unknown;
  cassette.interactions.forEach(({ request, response }, i) => {
    const step: StepView = {
      step: i + 1,
      url: redact.url(request.url),
      status: response.status,
      headers: redact.headers(request.headers),
      breakpoints: breakpointsOf(request.body),
    };
    const model = rec(request.body).model;
    if (typeof model === "string") step.model = model;
    const { body, events } = answerOf(response);
    const streamed = events ? streamedAnswer(events, 0, provider) : undefined;
    const usage = streamed ? streamed.usage : responseUsage(body);
    if (usage) {
      step.usage = usage;
      out.total = out.total ? addUsage(out.total, usage) : usage;
    }
    if (i > 0 && request.body !== undefined) {
      const report = explainCacheMiss(previous, request.body);
      step.cache = report.extends
        ? { extends: true }
        : {
            extends: false,
            path: report.path,
            detail: report.detail,
            before: safeJSON(valueAt(previous, report.path)),
            after: safeJSON(valueAt(request.body, report.path)),
          };
    }
    if (request.body !== undefined) previous = request.body;
    for (const raw of transformationsOf(events ?? [body])) {
      const t = rec(raw);
      const entry: TransformationView = {
        step: i + 1,
        action: "reported",
        by: "provider",
        reason: String(t.reason ?? ""),
      };
      if (typeof t.path === "string") entry.path = t.path;
      if (typeof t.id === "string") entry.id = t.id;
      if (typeof t.type === "string") entry.action = t.type;
      out.transformations.push(entry);
    }
    out.steps.push(step);
  });
  const last = cassette.interactions.at(-1);
  if (!last) return out;
  const body = rec(last.request.body);
  const { key, list } = conversationOf(body);
  out.turns = list.map((m, i) => wireTurn(m, `$.${key}[${i}]`, i, provider));
  const system = body.system ?? body.systemInstruction ?? body.instructions;
  if (system !== undefined) out.system = typeof system === "string" ? system : safeJSON(system);
  const tools = body.tools ?? rec(body.toolConfig).tools;
  if (tools !== undefined) out.tools = safeJSON(tools);
  const { body: answer, events } = answerOf(last.response);
  const streamed = events ? streamedAnswer(events, out.turns.length, provider) : undefined;
  const turn = streamed ? streamed.turn : answerTurn(answer, out.turns.length, provider);
  const model = streamed?.model ?? rec(answer).model ?? rec(answer).modelVersion ?? body.model;
  if (typeof model === "string") out.model = model;
  if (turn) {
    if (out.model !== undefined) turn.model = out.model;
    out.turns.push(turn);
  } else if (last.response.status < 400) {
    out.notes.push(
      last.response.chunksBase64
        ? "The last answer is a binary event stream: its parts are not rebuilt here."
        : "The last answer's parts are not rebuilt here (a streamed answer of this wire).",
    );
  } else {
    out.notes.push(`The last request was answered with HTTP ${last.response.status}.`);
  }
  return out;
}
