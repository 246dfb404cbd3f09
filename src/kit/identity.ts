import { isNonEmptyString } from "../core/issue.js";
import type { ModelResponse } from "../core/types.js";

/**
 * A response's `id` and `model` from what the provider sent; a value that is not a string, or
 * is empty (Azure's `prompt_filter_results` chunk names neither), stays absent.
 */
export function identityOf(id: unknown, model: unknown): Pick<ModelResponse, "id" | "model"> {
  const out: Pick<ModelResponse, "id" | "model"> = {};
  if (isNonEmptyString(id)) out.id = id;
  if (isNonEmptyString(model)) out.model = model;
  return out;
}
