import type { Wire } from "../../send/http-model.js";
import { openSSE, prefixCheck } from "../../send/wire-hooks.js";
import { errorFieldsOf } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { countAnswer, countBody } from "./count.js";
import type { ResolvedOptions } from "./options.js";
import { MESSAGES_PREFIX } from "./prefix.js";
import { buildRequest } from "./request.js";
import { parseResponse, readError } from "./response.js";
import { createStreamState } from "./stream.js";
import { updateBetas } from "./updates.js";
import type { MessageCreateParams } from "./wire.js";

export { countUrl } from "./count.js";
export { ANTHROPIC_VERSION, messagesHeaders, messagesUrl } from "./headers.js";
export { readError } from "./response.js";
export { checkVersionBody, checkVersionSettings, VERSION_WITHOUT_SAMPLING } from "./version.js";

/**
 * The Messages wire, for every platform that serves Claude's Messages API: the body from the
 * checked options, the answer, the stream machine and the error fields, under the platform's
 * tag (`provider`).
 */
export function messagesWire(options: ResolvedOptions, provider: string): Wire<SSERecord> {
  const cfg = { ...options, provider };
  return {
    toolArguments: "object",
    body: (req, streaming) => buildRequest(req, cfg, streaming),
    settings: cfg.settings,
    check: prefixCheck(MESSAGES_PREFIX, cfg.prefixCheck),
    headers: (body) => {
      const betas = updateBetas(body as MessageCreateParams);
      return betas.length > 0 ? { "anthropic-beta": betas.join(",") } : undefined;
    },
    parse: (body, ctx) => parseResponse(body, ctx.provider),
    errorFields: errorFieldsOf(readError),
    open: openSSE(createStreamState),
    count: { body: countBody, read: countAnswer },
  };
}
