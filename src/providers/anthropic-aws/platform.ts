/**
 * Claude Platform on AWS as a platform over the Anthropic Messages wire: the regional URL,
 * SigV4 (service `aws-external-anthropic`) or a workspace key as a bearer token, and the
 * required `anthropic-workspace-id` header. The body is the first-party API's, unchanged.
 * @see https://docs.aws.amazon.com/claude-platform/latest/userguide/making-requests.html
 * @see https://docs.aws.amazon.com/claude-platform/latest/userguide/authentication.html
 */
import type { APIError, APIErrorFields } from "../../core/errors.js";
import { type Auth, authHooks, bearerKeyAuth } from "../../transport/auth/auth.js";
import { sigV4Auth } from "../../transport/auth/aws.js";
import type { ModelCall } from "../../transport/http-model.js";
import { createSSEReader, type SSERecord } from "../../transport/sse.js";
import { buildRequest, requestHeaders, requestUrl } from "../anthropic/request.js";
import { parseErrorBody, parseResponse } from "../anthropic/response.js";
import { createStreamState } from "../anthropic/stream.js";
import { type AwsAuth, type ResolvedConfig, SIGNING_SERVICE } from "./config.js";

/** The platform tag: `Model.provider` and the `provider` of every APIError. */
export const PLATFORM = "anthropic-aws";

/** One {@link Auth} per model (its SigV4 signing-key cache is shared by the model's calls). */
export function createAuth(auth: AwsAuth, region: string): Auth {
  if ("apiKey" in auth) return bearerKeyAuth(auth.apiKey);
  return sigV4Auth(auth.credentials, { region, service: SIGNING_SERVICE, who: PLATFORM });
}

/** The wire's headers without its key, with the workspace. */
export function platformHeaders(cfg: ResolvedConfig): Record<string, string> {
  const { "x-api-key": _key, ...headers } = requestHeaders(cfg.wire);
  return { ...headers, "anthropic-workspace-id": cfg.workspaceId };
}

/** Claude on AWS: the Anthropic wire at `{region endpoint}/v1/messages`. */
export function claudeCall(
  cfg: ResolvedConfig,
  auth: Auth,
  toError: (fields: APIErrorFields) => APIError,
): ModelCall<SSERecord> {
  const headers = platformHeaders(cfg);
  const url = requestUrl(cfg.wire);
  const tag = (fields: APIErrorFields) => toError({ ...fields, provider: PLATFORM });
  return {
    request: (req, stream) => ({
      url,
      headers,
      body: JSON.stringify(buildRequest(req, cfg.wire, stream)),
      fetch: cfg.wire.fetch,
      timeoutMs: cfg.wire.timeoutMs,
      maxRetries: cfg.wire.maxRetries,
      ...authHooks(auth),
      toError: (res) => tag(parseErrorBody(res.status, res.text, res.headers, res.retryable)),
    }),
    parse: (body) => parseResponse(body),
    open: (res) => ({
      reader: createSSEReader(res.body),
      machine: createStreamState(tag, res.response.headers.get("request-id") ?? undefined),
    }),
  };
}
