import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { APIError, AuthError } from "../../../src/core/errors.js";
import {
  apiKeyAuth,
  authHooks,
  refreshingTokenAuth,
  tokenFunctionAuth,
} from "../../../src/transport/auth/auth.js";
import { createRefreshingToken } from "../../../src/transport/auth/refresh.js";
import { requestText } from "../../../src/transport/request.js";
import { type Loopback, startServer } from "../loopback.js";

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const unauthorized = (_req: unknown, res: ServerResponse) => {
  res.writeHead(401, { "content-type": "application/json" });
  // A server that quotes the credential it refused: it must not reach the error.
  res.end(
    JSON.stringify({
      error: {
        message: "bad token",
        got: _req && (_req as { headers: Record<string, string> }).headers.authorization,
      },
    }),
  );
};
const ok = (_req: unknown, res: ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end('{"ok":true}');
};

function send(url: string, hooks: ReturnType<typeof authHooks>) {
  return requestText({
    url,
    headers: { "content-type": "application/json" },
    body: "{}",
    maxRetries: 0,
    ...hooks,
    toError: (res) =>
      new APIError({ provider: "test", status: res.status, message: res.text, retryable: false }),
  });
}

describe("auth on a 401", () => {
  it("asks the token function again once and sends the new token, outside maxRetries", async () => {
    server = await startServer([unauthorized, ok]);
    const tokens = ["token-one-0123456789", "token-two-0123456789"];
    const hooks = authHooks(tokenFunctionAuth(async () => tokens.shift() ?? "", "vertex"));
    const { text } = await send(server.url, hooks);
    expect(text).toBe('{"ok":true}');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer token-one-0123456789",
      "Bearer token-two-0123456789",
    ]);
  });

  it("a second 401 is the error, with neither token in it", async () => {
    server = await startServer(unauthorized);
    let n = 0;
    const hooks = authHooks(
      tokenFunctionAuth(async () => `secret-token-${n++}-abcdefgh`, "vertex"),
    );
    const err = (await send(server.url, hooks).catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.status).toBe(401);
    expect(server.requests).toHaveLength(2);
    expect(err.message).not.toMatch(/secret-token/);
    expect(err.message).toContain("<redacted>");
  });

  it("an API key is not sent again: a 401 is the error at once", async () => {
    server = await startServer(unauthorized);
    const err = await send(
      server.url,
      authHooks(apiKeyAuth("x-goog-api-key", "AIza-key-0123456789")),
    ).catch((e: unknown) => e);
    expect((err as APIError).status).toBe(401);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers["x-goog-api-key"]).toBe("AIza-key-0123456789");
  });

  it("a refreshing token drops the refused token and fetches another for the retry", async () => {
    server = await startServer([unauthorized, ok]);
    const issued = ["cached-token-0123456789", "fresh-token-0123456789"];
    const source = createRefreshingToken(async () => ({
      token: issued.shift() ?? "",
      expiresAt: Date.now() + 3600_000,
    }));
    await send(server.url, authHooks(refreshingTokenAuth(source)));
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer cached-token-0123456789",
      "Bearer fresh-token-0123456789",
    ]);
  });

  it.each([
    [
      "throws",
      async () => Promise.reject(new Error("no credentials")),
      /token\(\) failed: no credentials/,
    ],
    ["returns an empty string", async () => "", /did not return a non-empty string/],
  ])("a token function that %s is an AuthError before any request", async (_, token, message) => {
    server = await startServer(ok);
    const err = await send(server.url, authHooks(tokenFunctionAuth(token, "vertex"))).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AuthError);
    expect((err as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });
});
