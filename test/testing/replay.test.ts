import { describe, expect, it } from "vitest";
import { APIError } from "../../src/core/errors.js";
import { parseCassette } from "../../src/testing/cassette.js";
import { CassetteMismatchError, compareRequest, replayFetch } from "../../src/testing/replay.js";
import { requestText } from "../../src/transport/request.js";
import {
  FIRST_BODY,
  HEADERS,
  post,
  SECOND_BODY,
  twoTurnCassette,
  URL_WITH_KEY,
} from "./fixtures.js";

const decoder = new TextDecoder();
const JSON_TYPE = { "content-type": "application/json" };
const REDACTED_URL = URL_WITH_KEY.replace("live-key-123", "<redacted>");

async function chunksOf(response: Response): Promise<string[]> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const out: string[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read())
    out.push(decoder.decode(r.value));
  return out;
}

async function mismatch(promise: Promise<unknown>): Promise<CassetteMismatchError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(CassetteMismatchError);
    expect(err).not.toBeInstanceOf(TypeError);
    return err as CassetteMismatchError;
  }
  throw new Error("expected a CassetteMismatchError");
}

/** A cassette made in the test of `interactions`, checked by parseCassette. */
const synthesized = (scenario: string, interactions: unknown[]) =>
  parseCassette({
    scenario,
    provider: "fake",
    streaming: false,
    source: "synthesized in the test suite",
    interactions,
  });

