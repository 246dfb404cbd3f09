import type { Wire } from "../../send/http-model.js";
import { prefixCheck } from "../../send/wire-hooks.js";
import { createSSEReader, type SSERecord } from "../../transport/sse.js";
import { openaiErrors } from "../openai-chat/call.js";
import type { ResponsesOptions } from "../openai-chat/options.js";
import { countAnswer, countBody } from "./count.js";
import { responsesPrefix } from "./prefix.js";
import { buildResponsesRequest } from "./request.js";
import { parseResponsesResponse, responsesBodyErrorFields } from "./response.js";
import { OPENAI_RESPONSES, type ResponsesServer } from "./servers.js";
import { createResponsesStreamState } from "./stream.js";

export type { ServerName } from "../openai-chat/servers.js";
export { countUrl } from "./count.js";
export { responsesUrl } from "./request.js";
export { RESPONSES_SERVERS, type ResponsesServer, responsesServer } from "./servers.js";

/**
 * The Responses API wire, on OpenAI or Azure, or on the compatible server `server` is the row of
 * (servers.ts: what to include, how reasoning arrives and goes back).
 */
export function responsesWire(
  options: ResponsesOptions,
  server: ResponsesServer = OPENAI_RESPONSES,
): Wire<SSERecord> {
  const keepIds = server.replay === "items";
  return {
    toolArguments: "text",
    body: (req, streaming) => buildResponsesRequest(req, options, streaming, server),
    settings: options.settings,
    check: prefixCheck(responsesPrefix(options.model), options.prefixCheck),
    parse(body, { provider, requestId, toError }) {
      const error = responsesBodyErrorFields(body, provider, requestId);
      if (error) throw toError(error);
      return parseResponsesResponse(body, provider, keepIds);
    },
    errorFields: openaiErrors,
    open: (res, { provider, requestId, toError }) => ({
      reader: createSSEReader(res.body),
      machine: createResponsesStreamState({ provider, requestId, toError }, keepIds),
    }),
    count: { body: countBody, read: countAnswer },
  };
}
