import type { ModelResponse } from "../core/types.js";

/**
 * A response's `id` and `model` from what the provider sent; a value that is not a string, or
 * is empty (Azure's `prompt_filter_results` chunk names neither), stays absent.
 */
export function identityOf(id: unknown, model: unknown): Pick<ModelResponse, "id" | "model"> {
  const out: Pick<ModelResponse, "id" | "model"> = {};
  if (typeof id === "string" && id !== "") out.id = id;
  if (typeof model === "string" && model !== "") out.model = model;
  return out;
}
