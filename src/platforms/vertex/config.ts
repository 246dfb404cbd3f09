import { parseServiceAccount, type ServiceAccountKey } from "../../auth/google.js";
import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import {
  type KeySet,
  type ResolvedCallOptions,
  refuseUnknownKeys,
  resolveCallOptions,
  resolveHeaders,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import {
  OPTION_KEYS as GEMINI_KEYS,
  type GeminiOptions,
  type ResolvedOptions as GeminiResolved,
  type ThinkingConfig as GeminiThinking,
  resolveOptions as resolveGemini,
  thinkingProblem,
} from "../../wires/generate-content/options.js";
import {
  OPTION_KEYS as MESSAGES_KEYS,
  type MessagesOptions,
  type ResolvedOptions as MessagesResolved,
  type ThinkingConfig as MessagesThinking,
  refuseThreads,
  resolveOptions as resolveMessages,
} from "../../wires/messages/options.js";

/** `thinking` for a Claude model: golem/anthropic's (`budgetTokens`, `adaptive`, …). */
export type ClaudeThinkingConfig = MessagesThinking;
/** `thinking` for a Gemini model: golem/gemini's (`level`, `budget`, `includeThoughts`). */
export type GeminiThinkingConfig = GeminiThinking;

/** Where and as whom Vertex AI is called; the rest of a config is the publisher's options. */
export interface VertexOptions extends Omit<TransportConfig, "baseURL"> {
  /** The Google Cloud project id. @defaultValue the `GOOGLE_CLOUD_PROJECT` environment variable */
  project?: string;
  /**
   * `"global"` or a region such as `"us-east5"` (host `{location}-aiplatform.googleapis.com`).
   * @defaultValue the `GOOGLE_CLOUD_LOCATION` environment variable, else `"global"`
   */
  location?: string;
  /** An OAuth access-token source, asked before every attempt and once more after a 401. */
  token?: () => Promise<string>;
  /** An express-mode API key (Gemini only; no project or location): `x-goog-api-key`. */
  apiKey?: string;
  /**
   * A service-account key file (its text or parsed JSON): golem signs a JWT with it through
   * `crypto.subtle`, exchanges it for an access token and caches that until shortly before it
   * expires.
   */
  serviceAccount?: string | ServiceAccountKey;
  /**
   * Everything before `/projects/…` (or `/publishers/…` in express mode), e.g. a gateway.
   * @defaultValue `https://{host}/v1`
   */
  baseURL?: string;
}

/** `vertex.create` options for Claude: `model` is a Vertex model id (`claude-sonnet-4-6`, `claude-opus-5-5@20261001`). */
export type ClaudeConfig = VertexOptions & MessagesOptions & { model: `claude-${string}` };
/** `vertex.create` options for Gemini: `model` is a Gemini model id (`gemini-2.5-pro`). */
export type GeminiConfig = VertexOptions & GeminiOptions & { model: `gemini-${string}` };
/** `vertex.create` options; the model id picks the publisher and so the other options. */
export type Config = ClaudeConfig | GeminiConfig;

/** How calls authenticate. */
export type VertexAuth =
  | { kind: "token"; token: () => Promise<string> }
  | { kind: "apiKey"; apiKey: string }
  | { kind: "serviceAccount"; key: ServiceAccountKey };

interface Common extends ResolvedCallOptions {
  auth: VertexAuth;
  /** `https://{host}/v1/projects/{project}/locations/{location}` (express: `https://aiplatform.googleapis.com/v1`). */
  root: string;
  /** The caller's extra headers, names lower-cased. */
  headers: Record<string, string>;
}

/** A checked config: the publisher wire's options, plus where and how to call. */
export type ResolvedConfig =
  | (Common & { publisher: "anthropic"; wire: MessagesResolved })
  | (Common & { publisher: "google"; wire: GeminiResolved });

const VERTEX_KEYS: KeySet<VertexOptions> = {
  ...TRANSPORT_KEYS,
  project: true,
  location: true,
  token: true,
  apiKey: true,
  serviceAccount: true,
  baseURL: true,
};
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._:@-]*$/;

