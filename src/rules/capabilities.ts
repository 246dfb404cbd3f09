/**
 * What one model takes, as golem's rules read it: from the provider's own model metadata
 * (Anthropic `GET /v1/models/{id}`, Gemini `models.get`), from golem's dated tables, or both.
 * Every field is optional: an absent field is not known, and the check that would read it does
 * not run (the provider then decides). A caller fetches it once (`anthropic.capabilities`,
 * `gemini.capabilities`, `openai.capabilities`), may cache it, and passes it to `create()`.
 * @module
 */
import { ConfigError } from "../core/errors.js";
import { isObjectLike } from "../core/issue.js";

/** Whether a setting is taken (`true`), refused (`false`); absent: not known. */
export type Support = Record<string, boolean>;

/** What one model takes, and where that was read. */
export interface Capabilities {
  /** The model these describe (the id the metadata answered for, or the id looked up). */
  model: string;
  /**
   * Where the values come from: `"metadata"` the provider's models endpoint (table values fill
   * what it does not report), `"table"` golem's built-in table only.
   */
  source: "metadata" | "table";
  /** The day the values were read: the metadata's fetch, or the table row's check date. */
  checked: string;
  /** Where the table row's facts are documented (absent for metadata alone). */
  reference?: string;
  /** The context window: most input tokens a request may carry. */
  maxInputTokens?: number;
  /** The largest `maxTokens` the model takes. */
  maxOutputTokens?: number;
  /**
   * Thinking modes by their wire name (Claude `thinking.type`: `adaptive`, `enabled`,
   * `disabled`, `between_tools`; Gemini: `thinking`).
   */
  thinking?: Support;
  /** Effort levels by name (`low` … `max`; OpenAI `none`, `minimal` too; Gemini thinking levels). */
  effort?: Support;
  /**
   * The only efforts a thinking mode takes, by wire name, where it is limited (Claude Opus 5
   * `disabled` and Sonnet 5.5 `between_tools`: `low`, `medium`, `high`).
   */
  thinkingEfforts?: Record<string, string[]>;
  /** `temperature`, `topP` and `topK` (false: refused, or ignored, at any value). */
  sampling?: boolean;
  /** A forced `toolChoice` (`"required"` or `{ name }`). */
  forcedToolChoice?: boolean;
  /** A request whose last message is the assistant's (a prefill). */
  prefill?: boolean;
  /** Anthropic `context_management` edits by type (`clear_thinking_20251015`, …). */
  contextEdits?: Support;
  /**
   * OpenAI: function tools on Chat Completions: `true`, `"effort-none"` (only with
   * `reasoningEffort: "none"`), or `false` (tools need `api: "responses"`).
   */
  chatTools?: boolean | "effort-none";
  /** Gemini: the highest `temperature` the model takes. */
  maxTemperature?: number;
}

/**
 * The table row's values under the metadata's: what the provider reports wins, the table
 * fills what it is silent on (sampling, forced tool choice, prefill are in no metadata).
 */
export function mergeCapabilities(
  metadata: Capabilities | undefined,
  table: Capabilities | undefined,
): Capabilities | undefined {
  if (!metadata || !table) return metadata ?? table;
  const out: Capabilities = { ...table, ...metadata };
  for (const k of ["thinking", "effort", "contextEdits"] as const) {
    const merged = { ...table[k], ...metadata[k] };
    if (Object.keys(merged).length > 0) out[k] = merged;
  }
  if (table.reference !== undefined) out.reference = table.reference;
  return out;
}

/** The names `support` marks as taken, for a message. */
export function supported(support: Support): string[] {
  return Object.keys(support).filter((k) => support[k]);
}

/**
 * Checks a `capabilities` option: absent, or an object with the model it describes.
 * `fetcher` names the function that returns one (a platform has none of its own).
 */
export function resolveCapabilities(
  provider: string,
  caps: Capabilities | undefined,
  fetcher: string,
): Capabilities | undefined {
  if (caps === undefined) return undefined;
  if (!isObjectLike(caps) || typeof caps.model !== "string") {
    throw new ConfigError(`${provider}: \`capabilities\` must be what ${fetcher}() returned`);
  }
  return caps;
}
