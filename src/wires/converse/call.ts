import { StreamError } from "../../core/errors.js";
import type { Wire } from "../../send/http-model.js";
import { prefixCheck } from "../../send/wire-hooks.js";
import type { EventStreamMessage } from "../../transport/event-stream.js";
import { createEventStreamReader } from "../../transport/event-stream.js";
import type { StreamResponse } from "../../transport/exchange.js";
import { errorFieldsOf } from "../../transport/json.js";
import { redactSecrets } from "../../transport/redact.js";
import { countAnswer, countBody } from "./count.js";
import type { ResolvedOptions } from "./options.js";
import { CONVERSE_PREFIX } from "./prefix.js";
import { buildRequest } from "./request.js";
import { parseResponse, readError } from "./response.js";
import { createStreamState } from "./stream.js";

export { countUrl } from "./count.js";

/**
 * The Converse wire, for every platform that serves Bedrock's Converse API: the body from the
 * checked options, the answer, the event-stream machine and the error fields, under the
 * platform's tag (`provider`).
 */
export function converseWire(options: ResolvedOptions, provider: string): Wire<EventStreamMessage> {
  const cfg = { ...options, provider };
  return {
    toolArguments: "object",
    body: (req, streaming) => buildRequest(req, cfg, streaming),
    settings: cfg.settings,
    check: prefixCheck(CONVERSE_PREFIX, cfg.prefixCheck),
    parse: (body, ctx) => parseResponse(body, ctx.provider),
    errorFields: errorFieldsOf(readError),
    async open(res, ctx) {
      await refuseJSONStream(res, ctx.secrets);
      return {
        reader: createEventStreamReader(res.body),
        machine: createStreamState(ctx.toError, ctx.requestId, ctx.provider, cfg.citations),
      };
    },
    count: { body: countBody, read: countAnswer },
  };
}

/**
 * A 200 with a JSON body instead of an event stream means the request reached another
 * operation (an unencoded `/` in the model id does that: vercel/ai#17523); say so plainly
 * rather than as a broken frame.
 */
async function refuseJSONStream(res: StreamResponse, secrets: readonly string[]): Promise<void> {
  const type = res.response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return;
  const text = redactSecrets(await new Response(res.body).text().catch(() => ""), secrets);
  const start = text.length > 200 ? `${text.slice(0, 200)}...` : text;
  throw new StreamError(`bedrock answered the stream with JSON, not an event stream: ${start}`);
}
