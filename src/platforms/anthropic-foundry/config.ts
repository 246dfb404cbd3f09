import { checkTokenFunction, type TokenResult } from "../../auth/token.js";
import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { ClaudeModelId } from "../../rules/model-ids.js";
import { type KeySet, refuseBadConfig, refuseMixedCredentials } from "../../transport/options.js";
// The wire's options under its own name: this platform adds only its resource and auth.
import * as anthropic from "../../wires/messages/options.js";

export type { TokenResult };

/** `anthropicFoundry.create` options: where and as whom, plus golem/anthropic's own options. */
export interface Config extends anthropic.PlatformConfig {
  /** The deployment name (by default the model id, e.g. `claude-sonnet-5-5`), sent as `model`. */
  model: ClaudeModelId;
  /**
   * The Foundry resource name: the host is `{resource}.services.ai.azure.com`.
   * @defaultValue `ANTHROPIC_FOUNDRY_RESOURCE`
   */
  resource?: string;
  /** A resource key, sent as `x-api-key`. @defaultValue `ANTHROPIC_FOUNDRY_API_KEY` */
  apiKey?: string;
  /**
   * A Microsoft Entra ID access token source (scope `https://ai.azure.com/.default`), asked
   * before every attempt (or kept until shortly before a returned `expiresAt`) and once more
   * after a 401.
   */
  token?: () => Promise<TokenResult>;
}

/** How calls authenticate. */
export type FoundryAuth = { apiKey: string } | { token: () => Promise<TokenResult> };

/** A checked config: the Anthropic wire's options plus the endpoint and auth. */
export interface ResolvedConfig extends anthropic.PlatformResolved {
  auth: FoundryAuth;
}

const CONFIG_KEYS: KeySet<Config> = {
  ...anthropic.PLATFORM_KEYS,
  resource: true,
  apiKey: true,
  token: true,
};

/** The resource's Anthropic endpoint, `/v1` included. */
export function defaultBaseURL(resource: string): string {
  return `https://${resource}.services.ai.azure.com/anthropic/v1`;
}

/** Checks an `anthropicFoundry.create` config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  refuseBadConfig(
    "anthropic-foundry",
    config,
    CONFIG_KEYS,
    "anthropic-foundry.create needs a config object",
  );
  refuseMixedCredentials("anthropic-foundry", config, ["apiKey", "token"]);
  refuseMixedCredentials("anthropic-foundry", config, ["resource", "baseURL"]);
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError(
      'anthropic-foundry: `model` is required: the deployment name (e.g. "claude-sonnet-4-6")',
    );
  }
  const base =
    config.baseURL === undefined ? defaultBaseURL(resolveResource(config, env)) : undefined;
  const auth = resolveAuth(config, env);
  return { ...anthropic.resolvePlatform("anthropic-foundry", config, base ?? ""), auth };
}

function resolveResource(config: Config, env: Env): string {
  const resource = config.resource ?? envVar(env, "ANTHROPIC_FOUNDRY_RESOURCE");
  // A resource name is one DNS label: letters, digits and hyphens.
  if (
    typeof resource !== "string" ||
    !/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(resource)
  ) {
    throw new ConfigError(
      'anthropic-foundry: `resource` is required (or ANTHROPIC_FOUNDRY_RESOURCE): the Foundry resource name, e.g. "my-resource", or pass `baseURL`',
    );
  }
  return resource;
}

function resolveAuth(config: Config, env: Env): FoundryAuth {
  if (config.token !== undefined) {
    return {
      token: checkTokenFunction(config.token, "anthropic-foundry", "an Entra ID access token"),
    };
  }
  if (config.apiKey !== undefined) {
    if (typeof config.apiKey !== "string" || config.apiKey === "") {
      throw new ConfigError("anthropic-foundry: `apiKey` must be a non-empty string");
    }
    return { apiKey: config.apiKey };
  }
  const key = envVar(env, "ANTHROPIC_FOUNDRY_API_KEY");
  if (key) return { apiKey: key };
  throw new ConfigError(
    "anthropic-foundry: no credentials; pass `apiKey` (or ANTHROPIC_FOUNDRY_API_KEY) or `token` (an Entra ID access-token function)",
  );
}
