// The send path's one retry that is not the retry loop's: after a 401, a token auth that kept
// a token drops it and the call goes out once more with a fresh one; an API key (nothing to
// drop) and a token source asked every time (nothing kept) get no second attempt.
import { describe, expect, it } from "vitest";
import { type Auth, apiKeyAuth } from "../../src/auth/auth.js";
import { tokenAuth } from "../../src/auth/token.js";
import { APIError } from "../../src/core/errors.js";
import type { Model } from "../../src/core/types.js";
import { createHTTPModel } from "../../src/send/http-model.js";
import { messagesWire } from "../../src/wires/messages/call.js";
import { resolveOptions } from "../../src/wires/messages/options.js";
import { answer as messagesAnswer, sseText } from "../providers/anthropic/answer.js";

const URL_ = "https://claude.example.test/v1/messages";
const FIRST = "first-access-token-0123456789";
const SECOND = "second-access-token-0123456789";
const KEY = "sk-stand-in-key-0123456789";

/** A Messages answer, whole or as the SSE events of the same message. */
const MESSAGE = messagesAnswer([{ type: "text", text: "hello" }], "end_turn", {
  id: "msg_1",
  model: "claude-sonnet-4-5",
  usage: { input_tokens: 3, output_tokens: 1 },
});

const UNAUTHORIZED = JSON.stringify({
  type: "error",
  error: { type: "authentication_error", message: "invalid x-api-key" },
});

/** A fake fetch that answers 401 while the credential is `refused`, else the message. */
function server(refused: string) {
  const credentials: (string | null)[] = [];
  const fetch = async (_input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const credential = headers.get("authorization") ?? headers.get("x-api-key");
    credentials.push(credential);
    if (credential?.endsWith(refused)) {
      return new Response(UNAUTHORIZED, {
        status: 401,
        headers: { "content-type": "application/json" },
      });
    }
    const body = JSON.parse(String(init?.body)) as { stream?: boolean };
    if (!body.stream) return Response.json(MESSAGE);
    return new Response(sseText(MESSAGE), { headers: { "content-type": "text/event-stream" } });
  };
  return { fetch, credentials };
}

function model(auth: Auth, fetch: typeof globalThis.fetch): Model {
  const options = resolveOptions("anthropic", "claude-sonnet-4-5", { maxTokens: 64 });
  return createHTTPModel(
    messagesWire(options, "anthropic"),
    {
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      urls: { generate: URL_, stream: URL_ },
      auth,
      headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
      requestId: () => undefined,
      options: { fetch, maxRetries: 2, timeoutMs: undefined },
    },
    APIError,
  );
}

const REQ = { messages: [{ role: "user" as const, content: "hi" }] };

/** The text of one call's answer, through `generate` or through `stream`. */
async function answer(m: Model, how: "generate" | "stream"): Promise<string> {
  if (how === "generate") return JSON.stringify((await m.generate(REQ)).message.content);
  const s = m.stream(REQ);
  for await (const _ of s);
  return JSON.stringify((await s.response).message.content);
}

/** A token source that hands out FIRST, then SECOND, each good for an hour. */
function keptTokens() {
  const tokens = [FIRST, SECOND];
  let asked = 0;
  const auth = tokenAuth(
    async () => {
      asked++;
      return {
        token: tokens.shift() ?? "no-more-tokens-0123456789",
        expiresAt: Date.now() + 3.6e6,
      };
    },
    { provider: "vertex" },
  );
  return { auth, asked: () => asked };
}

const EXPECTED = JSON.stringify([{ type: "text", text: "hello" }]);

describe.each(["generate", "stream"] as const)("createHTTPModel after a 401 (%s)", (how) => {
  it("drops a kept token and sends once more with a fresh one", async () => {
    const { fetch, credentials } = server(FIRST);
    const { auth, asked } = keptTokens();
    expect(await answer(model(auth, fetch), how)).toBe(EXPECTED);
    expect(credentials).toEqual([`Bearer ${FIRST}`, `Bearer ${SECOND}`]);
    expect(asked()).toBe(2);
  });

  it("gives every call refused the same token its retry, with one refresh for all", async () => {
    const { fetch, credentials } = server(FIRST);
    const { auth, asked } = keptTokens();
    const m = model(auth, fetch);
    const answers = await Promise.all([answer(m, how), answer(m, how), answer(m, how)]);
    expect(answers).toEqual(Array(3).fill(EXPECTED));
    expect(asked()).toBe(2);
    expect(credentials.filter((c) => c === `Bearer ${FIRST}`)).toHaveLength(3);
    expect(credentials.filter((c) => c === `Bearer ${SECOND}`)).toHaveLength(3);
  });

  it("gives up after the second 401: one fresh token, not a loop", async () => {
    const { fetch, credentials } = server("access-token-0123456789");
    const { auth } = keptTokens();
    const err = await answer(model(auth, fetch), how).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(401);
    expect(credentials).toEqual([`Bearer ${FIRST}`, `Bearer ${SECOND}`]);
  });

  it("does not send again with an API key: there is nothing fresher to send", async () => {
    const { fetch, credentials } = server(KEY);
    const err = await answer(model(apiKeyAuth("x-api-key", KEY), fetch), how).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(401);
    expect(credentials).toEqual([KEY]);
  });

  it("does not send again for a source asked before every attempt (nothing kept)", async () => {
    const { fetch, credentials } = server(FIRST);
    const tokens = [FIRST, SECOND];
    const auth = tokenAuth(async () => tokens.shift() ?? "", { provider: "azure" });
    const err = await answer(model(auth, fetch), how).catch((e: unknown) => e);
    expect((err as APIError).status).toBe(401);
    expect(credentials).toEqual([`Bearer ${FIRST}`]);
  });
});
