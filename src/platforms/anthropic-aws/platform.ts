/**
 * Claude Platform on AWS as a platform over the Anthropic Messages wire: the regional URL,
 * SigV4 (service `aws-external-anthropic`) or a workspace key as a bearer token, and the
 * required `anthropic-workspace-id` header. The body is the first-party API's, unchanged.
 * @see https://docs.aws.amazon.com/claude-platform/latest/userguide/making-requests.html
 * @see https://docs.aws.amazon.com/claude-platform/latest/userguide/authentication.html
 */
import type { Auth } from "../../auth/auth.js";
import { type KeyOrCredentials, keyOrSigV4Auth } from "../../auth/aws.js";
import type { Platform } from "../../send/platform.js";
import {
  messagesHeaders,
  messagesUrl,
  messagesWire,
  modelsUrl,
} from "../../wires/messages/call.js";
import { type ResolvedConfig, SIGNING_SERVICE } from "./config.js";

/** The platform tag: `Model.provider`, every APIError's `provider`, and its parts' tag. */
export const PLATFORM = "anthropic-aws";

/** One {@link Auth} per model (its SigV4 signing-key cache is shared by the model's calls). */
export function createAuth(auth: KeyOrCredentials, region: string): Auth {
  return keyOrSigV4Auth(auth, { region, service: SIGNING_SERVICE, who: PLATFORM });
}

/**
 * Claude Platform on AWS: `{region endpoint}/v1/messages`, the models API (`GetModel`:
 * `GET /v1/models/{id}`), the workspace header.
 * @see https://docs.aws.amazon.com/claude-platform/latest/userguide/iam-actions.html
 */
export function awsPlatform(cfg: ResolvedConfig): Platform {
  const url = messagesUrl(cfg.baseURL);
  // The wire's options decide the betas (context management, block binding, fallbacks), as on
  // every Messages platform: a body with `thinking.block_binding` needs its beta header.
  const headers = messagesHeaders({ ...cfg.wire, headers: cfg.headers });
  return {
    provider: PLATFORM,
    model: cfg.wire.model,
    urls: { generate: url, stream: url, models: modelsUrl(cfg.baseURL, cfg.wire.model) },
    auth: createAuth(cfg.auth, cfg.region),
    headers: { ...headers, "anthropic-workspace-id": cfg.workspaceId },
    requestId: (h) => h.get("request-id") ?? undefined,
    options: cfg,
  };
}

/** What `anthropicAws.create` sends through: the Messages wire on Claude Platform on AWS. */
export function awsDeployment(cfg: ResolvedConfig) {
  return [messagesWire(cfg.wire, PLATFORM), awsPlatform(cfg)] as const;
}
