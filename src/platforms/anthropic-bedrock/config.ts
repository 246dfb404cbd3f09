import {
  AWS_CREDENTIAL_KEYS,
  type AwsCredentialSource,
  type KeyOrCredentials,
  resolveKeyOrCredentials,
} from "../../auth/aws.js";
import type { Credentials as AwsCredentials } from "../../auth/sigv4.js";
import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import { type KeySet, refuseBadConfig, refuseMixedCredentials } from "../../transport/options.js";
// The wire's options under its own name: this platform adds only its endpoint and auth.
import * as anthropic from "../../wires/messages/options.js";

export type { AwsCredentialSource, AwsCredentials };

/** Which Bedrock host serves the Messages API: `bedrock-runtime` or `bedrock-mantle`. */
export type Endpoint = "runtime" | "mantle";

/** `anthropicBedrock.create` options: where and as whom, plus golem/anthropic's own options. */
export interface Config extends anthropic.PlatformConfig {
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

/** A checked config: the Anthropic wire's options plus region, endpoint and auth. */
export interface ResolvedConfig extends anthropic.PlatformResolved {
  region: string;
  endpoint: Endpoint;
  auth: KeyOrCredentials;
}

/** The SigV4 signing name of each endpoint. */
export const SIGNING_SERVICE: Record<Endpoint, string> = {
  runtime: "bedrock",
  mantle: "bedrock-mantle",
};
const CONFIG_KEYS: KeySet<Config> = {
  ...anthropic.PLATFORM_KEYS,
  region: true,
  endpoint: true,
  apiKey: true,
  credentials: AWS_CREDENTIAL_KEYS,
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
  const auth = resolveKeyOrCredentials(config, env, WHO, "AWS_BEARER_TOKEN_BEDROCK");
  const checked = anthropic.resolvePlatform(WHO, config, defaultBaseURL(endpoint, region));
  return { ...checked, region, endpoint, auth };
}
