import {
  AWS_CREDENTIAL_KEYS,
  type AwsCredentialSource,
  type KeyOrCredentials,
  resolveKeyOrCredentials,
} from "../../auth/aws.js";
import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import { type KeySet, refuseBadConfig, refuseMixedCredentials } from "../../transport/options.js";
// The wire's options under its own name: this platform adds only its service and auth.
import * as anthropic from "../../wires/messages/options.js";

/** Which Bedrock service serves the Messages API: `bedrock-runtime` or `bedrock-mantle`. */
export type Service = "runtime" | "mantle";
/**
 * 0.3's name of {@link Service}.
 * @deprecated Use `Service`; this alias goes in 0.5.
 */
export type Endpoint = Service;

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
   * The Bedrock service (AWS: "endpoint") that serves the Messages API.
   * `"runtime"`: `bedrock-runtime.{region}.amazonaws.com/anthropic` (SigV4 name `bedrock`).
   * `"mantle"`: `bedrock-mantle.{region}.api.aws/anthropic` (SigV4 name `bedrock-mantle`).
   * @defaultValue `"runtime"`
   */
  service?: Service;
  /**
   * 0.3's name of `service`; every other entry's `endpoint` is a URL.
   * @deprecated Use `service`; this alias goes in 0.5.
   */
  endpoint?: Service;
  /** An Amazon Bedrock API key, sent as `Authorization: Bearer …`. @defaultValue `AWS_BEARER_TOKEN_BEDROCK` */
  apiKey?: string;
  /**
   * AWS credentials for SigV4, or a function returning current ones, asked before every
   * attempt and once more after a 401 or an expired-token 403.
   * @defaultValue `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`
   */
  credentials?: AwsCredentialSource;
}

/** A checked config: the Anthropic wire's options plus region, service and auth. */
export interface ResolvedConfig extends anthropic.PlatformResolved {
  region: string;
  service: Service;
  auth: KeyOrCredentials;
}

/** The SigV4 signing name of each service. */
export const SIGNING_SERVICE: Record<Service, string> = {
  runtime: "bedrock",
  mantle: "bedrock-mantle",
};
const CONFIG_KEYS: KeySet<Config> = {
  ...anthropic.PLATFORM_KEYS,
  region: true,
  service: true,
  endpoint: true,
  apiKey: true,
  credentials: AWS_CREDENTIAL_KEYS,
};
const WHO = "anthropic-bedrock";

/** The service's Messages API root, `/v1` included. */
export function defaultBaseURL(service: Service, region: string): string {
  return service === "mantle"
    ? `https://bedrock-mantle.${region}.api.aws/anthropic/v1`
    : `https://bedrock-runtime.${region}.amazonaws.com/anthropic/v1`;
}

/** Checks an `anthropicBedrock.create` config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  refuseBadConfig(WHO, config, CONFIG_KEYS, `${WHO}.create needs a config object`);
  refuseMixedCredentials(WHO, config, ["apiKey", "credentials"]);
  refuseMixedCredentials(WHO, config, ["service", "endpoint"]);
  const region = config.region ?? envVar(env, "AWS_REGION") ?? envVar(env, "AWS_DEFAULT_REGION");
  if (typeof region !== "string" || !/^[a-z0-9-]+$/.test(region)) {
    throw new ConfigError(`${WHO}: \`region\` is required (or AWS_REGION), e.g. "us-east-1"`);
  }
  const service = resolveService(config);
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
  anthropic.refuseThreads(WHO, config);
  const checked = anthropic.resolvePlatform(WHO, config, defaultBaseURL(service, region));
  return { ...checked, region, service, auth };
}

/** `service`, or its 0.3 name `endpoint` (both at once were refused already). */
function resolveService(config: Config): Service {
  const named = config.endpoint !== undefined ? "`endpoint` (now `service`)" : "`service`";
  const service = config.service ?? config.endpoint ?? "runtime";
  if (service !== "runtime" && service !== "mantle") {
    throw new ConfigError(`${WHO}: ${named} must be "runtime" or "mantle"`);
  }
  return service;
}
