import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import { type AwsCredentialSource, checkAwsCredentials } from "../../transport/auth/aws.js";
import type { Credentials as AwsCredentials } from "../../transport/auth/sigv4.js";
import {
  type KeySet,
  type ResolvedTransport,
  refuseBadConfig,
  refuseMixedCredentials,
  resolveTransport,
  TRANSPORT_KEYS,
  type TransportConfig,
} from "../../transport/options.js";
import {
  type MessagesOptions,
  OPTION_KEYS,
  type ResolvedOptions,
  resolveOptions,
} from "../anthropic/options.js";

export type { AwsCredentialSource, AwsCredentials };

/** Which Bedrock host serves the Messages API: `bedrock-runtime` or `bedrock-mantle`. */
export type Endpoint = "runtime" | "mantle";

/** `anthropicBedrock.create` options: where and as whom, plus golem/anthropic's own options. */
export interface Config extends MessagesOptions, TransportConfig {
  /**
   * A Bedrock model id or inference profile, sent as `model` in the body, e.g.
   * `global.anthropic.claude-sonnet-4-6` (runtime) or `anthropic.claude-sonnet-4-6` (Mantle).
   */
  model: string;
  /** The AWS region of the endpoint. @defaultValue `AWS_REGION`, else `AWS_DEFAULT_REGION` */
  region?: string;
  /**
   * `"runtime"`: `bedrock-runtime.{region}.amazonaws.com/anthropic` (SigV4 service `bedrock`).
   * `"mantle"`: `bedrock-mantle.{region}.api.aws/anthropic` (SigV4 service `bedrock-mantle`).
   * @defaultValue `"runtime"`
   */
  endpoint?: Endpoint;
  /** An Amazon Bedrock API key, sent as `Authorization: Bearer …`. @defaultValue `AWS_BEARER_TOKEN_BEDROCK` */
  apiKey?: string;
  /**
   * AWS credentials for SigV4, or a function returning current ones, asked before every
   * attempt and once more after a 401 or an expired-token 403.
   * @defaultValue `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`
   */
  credentials?: AwsCredentialSource;
}

/** How calls authenticate. */
export type BedrockAuth = { apiKey: string } | { credentials: AwsCredentialSource };

/** A checked config: the Anthropic wire's options plus region, endpoint and auth. */
export interface ResolvedConfig extends ResolvedTransport {
  wire: ResolvedOptions;
  region: string;
  endpoint: Endpoint;
  auth: BedrockAuth;
}

/** The SigV4 signing name of each endpoint. */
export const SIGNING_SERVICE: Record<Endpoint, string> = {
  runtime: "bedrock",
  mantle: "bedrock-mantle",
};
const CONFIG_KEYS: KeySet<Config> = {
  ...TRANSPORT_KEYS,
  ...OPTION_KEYS,
  model: true,
  region: true,
  endpoint: true,
  apiKey: true,
  credentials: true,
};
const WHO = "anthropic-bedrock";

/** The endpoint's Messages API root, `/v1` included. */
export function defaultBaseURL(endpoint: Endpoint, region: string): string {
  return endpoint === "mantle"
    ? `https://bedrock-mantle.${region}.api.aws/anthropic/v1`
    : `https://bedrock-runtime.${region}.amazonaws.com/anthropic/v1`;
}

/** Checks an `anthropicBedrock.create` config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  refuseBadConfig(WHO, config, CONFIG_KEYS, `${WHO}.create needs a config object`);
  refuseMixedCredentials(WHO, config, ["apiKey", "credentials"]);
  const region = config.region ?? envVar(env, "AWS_REGION") ?? envVar(env, "AWS_DEFAULT_REGION");
  if (typeof region !== "string" || !/^[a-z0-9-]+$/.test(region)) {
    throw new ConfigError(`${WHO}: \`region\` is required (or AWS_REGION), e.g. "us-east-1"`);
  }
  const endpoint = config.endpoint ?? "runtime";
  if (endpoint !== "runtime" && endpoint !== "mantle") {
    throw new ConfigError(`${WHO}: \`endpoint\` must be "runtime" or "mantle"`);
  }
  if (typeof config.model !== "string" || config.model === "" || /\s/.test(config.model)) {
    throw new ConfigError(
      `${WHO}: \`model\` is required (a Bedrock model id, e.g. "global.anthropic.claude-sonnet-4-6")`,
    );
  }
  // No Amazon Bedrock page documents server-side fallback (the beta `fallbacks` needs) on
  // either endpoint; its Claude pages name fallback credit, a different beta (docs/adr/0027).
  if (config.fallbacks !== undefined) {
    throw new ConfigError(
      `${WHO}: \`fallbacks\` (server-side fallback) is not documented on Amazon Bedrock`,
    );
  }
  const auth = resolveAuth(config, env);
  const wire = resolveOptions(WHO, config.model, config);
  const transport = resolveTransport(WHO, config, defaultBaseURL(endpoint, region));
  return { wire, region, endpoint, auth, ...transport };
}

function resolveAuth(config: Config, env: Env): BedrockAuth {
  if (config.apiKey !== undefined) {
    if (typeof config.apiKey !== "string" || config.apiKey === "") {
      throw new ConfigError(`${WHO}: \`apiKey\` must be a non-empty string`);
    }
    return { apiKey: config.apiKey };
  }
  if (typeof config.credentials === "function") return { credentials: config.credentials };
  if (config.credentials !== undefined) {
    return { credentials: checkAwsCredentials(config.credentials, WHO) };
  }
  const key = envVar(env, "AWS_BEARER_TOKEN_BEDROCK");
  if (key) return { apiKey: key };
  const accessKeyId = envVar(env, "AWS_ACCESS_KEY_ID");
  const secretAccessKey = envVar(env, "AWS_SECRET_ACCESS_KEY");
  if (accessKeyId && secretAccessKey) {
    const sessionToken = envVar(env, "AWS_SESSION_TOKEN");
    const fromEnv = { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    return { credentials: checkAwsCredentials(fromEnv, WHO) };
  }
  throw new ConfigError(
    `${WHO}: no credentials; pass \`apiKey\` (or AWS_BEARER_TOKEN_BEDROCK) or \`credentials\` (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)`,
  );
}
