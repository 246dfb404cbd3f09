import { afterEach, describe, expect, it } from "vitest";
import {
  CLOUD_PLATFORM_SCOPE,
  createServiceAccountFetcher,
  parseServiceAccount,
} from "../../../src/auth/google.js";
import { fromBase64url } from "../../../src/auth/jwt.js";
import { tokenAuth } from "../../../src/auth/token.js";
import { AuthError, ConfigError } from "../../../src/core/errors.js";
import { type Loopback, startServer } from "../loopback.js";
import { keysForFile, serviceAccount, verifies } from "./keys.js";

/** 2026-12-01T00:00:00Z, the fixed clock of these tests. */
const NOW = Date.UTC(2026, 11, 1);

const keys = keysForFile();
let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const decode = (segment: string) => JSON.parse(new TextDecoder().decode(fromBase64url(segment)));

function tokenAnswer(token: string, expiresIn = 3599) {
  return (_req: unknown, res: import("node:http").ServerResponse) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ access_token: token, expires_in: expiresIn, token_type: "Bearer" }));
  };
}

describe("the service-account token exchange", () => {
  it("posts a jwt-bearer grant whose assertion has Google's header, claims and a valid RS256 signature", async () => {
    server = await startServer(tokenAnswer("ya29.first-token"));
    const key = serviceAccount(keys().pem, `${new URL(server.url).origin}/token`);
    const fetchToken = createServiceAccountFetcher(key, { now: () => NOW });
    const got = await fetchToken();
    expect(got).toEqual({ token: "ya29.first-token", expiresAt: NOW + 3599_000 });

    const seen = await server.arrived(0);
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe("/token");
    expect(seen.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(seen.body);
    expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const [head, body, sig] = (form.get("assertion") ?? "").split(".") as [string, string, string];
    expect(decode(head)).toEqual({ alg: "RS256", typ: "JWT", kid: "0123456789abcdef" });
    expect(decode(body)).toEqual({
      iss: "golem-test@example-project.iam.gserviceaccount.com",
      scope: CLOUD_PLATFORM_SCOPE,
      aud: `${new URL(server.url).origin}/token`,
      iat: NOW / 1000,
      exp: NOW / 1000 + 3600,
    });
    const verified = await verifies(keys().publicKey, head, body, sig);
    expect(verified).toBe(true);
  });

  it("a refused key is an AuthError with the endpoint's status and code, and no assertion in it", async () => {
    server = await startServer((_req, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ error: "invalid_grant", error_description: "Invalid JWT Signature." }),
      );
    });
    const fetchToken = createServiceAccountFetcher(
      serviceAccount(keys().pem, `${new URL(server.url).origin}/token`),
    );
    const err = (await fetchToken().catch((e: unknown) => e)) as AuthError;
    expect(err).toBeInstanceOf(AuthError);
    expect(err.status).toBe(400);
    expect(err.type).toBe("invalid_grant");
    expect(err.message).toContain("Invalid JWT Signature.");
    const assertion = new URLSearchParams((await server.arrived(0)).body).get("assertion") ?? "";
    expect(JSON.stringify({ m: err.message, s: err.stack })).not.toContain(assertion.split(".")[2]);
  });

  it("an answer without access_token is an AuthError", async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    const fetchToken = createServiceAccountFetcher(
      serviceAccount(keys().pem, `${new URL(server.url).origin}/token`),
    );
    await expect(fetchToken()).rejects.toThrow(/without an access_token/);
  });

  it("an unreachable endpoint is an AuthError naming the host only", async () => {
    server = await startServer(tokenAnswer("x"));
    const url = `${new URL(server.url).origin}/token`;
    await server.close();
    server = undefined;
    const err = (await createServiceAccountFetcher(serviceAccount(keys().pem, url))().catch(
      (e: unknown) => e,
    )) as Error;
    expect(err).toBeInstanceOf(AuthError);
    expect(err.message).toMatch(/could not reach the token endpoint 127\.0\.0\.1:\d+$/);
  });
});

describe("parseServiceAccount", () => {
  it("takes the key file's text or object", () => {
    const key = serviceAccount(keys().pem, "https://oauth2.googleapis.com/token");
    expect(parseServiceAccount(JSON.stringify(key), "vertex")).toEqual(key);
    expect(parseServiceAccount(key, "vertex")).toBe(key);
  });

  it.each([
    ["text that is not JSON", "{", /is not JSON/],
    ["a key without client_email", { private_key: "x" }, /has no client_email/],
    ["a key without private_key", { client_email: "a@b" }, /has no private_key/],
    [
      "a token_uri that is not a URL",
      { client_email: "a", private_key: "b", token_uri: "file:x" },
      /token_uri/,
    ],
  ])("refuses %s with a ConfigError that quotes no key", (_, value, message) => {
    let err: unknown;
    try {
      parseServiceAccount(value, "vertex");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
  });
});

describe("a service account's token, cached and refreshed (tokenAuth over the exchange)", () => {
  const REQUEST = { method: "POST", url: "https://x.test/", headers: {}, body: "" };
  const bearerOf = async (auth: ReturnType<typeof tokenAuth>) =>
    (await auth.authorize(REQUEST)).authorization;

  async function counted(tokens: string[], expiresIn = 3600) {
    let n = 0;
    server = await startServer((req, res) =>
      tokenAnswer(tokens[n++] ?? "spare", expiresIn)(req, res),
    );
    return serviceAccount(keys().pem, `${new URL(server.url).origin}/token`);
  }

  it("is exchanged once for many concurrent calls and reused until the margin", async () => {
    let now = NOW;
    const key = await counted(["t1", "t2"]);
    const auth = tokenAuth(createServiceAccountFetcher(key, { now: () => now }), {
      provider: "vertex",
      now: () => now,
      marginMs: 60_000,
    });
    const all = await Promise.all(Array.from({ length: 5 }, () => bearerOf(auth)));
    expect(all).toEqual(Array(5).fill("Bearer t1"));
    now += 3600_000 - 60_001;
    expect(await bearerOf(auth)).toBe("Bearer t1");
    now += 1;
    expect(await bearerOf(auth)).toBe("Bearer t2");
    expect(server?.requests).toHaveLength(2);
    expect(auth.secrets).toEqual(["t1", "t2"]);
  });

  it("a 401's expire drops the token, and the next attempt exchanges the key again", async () => {
    const key = await counted(["t1", "t2"]);
    const auth = tokenAuth(createServiceAccountFetcher(key, { now: () => NOW }), {
      provider: "vertex",
      now: () => NOW,
    });
    expect(await bearerOf(auth)).toBe("Bearer t1");
    expect(auth.expire?.()).toBe(true);
    expect(await Promise.all([bearerOf(auth), bearerOf(auth)])).toEqual(["Bearer t2", "Bearer t2"]);
    expect(server?.requests).toHaveLength(2);
  });

  it("a failed exchange rejects every waiting call with the AuthError and is tried again next time", async () => {
    let n = 0;
    server = await startServer((req, res) => {
      if (n++ === 0) {
        res.writeHead(500);
        res.end("{}");
      } else tokenAnswer("t-after")(req, res);
    });
    const key = serviceAccount(keys().pem, `${new URL(server.url).origin}/token`);
    const auth = tokenAuth(createServiceAccountFetcher(key), { provider: "vertex" });
    const failed = await Promise.allSettled([bearerOf(auth), bearerOf(auth)]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((failed[0] as PromiseRejectedResult).reason).toBeInstanceOf(AuthError);
    expect(await bearerOf(auth)).toBe("Bearer t-after");
  });
});
