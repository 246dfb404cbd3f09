import type { Wire } from "../../send/http-model.js";
import { openSSE, parseOrRefuse, prefixCheck } from "../../send/wire-hooks.js";
import type { SSERecord } from "../../transport/sse.js";
import { openaiErrors } from "../openai-chat/call.js";
import type { ResponsesOptions } from "../openai-chat/options.js";
import { countAnswer, countBody } from "./count.js";
import { responsesPrefix } from "./prefix.js";
import { buildResponsesRequest } from "./request.js";
import { parseResponsesResponse, responsesBodyErrorFields } from "./response.js";
import { OPENAI_RESPONSES, type ResponsesServer } from "./servers.js";
import { storedResponses } from "./stored.js";
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
    check: prefixCheck(
      responsesPrefix(options.model),
      options.prefixCheck,
      storedResponses(options.serverHistory, options.provider, server),
    ),
    parse: parseOrRefuse(responsesBodyErrorFields, (body: unknown, provider: string) =>
      parseResponsesResponse(body, provider, keepIds),
    ),
    errorFields: openaiErrors,
    open: openSSE((toError, requestId, provider) =>
      createResponsesStreamState({ provider, requestId, toError }, keepIds),
    ),
    count: { body: countBody, read: countAnswer },
  };
}
