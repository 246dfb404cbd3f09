/**
 * Stored responses, golem's `serverHistory` on the Responses API: every request is sent with
 * `store: true`; a later one names the last stored response as `previous_response_id` and
 * sends only the input items after it. Only the items are carried over: `instructions` "from
 * a previous response will not be carried over" (the SDK's `ResponseCreateParams`), and tools
 * and settings are per request, so those stay in every body. A stored response that is gone
 * (expired, another organization, stored with `store: false`) is `previous_response_not_found`
 * in `error.code`: the whole history is sent again, stored, in the same call.
 * @see https://developers.openai.com/api/docs/guides/conversation-state
 * @module
 */
import { ConfigError } from "../../core/errors.js";
import {
  type Planner,
  type ServerHistoryWire,
  serverPlanner,
} from "../../kit/server-history/plan.js";
import type { ResponsesServer } from "./servers.js";
import type { ResponseCreateParams } from "./wire.js";

export const STORED_RESPONSES: ServerHistoryWire<ResponseCreateParams> = {
  suffix: (body, id, after) => ({
    ...body,
    store: true,
    previous_response_id: id,
    input: body.input.slice(after),
  }),
  full: (body) => ({ ...body, store: true }),
  refused(err) {
    const code = (err as { body?: { error?: { code?: unknown } } }).body?.error?.code;
    return code === "previous_response_not_found" ? { reason: code, hold: true } : undefined;
  },
  holds: () => true,
};

/** The stored-response form of `server`, when `serverHistory` is on: OpenAI's own API only. */
export function storedResponses(
  on: boolean | undefined,
  provider: string,
  server: ResponsesServer,
): Planner | undefined {
  if (!on) return undefined;
  if (server.name !== "openai") {
    throw new ConfigError(
      `${provider}: \`serverHistory\` needs OpenAI's stored responses; the ${server.name} server's are not documented`,
    );
  }
  return serverPlanner(STORED_RESPONSES);
}
