import { parseServiceAccount, type ServiceAccountKey } from "../../auth/google.js";
import { checkTokenFunction, type TokenResult } from "../../auth/token.js";
import { type Env, envVar } from "../../core/env.js";
import { ConfigError } from "../../core/errors.js";
import type { ClaudeModelId } from "../../rules/model-ids.js";
import { type KeySet, refuseBadConfig, refuseMixedCredentials } from "../../transport/options.js";
// The wire's options under its own name: this platform adds only its gateway URL and auth.
import * as anthropic from "../../wires/messages/options.js";

export type { ServiceAccountKey, TokenResult };

/** `anthropicGoogleCloud.create` options: where and as whom, plus golem/anthropic's own options. */
export interface Config extends anthropic.PlatformConfig {
  /** An Anthropic model id, e.g. `claude-sonnet-5-5`. */
  model: ClaudeModelId;
  /**
   * The Google Cloud project of the subscription.
   * @defaultValue `ANTHROPIC_GOOGLE_CLOUD_PROJECT`, else `GOOGLE_CLOUD_PROJECT`
   */
  project?: string;
  /** The location in the URL. @defaultValue `ANTHROPIC_GOOGLE_CLOUD_LOCATION`, else `"global"` */
  location?: string;
  /** The Anthropic workspace, part of the URL (required). @defaultValue `ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID` */
  workspaceId?: string;
  /** A Google OAuth access-token source, asked before every attempt and once more after a 401. */
  token?: () => Promise<TokenResult>;
  /**
   * A service-account key file (its text or parsed JSON): golem signs a JWT with it through
   * `crypto.subtle`, exchanges it for an access token and caches that until shortly before it
   * expires.
   */
  serviceAccount?: string | ServiceAccountKey;
}

/** How calls authenticate. */
export type GoogleCloudAuth =
  | { token: () => Promise<TokenResult> }
  | { serviceAccount: ServiceAccountKey };

/** A checked config: the Anthropic wire's options plus the gateway URL and auth. */
export interface ResolvedConfig extends anthropic.PlatformResolved {
  auth: GoogleCloudAuth;
}

const CONFIG_KEYS: KeySet<Config> = {
  ...anthropic.PLATFORM_KEYS,
  project: true,
  location: true,
  workspaceId: true,
  token: true,
  serviceAccount: true,
};
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The gateway's first-party API root for a workspace, `/v1` included. */
export function defaultBaseURL(project: string, location: string, workspaceId: string): string {
  return `https://claude.googleapis.com/v1alpha/projects/${project}/locations/${location}/workspaces/${workspaceId}/invoke/v1`;
}

/** Checks an `anthropicGoogleCloud.create` config; every complaint is a {@link ConfigError}. */
export function resolveConfig(config: Config, env: Env): ResolvedConfig {
  const who = "anthropic-google-cloud";
  refuseBadConfig(who, config, CONFIG_KEYS, `${who}.create needs a config object`);
  refuseMixedCredentials(who, config, ["token", "serviceAccount"]);
  if (typeof config.model !== "string" || config.model === "") {
    throw new ConfigError(`${who}: \`model\` is required (e.g. "claude-sonnet-4-6")`);
  }
  const base = config.baseURL === undefined ? gatewayURL(config, env) : undefined;
  const auth = resolveAuth(config);
  return { ...anthropic.resolvePlatform(who, config, base ?? ""), auth };
}

function gatewayURL(config: Config, env: Env): string {
  const project =
    config.project ??
    envVar(env, "ANTHROPIC_GOOGLE_CLOUD_PROJECT") ??
    envVar(env, "GOOGLE_CLOUD_PROJECT");
  const location = config.location ?? envVar(env, "ANTHROPIC_GOOGLE_CLOUD_LOCATION") ?? "global";
  const workspaceId = config.workspaceId ?? envVar(env, "ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID");
  const bad = (name: string, hint: string) =>
    new ConfigError(`anthropic-google-cloud: \`${name}\` is required (or ${hint})`);
  if (typeof project !== "string" || !SEGMENT.test(project)) {
    throw bad("project", "ANTHROPIC_GOOGLE_CLOUD_PROJECT or GOOGLE_CLOUD_PROJECT");
  }
  if (typeof location !== "string" || !/^[a-z0-9-]+$/.test(location)) {
    throw new ConfigError(
      `anthropic-google-cloud: \`location\` must be "global" or a region such as "us-east5", got ${JSON.stringify(location)}`,
    );
  }
  if (typeof workspaceId !== "string" || !SEGMENT.test(workspaceId)) {
    throw bad(
      "workspaceId",
      "ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID: the workspace every request targets",
    );
  }
  return defaultBaseURL(project, location, workspaceId);
}

function resolveAuth(config: Config): GoogleCloudAuth {
  if (config.token !== undefined) {
    return { token: checkTokenFunction(config.token, "anthropic-google-cloud", "an access token") };
  }
  if (config.serviceAccount !== undefined) {
    return { serviceAccount: parseServiceAccount(config.serviceAccount, "anthropic-google-cloud") };
  }
  throw new ConfigError(
    "anthropic-google-cloud: no credentials; pass `token` (an OAuth access-token function, e.g. Application Default Credentials) or `serviceAccount` (a key file's JSON)",
  );
}
