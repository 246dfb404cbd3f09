import type { Wire } from "../../transport/http-model.js";
import { createSSEReader, type SSERecord } from "../../transport/sse.js";
import type { ResolvedOptions } from "./options.js";
import { buildRequest } from "./request.js";
import { parseErrorBody, parseResponse } from "./response.js";
import { createStreamState } from "./stream.js";

/**
 * The Messages wire, for every platform that serves Claude's Messages API: the body from the
 * checked options, the answer, the stream machine and the error fields, under the platform's
 * tag (`provider`).
 */
export function messagesWire(options: ResolvedOptions, provider: string): Wire<SSERecord> {
  const cfg = { ...options, provider };
  return {
    body: (req, streaming) => buildRequest(req, cfg, streaming),
    parse: (body, ctx) => parseResponse(body, ctx.provider),
    errorFields: (res, provider) =>
      parseErrorBody(res.status, res.text, res.headers, res.retryable, provider),
    open: (res, ctx) => ({
      reader: createSSEReader(res.body),
      machine: createStreamState(ctx.toError, ctx.requestId, ctx.provider),
    }),
  };
}
