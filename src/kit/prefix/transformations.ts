import type { InputTransformation } from "../../core/types.js";

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
