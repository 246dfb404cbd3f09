/**
 * Writes the server-held conversation cassettes (docs/server-history.md) that no live capture
 * backs yet: each capture scenario of scripts/scenarios/server-history.ts is run by
 * scripts/capture.ts against answers written here from the vendors' SDK types and docs, so
 * the requests are golem's own and the answers are synthesized (the `source` says which).
 *
 *   node --import tsx scripts/synthesize-server-history.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { capture } from "./capture.js";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const claude = (n: number, last = false) =>
  json(
    200,
    {
      id: `msg_01Thread${n}`,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-6",
      content: last
        ? [{ type: "text", text: "Oslo, Bergen and Tromsø: -3 C with snow." }]
        : [
            {
              type: "tool_use",
              id: `toolu_01Thread${n}`,
              name: "get_weather",
              input: { city: ["Oslo", "Bergen", "Tromsø"][n - 1] },
            },
          ],
      stop_reason: last ? "end_turn" : "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 420 + 40 * n, output_tokens: 30 },
    },
    { "request-id": `req_01Thread${n}` },
  );

const threadError = (status: number, code: string, message: string) =>
  json(status, {
    type: "error",
    error: {
      type: status === 404 ? "not_found_error" : "invalid_request_error",
      message,
      details: { error_code: code },
    },
    request_id: `req_01Thread${code}`,
  });

const gpt = (n: number, last = false) =>
  json(200, {
    id: `resp_0Stored${n}`,
    object: "response",
    created_at: 1790000000 + n,
    status: "completed",
    model: "gpt-6.1-2026-11-01",
    output: last
      ? [
          {
            type: "message",
            id: `msg_0Stored${n}`,
            status: "completed",
            role: "assistant",
            content: [{ type: "output_text", text: "All three: -3 C with snow.", annotations: [] }],
          },
        ]
      : [
          {
            type: "reasoning",
            id: `rs_0Stored${n}`,
            summary: [],
            encrypted_content: `c3ludGhlc2l6ZWQtU3RvcmVk${n}`,
          },
          {
            type: "function_call",
            id: `fc_0Stored${n}`,
            status: "completed",
            call_id: `call_0Stored${n}`,
            name: "get_weather",
            arguments: JSON.stringify({ city: ["Oslo", "Bergen", "Tromsø"][n - 1] }),
          },
        ],
    store: true,
    usage: { input_tokens: 300 + 40 * n, output_tokens: 40, total_tokens: 340 + 40 * n },
  });

const THREADS =
  "message threads (beta message-threads-2026-08-12): https://platform.claude.com/docs/en/build-with-claude/message-threads and @anthropic-ai/sdk 1.17.0's BetaMessageThreadParam, its thread helper (lib/internal/threads/ThreadState.ts: system and tools left out of a continue) and Thread*ErrorDetails (error.details.error_code)";
const STORED =
  "stored responses: https://developers.openai.com/api/docs/guides/conversation-state and openai 7.60.0's ResponseCreateParams (previous_response_id, store) and its error body (error.code)";

const CASES: {
  provider: string;
  scenario: string;
  answers: (() => Response)[];
  says: string;
}[] = [
  {
    provider: "anthropic",
    scenario: "thread-tool-loop",
    answers: [() => claude(1), () => claude(2), () => claude(3, true)],
    says: `${THREADS}: the first request creates the thread, the next two continue it with only the tool result after the response named`,
  },
  {
    provider: "anthropic",
    scenario: "thread-not-found",
    answers: [
      () => claude(1),
      () =>
        threadError(
          404,
          "thread_not_found",
          "No usable Thread state was found for `previous_message_id`.",
        ),
      () => claude(2),
      () => claude(3, true),
    ],
    says: `${THREADS}: the second request's thread is gone (404 thread_not_found, as ThreadNotFoundErrorDetails describe it), and the same call sends the whole history again with thread create; the third request continues the new thread`,
  },
  {
    provider: "anthropic",
    scenario: "thread-fingerprint-mismatch",
    answers: [
      () => claude(1),
      () =>
        threadError(
          400,
          "thread_fingerprint_mismatch",
          "`max_tokens` differs from the value stored with the Thread.",
        ),
    ],
    says: `${THREADS}: the continue is refused with 400 thread_fingerprint_mismatch naming the field (ThreadFingerprintMismatchErrorDetails: "the message names each such field"); the message text is made up`,
  },
  {
    provider: "openai",
    scenario: "responses-stored-tool-loop",
    answers: [() => gpt(1), () => gpt(2), () => gpt(3, true)],
    says: `${STORED}: every request stored, the later two name the previous response and send only the function call output`,
  },
  {
    provider: "openai",
    scenario: "responses-previous-response-not-found",
    answers: [
      () => gpt(1),
      () =>
        json(400, {
          error: {
            message: "Previous response with id 'resp_0Stored1' not found.",
            type: "invalid_request_error",
            param: "previous_response_id",
            code: "previous_response_not_found",
          },
        }),
      () => gpt(2),
      () => gpt(3, true),
    ],
    says: `${STORED}: the second request's stored response is gone (400 previous_response_not_found), and the same call sends the whole input again, stored`,
  },
];

const OUT = "fixtures";
const NOW = new Date("2026-12-06T00:00:00Z");

for (const c of CASES) {
  const answers = [...c.answers];
  const file = await capture({
    provider: c.provider,
    scenario: c.scenario,
    out: OUT,
    env: { ANTHROPIC_API_KEY: "sk-ant-synthesized", OPENAI_API_KEY: "sk-synthesized" },
    now: NOW,
    fetch: async () => {
      const next = answers.shift();
      if (!next) throw new Error(`${c.scenario}: no answer left`);
      return next();
    },
  });
  const cassette = JSON.parse(readFileSync(file, "utf8"));
  cassette.source =
    `synthesized, not captured: the requests are golem's own, made by the capture scenario ` +
    `${c.scenario} (scripts/scenarios/server-history.ts) through scripts/capture.ts; the answers ` +
    `are written by scripts/synthesize-server-history.ts from ${c.says}. Ids, texts and usage ` +
    "are placeholders.";
  writeFileSync(join(file), `${JSON.stringify(cassette, null, 2)}\n`);
  console.log(file);
}
