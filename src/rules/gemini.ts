/**
 * Gemini model-family rules, read from the parsed model version and the model's capabilities
 * (`gemini.capabilities()`, i.e. `models.get`, over the dated table below).
 * @module
 */
import { ConfigError, HistoryError } from "../core/errors.js";
import type { CallSettings, Message } from "../core/types.js";
import { type Capabilities, mergeCapabilities } from "./capabilities.js";
import { geminiVersion, versionText } from "./version.js";

/**
 * Gemini 3 validates function-call signatures strictly: a replayed call without its
 * `thoughtSignature` is a 400 unless it carries the documented skip value (Gemini API,
 * "Thought signatures", checked 2026-12). Read from the parsed version (`gemini-3-pro-preview`,
 * `gemini-3.6-flash`), not a substring: `tunedModels/x` and other paths are not Gemini 3.
 */
export function isGemini3(model: string): boolean {
  const v = geminiVersion(model);
  return v !== undefined && v.major >= 3;
}

const CHECKED = "2026-12-01";

/**
 * Gemini 3.6 Flash and the Flash models after it take no custom `temperature`, `topP` or
 * `topK` (ignored, so golem refuses them rather than send a setting that does nothing), and
 * no request whose last content is the model's (an error).
 */
const FLASH_NO_SAMPLING: Omit<Capabilities, "model" | "source"> = {
  sampling: false,
  prefill: false,
  reference: "https://ai.google.dev/gemini-api/docs/whats-new-gemini-3.6",
  checked: CHECKED,
};
const ROWS: readonly { tiers: readonly string[]; versions: readonly string[] }[] = [
  { tiers: ["flash"], versions: ["3.6", "3.7", "3.8"] },
];

/** The table's row for a Gemini id, or undefined for one it does not know. */
export function geminiTable(model: string): Capabilities | undefined {
  const v = geminiVersion(model);
  const known =
    v && ROWS.some((r) => r.tiers.includes(v.family) && r.versions.includes(versionText(v)));
  return known ? { model, source: "table", ...FLASH_NO_SAMPLING } : undefined;
}

/** What the Gemini checks read of a resolved config. */
export interface GeminiRuleConfig {
  model: string;
  capabilities?: Capabilities | undefined;
  /** `thinking` was configured. */
  thinking?: boolean;
}

/**
 * The model's rules for one call (or `create()`, without messages): sampling on Gemini 3.6+
 * Flash, `maxTokens` within `outputTokenLimit`, `temperature` within `maxTemperature`,
 * thinking only where the model thinks, no trailing model turn where it is refused.
 */
export function checkGeminiModel(
  cfg: GeminiRuleConfig,
  s: CallSettings,
  messages?: readonly Message[],
  provider = "gemini",
): void {
  const caps = mergeCapabilities(cfg.capabilities, geminiTable(cfg.model));
  if (!caps) return;
  const why = `(${caps.reference ?? `${caps.model}'s capabilities`}, ${caps.checked})`;
  const fail = (what: string) => new ConfigError(`${provider}: ${what} ${why}`);
  if (caps.sampling === false) {
    for (const k of ["temperature", "topP", "topK"] as const) {
      if (s[k] !== undefined) throw fail(`\`${k}\` is ignored by ${cfg.model}; leave it out`);
    }
  }
  if (caps.maxOutputTokens !== undefined && (s.maxTokens ?? 0) > caps.maxOutputTokens) {
    throw fail(
      `\`maxTokens\` ${s.maxTokens} is above ${cfg.model}'s outputTokenLimit ${caps.maxOutputTokens}`,
    );
  }
  if (caps.maxTemperature !== undefined && (s.temperature ?? 0) > caps.maxTemperature) {
    throw fail(
      `\`temperature\` ${s.temperature} is above ${cfg.model}'s maxTemperature ${caps.maxTemperature}`,
    );
  }
  if (cfg.thinking && caps.thinking?.thinking === false) {
    throw fail(`\`thinking\` is not accepted by ${cfg.model}, which does not think`);
  }
  const last = (messages?.length ?? 0) - 1;
  if (caps.prefill === false && messages?.[last]?.role === "assistant") {
    throw new HistoryError(
      `${provider}: ${cfg.model} refuses a request that ends with the model's turn; end with a user message ${why}`,
      last,
    );
  }
}
