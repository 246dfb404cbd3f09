/**
 * A cassette as the page shows it: the conversation of its last request and the answer to it,
 * and per request its usage (cache reads and writes), its cache breakpoints, the cache-miss
 * explainer's verdict against the request before it, and the input transformations its
 * response reported.
 */

import { addUsage } from "../agent/usage.js";
import type { Usage } from "../core/types.js";
import { explainCacheMiss } from "../testing/cache-miss.js";
import type { Cassette } from "../testing/cassette.js";
import { type RecordedAnswer, readAnswer } from "./answer.js";
import { safeJSON } from "./digest.js";
import { turnView } from "./parts.js";
import type { Redactor } from "./redact.js";
import type { StepView, TransformationView, TurnView } from "./view.js";
import { conversationOf, wireTurn } from "./wire-parts.js";

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

/** The page's view of a cassette; every text it quotes from headers and URLs is redacted. */
export function cassetteView(cassette: Cassette, redact: Redactor): CassetteView {
  const provider = cassette.provider;
  const out: CassetteView = { turns: [], steps: [], transformations: [], notes: [] };
  const answers: RecordedAnswer[] = [];
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
    const answer = readAnswer(request, response, provider);
    answers.push(answer);
    if (answer.problem !== undefined) {
      out.notes.push(`The answer to request ${i + 1} was not read whole: ${answer.problem}`);
    }
    const usage = answer.response?.usage;
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
    for (const t of answer.response?.inputTransformations ?? []) {
      const entry: TransformationView = {
        step: i + 1,
        action: t.action,
        by: t.by,
        reason: t.reason,
      };
      if (t.path !== undefined) entry.path = t.path;
      if (t.id !== undefined) entry.id = t.id;
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
  const answer = answers.at(-1)?.response;
  const model = answer?.model ?? body.model;
  if (typeof model === "string") out.model = model;
  if (answer) {
    const turn = turnView(answer.message, out.turns.length);
    if (out.model !== undefined) turn.model = out.model;
    out.turns.push(turn);
  } else if (last.response.status >= 400) {
    out.notes.push(`The last request was answered with HTTP ${last.response.status}.`);
  }
  return out;
}
