import { describe, expect, it } from "vitest";
import { apiKeyAuth } from "../../../src/auth/auth.js";
import { signV4 } from "../../../src/auth/sigv4.js";
import { sigv4Auth } from "../../../src/auth/sigv4-auth.js";
import { tokenAuth, tokenFunctionAuth } from "../../../src/auth/token.js";
import { AuthError } from "../../../src/core/errors.js";
import { KEYS, REQ } from "./sigv4-reference.js";

const req = {
  method: "POST",
  url: "u",
  headers: { "content-type": "application/json" },
  body: "{}",
};

/** A Vertex token auth whose source hands out `<prefix>-1`, `<prefix>-2`, … and counts. */
function numberedTokens(prefix: string) {
  let calls = 0;
  const auth = tokenAuth(async () => ({ token: `${prefix}-${++calls}`, expiresAt: 1e15 }), {
    provider: "vertex",
  });
  return { auth, calls: () => calls };
}

describe("apiKeyAuth", () => {
  it.each([
    ["x-api-key", "sk-ant-0123456789", "", "sk-ant-0123456789"],
    ["authorization", "sk-proj-0123456789", "Bearer ", "Bearer sk-proj-0123456789"],
  ])("sends %s and owns the bare key", async (header, key, prefix, sent) => {
    const auth = apiKeyAuth(header, key, prefix);
    expect(await auth.authorize(req)).toEqual({
      "content-type": "application/json",
      [header]: sent,
    });
    expect(auth.secrets).toEqual([key]);
    expect(req.headers).toEqual({ "content-type": "application/json" });
  });
});

