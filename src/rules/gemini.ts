/**
 * Gemini model-family rules, read from the parsed model version and the model's capabilities
 * (`gemini.capabilities()`, i.e. `models.get`, over the dated table below).
 * @module
 */
import { ConfigError, HistoryError } from "../core/errors.js";
import type { CallSettings, Message } from "../core/types.js";
import { type Capabilities, mergeCapabilities, supported } from "./capabilities.js";
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
const WHATS_NEW = "https://ai.google.dev/gemini-api/docs/whats-new-gemini-3.6";

/**
 * Gemini 3.6 Flash and the Flash models after it take no custom `temperature`, `topP` or
 * `topK` (ignored, so golem refuses them rather than send a setting that does nothing), and
 * no request whose last content is the model's (an error).
 */
const FLASH_NO_SAMPLING: Omit<Capabilities, "model" | "source"> = {
  sampling: false,
  prefill: false,
  reference: WHATS_NEW,
  checked: CHECKED,
};

/**
 * Gemini 3.7 and 3.8 Flash think at `low`, `medium` or `high` only: `minimal` is a 400 (Google
 * Cloud's Gemini 3.8 Flash developer guide, "supported thinking levels" for 3.8 and 3.7 Flash,
 * checked 2026-12-02; dzivkovi/video-intel v2.7.1 saw the 400 on both).
 */
const FLASH_LOW_TO_HIGH: Omit<Capabilities, "model" | "source"> = {
  ...FLASH_NO_SAMPLING,
  effort: { minimal: false, low: true, medium: true, high: true },
  reference: `${WHATS_NEW}; https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash`,
  checked: "2026-12-02",
};

/** Where Google documents each Gemini 4 model (its developer's guide), and long decode. */
const GUIDE =
  "https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-4-";
const LONG_DECODE_DOC = "https://ai.google.dev/gemini-api/docs/generate-content/long-decode";
const GEMINI_4_CHECKED = "2026-12-06";
/** Gemini 4's unified window: input, thinking, calls and answer share 1,048,576 tokens. */
const GEMINI_4_WINDOW = 1_048_576;

/**
 * A Gemini 4 model: no `minimal` level (`xhigh` only where the guide lists it), and a
 * `maxTokens` up to the unified window, which long decode's hops reach together.
 */
function gemini4(tier: string, xhigh: boolean): Omit<Capabilities, "model" | "source"> {
  return {
    effort: { minimal: false, low: true, medium: true, high: true, xhigh },
    maxOutputTokens: GEMINI_4_WINDOW,
    reference: `${GUIDE}${tier}; ${LONG_DECODE_DOC}`,
    checked: GEMINI_4_CHECKED,
  };
}

const ROWS: readonly {
  tiers: readonly string[];
  versions: readonly string[];
  values: Omit<Capabilities, "model" | "source">;
}[] = [
  { tiers: ["flash"], versions: ["3.6"], values: FLASH_NO_SAMPLING },
  { tiers: ["flash"], versions: ["3.7", "3.8"], values: FLASH_LOW_TO_HIGH },
  // Argon and Carbon: LOW, MEDIUM (default), HIGH. Hydrogen and Neon add XHIGH (HIGH default).
  { tiers: ["argon"], versions: ["4.0"], values: gemini4("argon", false) },
  { tiers: ["carbon"], versions: ["4.0"], values: gemini4("carbon", false) },
  { tiers: ["hydrogen"], versions: ["4.0"], values: gemini4("hydrogen", true) },
  { tiers: ["neon"], versions: ["4.0"], values: gemini4("neon", true) },
];

/** What a Gemini 4 model's guide says beyond {@link Capabilities}: long decode and caching. */
export interface Gemini4Rules {
  /** `gemini-4-<tier>`, as the guides and @google/genai 3.6.1's docs name it. */
  model: string;
  /**
   * Long decode: one hop's output cap unary (a non-streamed request) and streamed, and the most
   * output one answer reaches over its hops (the unified window, less the input).
   */
  longDecode: { unary: number; streamed: number; total: number };
  /** Implicit caching (durable caching on by default): the shortest shared prefix it applies to. */
  implicitCacheMinTokens: number;
  /** Explicit context caching (`cachedContent`); absent where the guide does not say. */
  explicitCache?: boolean;
  reference: string;
  checked: string;
}

