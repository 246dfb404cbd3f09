import { type Cassette, parseCassette } from "../../src/testing/cassette.js";

/** How both requests of {@link twoTurnCassette} were recorded: the key redacted. */
const RECORDED_POST = {
  method: "POST",
  url: "https://api.example.test/v1/messages?beta=true&key=<redacted>",
  headers: {
    "content-type": "application/json",
    "x-api-key": "<redacted>",
    "anthropic-version": "2023-06-01",
  },
};

/** A two-turn cassette built in the test: a streamed answer, then a JSON one. */
export function twoTurnCassette(): Cassette {
  return parseCassette({
    scenario: "two-turns",
    provider: "fake",
    streaming: true,
    source: "synthesized in the test suite",
    interactions: [
      {
        request: {
          ...RECORDED_POST,
          headers: {
            ...RECORDED_POST.headers,
            "content-length": "999",
            "user-agent": "recorded-agent/1.0",
          },
          body: { model: "m", messages: [{ role: "user", content: "hi" }], stream: true },
        },
        response: {
          status: 200,
          headers: { "content-type": "text/event-stream", "request-id": "req_1" },
          chunks: ["event: a\ndata: 1\n\n", "data: 🧠", "\n\n"],
        },
      },
      {
        request: {
          ...RECORDED_POST,
          body: {
            model: "m",
            messages: [
              { role: "user", content: "hi" },
              {
                role: "assistant",
                content: [{ type: "thinking", thinking: "t", signature: "S+/=" }],
              },
            ],
          },
        },
        response: {
          status: 200,
          headers: { "content-type": "application/json" },
          body: { ok: true },
        },
      },
    ],
  });
}

export const FIRST_BODY = { model: "m", messages: [{ role: "user", content: "hi" }], stream: true };
export const SECOND_BODY = {
  model: "m",
  messages: [
    { role: "user", content: "hi" },
    { role: "assistant", content: [{ type: "thinking", thinking: "t", signature: "S+/=" }] },
  ],
};
export const URL_WITH_KEY = "https://api.example.test/v1/messages?key=live-key-123&beta=true";
export const HEADERS = {
  "content-type": "application/json",
  "x-api-key": "sk-live",
  "anthropic-version": "2023-06-01",
};

/** RequestInit for a JSON POST. */
export function post(
  body: unknown,
  headers: Record<string, string> = HEADERS,
  signal?: AbortSignal,
): RequestInit {
  return { method: "POST", headers, body: JSON.stringify(body), ...(signal ? { signal } : {}) };
}