describe("tokenAuth", () => {
  it("asks a bare-string source before every attempt and owns each token", async () => {
    const tokens = ["entra-token-one-123", "entra-token-two-456"];
    const auth = tokenAuth(async () => tokens.shift() ?? "", { provider: "azure" });
    expect((await auth.authorize(req)).authorization).toBe("Bearer entra-token-one-123");
    expect((await auth.authorize(req)).authorization).toBe("Bearer entra-token-two-456");
    expect(auth.secrets).toEqual(["entra-token-one-123", "entra-token-two-456"]);
    expect(req.headers).toEqual({ "content-type": "application/json" });
    // Nothing kept, so a 401 has nothing fresher to offer.
    expect(auth.expire?.()).toBe(false);
  });

  it("keeps a token until the margin before it expires, then asks again", async () => {
    let clock = 0;
    let calls = 0;
    const source = async () => ({ token: `token-number-${++calls}`, expiresAt: 100_000 * calls });
    const auth = tokenAuth(source, { provider: "vertex", marginMs: 10_000, now: () => clock });
    expect((await auth.authorize(req)).authorization).toBe("Bearer token-number-1");
    clock = 89_999;
    expect((await auth.authorize(req)).authorization).toBe("Bearer token-number-1");
    clock = 90_000;
    expect((await auth.authorize(req)).authorization).toBe("Bearer token-number-2");
    expect(calls).toBe(2);
  });

  it("shares one fetch among attempts that need a token at once", async () => {
    const { auth, calls: fetched } = numberedTokens("shared-token");
    const sent = await Promise.all([auth.authorize(req), auth.authorize(req), auth.authorize(req)]);
    expect(sent.map((h) => h.authorization)).toEqual(Array(3).fill("Bearer shared-token-1"));
    expect(fetched()).toBe(1);
  });

  it("drops a kept token on expire() so the next attempt gets a fresh one", async () => {
    const { auth } = numberedTokens("fresh-token");
    await auth.authorize(req);
    expect(auth.expire?.()).toBe(true);
    expect((await auth.authorize(req)).authorization).toBe("Bearer fresh-token-2");
    expect(auth.secrets).toEqual(["fresh-token-1", "fresh-token-2"]);
  });

  it("gives each attempt refused the same token a retry, and all retries one fetch", async () => {
    const { auth, calls: fetched } = numberedTokens("kept-token");
    const refused = await Promise.all([auth.authorize(req), auth.authorize(req)]);
    expect(refused.map((h) => auth.expire?.(h))).toEqual([true, true]);
    const retried = await Promise.all([auth.authorize(req), auth.authorize(req)]);
    expect(retried.map((h) => h.authorization)).toEqual(Array(2).fill("Bearer kept-token-2"));
    expect(fetched()).toBe(2);
  });

  it("keeps a fresh token when a 401 for an older one comes in late", async () => {
    const { auth, calls: fetched } = numberedTokens("kept-token");
    const first = await auth.authorize(req);
    expect(auth.expire?.(first)).toBe(true);
    const second = await auth.authorize(req);
    expect(auth.expire?.(first)).toBe(true);
    expect((await auth.authorize(req)).authorization).toBe(second.authorization);
    expect(fetched()).toBe(2);
    // A token this auth never sent is not one a fresh token could replace.
    expect(auth.expire?.({ authorization: "Bearer someone-elses-token" })).toBe(false);
  });

  it("refuses an empty token with an AuthError naming the provider", async () => {
    const auth = tokenAuth(async () => "", { provider: "azure" });
    const error = await auth.authorize(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toBe(
      "azure: token() returned no usable token (empty, or with a line break or a character above U+00FF)",
    );
  });

  it("sends a token trimmed as Headers trims it (a newline at its end)", async () => {
    const auth = tokenAuth(async () => "ya29.from-a-file\n", { provider: "vertex" });
    expect((await auth.authorize(req)).authorization).toBe("Bearer ya29.from-a-file");
    expect(auth.secrets).toEqual(["ya29.from-a-file"]);
  });

  it("stops a fetch every waiting attempt gave up on; the next attempt starts its own", async () => {
    const signals: AbortSignal[] = [];
    const auth = tokenAuth(
      (signal) => {
        signals.push(signal);
        // The first fetch never answers; the second does.
        return signals.length === 1 ? new Promise(() => {}) : Promise.resolve("second-token-1");
      },
      { provider: "vertex" },
    );
    const [a, b] = [new AbortController(), new AbortController()];
    const first = auth.authorize(req, a.signal).catch((e: unknown) => e);
    const second = auth.authorize(req, b.signal).catch((e: unknown) => e);
    a.abort(new Error("first gave up"));
    expect(await first).toEqual(new Error("first gave up"));
    // One attempt still waits: the shared fetch goes on.
    expect(signals.map((s) => s.aborted)).toEqual([false]);
    b.abort(new Error("second gave up"));
    expect(await second).toEqual(new Error("second gave up"));
    expect(signals.map((s) => s.aborted)).toEqual([true]);
    expect((await auth.authorize(req)).authorization).toBe("Bearer second-token-1");
  });
});

describe("sigv4Auth", () => {
  it("signs with the service it is given and owns the credentials", async () => {
    const datetime = new Date(Date.UTC(2026, 0, 1));
    const auth = sigv4Auth({
      credentials: KEYS,
      region: "us-east-1",
      service: "aws-external-anthropic",
    });
    const clock = Date.now;
    Date.now = () => datetime.getTime();
    try {
      const ours = await auth.authorize(REQ);
      const reference = await signV4(REQ, {
        credentials: KEYS,
        region: "us-east-1",
        service: "aws-external-anthropic",
        cache: new Map(),
      });
      expect(ours).toEqual(reference);
      expect(ours.authorization).toContain("/us-east-1/aws-external-anthropic/aws4_request");
    } finally {
      Date.now = clock;
    }
    expect(auth.secrets).toEqual([KEYS.accessKeyId, KEYS.secretAccessKey]);
  });
});

describe("tokenFunctionAuth", () => {
  it("asks a bare-string function again after any 401", async () => {
    const tokens = ["caller-token-one-123", "caller-token-two-456"];
    const auth = tokenFunctionAuth(async () => tokens.shift() ?? "", "anthropic-foundry");
    const refused = await auth.authorize(req);
    expect(auth.expire?.(refused)).toBe(true);
    expect((await auth.authorize(req)).authorization).toBe("Bearer caller-token-two-456");
    expect(auth.secrets).toEqual(["caller-token-one-123", "caller-token-two-456"]);
  });

  it("shares one refresh among calls refused the same expiring token", async () => {
    let calls = 0;
    const auth = tokenFunctionAuth(
      async () => ({ token: `caller-token-${++calls}`, expiresAt: 1e15 }),
      "anthropic-google-cloud",
    );
    const refused = await Promise.all([auth.authorize(req), auth.authorize(req)]);
    expect(refused.map((h) => auth.expire?.(h))).toEqual([true, true]);
    const retried = await Promise.all([auth.authorize(req), auth.authorize(req)]);
    expect(retried.map((h) => h.authorization)).toEqual(Array(2).fill("Bearer caller-token-2"));
    expect(calls).toBe(2);
  });

  it("turns a function that throws into an AuthError naming the platform", async () => {
    const cause = new Error("no managed identity");
    const auth = tokenFunctionAuth(async () => Promise.reject(cause), "vertex");
    const error = (await auth.authorize(req).catch((e: unknown) => e)) as AuthError;
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toBe("vertex: token() failed: no managed identity");
    expect(error.cause).toBe(cause);
  });
});
