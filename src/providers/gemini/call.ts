import type { Wire } from "../../transport/http-model.js";
import { errorFieldsOf } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { openSSE } from "../../transport/wire-hooks.js";
import { countAnswer, countBody } from "./count.js";
import type { ResolvedOptions } from "./options.js";
import { buildRequest } from "./request.js";
import { blockedPromptFields, errorFields, parseResponse, readError } from "./response.js";
import { createStreamState } from "./stream.js";
import type { GenerateContentResponse } from "./wire.js";

/**
 * The `generateContent` wire, for every platform that serves Gemini: the body from the
 * checked options, the answer, the stream machine and the error fields, under the platform's
 * tag (`provider`).
 */
export function generateContentWire(options: ResolvedOptions, provider: string): Wire<SSERecord> {
  const cfg = { ...options, provider };
  return {
    api: "gemini",
    body: (req, streaming) => buildRequest(req, cfg, streaming),
    settings: cfg.settings,
    parse(body, { provider, toError }) {
      // A 200 can still say no: an error object, or a prompt blocked before any candidate.
      const problem = errorFields(body, 200, provider) ?? blockedPromptFields(body, 200, provider);
      if (problem) throw toError(problem);
      return parseResponse(body as GenerateContentResponse, provider);
    },
    errorFields: errorFieldsOf(readError),
    open: openSSE(createStreamState),
    count: { body: (body) => countBody(body, cfg.model), read: countAnswer },
  };
}
