import { Sha256 } from "@aws-crypto/sha256-js";
import { SignatureV4 } from "@smithy/signature-v4";
import { AwsV4Signer } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { type AwsCredentials, resolveConfig } from "../../../src/platforms/bedrock/config.js";
import { create } from "../../../src/platforms/bedrock/index.js";
import {
  requestUrl,
  type SigningKeyCache,
  signRequest,
} from "../../../src/platforms/bedrock/platform.js";
import { buildRequest } from "../../../src/wires/converse/request.js";

// AWS's documentation example credentials, not a real key.
const KEYS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};
const SESSION = {
  ...KEYS,
  sessionToken: "IQoJb3JpZ2luX2VjEXAMPLE//////////wEaCXVzLWVhc3QtMSJHMEUCIQ==",
};
const DATETIME = "20260801T123456Z";
const DATE = new Date("2026-08-01T12:34:56Z");

const MODELS = {
  "an inference profile id with ':'": "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
  "an ARN with ':' and '/'":
    "arn:aws:bedrock:us-west-2:123456789012:application-inference-profile/a1b2c3d4e5f6",
};

function request(model: string, stream: boolean) {
  const cfg = resolveConfig({ region: "us-west-2", model, credentials: KEYS, maxTokens: 2048 }, {});
  const body = JSON.stringify(
    buildRequest({ messages: [{ role: "user", content: "Héllo ✓" }] }, cfg, stream),
  );
  return {
    method: "POST",
    url: requestUrl(cfg, stream),
    headers: { "content-type": "application/json" },
    body,
  };
}

/** The same request signed by the AWS SDK's own signer (smithy), as the reference. */
async function smithySign(
  req: ReturnType<typeof request>,
  credentials: AwsCredentials,
  uriEscapePath = true,
) {
  const url = new URL(req.url);
  const signer = new SignatureV4({
    credentials,
    region: "us-west-2",
    service: "bedrock",
    sha256: Sha256,
    applyChecksum: false,
    uriEscapePath,
  });
  const signed = await signer.sign(
    {
      method: req.method,
      protocol: url.protocol,
      hostname: url.hostname,
      path: url.pathname,
      query: {},
      headers: { host: url.host, ...req.headers },
      body: req.body,
    },
    // aws4fetch leaves content-type unsigned; tell smithy the same so the two are comparable.
    { signingDate: DATE, unsignableHeaders: new Set(["content-type"]) },
  );
  return signed.headers as Record<string, string>;
}

describe("bedrock SigV4 signing", () => {
  for (const [what, model] of Object.entries(MODELS)) {
    for (const [creds, credentials] of [
      ["without a session token", KEYS],
      ["with a session token", SESSION],
    ] as const) {
      for (const stream of [false, true]) {
        it(`matches the AWS SDK signer for ${what}, ${creds}, ${stream ? "converse-stream" : "converse"}`, async () => {
          const req = request(model, stream);
          const ours = await signRequest(req, credentials, "us-west-2", new Map(), DATETIME);
          const reference = await smithySign(req, credentials);
          expect(ours.authorization).toBe(reference.authorization);
          expect(ours["x-amz-date"]).toBe(DATETIME);
          expect(ours["x-amz-date"]).toBe(reference["x-amz-date"]);
          expect(ours["x-amz-security-token"]).toBe(reference["x-amz-security-token"]);
          expect(ours["content-type"]).toBe("application/json");
        });
      }
    }
  }

  it("signs the double-encoded path while the wire URL stays single-encoded", async () => {
    const req = request(MODELS["an ARN with ':' and '/'"], false);
    expect(new URL(req.url).pathname).toBe(
      "/model/arn%3Aaws%3Abedrock%3Aus-west-2%3A123456789012%3Aapplication-inference-profile%2Fa1b2c3d4e5f6/converse",
    );
    const ours = await signRequest(req, KEYS, "us-west-2", new Map(), DATETIME);
    const singleEncoded = await smithySign(req, KEYS, false);
    expect(ours.authorization).not.toBe(singleEncoded.authorization);
  });

  it("names the credential scope with service bedrock and signs host and x-amz-* only", async () => {
    const ours = await signRequest(
      request(MODELS["an inference profile id with ':'"], false),
      SESSION,
      "us-west-2",
      new Map(),
      DATETIME,
    );
    expect(ours.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260801\/us-west-2\/bedrock\/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );
    expect(ours["x-amz-security-token"]).toBe(SESSION.sessionToken);
  });

  it("derives the signing key once per day and region through the cache", async () => {
    const cache: SigningKeyCache = new Map();
    const req = request(MODELS["an inference profile id with ':'"], false);
    await signRequest(req, KEYS, "us-west-2", cache, DATETIME);
    await signRequest(req, KEYS, "us-west-2", cache, "20260801T235959Z");
    expect(cache.size).toBe(1);
    await signRequest(req, KEYS, "us-west-2", cache, "20260802T000001Z");
    expect(cache.size).toBe(2);
  });
});

describe("a bedrock model's signature", () => {
  /** A fetch that keeps each request's headers and answers a Converse reply. */
  function keeping() {
    const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({
        url: String(url),
        headers: Object.fromEntries(new Headers(init?.headers)),
        body: String(init?.body),
      });
      const reply = {
        output: { message: { role: "assistant", content: [{ text: "hello" }] } },
        stopReason: "end_turn",
        usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
      };
      return new Response(JSON.stringify(reply), {
        headers: { "content-type": "application/json" },
      });
    };
    return { fetch, sent };
  }

  it("equals aws4fetch's for what it sent, caller headers included", async () => {
    const { fetch, sent } = keeping();
    const model = create({
      region: "us-west-2",
      model: MODELS["an ARN with ':' and '/'"],
      credentials: SESSION,
      headers: {
        "X-Amzn-Bedrock-Trace": "ENABLED",
        "User-Agent": "golem-test",
        "x-team": " a  b ",
      },
      fetch,
    });
    await model.generate({ messages: [{ role: "user", content: "Héllo ✓" }] });
    const [request] = sent;
    if (!request) throw new Error("no request was made");
    const { authorization, "x-amz-date": datetime = "", ...rest } = request.headers;
    expect(authorization).toContain(
      "SignedHeaders=host;x-amz-date;x-amz-security-token;x-amzn-bedrock-trace;x-team,",
    );
    const reference = new AwsV4Signer({
      method: "POST",
      url: request.url,
      headers: rest,
      body: request.body,
      ...SESSION,
      service: "bedrock",
      region: "us-west-2",
      datetime,
    });
    expect(authorization).toBe((await reference.sign()).headers.get("authorization"));
  });

  it("refuses a header fetch could not send before any fetch, without quoting its value", async () => {
    const { fetch, sent } = keeping();
    const value = "team-secret-0123456789";
    const model = create({
      region: "us-west-2",
      model: MODELS["an inference profile id with ':'"],
      credentials: SESSION,
      headers: { "x-team": `${value}\r\nx-evil: 1` },
      fetch,
      maxRetries: 0,
    });
    const error = await model.generate({ messages: [{ role: "user", content: "hi" }] }).then(
      () => expect.unreachable("the call should have failed"),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toBe(
      'ConfigError: bedrock: the value of header "x-team" holds a line break, NUL or a character above U+00FF, so it cannot be sent (the value is not shown)',
    );
    const text = `${String(error)}\n${(error as Error).stack}\n${JSON.stringify(error)}`;
    for (const secret of [value, SESSION.secretAccessKey, SESSION.sessionToken]) {
      expect(text).not.toContain(secret);
    }
    expect(sent).toEqual([]);
  });
});
