/**
 * Vertex AI as a platform over two wires: the URL of each operation, the auth, the headers and
 * the body patch. Bodies, answers and streams are the Anthropic and Gemini wires' own.
 * @see https://platform.claude.com/docs/en/build-with-claude/claude-on-vertex-ai
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/start/express-mode/vertex-ai-express-mode-api-reference
 */
import type { APIError, APIErrorFields } from "../../core/errors.js";
import type { ModelRequest } from "../../core/types.js";
import {
  type Auth,
  apiKeyAuth,
  authHooks,
  refreshingTokenAuth,
  tokenFunctionAuth,
} from "../../transport/auth/auth.js";
import { createServiceAccountFetcher } from "../../transport/auth/google.js";
import { createRefreshingToken } from "../../transport/auth/refresh.js";
import type { ModelCall } from "../../transport/http-model.js";
import type { ErrorResponse, RequestOptions } from "../../transport/request.js";
import { createSSEReader, type SSERecord } from "../../transport/sse.js";
import {
  buildRequest as buildClaudeRequest,
  requestHeaders as claudeHeaders,
} from "../anthropic/request.js";
import {
  parseErrorBody as claudeErrorBody,
  parseResponse as parseClaudeResponse,
} from "../anthropic/response.js";
import { createStreamState as createClaudeStream } from "../anthropic/stream.js";
import { buildRequest as buildGeminiRequest, requestUrl as geminiUrl } from "../gemini/request.js";
import {
  blockedPromptFields,
  errorFields,
  parseErrorBody as geminiErrorBody,
  parseResponse as parseGeminiResponse,
} from "../gemini/response.js";
import { createStreamState as createGeminiStream } from "../gemini/stream.js";
import type { GenerateContentResponse } from "../gemini/wire.js";
import type { ResolvedConfig, VertexAuth } from "./config.js";

/** The platform tag: `Model.provider` and the `provider` of every APIError. */
export const PLATFORM = "vertex";
/** The Messages API version Vertex takes, in the body instead of a header. */
export const VERTEX_ANTHROPIC_VERSION = "vertex-2023-10-16";

type Claude = Extract<ResolvedConfig, { publisher: "anthropic" }>;
type Gemini = Extract<ResolvedConfig, { publisher: "google" }>;
type ToError = (fields: APIErrorFields) => APIError;

/** One {@link Auth} per model, so a service account's token is shared by all its calls. */
export function createAuth(auth: VertexAuth, fetch: ResolvedConfig["fetch"]): Auth {
  if (auth.kind === "apiKey") return apiKeyAuth("x-goog-api-key", auth.apiKey);
  if (auth.kind === "token") return tokenFunctionAuth(auth.token, PLATFORM);
  return refreshingTokenAuth(
    createRefreshingToken(createServiceAccountFetcher(auth.key, { fetch })),
  );
}

/** `…/publishers/anthropic/models/{model}:rawPredict`, or `:streamRawPredict` for streams. */
export function claudeUrl(cfg: Pick<Claude, "root" | "wire">, stream: boolean): string {
  return `${cfg.root}/publishers/anthropic/models/${cfg.wire.model}:${stream ? "streamRawPredict" : "rawPredict"}`;
}

/** The Messages body with Vertex's two differences: no `model`, and `anthropic_version` in it. */
export function claudeBody(
  req: ModelRequest,
  cfg: Pick<Claude, "wire">,
  stream: boolean,
): Record<string, unknown> {
  const { model: _inTheURL, ...body } = buildClaudeRequest(req, cfg.wire, stream);
  return { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...body };
}

/** Claude on Vertex: the Anthropic wire at the rawPredict URLs, bearer auth. */
export function claudeCall(cfg: Claude, auth: Auth, toError: ToError): ModelCall<SSERecord> {
  // The wire's headers without its key and version header (the version travels in the body).
  const { "x-api-key": _key, "anthropic-version": _version, ...headers } = claudeHeaders(cfg.wire);
  return {
    request: (req, stream) =>
      transport(
        cfg,
        auth,
        headers,
        claudeUrl(cfg, stream),
        JSON.stringify(claudeBody(req, cfg, stream)),
        (res) => toError(claudeErrorFields(res)),
      ),
    parse: (body) => parseClaudeResponse(body),
    open: (res) => ({
      reader: createSSEReader(res.body),
      machine: createClaudeStream(
        (fields) => toError({ ...fields, provider: PLATFORM }),
        res.response.headers.get("request-id") ?? undefined,
      ),
    }),
  };
}

/**
 * Google's front end answers auth and quota errors in its own shape (`{ error: { code,
 * status, message } }`), the model in Anthropic's: whichever names a type is kept.
 */
function claudeErrorFields(res: ErrorResponse): APIErrorFields {
  const anthropic = claudeErrorBody(res.status, res.text, res.headers, res.retryable);
  const fields =
    anthropic.type === undefined
      ? geminiErrorBody(res.status, res.text, res.headers, res.retryable)
      : anthropic;
  return { ...fields, provider: PLATFORM };
}

/** Gemini on Vertex: the Gemini wire under `…/publishers/google`. */
export function geminiCall(cfg: Gemini, auth: Auth, toError: ToError): ModelCall<SSERecord> {
  const wire = { ...cfg.wire, baseURL: `${cfg.root}/publishers/google` };
  const headers = { ...cfg.wire.headers, "content-type": "application/json" };
  return {
    request: (req, stream) =>
      transport(
        cfg,
        auth,
        headers,
        geminiUrl(wire, stream),
        JSON.stringify(buildGeminiRequest(req, wire, stream)),
        (res) =>
          toError({
            ...geminiErrorBody(res.status, res.text, res.headers, res.retryable),
            provider: PLATFORM,
          }),
      ),
    parse(body) {
      // A 200 can still say no: an error object, or a prompt blocked before any candidate.
      const problem = errorFields(body, 200) ?? blockedPromptFields(body, 200);
      if (problem) throw toError({ ...problem, provider: PLATFORM });
      return parseGeminiResponse(body as GenerateContentResponse);
    },
    open: (res) => ({
      reader: createSSEReader(res.body),
      machine: createGeminiStream((fields) => toError({ ...fields, provider: PLATFORM })),
    }),
  };
}

function transport(
  cfg: ResolvedConfig,
  auth: Auth,
  headers: Record<string, string>,
  url: string,
  body: string,
  onError: (res: ErrorResponse) => APIError,
): Omit<RequestOptions, "signal"> {
  return {
    url,
    headers,
    body,
    fetch: cfg.fetch,
    timeoutMs: cfg.wire.timeoutMs,
    maxRetries: cfg.wire.maxRetries,
    ...authHooks(auth),
    toError: onError,
  };
}
