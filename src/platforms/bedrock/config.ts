import {
  AWS_CREDENTIAL_KEYS,
  type AwsCredentialSource,
  type AwsCredentials,
} from "../../auth/aws.js";
import type { Env } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { KeySet, ResolvedTransport, TransportConfig } from "../../transport/options.js";
import {
  refuseBadConfig,
  refuseMixedCredentials,
  resolveTransport,
} from "../../transport/options.js";
import type { ConverseOptions, ResolvedOptions } from "../../wires/converse/options.js";
import {
  PLATFORM_KEYS,
  resolveExtras,
  resolvePrefix,
  resolveSettings,
} from "../../wires/converse/options.js";

/** `thinking` and `effort` take the same choices as `golem/anthropic`. */
export type { CacheConfig, Effort, ThinkingConfig } from "../../wires/converse/options.js";
export type { AwsCredentialSource, AwsCredentials };
/**
 * 0.3's name of {@link AwsCredentials}, the name golem/anthropic-aws and
 * golem/anthropic-bedrock use too.
 * @deprecated Use `AwsCredentials`; this alias goes in 0.5.
 */
export type Credentials = AwsCredentials;

/** Settings of `bedrock.create`. */
export interface Config extends TransportConfig, ConverseOptions {
  /** @defaultValue the `AWS_REGION`, else the `AWS_DEFAULT_REGION` environment variable */
  region?: string;
  /** A foundation model id, an inference profile id (`us.anthropic…`) or an ARN. */
  model: string;
  /**
   * Signed with SigV4: fixed credentials, or a function returning current ones (an AWS SDK
   * credential provider), asked before every attempt and once more after a 401.
   * @defaultValue `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`
   */
  credentials?: AwsCredentialSource;
  /**
   * A Bedrock API key, sent as `Authorization: Bearer`; no SigV4 then.
   * @defaultValue the `AWS_BEARER_TOKEN_BEDROCK` environment variable
   */
  apiKey?: string;
}

/** How requests are authorised: SigV4 (fixed or from a provider) or a bearer API key. */
export type Auth =
  | { sigv4: AwsCredentials }
  | { sigv4Provider: () => Promise<AwsCredentials> }
  | { bearer: string };

/** A checked config with environment fallbacks applied. */
export interface ResolvedConfig extends ResolvedTransport, ResolvedOptions {
  region: string;
  auth: Auth;
}

const CONFIG_KEYS: KeySet<Config> = {
  ...PLATFORM_KEYS,
  region: true,
  credentials: AWS_CREDENTIAL_KEYS,
  apiKey: true,
};

/** Checks `bedrock.create`'s config against the environment; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const notObject = "bedrock.create needs a config object";
  refuseBadConfig("bedrock", config, CONFIG_KEYS, notObject);
  refuseMixedCredentials("bedrock", config, ["apiKey", "credentials"]);
  const region = resolveRegion(config.region, env);
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError('bedrock: `model` is required (e.g. "us.anthropic.claude-sonnet-4-6")');
  }
  const { settings, thinking, capabilities } = resolveSettings("bedrock", config.model, config);
  return {
    region,
    model: config.model,
    settings,
    auth: resolveAuth(config, env),
    thinking,
    ...(capabilities && { capabilities }),
    ...resolveExtras("bedrock", config),
    ...resolvePrefix("bedrock", config.model, config),
    ...resolveTransport("bedrock", config, `https://bedrock-runtime.${region}.amazonaws.com`),
  };
}

function resolveRegion(region: string | undefined, env: Env): string {
  const value = region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!value) {
    throw new ConfigError(
      "bedrock: no region; pass `region` or set the AWS_REGION (or AWS_DEFAULT_REGION) environment variable",
    );
  }
  // The region becomes part of the host name and of the signature's scope.
  if (!/^[a-z0-9-]+$/.test(value)) {
    throw new ConfigError(`bedrock: \`region\` ${JSON.stringify(value)} is not an AWS region name`);
  }
  return value;
}

/**
 * Explicit options beat the environment; both explicit kinds at once were refused already. In
 * the environment an API key beats SigV4 credentials.
 */
function resolveAuth(config: Config, env: Env): Auth {
  if (config.apiKey !== undefined) return { bearer: checkApiKey(config.apiKey) };
  if (typeof config.credentials === "function") return { sigv4Provider: config.credentials };
  if (config.credentials !== undefined) return { sigv4: checkCredentials(config.credentials) };
  if (env.AWS_BEARER_TOKEN_BEDROCK) return { bearer: env.AWS_BEARER_TOKEN_BEDROCK };
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (accessKeyId && secretAccessKey) {
    const sessionToken = env.AWS_SESSION_TOKEN;
    return {
      sigv4: sessionToken
        ? { accessKeyId, secretAccessKey, sessionToken }
        : { accessKeyId, secretAccessKey },
    };
  }
  throw new ConfigError(
    "bedrock: no credentials; pass `credentials` ({ accessKeyId, secretAccessKey, sessionToken? }) or `apiKey`, " +
      "or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), or AWS_BEARER_TOKEN_BEDROCK",
  );
}

function checkApiKey(apiKey: unknown): string {
  if (typeof apiKey !== "string" || apiKey === "") {
    throw new ConfigError(
      "bedrock: `apiKey` must be a non-empty string (or set AWS_BEARER_TOKEN_BEDROCK)",
    );
  }
  return apiKey;
}

/** Checks SigV4 credentials; a {@link ConfigError} names what is missing, never a value. */
export function checkCredentials(c: AwsCredentials): AwsCredentials {
  const ok = (v: unknown) => typeof v === "string" && v !== "";
  if (typeof c !== "object" || c === null || !ok(c.accessKeyId) || !ok(c.secretAccessKey)) {
    throw new ConfigError(
      "bedrock: `credentials` needs a non-empty `accessKeyId` and `secretAccessKey` (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)",
    );
  }
  if (c.sessionToken !== undefined && !ok(c.sessionToken)) {
    throw new ConfigError(
      "bedrock: `credentials.sessionToken` must be a non-empty string when given",
    );
  }
  // Both go into request headers, where a space or line break fails inside fetch with the whole
  // header (the key with it) quoted; say so here, without the value.
  for (const key of ["accessKeyId", "sessionToken"] as const) {
    const value = c[key];
    if (value !== undefined && hasSpaceOrControl(value)) {
      throw new ConfigError(
        `bedrock: \`credentials.${key}\` holds a space, line break or control character`,
      );
    }
  }
  const { accessKeyId, secretAccessKey, sessionToken } = c;
  return sessionToken
    ? { accessKeyId, secretAccessKey, sessionToken }
    : { accessKeyId, secretAccessKey };
}

function hasSpaceOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}
