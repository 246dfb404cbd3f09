/**
 * Anthropic's models API as every platform that serves it answers: where a model's metadata is
 * under a platform's base URL, and its `ModelInfo` as {@link Capabilities}.
 * @see https://platform.claude.com/docs/en/api/models/retrieve
 * @module
 */
import { isObjectLike } from "../../core/issue.js";
import { type Capabilities, mergeCapabilities, type Support } from "../../rules/capabilities.js";
import { claudeTable } from "../../rules/claude-models.js";
import { count, today } from "../../send/capabilities.js";

/** `GET /v1/models/{model_id}` under a platform's base URL (`…/v1`): an id or an alias. */
export function modelsUrl(baseURL: string, model: string): string {
  return `${baseURL}/models/${encodeURIComponent(model)}`;
}

/** `{ supported }` objects by name -> a {@link Support} map (the `supported` flag itself left out). */
function support(value: unknown): Support | undefined {
  if (!isObjectLike(value)) return undefined;
  const out: Support = {};
  for (const [k, v] of Object.entries(value)) {
    const flag = (v as { supported?: unknown } | null)?.supported;
    if (k !== "supported" && typeof flag === "boolean") out[k] = flag;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A `ModelInfo` answer -> {@link Capabilities}: `max_input_tokens`, `max_tokens`, thinking
 * types, effort levels and context-management edits, with golem's table row filling what the
 * API does not report (sampling, forced tool choice, prefill, `disabled`, `between_tools`).
 * `asked` names the model when the answer does not.
 */
export function parseModelInfo(answer: unknown, asked: string): Capabilities {
  const info = (isObjectLike(answer) ? answer : {}) as Record<string, unknown>;
  const id = typeof info.id === "string" ? info.id : asked;
  const caps = (info.capabilities ?? {}) as Record<string, { types?: unknown } | undefined>;
  const out: { [K in keyof Capabilities]?: unknown } = {
    model: id,
    source: "metadata",
    checked: today(),
    maxInputTokens: count(info.max_input_tokens),
    maxOutputTokens: count(info.max_tokens),
    thinking: support(caps.thinking?.types),
    effort: support(caps.effort),
    contextEdits: support(caps.context_management),
  };
  // What the answer does not say stays absent, for the table row to fill.
  for (const k of Object.keys(out) as (keyof Capabilities)[]) {
    if (out[k] === undefined) delete out[k];
  }
  return mergeCapabilities(out as Capabilities, claudeTable(id)) as Capabilities;
}
