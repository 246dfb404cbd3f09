/**
 * The page: one static HTML document, everything rendered here and escaped here. It loads
 * nothing (a Content-Security-Policy allows no source but `data:` images, the inline styles
 * and the one inline script by its hash), so it opens from disk and can go in a bug report.
 */
import type { Usage } from "../core/types.js";
import { SCRIPT, SCRIPT_HASH, STYLES } from "./assets.js";
import { type Digest, digestLabel } from "./digest.js";
import { escapeHTML as e } from "./escape.js";
import type { InspectView, PartView, StepView, TurnView, Verdict } from "./view.js";

/** Parts longer than this (characters or lines) are collapsed behind their first line. */
const LONG_TEXT = 600;
const LONG_LINES = 12;

const CSP = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '${SCRIPT_HASH}'`;

const OUTCOME: Record<Verdict["outcome"], string> = {
  kept: "kept",
  dropped: "would be dropped",
  refused: "would be refused",
  unknown: "unknown",
};

const KIND: Record<PartView["kind"], string> = {
  thinking: "thinking",
  redacted: "thinking (redacted)",
  text: "text",
  "tool-call": "tool call",
  "tool-result": "tool result",
  image: "image",
  file: "file",
  provider: "provider part",
};

function sig(label: string, d: Digest | undefined): string {
  return d ? ` <span class="sig">${e(label)} ${e(digestLabel(d))}</span>` : "";
}

/** A text, collapsed when long (or always, for `collapsed`). */
function textBlock(text: string, collapsed = false): string {
  const lines = text.split("\n", LONG_LINES + 1).length;
  if (!collapsed && text.length <= LONG_TEXT && lines <= LONG_LINES) return `<pre>${e(text)}</pre>`;
  const head = text.slice(0, 120).split("\n")[0] ?? "";
  const more = `${head}${head.length < text.length ? "…" : ""} (${text.length} chars)`;
  return `<details><summary>${e(more)}</summary><pre>${e(text)}</pre></details>`;
}

function partHTML(p: PartView, highlighted: ReadonlySet<string>): string {
  const cls = `part kind-${p.kind}${highlighted.has(p.path) ? " diff" : ""}`;
  let label = KIND[p.kind];
  if (p.name !== undefined) label += ` ${p.name}`;
  if (p.id !== undefined && p.id !== "") label += ` (${p.id})`;
  if (p.provider !== undefined) label += ` · ${p.provider}`;
  let head = `<span class="label">${e(label)}</span>`;
  head += sig("signature", p.signature) + sig("encrypted payload", p.payload);
  if (p.cache) head += ' <span class="cache">cache breakpoint</span>';
  let body = "";
  if (p.kind === "redacted") body = '<pre class="mut">redacted</pre>';
  else if (p.media) {
    const m = p.media;
    body = `<div class="mut">${e(m.mediaType)}${m.filename ? ` ${e(m.filename)}` : ""}${sig("data", m.data)}</div>`;
    if (m.thumbnail) body += `<img class="thumb" alt="${e(p.path)}" src="${e(m.thumbnail)}">`;
    if (m.url !== undefined) body += `<div>URL (not loaded): <code>${e(m.url)}</code></div>`;
  } else if (p.text !== undefined) {
    body = textBlock(p.text, p.kind === "provider");
  }
  return `<div class="${cls}" id="${e(`p-${p.path}`)}" data-kind="${p.kind}" data-path="${e(p.path)}">${head}${body}</div>`;
}

/** The element a guard path names: a part, a message, the system prompt or the tools. */
function anchorOf(path: string): string {
  if (path.startsWith("messages.")) {
    return /^messages\.\d+$/.test(path) ? `turn-${path.slice(9)}` : `p-${path}`;
  }
  return path.startsWith("tools") ? "tools" : path;
}

function verdictHTML(v: Verdict): string {
  const where = v.path
    ? ` First difference: <a href="#${e(anchorOf(v.path))}"><code>${e(v.path)}</code></a>.`
    : "";
  return `<div class="verdict v-${v.outcome}" data-outcome="${v.outcome}"><b>${e(OUTCOME[v.outcome])}</b> ${e(v.reason)}.${where}</div>`;
}

function turnHTML(t: TurnView, highlighted: ReadonlySet<string>): string {
  let title = `#${t.index} ${t.role}`;
  if (t.provider !== undefined) title += ` · ${t.provider}`;
  if (t.model !== undefined) title += ` · ${t.model}`;
  if (t.toolCallId !== undefined) title += ` · answers ${t.toolCallId}`;
  if (t.isError) title += " · error";
  if (t.record !== undefined) title += ` · prefix record (${t.record})`;
  const marks = [t.cache ? '<span class="cache">cache breakpoint after this message</span>' : ""];
  const parts = t.parts.map((p) => partHTML(p, highlighted)).join("");
  const update = t.update
    ? `<div class="part"><span class="label">update</span>${textBlock(t.update)}</div>`
    : "";
  const cls = `turn role-${e(t.role)}${highlighted.has(`messages.${t.index}`) ? " diff" : ""}`;
  return `<article class="${cls}" id="turn-${t.index}" data-index="${t.index}" data-role="${e(t.role)}"><h3>${e(title)}</h3>${t.verdict ? verdictHTML(t.verdict) : ""}${update}${parts}${marks.join("")}</article>`;
}

