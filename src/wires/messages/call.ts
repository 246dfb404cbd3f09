import type { PrefixCheck } from "../../core/types.js";
import { serverPlanner } from "../../kit/server-history/plan.js";
import type { ModelsReader } from "../../send/capabilities.js";
import type { Wire } from "../../send/http-model.js";
import { openSSE, prefixCheck } from "../../send/wire-hooks.js";
import { errorFieldsOf } from "../../transport/json.js";
import type { SSERecord } from "../../transport/sse.js";
import { bodyBetas } from "./body-betas.js";
import { countAnswer, countBody } from "./count.js";
import { betaHeader } from "./headers.js";
import { parseModelInfo } from "./models.js";
import type { ResolvedOptions } from "./options.js";
import { MESSAGES_PREFIX } from "./prefix.js";
import { buildRequest } from "./request.js";
import { parseResponse, readError } from "./response.js";
import { createStreamState } from "./stream.js";
import { MESSAGE_THREADS } from "./thread.js";
import type { MessageCreateParams } from "./wire.js";

export { countUrl } from "./count.js";
export { firstPartyPlatform } from "./first-party.js";
export { ANTHROPIC_VERSION, messagesHeaders, messagesUrl } from "./headers.js";
export { modelsUrl } from "./models.js";
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
    objectToolSchema: true,
    body: (req, streaming) => buildRequest(req, cfg, streaming),
    settings: cfg.settings,
    check: prefixCheck(
      MESSAGES_PREFIX,
      cfg.prefixCheck,
      cfg.serverHistory && serverPlanner(MESSAGE_THREADS),
    ),
    headers: (body) => betaHeader(bodyBetas(body as MessageCreateParams)),
    parse: (body, ctx) => parseResponse(body, ctx.provider),
    errorFields: errorFieldsOf(readError),
    open: openSSE(createStreamState),
    count: { body: countBody, read: countAnswer },
  };
}

/**
 * How `capabilities()` reads Anthropic's models API, on every platform that serves it
 * (`urls.models`, from {@link modelsUrl}): the `ModelInfo` answer; and, where the caller's
 * config has none, the body options a models read (a GET, no body) fills: the `maxTokens`
 * `create()` requires, and no prefix check, whose binding beta a GET has no use for (the
 * request is then the one golem always sent, `fixtures/models/anthropic`).
 */
export const messagesModels: ModelsReader<{ maxTokens: number; prefixCheck: PrefixCheck }> = {
  read: parseModelInfo,
  fill: { maxTokens: 1, prefixCheck: "off" },
};
