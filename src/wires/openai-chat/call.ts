import type { Wire } from "../../send/http-model.js";
import { openSSE, parseOrRefuse } from "../../send/wire-hooks.js";
import { errorFieldsOf } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { NO_CHAT_COUNT } from "./count.js";
import type { ChatOptions } from "./options.js";
import { buildRequest } from "./request.js";
import { bodyErrorFields, contentParser, parseResponse, readError } from "./response.js";
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
  // A server that writes reasoning into `content` (servers.ts) has it read from there.
  const server = options.server;
  return {
    toolArguments: "text",
    body: (req, streaming) => buildRequest(req, options, streaming),
    settings: options.settings,
    // Some compatible servers answer 200 with `{"error": …}` instead of a completion.
    parse: parseOrRefuse(bodyErrorFields, server ? contentParser(server) : parseResponse),
    errorFields: openaiErrors,
    open: openSSE((toError, requestId, provider) =>
      createStreamState(toError, requestId, provider, server),
    ),
    count: NO_CHAT_COUNT,
  };
}
