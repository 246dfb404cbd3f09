/**
 * The `reasoningEffort` values each model takes on its vendor's own API, for the servers whose
 * models differ (xAI, Z.ai, Moonshot): a value outside its row is a `ConfigError` before the
 * request, since these APIs answer 400 to it or, worse, ignore it. A row with no efforts is a
 * model whose reasoning is chosen by its id and takes no effort field at all; a row without
 * `"none"` is a model whose reasoning cannot be turned off. The servers' profiles read these
 * (wires/openai-chat/servers.ts `efforts`); a proxy (OpenRouter, Together) maps efforts its own
 * way and is not held to them. Mistral's rows are its profile's own (servers.ts `mistral`),
 * where they were first written: one place for each fact. That a whole family always reasons
 * is the family's rule (reasoning-families.ts `alwaysThinks`), checked first. Dated data.
 * @module
 */
import { ConfigError } from "../core/errors.js";

/** One row: model ids (lowercased) the row holds for, the efforts, where it was read, when. */
export interface ModelEfforts {
  models: RegExp;
  /** The values it takes, space-separated; `""`: no effort field at all. */
  efforts: string;
  source: string;
  checked: string;
}

/**
 * xAI: Grok 4 and its Fast and 4.20 variants reason or not by model id (`…-reasoning`,
 * `…-non-reasoning`) and answer 400 "Model does not support parameter reasoningEffort";
 * grok-4.3 takes none, low, medium, high ("none" turns reasoning off); grok-3-mini low, high.
 */
export const XAI_EFFORTS: readonly ModelEfforts[] = [
  {
    models: /grok-4[.-]3/,
    efforts: "none low medium high",
    // Also @ai-sdk/xai 4.0.0-canary.61: "grok-4.3 accepts reasoning_effort of none | low |
    // medium | high, where none disables reasoning entirely".
    source: "https://docs.x.ai/docs/guides/reasoning",
    checked: "2026-12-06",
  },
  {
    models: /grok-4(?:$|-0709|-latest|-fast|-1-fast|[.-]1-fast|[.-]20)/,
    efforts: "",
    // "Grok reasoning models don't support reasoning_effort."
    source:
      "https://docs.cloud.google.com/vertex-ai/generative-ai/docs/partner-models/grok/capabilities/reasoning",
    checked: "2026-12-06",
  },
  {
    models: /grok-3-mini/,
    efforts: "low high",
    source: "https://docs.x.ai/docs/guides/reasoning",
    checked: "2026-12-06",
  },
];

/**
 * Z.ai: GLM-5.3 and later always think (`thinking.type: "disabled"` is refused) and take
 * `reasoning_effort` low, high, max (max the default). GLM-5 to 5.2 switch with `thinking.type`
 * enabled / disabled (`reasoningEffort: "none"`), with no effort levels of their own.
 */
export const ZAI_EFFORTS: readonly ModelEfforts[] = [
  {
    models: /glm-(?:5[.p][3-9]|[6-9])/,
    efforts: "low high max",
    // "Reasoning is always on and cannot be disabled. Reasoning efforts low, high, and max are
    // supported; max is the default" (the model's page on OpenRouter, restating Z.ai's).
    source: "https://openrouter.ai/z-ai/glm-5.3",
    checked: "2026-12-06",
  },
];

/**
 * Moonshot: Kimi K3 always reasons and takes `reasoning_effort` low, high, max; K2.7 Code always
 * thinks and has no effort field. K2.5 and K2.6 think by default and turn it off with
 * `thinking.type: "disabled"` (`reasoningEffort: "none"`), with no effort levels.
 */
export const MOONSHOT_EFFORTS: readonly ModelEfforts[] = [
  {
    models: /kimi-k(?:[3-9])/,
    efforts: "low high max",
    source: "https://platform.kimi.ai/docs/guide/use-thinking-effort",
    checked: "2026-12-06",
  },
  {
    models: /kimi-k2[.p]7-code/,
    efforts: "",
    source: "https://platform.kimi.ai/docs/guide/use-thinking-effort",
    checked: "2026-12-06",
  },
];

/**
 * Refuses an `effort` that `row` (the model's, if any) does not list, with a
 * {@link ConfigError} naming what it takes and the row's source.
 */
export function checkModelEffort(
  row: Pick<ModelEfforts, "efforts" | "source"> | undefined,
  model: string,
  effort: string | undefined,
  provider: string,
): void {
  const takes = row?.efforts.split(" ").filter(Boolean);
  if (effort === undefined || !row || !takes || takes.includes(effort)) return;
  const what =
    takes.length === 0
      ? "no reasoningEffort (its id says whether it reasons)"
      : `reasoningEffort ${takes.join(", ")}`;
  throw new ConfigError(
    `${provider}: ${model} takes ${what}; got ${JSON.stringify(effort)} (${row.source})`,
  );
}

/** The row of `model` (any case) in `rows`, or undefined. */
export function effortsOf(rows: readonly ModelEfforts[], model: string): ModelEfforts | undefined {
  const id = model.toLowerCase();
  return rows.find((r) => r.models.test(id));
}