/**
 * The Gemini 4 rows, each from its model's guide as read on the date: Argon and Carbon cap a
 * hop at 32,768 tokens unary and 65,536 streamed, Hydrogen and Neon at one 65,536-token
 * segment either way; Argon caches implicitly from 6,144 tokens, Carbon and Hydrogen from
 * 4,096; Argon, Carbon and Hydrogen take no explicit context caching. Neon's guide, as read,
 * lists its levels and long decode; its caching was not read, so it is left unknown.
 */
const GEMINI_4: readonly Omit<Gemini4Rules, "reference" | "checked">[] = [
  gemini4Row("argon", 32_768, 6_144, false),
  gemini4Row("carbon", 32_768, 4_096, false),
  gemini4Row("hydrogen", 65_536, 4_096, false),
  gemini4Row("neon", 65_536, 4_096),
];

/**
 * One Gemini 4 row: what differs by tier is the unary hop's cap, the implicit cache's minimum
 * and explicit caching; every tier streams a hop of 65,536 tokens at most and reaches the
 * unified window over its hops.
 */
function gemini4Row(
  tier: string,
  unary: number,
  implicitCacheMinTokens: number,
  explicitCache?: boolean,
): Omit<Gemini4Rules, "reference" | "checked"> {
  return {
    model: `gemini-4-${tier}`,
    longDecode: { unary, streamed: 65_536, total: GEMINI_4_WINDOW },
    implicitCacheMinTokens,
    ...(explicitCache !== undefined && { explicitCache }),
  };
}

/** The Gemini 4 row of a model id (`models/` and a Vertex path prefix allowed), if any. */
export function gemini4Rules(model: string): Gemini4Rules | undefined {
  const v = geminiVersion(model.slice(model.lastIndexOf("/") + 1));
  const row = v && GEMINI_4.find((r) => r.model === `gemini-${v.major}-${v.family}`);
  if (!row || v.major !== 4 || v.minor !== 0) return undefined;
  const tier = row.model.slice("gemini-4-".length);
  return { ...row, reference: `${GUIDE}${tier}; ${LONG_DECODE_DOC}`, checked: GEMINI_4_CHECKED };
}

/** The table's row for a Gemini id, or undefined for one it does not know. */
export function geminiTable(model: string): Capabilities | undefined {
  const v = geminiVersion(model);
  const row =
    v && ROWS.find((r) => r.tiers.includes(v.family) && r.versions.includes(versionText(v)));
  return row ? { model, source: "table", ...row.values } : undefined;
}

/** What the Gemini checks read of a resolved config. */
export interface GeminiRuleConfig {
  model: string;
  capabilities?: Capabilities | undefined;
  /** `thinking` was configured. */
  thinking?: boolean;
  /** `thinking.level`, where configured (checked against the model's levels). */
  level?: string | undefined;
  /** An explicit cache (`cachedContent`) is configured. */
  explicitCache?: boolean | undefined;
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
  const g4 = cfg.explicitCache ? gemini4Rules(cfg.model) : undefined;
  if (g4?.explicitCache === false) {
    throw new ConfigError(
      `${provider}: ${cfg.model} takes no explicit context caching (\`cachedContent\`); its implicit caching applies to shared prefixes of ${g4.implicitCacheMinTokens} tokens or more by itself (${g4.reference}, ${g4.checked})`,
    );
  }
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
  if (cfg.level !== undefined && caps.effort?.[cfg.level] === false) {
    throw fail(
      `\`thinking.level\` "${cfg.level}" is not accepted by ${cfg.model}; it takes ${supported(caps.effort).join(", ")}`,
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
