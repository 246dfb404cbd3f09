import type { APIError, APIErrorFields } from "../../core/errors.js";
import type { ModelCall } from "../../transport/http-model.js";
import { guardPrefix } from "../../transport/prefix/guard.js";
import type { RequestOptions } from "../../transport/request.js";
import { createSSEReader, type SSERecord } from "../../transport/sse.js";
import type { ChatOptions } from "./config.js";
import { buildRequest } from "./request.js";
import { bodyErrorFields, parseResponse } from "./response.js";
import type { ResponsesOptions } from "./responses-config.js";
import { responsesPrefix } from "./responses-prefix.js";
import { buildResponsesRequest } from "./responses-request.js";
import { parseResponsesResponse, responsesBodyErrorFields } from "./responses-response.js";
import { createResponsesStreamState } from "./responses-stream.js";
import { createStreamState } from "./stream.js";

/**
 * What tells OpenAI and Azure apart for one call: the name blocks are tagged with, the
 * transport (URL, auth, retries, error mapping) given the body, where the request id is, and
 * which `APIError` class is thrown.
 */
export interface OpenAIFamily {
  provider: string;
  transport(body: string): Omit<RequestOptions, "signal">;
  requestIdOf(headers: Headers): string | undefined;
  toError(fields: APIErrorFields): APIError;
}

/** A Chat Completions call; Azure uses it with its own URL, auth and error class. */
export function chatCall(family: OpenAIFamily, cfg: ChatOptions): ModelCall<SSERecord> {
  const { provider, requestIdOf, toError } = family;
  return {
    request: (req, streaming) =>
      family.transport(JSON.stringify(buildRequest(req, cfg, streaming))),
    parse(body, response) {
      // Some compatible servers answer 200 with `{"error": …}` instead of a completion.
      const error = bodyErrorFields(body, provider, requestIdOf(response.headers));
      if (error) throw toError(error);
      return parseResponse(body, provider);
    },
    open: (res) => ({
      reader: createSSEReader(res.body),
      machine: createStreamState(toError, requestIdOf(res.response.headers), provider),
    }),
  };
}

/** A Responses API call, on OpenAI or Azure. */
export function responsesCall(family: OpenAIFamily, cfg: ResponsesOptions): ModelCall<SSERecord> {
  const { provider, requestIdOf, toError } = family;
  const prefix = responsesPrefix(cfg.model);
  return {
    request: (req, streaming) => {
      const body = buildResponsesRequest(req, cfg, streaming);
      const guard = guardPrefix(prefix, body, req.messages, cfg.prefixCheck ?? "off");
      return { ...family.transport(JSON.stringify(body)), finish: guard?.finish };
    },
    parse(body, response) {
      const error = responsesBodyErrorFields(body, provider, requestIdOf(response.headers));
      if (error) throw toError(error);
      return parseResponsesResponse(body, provider);
    },
    open: (res) => ({
      reader: createSSEReader(res.body),
      machine: createResponsesStreamState({
        provider,
        requestId: requestIdOf(res.response.headers),
        toError,
      }),
    }),
  };
}
