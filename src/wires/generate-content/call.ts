import type { ModelsReader } from "../../send/capabilities.js";
import type { Wire } from "../../send/http-model.js";
import { openSSE } from "../../send/wire-hooks.js";
import { errorFieldsOf } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { countAnswer, countBody } from "./count.js";
import { parseModel } from "./models.js";
import type { ResolvedOptions } from "./options.js";
import { buildRequest } from "./request.js";
import { blockedPromptFields, errorFields, parseResponse, readError } from "./response.js";
import { createStreamState } from "./stream.js";
import type { GenerateContentResponse } from "./wire.js";

export { modelPath } from "./request.js";
export { readError } from "./response.js";

/** The error fields of an answer in Google's shape (`{ error: { code, status, message } }`). */
export const generateContentErrors = /* @__PURE__ */ errorFieldsOf(readError);

/**
 * The function names the Gemini API takes.
 * @see https://ai.google.dev/api/caching#FunctionDeclaration ("a-z, A-Z, 0-9, or contain
 *   underscores, colons, dots, and dashes, with a maximum length of 64")
 */
export const TOOL_NAME = /^[a-zA-Z0-9_.:-]{1,64}$/;

/**
 * The `generateContent` wire, for every platform that serves Gemini: the body from the
 * checked options, the answer, the stream machine and the error fields, under the platform's
 * tag (`provider`).
 */
export function generateContentWire(options: ResolvedOptions, provider: string): Wire<SSERecord> {
  const cfg = { ...options, provider };
  return {
    toolName: TOOL_NAME,
    toolArguments: "object",
    body: (req, streaming) => buildRequest(req, cfg, streaming),
    settings: cfg.settings,
    parse(body, { provider, toError }) {
      // A 200 can still say no: an error object, or a prompt blocked before any candidate.
      const problem = errorFields(body, 200, provider) ?? blockedPromptFields(body, 200, provider);
      if (problem) throw toError(problem);
      return parseResponse(body as GenerateContentResponse, provider);
    },
    errorFields: generateContentErrors,
    open: openSSE(createStreamState),
    count: { body: (body) => countBody(body, cfg.model), read: countAnswer },
  };
}

/**
 * How `capabilities()` reads the Gemini API's `models.get` (a platform's `urls.models`): the
 * `Model` resource. Vertex AI's publisher models answer otherwise and carry no token limits.
 */
export const generateContentModels: ModelsReader = { read: parseModel };
