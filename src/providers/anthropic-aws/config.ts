import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import { type AwsCredentialSource, checkAwsCredentials } from "../../transport/auth/aws.js";
import type { Credentials as AwsCredentials } from "../../transport/auth/sigv4.js";
import type { KeySet, ResolvedTransport, TransportConfig } from "../../transport/options.js";
import {
  refuseBadConfig,
  refuseMixedCredentials,
  resolveTransport,
} from "../../transport/options.js";
import type { MessagesOptions, ResolvedOptions } from "../anthropic/options.js";
import { PLATFORM_KEYS, resolveOptions } from "../anthropic/options.js";

export type { AwsCredentialSource, AwsCredentials };

/** `anthropicAws.create` options: where and as whom, plus golem/anthropic's own options. */
export interface Config extends MessagesOptions, TransportConfig {
  /** An Anthropic model id, e.g. `claude-sonnet-4-6`. */
  model: string;
  /** The AWS region of the endpoint. @defaultValue `AWS_REGION`, else `AWS_DEFAULT_REGION` */
  region?: string;
  /** Sent as `anthropic-workspace-id` (required). @defaultValue `ANTHROPIC_AWS_WORKSPACE_ID` */
  workspaceId?: string;
  /** A workspace API key, sent as `Authorization: Bearer …`. @defaultValue `ANTHROPIC_AWS_API_KEY` */
  apiKey?: string;
  /**
   * AWS credentials for SigV4 (service `aws-external-anthropic`), or a function returning
   * current ones, asked before every attempt and once more after a 401.
   * @defaultValue `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`
   */
  credentials?: AwsCredentialSource;
}

/** How calls authenticate. */
export type AwsAuth = { apiKey: string } | { credentials: AwsCredentialSource };

/** A checked config: the Anthropic wire's options plus region, workspace and auth. */
export interface ResolvedConfig extends ResolvedTransport {
  wire: ResolvedOptions;
  region: string;
  workspaceId: string;
  auth: AwsAuth;
}

/** The SigV4 signing name of Claude Platform on AWS. */
export const SIGNING_SERVICE = "aws-external-anthropic";
const CONFIG_KEYS: KeySet<Config> = {
  ...PLATFORM_KEYS,
  region: true,
  workspaceId: true,
  apiKey: true,
  credentials: true,
};

/** The regional endpoint, `/v1` included. */
export function defaultBaseURL(region: string): string {
  return `https://aws-external-anthropic.${region}.api.aws/v1`;
}

/** Checks an `anthropicAws.create` config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const notObject = "anthropic-aws.create needs a config object";
  refuseBadConfig("anthropic-aws", config, CONFIG_KEYS, notObject);
  refuseMixedCredentials("anthropic-aws", config, ["apiKey", "credentials"]);
  const region = config.region ?? envVar(env, "AWS_REGION") ?? envVar(env, "AWS_DEFAULT_REGION");
  if (typeof region !== "string" || !/^[a-z0-9-]+$/.test(region)) {
    throw new ConfigError('anthropic-aws: `region` is required (or AWS_REGION), e.g. "us-west-2"');
  }
  const workspaceId = config.workspaceId ?? envVar(env, "ANTHROPIC_AWS_WORKSPACE_ID");
  if (typeof workspaceId !== "string" || workspaceId === "" || /\s/.test(workspaceId)) {
    throw new ConfigError(
      "anthropic-aws: `workspaceId` is required (or ANTHROPIC_AWS_WORKSPACE_ID): the workspace every request targets",
    );
  }
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError('anthropic-aws: `model` is required (e.g. "claude-sonnet-4-6")');
  }
  const auth = resolveAuth(config, env);
  const wire = resolveOptions("anthropic-aws", config.model, config);
  const transport = resolveTransport("anthropic-aws", config, defaultBaseURL(region));
  return { wire, region, workspaceId, auth, ...transport };
}

function resolveAuth(config: Config, env: Env): AwsAuth {
  if (config.apiKey !== undefined) {
    if (typeof config.apiKey !== "string" || config.apiKey === "") {
      throw new ConfigError("anthropic-aws: `apiKey` must be a non-empty string");
    }
    return { apiKey: config.apiKey };
  }
  if (typeof config.credentials === "function") return { credentials: config.credentials };
  if (config.credentials !== undefined) {
    return { credentials: checkAwsCredentials(config.credentials, "anthropic-aws") };
  }
  const key = envVar(env, "ANTHROPIC_AWS_API_KEY");
  if (key) return { apiKey: key };
  const accessKeyId = envVar(env, "AWS_ACCESS_KEY_ID");
  const secretAccessKey = envVar(env, "AWS_SECRET_ACCESS_KEY");
  if (accessKeyId && secretAccessKey) {
    const sessionToken = envVar(env, "AWS_SESSION_TOKEN");
    const fromEnv = { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    return { credentials: checkAwsCredentials(fromEnv, "anthropic-aws") };
  }
  throw new ConfigError(
    "anthropic-aws: no credentials; pass `apiKey` (or ANTHROPIC_AWS_API_KEY) or `credentials` (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)",
  );
}
