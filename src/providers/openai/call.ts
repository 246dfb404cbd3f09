import type { Wire } from "../../transport/http-model.js";
import { errorFieldsOf } from "../../transport/json.js";
import { createSSEReader, type SSERecord } from "../../transport/sse.js";
import { openSSE, prefixCheck } from "../../transport/wire-hooks.js";
import { countAnswer, countBody, NO_CHAT_COUNT } from "./count.js";
import type { ChatOptions, ResponsesOptions } from "./options.js";
import { buildRequest } from "./request.js";
import { bodyErrorFields, parseResponse, readError } from "./response.js";
import { responsesPrefix } from "./responses-prefix.js";
import { buildResponsesRequest } from "./responses-request.js";
import { parseResponsesResponse, responsesBodyErrorFields } from "./responses-response.js";
import { createResponsesStreamState } from "./responses-stream.js";
import { createStreamState } from "./stream.js";

export { requestIdOf } from "./response.js";

/** Both APIs' error answers: OpenAI's error object, or a compatible server's own. */
const errorFields = errorFieldsOf(readError);

/**
 * The Chat Completions wire, for OpenAI, compatible servers and Azure alike; the tag the
 * blocks carry is `options.provider`.
 */
export function chatWire(options: ChatOptions): Wire<SSERecord> {
  return {
    api: "openai",
    body: (req, streaming) => buildRequest(req, options, streaming),
    settings: options.settings,
    parse(body, { provider, requestId, toError }) {
      // Some compatible servers answer 200 with `{"error": …}` instead of a completion.
      const error = bodyErrorFields(body, provider, requestId);
      if (error) throw toError(error);
      return parseResponse(body, provider);
    },
    errorFields,
    open: openSSE(createStreamState),
    count: NO_CHAT_COUNT,
  };
}

/** The Responses API wire, on OpenAI or Azure. */
export function responsesWire(options: ResponsesOptions): Wire<SSERecord> {
  return {
    api: "openai",
    body: (req, streaming) => buildResponsesRequest(req, options, streaming),
    settings: options.settings,
    check: prefixCheck(responsesPrefix(options.model), options.prefixCheck),
    parse(body, { provider, requestId, toError }) {
      const error = responsesBodyErrorFields(body, provider, requestId);
      if (error) throw toError(error);
      return parseResponsesResponse(body, provider);
    },
    errorFields,
    open: (res, { provider, requestId, toError }) => ({
      reader: createSSEReader(res.body),
      machine: createResponsesStreamState({ provider, requestId, toError }),
    }),
    count: { body: countBody, read: countAnswer },
  };
}
