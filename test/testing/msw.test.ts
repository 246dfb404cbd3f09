import { http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import { cassetteHandlers } from "../../src/testing/msw.js";
import { CassetteMismatchError } from "../../src/testing/replay.js";
import { loadCassette } from "../helpers/cassettes.js";
import { FIRST_BODY, post, SECOND_BODY, twoTurnCassette, URL_WITH_KEY } from "./fixtures.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** MSW prints an error thrown by a handler; a mismatch test expects one, so keep it quiet. */
function quietMsw() {
  return vi.spyOn(console, "error").mockImplementation(() => {});
}

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

  it("makes fetch reject with the CassetteMismatchError itself, and assertDone reports it", async () => {
    quietMsw();
    const { handlers, assertDone } = cassetteHandlers(twoTurnCassette(), http);
    server.use(...handlers);
    const err = await fetch(URL_WITH_KEY, post({ ...FIRST_BODY, stream: false })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CassetteMismatchError);
    expect(err).toMatchObject({ request: 1, field: "body.stream" });
    expect((err as Error).message).toBe(
      "fake/two-turns: request #1 (POST https://api.example.test/v1/messages?key=<redacted>&beta=true) differs from the recording at body.stream:\n  body.stream: expected true, got false",
    );
    expect(() => assertDone()).toThrow("body.stream: expected true, got false");
  });

  it("rejects a request beyond the cassette the same way", async () => {
    quietMsw();
    const { handlers } = cassetteHandlers(twoTurnCassette(), http);
    server.use(...handlers);
    await (await fetch(URL_WITH_KEY, post(FIRST_BODY))).text();
    await (await fetch(URL_WITH_KEY, post(SECOND_BODY))).text();
    const extra = await fetch(URL_WITH_KEY, post(SECOND_BODY)).catch((e: unknown) => e);
    expect(extra).toBeInstanceOf(CassetteMismatchError);
    expect((extra as Error).message).toContain("unexpected request #3");
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
});

// The model's own call rejects with the mismatch, JSON and stream, once (never retried).
describe.each([
  ["generate", "thinking-tool-loop"],
  ["stream", "thinking-tool-loop-stream"],
] as const)("an adapter's %s through cassetteHandlers", (how, scenario) => {
  const model = anthropic.create({
    apiKey: "test-key-0123456789",
    model: "claude-sonnet-4-20250514",
    maxTokens: 5,
  });
  const request = { messages: [{ role: "user" as const, content: "Weather in Oslo?" }] };
  const call = () =>
    how === "generate" ? model.generate(request) : model.stream(request).response;

  it("rejects with a CassetteMismatchError naming request #1 and its first differing field", async () => {
    quietMsw();
    const { handlers, assertDone } = cassetteHandlers(loadCassette("anthropic", scenario), http);
    server.use(...handlers);
    const err = await call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CassetteMismatchError);
    expect(err).toMatchObject({ request: 1, field: "body.max_tokens" });
    expect((err as Error).message).toContain(
      `anthropic/${scenario}: request #1 (POST https://api.anthropic.com/v1/messages) differs`,
    );
    expect((err as Error).message).not.toContain("test-key-0123456789");
    // One attempt: a retry would have been request #2.
    expect(() => assertDone()).toThrow(/^(?![\s\S]*request #2)[\s\S]*request #1/);
  });

  it("the stream's iterator rejects with it too", async () => {
    quietMsw();
    server.use(...cassetteHandlers(loadCassette("anthropic", scenario), http).handlers);
    const stream = model.stream(request);
    const err = await (async () => {
      for await (const _ of stream) {
        // no delta comes
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CassetteMismatchError);
    await expect(stream.response).rejects.toBe(err);
  });
});
