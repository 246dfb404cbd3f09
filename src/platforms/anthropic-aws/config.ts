import {
  AWS_CREDENTIAL_KEYS,
  type AwsCredentialSource,
  type AwsCredentials,
  type KeyOrCredentials,
  resolveKeyOrCredentials,
} from "../../auth/aws.js";
import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { ClaudeModelId } from "../../rules/model-ids.js";
import { type KeySet, refuseBadConfig, refuseMixedCredentials } from "../../transport/options.js";
// The wire's options under its own name: this platform adds only its region, workspace and auth.
import * as anthropic from "../../wires/messages/options.js";

export type { AwsCredentialSource, AwsCredentials };

/** `anthropicAws.create` options: where and as whom, plus golem/anthropic's own options. */
export interface Config extends anthropic.PlatformConfig {
  /** An Anthropic model id, e.g. `claude-sonnet-5-5`. */
  model: ClaudeModelId;
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

/** A checked config: the Anthropic wire's options plus region, workspace and auth. */
export interface ResolvedConfig extends anthropic.PlatformResolved {
  region: string;
  workspaceId: string;
  auth: KeyOrCredentials;
}

/** The SigV4 signing name of Claude Platform on AWS. */
export const SIGNING_SERVICE = "aws-external-anthropic";
const CONFIG_KEYS: KeySet<Config> = {
  ...anthropic.PLATFORM_KEYS,
  region: true,
  workspaceId: true,
  apiKey: true,
  credentials: AWS_CREDENTIAL_KEYS,
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
  const auth = resolveKeyOrCredentials(config, env, "anthropic-aws", "ANTHROPIC_AWS_API_KEY");
  const checked = anthropic.resolvePlatform("anthropic-aws", config, defaultBaseURL(region));
  return { ...checked, region, workspaceId, auth };
}
