import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Credentials } from "../../../src/auth/sigv4.js";
import { type SigV4Request, signV4, signV4Parts } from "../../../src/auth/sigv4.js";
import { ConfigError } from "../../../src/core/errors.js";
import { aws4fetchHeaders, KEYS, REQ } from "./sigv4-reference.js";

// The published AWS Signature Version 4 test suite (docs.aws.amazon.com/general/latest/gr/
// signature-v4-test-suite.html), as vendored in bazelbuild/bazel
// third_party/aws-sig-v4-test-suite (commit 6b2dc5363d95ba54e5578d64981694f1ae329bdf and
// neighbours): service "service", region us-east-1, 20150830T123600Z, the example keys.
const SUITE = { region: "us-east-1", service: "service", datetime: "20150830T123600Z" };
const SUITE_TOKEN =
  "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==";
const SCOPE = "Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request";

describe("the published AWS SigV4 test suite", () => {
  it("post-x-www-form-urlencoded: a POST with a body, canonical request to signature", async () => {
    // The suite signs content-type, which aws4fetch (and so golem) leaves unsigned by default;
    // an empty unsignable set is aws4fetch's `allHeaders`.
    const parts = await signV4Parts(
      {
        method: "POST",
        url: "https://example.amazonaws.com/",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "Param1=value1",
      },
      { ...SUITE, credentials: KEYS, cache: new Map(), unsignable: new Set() },
    );
    expect(parts.canonicalRequest).toBe(
      [
        "POST",
        "/",
        "",
        "content-type:application/x-www-form-urlencoded",
        "host:example.amazonaws.com",
        "x-amz-date:20150830T123600Z",
        "",
        "content-type;host;x-amz-date",
        "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
      ].join("\n"),
    );
    expect(parts.stringToSign).toBe(
      [
        "AWS4-HMAC-SHA256",
        "20150830T123600Z",
        "20150830/us-east-1/service/aws4_request",
        "42a5e5bb34198acb3e84da4f085bb7927f2bc277ca766e6d19c73c2154021281",
      ].join("\n"),
    );
    expect(parts.headers.authorization).toBe(
      `AWS4-HMAC-SHA256 ${SCOPE}, SignedHeaders=content-type;host;x-amz-date, Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a`,
    );
  });

  const vectors: [string, SigV4Request, Credentials, string][] = [
    [
      "post-vanilla",
      { method: "POST", url: "https://example.amazonaws.com/", headers: {}, body: "" },
      KEYS,
      "SignedHeaders=host;x-amz-date, Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b",
    ],
    [
      "post-sts-header-before (the session token signed, as Bedrock wants it)",
      { method: "POST", url: "https://example.amazonaws.com/", headers: {}, body: "" },
      { ...KEYS, sessionToken: SUITE_TOKEN },
      "SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead",
    ],
    [
      "get-vanilla-query-order-key-case (query pairs sorted)",
      {
        method: "GET",
        url: "https://example.amazonaws.com/?Param2=value2&Param1=value1",
        headers: {},
        body: "",
      },
      KEYS,
      "SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
    ],
    [
      "get-vanilla-utf8-query (a UTF-8 query key)",
      { method: "GET", url: "https://example.amazonaws.com/?ሴ=bar", headers: {}, body: "" },
      KEYS,
      "SignedHeaders=host;x-amz-date, Signature=2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04",
    ],
  ];
  for (const [name, req, credentials, expected] of vectors) {
    it(`${name} signs as published`, async () => {
      const headers = await signV4(req, { ...SUITE, credentials, cache: new Map() });
      expect(headers.authorization).toBe(`AWS4-HMAC-SHA256 ${SCOPE}, ${expected}`);
      expect(headers["x-amz-date"]).toBe(SUITE.datetime);
    });
  }
});

const TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const headerName = fc.oneof(
  fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 12 }),
  // Names with a rule of their own: unsignable, replaced by the signer, or taken from the URL.
  fc.constantFrom(
    "Content-Type",
    "content-length",
    "User-Agent",
    "range",
    "expect",
    "connection",
    "x-amzn-trace-id",
    "presigned-expires",
    "authorization",
    "Host",
    "x-amz-date",
    "X-Amz-Security-Token",
    "x-amz-content-sha256",
    "X-Amz-Target",
    "__proto__",
  ),
);
// Values as `Headers` accepts them: latin-1, inner whitespace of every kind, trimmable ends.
const headerValue = fc
  .tuple(
    fc.constantFrom("", " ", "\t", "\r\n", " \n"),
    fc.string({
      unit: fc.constantFrom("a", "Z", "0", " ", "  ", "\t", ",", ";", "=", '"', "é", "\xa0", "\v"),
      maxLength: 16,
    }),
    fc.constantFrom("", " ", "\t", "\n"),
  )
  .map(([start, inner, end]) => `${start}${inner}${end}`);
