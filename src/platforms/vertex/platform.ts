/**
 * Vertex AI as a platform over two wires: the URL of each operation, the auth, the headers and
 * Claude's body patch. Bodies, answers and streams are the Anthropic and Gemini wires' own.
 * @see https://platform.claude.com/docs/en/build-with-claude/claude-on-vertex-ai
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/start/express-mode/vertex-ai-express-mode-api-reference
 */
import { type Auth, apiKeyAuth } from "../../auth/auth.js";
import { createServiceAccountFetcher } from "../../auth/google.js";
import { tokenAuth, tokenFunctionAuth } from "../../auth/token.js";
import { pickFields } from "../../kit/count.js";
import type { Wire } from "../../send/http-model.js";
import type { Operation, Platform } from "../../send/platform.js";
import { mergeHeaders } from "../../transport/options.js";
import { generateContentErrors, generateContentWire } from "../../wires/generate-content/call.js";
import { messagesHeaders, messagesWire } from "../../wires/messages/call.js";
import type { ResolvedConfig, VertexAuth } from "./config.js";

/** The platform tag: `Model.provider`, every APIError's `provider`, and its parts' tag. */
export const PLATFORM = "vertex";
/** The Messages API version Vertex takes, in the body instead of a header. */
export const VERTEX_ANTHROPIC_VERSION = "vertex-2023-10-16";
/**
 * Gemini on Vertex also wants a function name's first character a letter or an underscore:
 * every version of Vertex's `FunctionDeclaration.name` says so, while they differ on colons and
 * on 64 or 128 characters, so only the start is added to the Gemini API's rule.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/projects.locations.cachedContents#FunctionDeclaration
 */
const GEMINI_TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
/** A service account's token is replaced this long before it expires (google-auth-library's). */
const SERVICE_ACCOUNT_MARGIN_MS = 5 * 60_000;

type Claude = Extract<ResolvedConfig, { publisher: "anthropic" }>;

/**
 * One {@link Auth} per model, so a service account's token is shared by all its calls. The
 * caller's token function is asked before every attempt, and once more after a 401.
 */
export function createAuth(auth: VertexAuth, cfg: Pick<ResolvedConfig, "fetch">): Auth {
  if (auth.kind === "apiKey") return apiKeyAuth("x-goog-api-key", auth.apiKey);
  if (auth.kind === "token") return tokenFunctionAuth(auth.token, PLATFORM);
  const fetchToken = createServiceAccountFetcher(auth.key, { fetch: cfg.fetch });
  return tokenAuth(fetchToken, { provider: PLATFORM, marginMs: SERVICE_ACCOUNT_MARGIN_MS });
}

/** `…/publishers/anthropic/models/{model}:rawPredict`, or `:streamRawPredict` for streams. */
export function claudeUrl(cfg: Pick<Claude, "root" | "wire">, stream: boolean): string {
  const op = stream ? "streamRawPredict" : "rawPredict";
  return `${cfg.root}/publishers/anthropic/models/${cfg.wire.model}:${op}`;
}

/** `…/publishers/google/models/{model}:generateContent`, or the SSE stream. */
export function geminiUrl(cfg: Pick<ResolvedConfig, "root" | "wire">, stream: boolean): string {
  const op = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  return `${cfg.root}/publishers/google/models/${cfg.wire.model}:${op}`;
}

/** `…/publishers/anthropic/models/count-tokens:rawPredict`: one URL for every Claude model. */
export const claudeCountUrl = (cfg: Pick<Claude, "root">) =>
  `${cfg.root}/publishers/anthropic/models/count-tokens:rawPredict`;

/** `…/publishers/google/models/{model}:countTokens`. */
export const geminiCountUrl = (cfg: Pick<ResolvedConfig, "root" | "wire">) =>
  `${cfg.root}/publishers/google/models/${cfg.wire.model}:countTokens`;

/**
 * The Messages body with Vertex's two differences: `anthropic_version` in it, and no `model`
 * (it is in the URL), except on the count endpoint, whose URL names no model.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/count-tokens
 */
export function claudePatch(body: object, op?: Operation): object {
  if (op === "count") return { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...body };
  const { model: _inTheURL, ...rest } = body as Record<string, unknown>;
  return { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest };
}

/**
 * What Vertex's `countTokens` takes of a generate body (Vertex AI REST reference,
 * projects.locations.publishers.models.countTokens, checked 2026-12-02): the input, the tools
 * and `generationConfig`, at the top level. The Gemini API wraps the body as
 * `generateContentRequest`; Vertex has no such field, nor `toolConfig`, `safetySettings` or
 * `cachedContent`, which change no input token here.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/projects.locations.publishers.models/countTokens
 */
export const GEMINI_COUNT_FIELDS: readonly string[] = [
  "contents",
  "systemInstruction",
  "tools",
  "generationConfig",
];

/** The Gemini wire's count body as Vertex's `countTokens` takes it; other bodies unchanged. */
export function geminiPatch(body: object, op?: Operation): object {
  if (op !== "count") return body;
  const inner = (body as { generateContentRequest?: object }).generateContentRequest ?? body;
  return pickFields(inner, GEMINI_COUNT_FIELDS);
}

/** Vertex AI for the config's publisher. */
export function vertexPlatform(cfg: ResolvedConfig): Platform {
  const base = {
    provider: PLATFORM,
    model: cfg.wire.model,
    auth: createAuth(cfg.auth, cfg),
    options: cfg,
  };
  if (cfg.publisher === "anthropic") {
    // The version travels in the body; the key is the auth's.
    // The wire's options decide the betas (block binding above all: the body carries it).
    const { "anthropic-version": _, ...headers } = messagesHeaders({
      ...cfg.wire,
      headers: cfg.headers,
    });
    return {
      ...base,
      urls: {
        generate: claudeUrl(cfg, false),
        stream: claudeUrl(cfg, true),
        count: claudeCountUrl(cfg),
      },
      headers,
      patch: claudePatch,
      requestId: (h) => h.get("request-id") ?? undefined,
    };
  }
  return {
    ...base,
    urls: {
      generate: geminiUrl(cfg, false),
      stream: geminiUrl(cfg, true),
      count: geminiCountUrl(cfg),
    },
    headers: mergeHeaders({}, cfg.headers, { "content-type": "application/json" }),
    patch: geminiPatch,
    toolName: GEMINI_TOOL_NAME,
    requestId: () => undefined,
  };
}

/**
 * Claude's wire, reading errors in either shape: Google's front end answers auth and quota
 * errors as `{ error: { code, status, message } }`, the model as Anthropic does. Whichever
 * names a type is kept.
 */
export function withGoogleErrors<R>(wire: Wire<R>): Wire<R> {
  return {
    ...wire,
    errorFields(res, provider) {
      const fields = wire.errorFields(res, provider);
      if (fields.type !== undefined) return fields;
      return generateContentErrors(res, provider);
    },
  };
}

/** What `vertex.create` sends through: the publisher's wire on Vertex AI. */
export function vertexDeployment(cfg: ResolvedConfig) {
  const wire =
    cfg.publisher === "anthropic"
      ? withGoogleErrors(messagesWire(cfg.wire, PLATFORM))
      : generateContentWire(cfg.wire, PLATFORM);
  return [wire, vertexPlatform(cfg)] as const;
}
