import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import { openaiBindsPrefix } from "../../rules/append-only.js";
import { resolvePrefixCheck } from "../../transport/prefix/options.js";
import type { PromptCacheConfig } from "./config.js";
import type { ReasoningSummary } from "./responses-wire.js";
import type { ReasoningEffort } from "./wire.js";

/** Which OpenAI API an openai or azure model calls. */
export type Api = "chat-completions" | "responses";

/** `reasoningSummary` as configured: a wire value, or `"none"` for no `summary` field. */
export type ReasoningSummaryOption = ReasoningSummary | "none";

/** What `buildResponsesRequest` needs: the model-facing options of a resolved config. */
export interface ResponsesOptions extends PromptCacheConfig {
  /** Which adapter's thinking blocks are this conversation's own (`"openai"`, `"azure"`). */
  provider: string;
  /** The model id (Azure: the deployment name). */
  model: string;
  reasoningEffort?: ReasoningEffort;
  /** Omitted: no `reasoning.summary` is sent. */
  reasoningSummary?: ReasoningSummary;
  /** `create()`'s call settings, the defaults of every call. */
  settings?: CallSettings;
  /** The prefix check before each request (docs/append-only.md); absent: off. */
  prefixCheck?: PrefixCheck;
}

/**
 * Checks `prefixCheck`. The Responses API drops reasoning after a prefix change on models that
 * bind (GPT-6.2 on), so there it defaults to "error"; Chat Completions sends no reasoning the
 * provider binds, so there only "off" means anything and the others are a ConfigError.
 */
export function resolveOpenAIPrefixCheck(
  provider: string,
  value: PrefixCheck | undefined,
  api: Api,
  model: string,
): PrefixCheck {
  if (api === "responses") return resolvePrefixCheck(provider, value, openaiBindsPrefix(model));
  if (value !== undefined && value !== "off") {
    throw new ConfigError(
      `${provider}: prefixCheck needs api: "responses"; Chat Completions has no reasoning bound to its prefix`,
    );
  }
  return "off";
}

const APIS: readonly string[] = ["chat-completions", "responses"];
const SUMMARIES: readonly string[] = ["auto", "concise", "detailed", "none"];

/** Checks `api`; Chat Completions when omitted. */
export function resolveApi(api: unknown, provider: string): Api {
  if (api === undefined) return "chat-completions";
  if (typeof api !== "string" || !APIS.includes(api)) {
    throw new ConfigError(
      `${provider}: api must be "chat-completions" or "responses"; got ${JSON.stringify(api)}`,
    );
  }
  return api as Api;
}

/**
 * The `reasoning.summary` to send: the configured one, else `"auto"` unless reasoning is off
 * (`reasoningEffort: "none"`); `"none"` sends none. Chat Completions has no summaries, and the
 * Responses API always replays reasoning, so `reasoningSummary` there and `replayReasoning`
 * here are mistakes worth a `ConfigError`.
 */
export function resolveReasoningSummary(
  config: {
    reasoningSummary?: ReasoningSummaryOption;
    reasoningEffort?: ReasoningEffort;
    replayReasoning?: boolean;
  },
  api: Api,
  provider: string,
): ReasoningSummary | undefined {
  const { reasoningSummary } = config;
  if (api === "chat-completions") {
    if (reasoningSummary !== undefined) {
      throw new ConfigError(`${provider}: reasoningSummary needs api: "responses"`);
    }
    return undefined;
  }
  if (config.replayReasoning === true) {
    throw new ConfigError(
      `${provider}: replayReasoning is for api "chat-completions"; the Responses API always sends reasoning items back`,
    );
  }
  if (reasoningSummary === undefined) {
    return config.reasoningEffort === "none" ? undefined : "auto";
  }
  if (typeof reasoningSummary !== "string" || !SUMMARIES.includes(reasoningSummary)) {
    throw new ConfigError(
      `${provider}: reasoningSummary must be one of ${SUMMARIES.join(", ")}; got ${JSON.stringify(reasoningSummary)}`,
    );
  }
  return reasoningSummary === "none" ? undefined : reasoningSummary;
}