describe("replayFetch", () => {
  it("serves the recorded chunks one by one, so every read sees one recorded chunk", async () => {
    const replay = replayFetch(twoTurnCassette());
    const response = await replay(URL_WITH_KEY, post(FIRST_BODY));
    expect(response.status).toBe(200);
    expect(response.headers.get("request-id")).toBe("req_1");
    expect(await chunksOf(response)).toStrictEqual(["event: a\ndata: 1\n\n", "data: 🧠", "\n\n"]);
  });

  it("serves a JSON body as its JSON text", async () => {
    const replay = replayFetch(twoTurnCassette());
    await replay(URL_WITH_KEY, post(FIRST_BODY));
    const response = await replay(URL_WITH_KEY, post(SECOND_BODY));
    expect(await response.text()).toBe('{"ok":true}');
    replay.assertDone();
  });

  it("serves a text body and base64 chunks byte for byte", async () => {
    const cassette = synthesized("bodies", [
      {
        request: { method: "POST", url: "https://a.test/x", headers: JSON_TYPE, body: {} },
        response: { status: 502, headers: {}, text: "<html>Bad Gateway</html>" },
      },
      {
        request: { method: "POST", url: "https://a.test/x", headers: JSON_TYPE, body: {} },
        response: { status: 200, headers: {}, chunksBase64: ["AAEC/w==", "gA=="] },
      },
    ]);
    const replay = replayFetch(cassette);
    const first = await replay("https://a.test/x", post({}, JSON_TYPE));
    expect(first.status).toBe(502);
    expect(await first.text()).toBe("<html>Bad Gateway</html>");
    const second = await replay("https://a.test/x", post({}, JSON_TYPE));
    const reader = (second.body as ReadableStream<Uint8Array>).getReader();
    expect([...((await reader.read()).value ?? [])]).toStrictEqual([0, 1, 2, 255]);
    expect([...((await reader.read()).value ?? [])]).toStrictEqual([128]);
    expect((await reader.read()).done).toBe(true);
  });

  it("serves a status that allows no body (204) without one", async () => {
    const cassette = synthesized("empty", [
      {
        request: { method: "DELETE", url: "https://a.test/x", headers: {} },
        response: { status: 204, headers: {} },
      },
    ]);
    const response = await replayFetch(cassette)("https://a.test/x", { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it("records every request: method, url, headers and the parsed JSON body", async () => {
    const replay = replayFetch(twoTurnCassette());
    await replay(new Request(URL_WITH_KEY, post(FIRST_BODY)));
    expect(replay.requests).toStrictEqual([
      {
        method: "POST",
        url: URL_WITH_KEY,
        headers: {
          "anthropic-version": "2023-06-01",
          "content-type": "application/json",
          "x-api-key": "sk-live",
        },
        body: FIRST_BODY,
      },
    ]);
  });

  it("throws on a different body, naming the path of each difference", async () => {
    const replay = replayFetch(twoTurnCassette());
    await replay(URL_WITH_KEY, post(FIRST_BODY));
    const changed = {
      model: "m",
      messages: [
        { role: "user", content: "hello" },
        { role: "assistant", content: [{ type: "thinking", thinking: "t", signature: "S+/-" }] },
      ],
    };
    const err = await mismatch(replay(URL_WITH_KEY, post(changed)));
    expect(err.message).toBe(
      [
        `fake/two-turns: request #2 (POST ${REDACTED_URL}) differs from the recording at body.messages[0].content:`,
        '  body.messages[0].content: expected "hi", got "hello"',
        '  body.messages[1].content[0].signature: expected "S+/=", got "S+/-"',
      ].join("\n"),
    );
    expect(err.request).toBe(2);
    expect(err.field).toBe("body.messages[0].content");
    expect(replay.mismatches).toStrictEqual([err.message.replace("fake/two-turns: ", "")]);
  });

  it("throws on missing and unexpected body fields", async () => {
    const replay = replayFetch(twoTurnCassette());
    const err = await mismatch(
      replay(URL_WITH_KEY, post({ model: "m", messages: FIRST_BODY.messages, temperature: 1 })),
    );
    expect(err.message).toContain("  body.stream: missing (expected true)");
    expect(err.message).toContain("  body.temperature: unexpected 1");
  });

  it("throws on a different URL path", async () => {
    const replay = replayFetch(twoTurnCassette());
    const url = "https://api.example.test/v1/complete?key=k&beta=true";
    const err = await mismatch(replay(url, post(FIRST_BODY)));
    expect(err.message).toContain(
      "  url: expected https://api.example.test/v1/messages?beta=true&key=<redacted>, got https://api.example.test/v1/complete?key=<redacted>&beta=true",
    );
    expect(err.field).toBe("url");
  });

  it("throws on a different origin unless ignoreOrigin is set", async () => {
    const url = "http://127.0.0.1:8080/v1/messages?key=k&beta=true";
    await mismatch(replayFetch(twoTurnCassette())(url, post(FIRST_BODY)));
    const relaxed = replayFetch(twoTurnCassette(), { ignoreOrigin: true });
    expect((await relaxed(url, post(FIRST_BODY))).status).toBe(200);
  });

  it("throws on a different method", async () => {
    const replay = replayFetch(twoTurnCassette());
    const err = await mismatch(replay(URL_WITH_KEY, { ...post(FIRST_BODY), method: "PUT" }));
    expect(err.message).toContain("  method: expected POST, got PUT");
  });

  it("throws on a different or missing header, ignoring runtime headers", async () => {
    const wrong = await mismatch(
      replayFetch(twoTurnCassette())(
        URL_WITH_KEY,
        post(FIRST_BODY, { "x-api-key": "k", "anthropic-version": "2024-01-01" }),
      ),
    );
    expect(wrong.message).toContain(
      '  header anthropic-version: expected "2023-06-01", got "2024-01-01"',
    );
    expect(wrong.message).not.toContain("content-length");
    expect(wrong.message).not.toContain("user-agent");
    const missing = await mismatch(
      replayFetch(twoTurnCassette())(
        URL_WITH_KEY,
        post(FIRST_BODY, { "anthropic-version": "2023-06-01" }),
      ),
    );
    expect(missing.message).toContain("  header x-api-key: missing");
  });

  it("throws on a beta, version or content type the recording lacks, not on other new headers", async () => {
    const headers = {
      ...HEADERS,
      "anthropic-beta": "interleaved-thinking-2025-05-14",
      "x-contract-version": "2",
      traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    };
    const err = await mismatch(
      replayFetch(twoTurnCassette())(URL_WITH_KEY, post(FIRST_BODY, headers)),
    );
    expect(err.field).toBe("header anthropic-beta");
    expect(err.message).toContain(
      '  header anthropic-beta: unexpected "interleaved-thinking-2025-05-14"',
    );
    expect(err.message).toContain('  header x-contract-version: unexpected "2"');
    expect(err.message).not.toContain("traceparent");
    const noType = parseCassette({
      ...twoTurnCassette(),
      interactions: [
        {
          request: { method: "POST", url: "https://a.test/x", headers: {}, body: {} },
          response: { status: 200, headers: {}, body: {} },
        },
      ],
    });
    const typed = await mismatch(
      replayFetch(noType)("https://a.test/x", post({}, { "content-type": "application/json" })),
    );
    expect(typed.message).toContain('  header content-type: unexpected "application/json"');
  });

  it("does not quote a secret header the recording lacks", () => {
    const request = { method: "POST", url: "https://a.test/", headers: {}, body: {} };
    const actual = {
      ...request,
      headers: { "x-api-key": "sk-live-secret", "x-goog-api-version": "v1" },
    };
    expect(compareRequest(request, actual)).toStrictEqual([
      'header x-goog-api-version: unexpected "v1"',
    ]);
  });

  it("accepts any value for a <redacted> header, but not its absence", async () => {
    for (const key of ["sk-one", "sk-two"]) {
      const replay = replayFetch(twoTurnCassette());
      const response = await replay(
        URL_WITH_KEY,
        post(FIRST_BODY, { ...HEADERS, "x-api-key": key }),
      );
      expect(response.status).toBe(200);
    }
  });

  it("does not compare headers when checkHeaders is false", async () => {
    const replay = replayFetch(twoTurnCassette(), { checkHeaders: false });
    expect((await replay(URL_WITH_KEY, post(FIRST_BODY, {}))).status).toBe(200);
  });

  it("accepts any value for a <redacted> query parameter, in any order, but not its absence", async () => {
    const replay = replayFetch(twoTurnCassette());
    await replay("https://api.example.test/v1/messages?key=other&beta=true", post(FIRST_BODY));
    const noKey = await mismatch(
      replayFetch(twoTurnCassette())(
        "https://api.example.test/v1/messages?beta=true",
        post(FIRST_BODY),
      ),
    );
    expect(noKey.message).toContain("  url: expected");
    await mismatch(
      replayFetch(twoTurnCassette())(
        "https://api.example.test/v1/messages?key=k&beta=false",
        post(FIRST_BODY),
      ),
    );
    await mismatch(
      replayFetch(twoTurnCassette())(
        "https://api.example.test/v1/messages?key=k&beta=true&extra=1",
        post(FIRST_BODY),
      ),
    );
  });

  it("throws on a request beyond the cassette", async () => {
    const replay = replayFetch(twoTurnCassette());
    await replay(URL_WITH_KEY, post(FIRST_BODY));
    await replay(URL_WITH_KEY, post(SECOND_BODY));
    const err = await mismatch(replay(URL_WITH_KEY, post(SECOND_BODY)));
    expect(err.message).toBe(
      `fake/two-turns: unexpected request #3 (POST ${REDACTED_URL}): the cassette has 2`,
    );
    expect(err.message).not.toContain("live-key-123");
    expect(err.request).toBe(3);
    expect(err.field).toBeUndefined();
  });

  it("assertDone reports interactions that were never requested", async () => {
    const replay = replayFetch(twoTurnCassette());
    await replay(URL_WITH_KEY, post(FIRST_BODY));
    expect(() => replay.assertDone()).toThrow(CassetteMismatchError);
    expect(() => replay.assertDone()).toThrow("fake/two-turns: 1 of 2 interactions were requested");
    await replay(URL_WITH_KEY, post(SECOND_BODY));
    expect(() => replay.assertDone()).not.toThrow();
  });

  it("assertDone reports a mismatch even when the caller swallowed it", async () => {
    const replay = replayFetch(twoTurnCassette());
    await replay(URL_WITH_KEY, post({ other: true })).catch(() => {});
    await replay(URL_WITH_KEY, post(SECOND_BODY));
    expect(() => replay.assertDone()).toThrow(
      `request #1 (POST ${REDACTED_URL}) differs from the recording at body.model`,
    );
  });

  it("errors the body with the signal's reason when aborted mid-body", async () => {
    const replay = replayFetch(twoTurnCassette());
    const controller = new AbortController();
    const response = await replay(URL_WITH_KEY, post(FIRST_BODY, HEADERS, controller.signal));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(decoder.decode((await reader.read()).value)).toBe("event: a\ndata: 1\n\n");
    const reason = new Error("stop");
    controller.abort(reason);
    expect(await reader.read().catch((e: unknown) => e)).toBe(reason);
  });

  it("rejects with the signal's reason when aborted before the request, recording nothing", async () => {
    const replay = replayFetch(twoTurnCassette());
    const reason = new Error("early");
    const err = await replay(
      URL_WITH_KEY,
      post(FIRST_BODY, HEADERS, AbortSignal.abort(reason)),
    ).catch((e: unknown) => e);
    expect(err).toBe(reason);
    expect(replay.requests).toHaveLength(0);
  });

  it("an abort after the body was read changes nothing", async () => {
    const replay = replayFetch(twoTurnCassette());
    const controller = new AbortController();
    const response = await replay(URL_WITH_KEY, post(FIRST_BODY, HEADERS, controller.signal));
    expect(await response.text()).toBe("event: a\ndata: 1\n\ndata: 🧠\n\n");
    expect(() => controller.abort(new Error("late"))).not.toThrow();
  });

  it("re-splits bodies with rechunk, telling it the interaction index", async () => {
    const seen: number[] = [];
    const replay = replayFetch(twoTurnCassette(), {
      rechunk: (bytes, index) => {
        seen.push(index);
        return [bytes.subarray(0, 3), bytes.subarray(3)];
      },
    });
    const first = await chunksOf(await replay(URL_WITH_KEY, post(FIRST_BODY)));
    expect(first).toStrictEqual(["eve", "nt: a\ndata: 1\n\ndata: 🧠\n\n"]);
    const second = await chunksOf(await replay(URL_WITH_KEY, post(SECOND_BODY)));
    expect(second).toStrictEqual(['{"o', 'k":true}']);
    expect(seen).toStrictEqual([0, 1]);
  });

  it("is not retried by golem's transport: a mismatch surfaces after one attempt", async () => {
    const replay = replayFetch(twoTurnCassette());
    let attempts = 0;
    const err = await requestText({
      url: URL_WITH_KEY,
      headers: HEADERS,
      body: JSON.stringify({ wrong: true }),
      fetch: replay,
      sign: async (req) => {
        attempts++;
        return req.headers;
      },
      toError: (res) =>
        new APIError({ provider: "fake", status: res.status, message: res.text, retryable: false }),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CassetteMismatchError);
    expect(attempts).toBe(1);
  });
});

describe("compareRequest", () => {
  it("compares a request body that is not JSON as text", () => {
    const problems = compareRequest(
      { method: "POST", url: "https://a.test/", headers: {}, body: "a=1" },
      { method: "post", url: "https://a.test/", headers: {}, body: "a=2" },
    );
    expect(problems).toStrictEqual(['body: expected "a=1", got "a=2"']);
  });

  it("finds nothing to complain about in an identical request", () => {
    const request = {
      method: "POST",
      url: "https://a.test/?x=1",
      headers: { "x-a": "1" },
      body: { a: [1] },
    };
    expect(
      compareRequest(request, { ...request, headers: { "x-a": "1", "x-extra": "2" } }),
    ).toStrictEqual([]);
  });
});
