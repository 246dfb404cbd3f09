import type { InputTransformation, ModelResponse } from "../../core/types.js";
import type { Origin } from "./wire-prefix.js";

/**
 * A response's `input_transformations` as golem's entries, `undefined` when there are none:
 * `allowed` says which entries the provider showed the model all the same (the rest it left
 * out), `key` names the field that says where (`path` on Anthropic, `id` on OpenAI). Each
 * keeps its wire entry as `raw`.
 */
export function providerTransformations<T extends { reason?: unknown }>(
  list: readonly (T | null)[] | null | undefined,
  allowed: (raw: T | null) => boolean,
  key: "path" | "id",
): InputTransformation[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  return list.map((raw) => {
    const entry: InputTransformation = {
      action: allowed(raw) ? "allowed" : "dropped",
      by: "provider",
      reason: typeof raw?.reason === "string" ? raw.reason : "",
      raw,
    };
    const where = (raw as Record<string, unknown> | null)?.[key];
    if (typeof where === "string") entry[key] = where;
    return entry;
  });
}

/** A wire path `messages.{i}` or `messages.{i}.content.{j}` (Anthropic's form). */
const WIRE_PATH = /^messages\.(\d+)(?:\.content\.(\d+))?$/;

/**
 * `response` with the history `index` added to each provider entry whose wire `path` names a
 * block of the request as sent, read from where the builder noted each wire block came from
 * (`origins`, asked for only when an entry needs it). A path the request does not have gets
 * no index.
 */
export function indexTransformations(
  response: ModelResponse,
  origins: () => readonly (readonly Origin[])[] | undefined,
): ModelResponse {
  const list = response.inputTransformations;
  if (!list?.some((t) => t.by === "provider" && t.index === undefined && t.path)) return response;
  const at = origins();
  if (!at) return response;
  const indexed = list.map((t) => {
    const m = t.by === "provider" && t.index === undefined ? WIRE_PATH.exec(t.path ?? "") : null;
    const origin = m ? at[Number(m[1])]?.[Number(m[2] ?? 0)] : undefined;
    return origin ? { ...t, index: origin[0] } : t;
  });
  return { ...response, inputTransformations: indexed };
}
