import { ConfigError } from "../../core/errors.js";
import { isObjectLike } from "../../core/issue.js";

/**
 * `prompt_cache_options` (GPT-5.6 and later): `mode: "explicit"` turns off the breakpoint
 * OpenAI places by itself, so only the request's own breakpoints (`cache: "auto"`,
 * `Message.cache`) are written; `ttl` is the least lifetime of every breakpoint written;
 * `prewarm` fills the cache without generating; `comparisonResponseId` asks for cache
 * diagnostics against that response. Chat Completions takes `mode` and `ttl: "30m"` only.
 * @see https://developers.openai.com/api/docs/guides/prompt-caching
 */
export interface PromptCacheOptions {
  mode?: "implicit" | "explicit";
  ttl?: "30m" | "12h";
  prewarm?: boolean;
  comparisonResponseId?: string;
}

/** The wire form (openai 7.60.0 `ResponseCreateParams.PromptCacheOptions`). */
export interface PromptCacheOptionsParam {
  mode?: "implicit" | "explicit";
  ttl?: "30m" | "12h";
  prewarm?: boolean;
  comparison_response_id?: string;
}

const KEYS: readonly string[] = ["mode", "ttl", "prewarm", "comparisonResponseId"];
const RESPONSES_ONLY: readonly string[] = ["prewarm", "comparisonResponseId"];

/** Checks `promptCacheOptions` for `api`; a complaint is a {@link ConfigError}. */
export function resolvePromptCacheOptions(
  provider: string,
  value: unknown,
  api: "chat-completions" | "responses",
): { promptCacheOptions?: PromptCacheOptions } {
  if (value === undefined) return {};
  const bad = (why: string) => new ConfigError(`${provider}: promptCacheOptions ${why}`);
  if (!isObjectLike(value)) throw bad("must be an object");
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!KEYS.includes(key)) throw bad(`has no key ${JSON.stringify(key)}; use ${KEYS.join(", ")}`);
    if (api === "chat-completions" && RESPONSES_ONLY.includes(key)) {
      throw bad(`.${key} needs api: "responses"`);
    }
  }
  const ttls = api === "responses" ? ["30m", "12h"] : ["30m"];
  if (o.mode !== undefined && o.mode !== "implicit" && o.mode !== "explicit") {
    throw bad(`.mode must be "implicit" or "explicit"; got ${JSON.stringify(o.mode)}`);
  }
  if (o.ttl !== undefined && !ttls.includes(o.ttl as string)) {
    throw bad(
      `.ttl must be ${ttls.map((t) => JSON.stringify(t)).join(" or ")} on this API; got ${JSON.stringify(o.ttl)}`,
    );
  }
  if (o.prewarm !== undefined && typeof o.prewarm !== "boolean") {
    throw bad(".prewarm must be true or false");
  }
  const id = o.comparisonResponseId;
  if (id !== undefined && (typeof id !== "string" || id === "")) {
    throw bad(".comparisonResponseId must be a response id");
  }
  return { promptCacheOptions: { ...(o as PromptCacheOptions) } };
}

/** The wire field, its keys in the order the SDK types them. */
export function promptCacheOptionsParam(o: PromptCacheOptions): PromptCacheOptionsParam {
  const out: PromptCacheOptionsParam = {};
  if (o.mode !== undefined) out.mode = o.mode;
  if (o.ttl !== undefined) out.ttl = o.ttl;
  if (o.prewarm !== undefined) out.prewarm = o.prewarm;
  if (o.comparisonResponseId !== undefined) out.comparison_response_id = o.comparisonResponseId;
  return out;
}