const body = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.json(),
  // Lone surrogates: both encode them as U+FFFD, as fetch sends them.
  fc.string({ unit: fc.constantFrom("a", "é", "✓", "😀", "\ud800", "\udc00", "\n", '"') }),
);
const query = fc.string({
  unit: fc.constantFrom(
    "a",
    "B",
    "=",
    "&",
    "+",
    "%",
    "%20",
    "%zz",
    "é",
    "~",
    "*",
    "!",
    "(",
    " ",
    "'",
  ),
  maxLength: 12,
});
const datetime = fc
  .date({
    min: new Date("2000-01-01T00:00:00Z"),
    max: new Date("2099-12-31T23:59:59Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().replace(/[:-]|\.\d{3}/g, ""));
const credentials: fc.Arbitrary<Credentials> = fc
  .record({
    accessKeyId: fc.stringMatching(/^[A-Z0-9]{4,20}$/),
    secretAccessKey: fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
    sessionToken: fc.option(fc.stringMatching(/^[A-Za-z0-9/+=]{1,60}$/), { nil: undefined }),
  })
  .map(({ sessionToken, ...keys }) => (sessionToken ? { ...keys, sessionToken } : keys));

describe("golem's SigV4 signer against aws4fetch's AwsV4Signer", () => {
  it("sends exactly the headers aws4fetch sends for random bodies, model ids, headers and queries", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          model: fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
          op: fc.constantFrom("converse", "converse-stream"),
          search: fc.option(query, { nil: undefined }),
          headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 6 }),
          body,
          credentials,
          region: fc.stringMatching(/^[a-z0-9-]{1,14}$/),
          datetime,
        }),
        async (c) => {
          const search = c.search === undefined ? "" : `?${c.search}`;
          const req: SigV4Request = {
            method: "POST",
            url: `https://bedrock-runtime.${c.region}.amazonaws.com/model/${encodeURIComponent(c.model)}/${c.op}${search}`,
            headers: Object.fromEntries(c.headers),
            body: c.body,
          };
          const options = { credentials: c.credentials, region: c.region, service: "bedrock" };
          const ours = await signV4(req, { ...options, cache: new Map(), datetime: c.datetime });
          const reference = await aws4fetchHeaders(req, c.credentials, c.region, c.datetime);
          expect(ours).toEqual(reference);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("drops a header named __proto__, as aws4fetch (Node's Headers) does, so it is neither signed nor sent", async () => {
    const req = {
      method: "POST",
      url: "https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse",
      headers: JSON.parse('{"__proto__": "x", "X-Custom": "  a   b  "}'),
      body: "{}",
    };
    const ours = await signV4(req, {
      credentials: KEYS,
      region: "us-east-1",
      service: "bedrock",
      cache: new Map(),
      datetime: "20260801T123456Z",
    });
    expect(Object.keys(ours).sort()).toEqual(["authorization", "x-amz-date", "x-custom"]);
    // Sent trimmed, signed with inner whitespace collapsed (aws4fetch's canonical value).
    expect(ours["x-custom"]).toBe("a   b");
    expect(ours.authorization).toContain("SignedHeaders=host;x-amz-date;x-custom,");
    expect(ours).toEqual(await aws4fetchHeaders(req, KEYS, "us-east-1", "20260801T123456Z"));
  });
});

describe("signing errors", () => {
  const SECRET_VALUE = "AKIAsecret-value-0123456789";
  const TOKEN = "IQoJb3JpZ2luX2VjSESSIONTOKENEXAMPLE0123456789";

  /** The error, and everything printable about it, down its cause chain. */
  async function failure(run: () => Promise<unknown>): Promise<{ error: unknown; text: string }> {
    const error = await run().then(
      () => expect.unreachable("signing should have failed"),
      (e: unknown) => e,
    );
    const texts: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      texts.push(String(e), e.stack ?? "", JSON.stringify(e));
    }
    return { error, text: texts.join("\n") };
  }

  const cases: [string, () => Promise<unknown>, string[]][] = [
    [
      "a header value with a line break",
      () =>
        signV4(
          { ...REQ, headers: { "x-token": `${SECRET_VALUE}\nx` } },
          { credentials: KEYS, region: "us-west-2", service: "bedrock", cache: new Map() },
        ),
      [SECRET_VALUE, KEYS.secretAccessKey],
    ],
    [
      "a header value with a character fetch cannot send",
      () =>
        signV4(
          { ...REQ, headers: { "x-token": `${SECRET_VALUE}✓` } },
          { credentials: KEYS, region: "us-west-2", service: "bedrock", cache: new Map() },
        ),
      [SECRET_VALUE, KEYS.secretAccessKey],
    ],
    [
      "a session token with a line break",
      () =>
        signV4(REQ, {
          credentials: { ...KEYS, sessionToken: `${TOKEN}\r\nx` },
          region: "us-west-2",
          service: "bedrock",
          cache: new Map(),
        }),
      [TOKEN, KEYS.secretAccessKey],
    ],
    [
      "an access key id with a line break",
      () =>
        signV4(REQ, {
          credentials: { ...KEYS, accessKeyId: `${SECRET_VALUE}\nx` },
          region: "us-west-2",
          service: "bedrock",
          cache: new Map(),
        }),
      [SECRET_VALUE, KEYS.secretAccessKey],
    ],
  ];
  for (const [what, run, secrets] of cases) {
    it(`refuses ${what} with a ConfigError that names the header, not the value`, async () => {
      const { error, text } = await failure(run);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^bedrock: the value of header "[a-z-]+" holds /);
      for (const secret of secrets) expect(text).not.toContain(secret);
    });
  }

  it("refuses a header name that is not an HTTP token", async () => {
    const { error } = await failure(() =>
      signV4(
        { ...REQ, headers: { "x bad": "v" } },
        { credentials: KEYS, region: "us-west-2", service: "bedrock", cache: new Map() },
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe('bedrock: header name "x bad" is not an HTTP token');
  });

  it("quotes no secret when the URL cannot be parsed", async () => {
    const { error, text } = await failure(() =>
      signV4(
        { ...REQ, url: "not a url" },
        { credentials: KEYS, region: "us-west-2", service: "bedrock", cache: new Map() },
      ),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(text).not.toContain(KEYS.secretAccessKey);
  });
});
