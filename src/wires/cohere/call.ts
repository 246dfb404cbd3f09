import type { Wire } from "../../send/http-model.js";
import { openSSE, parseOrRefuse } from "../../send/wire-hooks.js";
import { errorFieldsOf } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import type { ResolvedOptions } from "./options.js";
import { buildRequest } from "./request.js";
import { bodyErrorFields, parseResponse, readError } from "./response.js";
import { createStreamState } from "./stream.js";

export { chatUrl } from "./request.js";
export { requestIdOf } from "./response.js";

/** The error fields of an answer in Cohere's shape (`{ message, id? }`). */
export const cohereErrors = /* @__PURE__ */ errorFieldsOf(readError);

/**
 * The tool names Cohere takes: letters, digits and `_`, not starting with a digit ("tool names
 * can only contain certain characters (A-Za-z0-9_) and can't begin with a digit",
 * https://docs.cohere.com/reference/errors); at most 64, as the common rule.
 */
export const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Why `countTokens` rejects: the Chat API has no count endpoint, and golem does not estimate. */
export const NO_COHERE_COUNT =
  "Cohere's Chat API has no token-counting endpoint (its /v1/tokenize counts a text, not a chat request), and golem does not estimate";

/**
 * Cohere's Chat API v2 wire, for every platform that serves it: the body from the checked
 * options, the answer, the stream machine and the error fields, under the platform's tag.
 */
export function cohereWire(options: ResolvedOptions): Wire<SSERecord> {
  return {
    toolName: TOOL_NAME,
    toolArguments: "text",
    body: (req, streaming) => buildRequest(req, options, streaming),
    settings: options.settings,
    // A 200 can still say no: a failed generation, or an error object instead of an answer.
    parse: parseOrRefuse(bodyErrorFields, parseResponse),
    errorFields: cohereErrors,
    open: openSSE(createStreamState),
    count: NO_COHERE_COUNT,
  };
}