function usageCells(u: Usage | undefined): string {
  const n = (v: number | undefined) => `<td>${v === undefined ? "" : v}</td>`;
  return u
    ? n(u.inputTokens) +
        n(u.outputTokens) +
        n(u.reasoningTokens) +
        n(u.cacheReadTokens) +
        n(u.cacheWriteTokens)
    : "<td></td><td></td><td></td><td></td><td></td>";
}

const USAGE_HEAD =
  "<th>input</th><th>output</th><th>reasoning</th><th>cache read</th><th>cache write</th>";

function cacheHTML(s: StepView): string {
  if (!s.cache) return s.step === 1 ? '<span class="mut">first request</span>' : "";
  if (s.cache.extends) return "extends the request before (its prefix can be read from the cache)";
  const c = s.cache;
  return `<div>miss at <code>${e(c.path)}</code>: ${e(c.detail)}</div><div class="sides"><div><span class="mut">before</span><pre class="diff">${e(c.before)}</pre></div><div><span class="mut">after</span><pre class="diff">${e(c.after)}</pre></div></div>`;
}

function stepsHTML(steps: readonly StepView[]): string {
  if (steps.length === 0) return "";
  const rows = steps
    .map(
      (s) =>
        `<tr data-step="${s.step}"><td>${s.step}</td><td>${e(s.model ?? "")}<div class="mut">${e(s.url ?? "")} ${s.status ?? ""}</div></td>${usageCells(s.usage)}<td>${s.breakpoints.map((b) => `<code>${e(b)}</code>`).join("<br>")}</td><td>${cacheHTML(s)}</td></tr>`,
    )
    .join("");
  return `<section id="steps"><h2>Requests: usage and cache</h2><table><tr><th>#</th><th>model</th>${USAGE_HEAD}<th>cache breakpoints</th><th>cache (explainer)</th></tr>${rows}</table></section>`;
}

function transformationsHTML(view: InspectView): string {
  const rows = view.transformations
    .map(
      (t) =>
        `<tr><td>${t.step ?? ""}</td><td>${e(t.action)}</td><td>${e(t.by)}</td><td>${e(t.reason)}</td><td>${e(t.path ?? t.id ?? "")}</td><td>${t.index === undefined ? "" : `<a href="#turn-${t.index}">#${t.index}</a>`}</td></tr>`,
    )
    .join("");
  const body = rows
    ? `<table><tr><th>step</th><th>action</th><th>by</th><th>reason</th><th>where</th><th>message</th></tr>${rows}</table>`
    : '<p class="mut">none reported</p>';
  return `<section id="transformations"><h2>Input transformations</h2>${body}</section>`;
}

function indexHTML(turns: readonly TurnView[]): string {
  const items = turns
    .map((t) => {
      const mark =
        t.verdict && t.verdict.outcome !== "kept"
          ? ` · ${OUTCOME[t.verdict.outcome]}`
          : t.signed
            ? " · signed"
            : "";
      return `<li value="${t.index}"><a href="#turn-${t.index}">${e(t.role)}${e(mark)}</a></li>`;
    })
    .join("");
  return `<nav id="index"><b>Turns</b> <button id="open-all" type="button">open all</button> <button id="close-all" type="button">close all</button><ol start="0">${items}</ol></nav>`;
}

/** The whole page for a view. */
export function renderPage(view: InspectView): string {
  const highlighted = new Set<string>();
  for (const t of view.turns) {
    const path = t.verdict?.path;
    if (path !== undefined) highlighted.add(path);
  }
  const meta = [
    `from a ${view.source}`,
    view.provider ? `provider ${view.provider}` : "",
    view.model ? `model ${view.model}` : "",
    view.source === "cassette"
      ? ""
      : `verdicts for a next request to ${view.target.provider}${view.target.model ? ` (${view.target.model})` : ""}`,
  ].filter(Boolean);
  const setup = [
    view.system !== undefined
      ? `<div class="part${highlighted.has("system") ? " diff" : ""}" id="system"><span class="label">system</span>${textBlock(view.system)}</div>`
      : "",
    view.tools !== undefined
      ? `<div class="part${[...highlighted].some((p) => p.startsWith("tools")) ? " diff" : ""}" id="tools"><span class="label">tools</span>${textBlock(view.tools, true)}</div>`
      : "",
  ].join("");
  const total = view.total
    ? `<section id="usage"><h2>Usage, total</h2><table><tr>${USAGE_HEAD}</tr><tr>${usageCells(view.total)}</tr></table></section>`
    : "";
  const notes = view.notes.length
    ? `<section id="notes"><h2>Notes</h2><ul>${view.notes.map((n) => `<li>${e(n)}</li>`).join("")}</ul></section>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="generator" content="golem inspect">
<title>${e(view.title)}</title><style>${STYLES}</style></head>
<body><header><h1>${e(view.title)}</h1><div class="meta">${e(meta.join(" · "))}</div></header>
<div class="layout">${indexHTML(view.turns)}<main>
${setup ? `<section id="setup"><h2>Setup</h2>${setup}</section>` : ""}
<section id="turns"><h2>Turns</h2>${view.turns.map((t) => turnHTML(t, highlighted)).join("\n")}</section>
${stepsHTML(view.steps)}${transformationsHTML(view)}${total}${notes}
</main></div><script>${SCRIPT}</script></body></html>
`;
}