/** Checks a `vertex.create` config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  if (typeof config !== "object" || config === null) {
    throw new ConfigError("vertex.create needs a config object");
  }
  const model = config.model as unknown;
  if (typeof model !== "string" || !SEGMENT.test(model)) {
    throw new ConfigError(
      'vertex: `model` is required (e.g. "claude-sonnet-4-6" or "gemini-2.5-pro")',
    );
  }
  const publisher = publisherOf(model);
  const auth = resolveAuth(config);
  if (auth.kind === "apiKey" && publisher === "anthropic") {
    throw new ConfigError(
      "vertex: express mode (`apiKey`) serves Gemini models only; use `token` or `serviceAccount` for Claude",
    );
  }
  const root = resolveRoot(config, env, auth.kind === "apiKey");
  const common = {
    ...resolveCallOptions("vertex", config),
    headers: resolveHeaders("vertex", config.headers),
    auth,
    root,
  };
  if (publisher === "anthropic") {
    refuseUnknownKeys("vertex", config, { ...VERTEX_KEYS, ...MESSAGES_KEYS, model: true });
    const wire = resolveMessages("vertex", model, config as ClaudeConfig);
    refuseThreads("vertex", config as ClaudeConfig);
    // The fallback-credit docs: the server-side-fallback beta is a 400 on Claude Models on
    // Google Cloud (Google managed), which is what this endpoint is.
    // https://platform.claude.com/docs/en/build-with-claude/fallback-credit
    if (wire.fallbacks !== undefined) {
      throw new ConfigError(
        "vertex: `fallbacks` (server-side fallback) is not served on Vertex AI",
      );
    }
    return { publisher, wire, ...common };
  }
  refuseUnknownKeys("vertex", config, { ...VERTEX_KEYS, ...GEMINI_KEYS, model: true });
  const g = config as GeminiConfig;
  const problem = g.thinking === undefined ? undefined : thinkingProblem(g.thinking);
  if (problem) throw new ConfigError(`vertex: ${problem[0]}: ${problem[1]}`);
  if (
    g.cachedContent !== undefined &&
    (typeof g.cachedContent !== "string" || g.cachedContent === "")
  ) {
    throw new ConfigError(
      'vertex: cachedContent: must be a cache name such as "cachedContents/abc123"',
    );
  }
  return { publisher, wire: resolveGemini("vertex", model, g), ...common };
}

/** `claude-…` is Anthropic's wire, `gemini-…` Google's; any other publisher is refused. */
export function publisherOf(model: string): "anthropic" | "google" {
  if (model.startsWith("claude-")) return "anthropic";
  if (model.startsWith("gemini-")) return "google";
  throw new ConfigError(
    `vertex: cannot tell the publisher of model ${JSON.stringify(model)}; golem serves claude-… (Anthropic) and gemini-… (Google) models`,
  );
}

function resolveAuth(config: VertexOptions): VertexAuth {
  const given = (["token", "apiKey", "serviceAccount"] as const).filter(
    (k) => config[k] !== undefined,
  );
  if (given.length > 1) {
    throw new ConfigError(
      `vertex: pass one of \`token\`, \`apiKey\`, \`serviceAccount\`, not ${given.join(" and ")}`,
    );
  }
  if (config.token !== undefined) {
    if (typeof config.token !== "function")
      throw new ConfigError(
        "vertex: `token` must be a function returning a promise of an access token",
      );
    return { kind: "token", token: config.token };
  }
  if (config.apiKey !== undefined) {
    if (typeof config.apiKey !== "string" || config.apiKey === "")
      throw new ConfigError("vertex: `apiKey` must be a non-empty string");
    return { kind: "apiKey", apiKey: config.apiKey };
  }
  if (config.serviceAccount !== undefined) {
    return { kind: "serviceAccount", key: parseServiceAccount(config.serviceAccount, "vertex") };
  }
  throw new ConfigError(
    "vertex: no credentials; pass `token` (an OAuth access-token function), `serviceAccount` (a key file's JSON) or `apiKey` (express mode, Gemini only)",
  );
}

function resolveRoot(config: VertexOptions, env: Env, express: boolean): string {
  const base = config.baseURL === undefined ? undefined : checkBaseURL(config.baseURL);
  if (express) {
    if (config.project !== undefined || config.location !== undefined) {
      throw new ConfigError(
        "vertex: express mode (`apiKey`) calls the global endpoint without a project or location; leave them out",
      );
    }
    return base ?? "https://aiplatform.googleapis.com/v1";
  }
  const project = config.project ?? envVar(env, "GOOGLE_CLOUD_PROJECT");
  if (typeof project !== "string" || !SEGMENT.test(project)) {
    throw new ConfigError(
      "vertex: `project` is required (or the GOOGLE_CLOUD_PROJECT environment variable)",
    );
  }
  const location = config.location ?? envVar(env, "GOOGLE_CLOUD_LOCATION") ?? "global";
  if (typeof location !== "string" || !/^[a-z0-9-]+$/.test(location)) {
    throw new ConfigError(
      `vertex: \`location\` must be "global" or a region such as "us-east5", got ${JSON.stringify(location)}`,
    );
  }
  const host =
    location === "global" ? "aiplatform.googleapis.com" : `${location}-aiplatform.googleapis.com`;
  return `${base ?? `https://${host}/v1`}/projects/${project}/locations/${location}`;
}

function checkBaseURL(value: unknown): string {
  if (typeof value !== "string" || !/^https?:\/\/[^/]/.test(value)) {
    throw new ConfigError("vertex: `baseURL` must be an http(s) URL");
  }
  return value.trim().replace(/\/+$/, "");
}
