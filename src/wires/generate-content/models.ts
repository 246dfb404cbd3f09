/**
 * The Gemini API's `models.get` answer, a `Model` resource, as {@link Capabilities}.
 * @see https://ai.google.dev/api/models#Model
 * @module
 */
import { type Capabilities, mergeCapabilities } from "../../rules/capabilities.js";
import { geminiTable } from "../../rules/gemini.js";
import { count, today } from "../../send/capabilities.js";

/**
 * A `Model` resource -> {@link Capabilities}: `inputTokenLimit`, `outputTokenLimit`,
 * `maxTemperature` and `thinking`, with golem's table row filling the rest (sampling and
 * prefill on Gemini 3.6+ Flash). `asked` names the model when the answer does not.
 */
export function parseModel(answer: unknown, asked: string): Capabilities {
  const resource = (typeof answer === "object" && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  const name = typeof resource.name === "string" ? resource.name.replace(/^models\//, "") : asked;
  const out: Capabilities = { model: name, source: "metadata", checked: today() };
  const input = count(resource.inputTokenLimit);
  const output = count(resource.outputTokenLimit);
  if (input !== undefined) out.maxInputTokens = input;
  if (output !== undefined) out.maxOutputTokens = output;
  if (typeof resource.maxTemperature === "number") out.maxTemperature = resource.maxTemperature;
  if (typeof resource.thinking === "boolean") out.thinking = { thinking: resource.thinking };
  return mergeCapabilities(out, geminiTable(name)) as Capabilities;
}
