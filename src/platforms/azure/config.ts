import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { CallSettings, PrefixCheck } from "../../core/types.js";
import { type Capabilities, resolveCapabilities } from "../../rules/capabilities.js";
import { checkSettings } from "../../rules/openai.js";
import type { KeySet, TransportConfig } from "../../transport/options.js";
import {
  refuseBadConfig,
  refuseMixedCredentials,
  resolveBaseURL,
} from "../../transport/options.js";
// The wire's options under its own name: this platform adds only its URL, deployment and auth.
import * as openai from "../../wires/openai-chat/options.js";

export type {
  Api,
  PromptCacheOptions,
  ReasoningEffort,
  ReasoningSummaryOption,
  ThinkingConfig,
} from "../../wires/openai-chat/options.js";

/** `azure.create` options. */
export interface Config
  extends openai.ThinkingConfig,
    openai.PromptCacheConfig,
    TransportConfig,
    CallSettings {
  /** The resource URL, e.g. `https://my-resource.openai.azure.com`; not needed with `baseURL`. */
  endpoint?: string;
  /** The deployment name: in the URL with `apiVersion`, else the body's `model`. */
  deployment: string;
  /**
   * A dated API version (`"2024-12-01-preview"`) selects the deployment URL form; omitted,
   * golem calls the v1 API (`/openai/v1/chat/completions`). With `api: "responses"`, the
   * preview form `/openai/responses?api-version=…`.
   */
  apiVersion?: string;
  /**
   * Which API to call: Chat Completions, or the Responses API with encrypted reasoning
   * replayed statelessly (docs/azure.md). @defaultValue "chat-completions"
   */
  api?: openai.Api;
  /** Sent as the `api-key` header. @defaultValue process.env.AZURE_OPENAI_API_KEY */
  apiKey?: string;
  /** An Entra ID token source, called before every attempt: `Authorization: Bearer …`. */
  token?: () => Promise<string>;
  /**
   * Sent as `max_completion_tokens` (Responses API: `max_output_tokens`): visible plus
   * reasoning tokens.
   */
  maxTokens?: number;
  /**
   * Everything before `/chat/completions` or `/responses` (a gateway, say); replaces
   * `{endpoint}/openai/v1`, `{endpoint}/openai` (Responses with `apiVersion`) or
   * `{endpoint}/openai/deployments/{deployment}`.
   */
  baseURL?: string;
  /**
   * `api: "responses"`: the prefix check before each request, as on `openai.create`
   * (docs/append-only.md). @defaultValue `"error"` when the deployment is named for a model
   * that binds reasoning to its prefix, else `"off"`
   */
  prefixCheck?: PrefixCheck;
  /**
   * `api: "responses"`: stored responses (docs/server-history.md). Each request is sent with
   * `store: true`; a later one sends only the input after the last stored response
   * (`previous_response_id`), when the history up to it is provably what was sent.
   * @defaultValue false
   */
  serverHistory?: boolean;
  /**
   * What the deployment's model takes, e.g. `await openai.capabilities("gpt-6.1-sol")`: a
   * deployment's name need not be its model's, so golem's OpenAI table is read only through
   * this (docs/models.md).
   */
  capabilities?: Capabilities;
}

/** How requests authenticate: a fixed key, or a token fetched per attempt. */
export type AzureAuth = { apiKey: string } | { token: () => Promise<string> };

/** A checked `Config`. */
export interface ResolvedConfig extends openai.ResolvedWireConfig {
  deployment: string;
  /** Without trailing slash; absent when `baseURL` is given. */
  endpoint?: string;
  apiVersion?: string;
  baseURL?: string;
  /** Set only for the Responses API; absent means Chat Completions. */
  api?: "responses";
  auth: AzureAuth;
}

const CONFIG_KEYS: KeySet<Config> = {
  ...openai.PLATFORM_KEYS,
  endpoint: true,
  deployment: true,
  apiVersion: true,
  token: true,
  capabilities: true,
};

/** Checks an `azure.create` config; throws `ConfigError` naming the option to fix. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const notObject = "azure: create() needs a config object";
  refuseBadConfig("azure", config, CONFIG_KEYS, notObject);
  refuseMixedCredentials("azure", config, ["apiKey", "token"]);
  const { deployment, apiVersion } = config;
  if (typeof deployment !== "string" || deployment === "") {
    throw new ConfigError("azure: deployment is required (the deployment name in your resource)");
  }
  if (apiVersion !== undefined && (typeof apiVersion !== "string" || apiVersion === "")) {
    throw new ConfigError(
      "azure: apiVersion must be a non-empty string, or omitted for the v1 API",
    );
  }
  const api = openai.resolveApi(config.api, "azure");
  const summary = openai.resolveReasoningSummary(config, api, "azure");
  const auth = resolveAuth(config, env);
  const key = "apiKey" in auth ? { "api-key": auth.apiKey } : {};
  const headers = openai.resolveWireHeaders("azure", config.headers, key);
  // The v1 API and the Responses API take the deployment as `model`; deployment URLs name it
  // in the path.
  const model = apiVersion === undefined || api === "responses" ? deployment : undefined;
  const out: ResolvedConfig = {
    ...openai.resolveWireOptions("azure", config, api, model, deployment),
    deployment,
    auth,
    headers,
  };
  if (api === "responses") out.api = api;
  if (summary !== undefined) out.reasoningSummary = summary;
  if (apiVersion !== undefined) out.apiVersion = apiVersion;
  const caps = resolveCapabilities("azure", config.capabilities, "openai.capabilities");
  if (caps !== undefined) out.capabilities = caps;
  checkSettings(api === "responses" ? "responses" : "chat", out, out.settings ?? {});
  if (config.baseURL !== undefined) {
    out.baseURL = resolveBaseURL("azure", config.baseURL, "baseURL");
  } else if (typeof config.endpoint === "string" && config.endpoint !== "") {
    out.endpoint = resolveBaseURL("azure", config.endpoint, "endpoint");
  } else {
    throw new ConfigError("azure: endpoint is required, e.g. https://my-resource.openai.azure.com");
  }
  return out;
}

function resolveAuth(config: Config, env: Env): AzureAuth {
  const { apiKey, token } = config;
  if (token !== undefined) {
    if (typeof token !== "function") {
      throw new ConfigError("azure: token must be a function returning a Promise of a token");
    }
    if (apiKey !== undefined) throw new ConfigError("azure: pass apiKey or token, not both");
    return { token };
  }
  if (apiKey !== undefined && typeof apiKey !== "string") {
    throw new ConfigError("azure: `apiKey` must be a string");
  }
  const key = apiKey ?? env.AZURE_OPENAI_API_KEY;
  if (typeof key !== "string" || key === "") {
    throw new ConfigError(
      "azure: no credentials; pass apiKey (or set AZURE_OPENAI_API_KEY) or an Entra ID token function",
    );
  }
  return { apiKey: key };
}
