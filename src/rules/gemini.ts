/**
 * Gemini model-family rules, matched on the model name.
 * @module
 */

/**
 * Gemini 3 validates function-call signatures strictly: a replayed call without its
 * `thoughtSignature` is a 400 unless it carries the documented skip value (Gemini API,
 * "Thought signatures", checked 2026-12). Matched by the model name.
 */
export function isGemini3(model: string): boolean {
  return model.includes("gemini-3");
}
