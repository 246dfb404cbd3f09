import { http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { APIError } from "../../src/core/errors.js";
import { cassetteHandlers, MISMATCH_STATUS } from "../../src/testing/msw.js";
import { parseErrorJSON } from "../../src/transport/json.js";
import { requestText } from "../../src/transport/request.js";
import {
  FIRST_BODY,
  HEADERS,
  post,
  SECOND_BODY,
  twoTurnCassette,
  URL_WITH_KEY,
} from "./fixtures.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("cassetteHandlers with msw", () => {
  it("replays the cassette to the global fetch, chunks and all", async () => {
    const { handlers, assertDone } = cassetteHandlers(twoTurnCassette(), http);
    server.use(...handlers);
    const first = await fetch(URL_WITH_KEY, post(FIRST_BODY));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/event-stream");
    expect(await first.text()).toBe("event: a\ndata: 1\n\ndata: 🧠\n\n");
    const second = await fetch(URL_WITH_KEY, post(SECOND_BODY));
    expect(await second.json()).toStrictEqual({ ok: true });
    expect(() => assertDone()).not.toThrow();
  });

  it("answers a mismatching request with 418 and the diff, and assertDone reports it", async () => {
    const { handlers, assertDone } = cassetteHandlers(twoTurnCassette(), http);
    server.use(...handlers);
    const response = await fetch(URL_WITH_KEY, post({ ...FIRST_BODY, stream: false }));
    expect(response.status).toBe(MISMATCH_STATUS);
    expect(MISMATCH_STATUS).toBe(418);
    expect(await response.json()).toStrictEqual({
      type: "error",
      error: {
        type: "cassette_mismatch",
        message:
          "fake/two-turns: request #1 (POST https://api.example.test/v1/messages?key=<redacted>&beta=true) differs from the recording at body.stream:\n  body.stream: expected true, got false",
      },
    });
    expect(() => assertDone()).toThrow("body.stream: expected true, got false");
  });

  it("answers a request beyond the cassette with 418", async () => {
    const { handlers } = cassetteHandlers(twoTurnCassette(), http);
    server.use(...handlers);
    await fetch(URL_WITH_KEY, post(FIRST_BODY));
    await fetch(URL_WITH_KEY, post(SECOND_BODY));
    const extra = await fetch(URL_WITH_KEY, post(SECOND_BODY));
    expect(extra.status).toBe(418);
  });

  it("reports unserved interactions in assertDone", async () => {
    const { handlers, assertDone } = cassetteHandlers(twoTurnCassette(), http);
    server.use(...handlers);
    await (await fetch(URL_WITH_KEY, post(FIRST_BODY))).text();
    expect(() => assertDone()).toThrow("fake/two-turns: 1 of 2 interactions were requested");
  });

  it("passes options on: ignoreOrigin lets another host replay the cassette", async () => {
    const { handlers } = cassetteHandlers(twoTurnCassette(), http, { ignoreOrigin: true });
    server.use(...handlers);
    const response = await fetch(
      "https://proxy.example.test/v1/messages?key=k&beta=true",
      post(FIRST_BODY),
    );
    expect(response.status).toBe(200);
  });

  it("a mismatch reaches golem's transport as a 418 that is mapped once and not retried", async () => {
    const { handlers } = cassetteHandlers(twoTurnCassette(), http);
    server.use(...handlers);
    let attempts = 0;
    const err = await requestText({
      url: URL_WITH_KEY,
      headers: HEADERS,
      body: JSON.stringify({ wrong: true }),
      sign: async (req) => {
        attempts++;
        return req.headers;
      },
      toError: (res) =>
        new APIError({
          provider: "fake",
          status: res.status,
          message: "mismatch",
          body: parseErrorJSON(res.text),
          retryable: res.retryable,
        }),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(418);
    expect((err as APIError).retryable).toBe(false);
    expect(attempts).toBe(1);
  });
});
