import type { Wire } from "../../send/http-model.js";
import { openSSE } from "../../send/wire-hooks.js";
import { errorFieldsOf } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { NO_CHAT_COUNT } from "./count.js";
import type { ChatOptions } from "./options.js";
import { buildRequest } from "./request.js";
import { bodyErrorFields, parseResponse, readError, tagParser } from "./response.js";
import { createStreamState } from "./stream.js";

export { requestUrl as chatUrl } from "./request.js";
export { requestIdOf } from "./response.js";

/** Both OpenAI APIs' error answers: OpenAI's error object, or a compatible server's own. */
export const openaiErrors = /* @__PURE__ */ errorFieldsOf(readError);

/**
 * The Chat Completions wire, for OpenAI, compatible servers and Azure alike; the tag the
 * blocks carry is `options.provider`.
 */
export function chatWire(options: ChatOptions): Wire<SSERecord> {
  // A server that writes reasoning between tags in `content` (servers.ts) has it split there.
  const split = options.server?.split;
  const parseBody = split ? tagParser(split) : parseResponse;
  return {
    toolArguments: "text",
    body: (req, streaming) => buildRequest(req, options, streaming),
    settings: options.settings,
    parse(body, { provider, requestId, toError }) {
      // Some compatible servers answer 200 with `{"error": …}` instead of a completion.
      const error = bodyErrorFields(body, provider, requestId);
      if (error) throw toError(error);
      return parseBody(body, provider);
    },
    errorFields: openaiErrors,
    open: openSSE((toError, requestId, provider) =>
      createStreamState(toError, requestId, provider, split),
    ),
    count: NO_CHAT_COUNT,
  };
}
