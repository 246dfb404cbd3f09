import { describe, expect, it } from "vitest";
import {
  holdsSecret,
  redactHeaders,
  redactURL,
  scrubText,
  secretsOf,
} from "../../src/testing/redact.js";

/** The recorder's redaction rules, one by one. */

describe("redactURL", () => {
  it.for([
    [
      "a Gemini key",
      "https://g.test/v1beta/m:generate?key=AIzaSecret&alt=sse",
      "https://g.test/v1beta/m:generate?key=<redacted>&alt=sse",
    ],
    [
      "a presigned SigV4 URL",
      "https://b.test/x?X-Amz-Credential=AKIA1%2F2026&X-Amz-Date=20260101T000000Z&X-Amz-Signature=abc&X-Amz-Security-Token=tok",
      "https://b.test/x?X-Amz-Credential=<redacted>&X-Amz-Date=<redacted>&X-Amz-Signature=<redacted>&X-Amz-Security-Token=<redacted>",
    ],
    [
      "a URL with no secret, untouched",
      "https://a.test/v1/messages?beta=true",
      "https://a.test/v1/messages?beta=true",
    ],
  ] as const)("replaces %s", ([, url, expected]) => {
    expect(redactURL(url)).toBe(expected);
  });
});

describe("redactHeaders", () => {
  it("replaces secret headers, drops the SigV4 date and body hash, lowercases names", () => {
    expect(
      redactHeaders({
        Authorization: "Bearer t",
        "x-api-key": "k",
        "X-Goog-Api-Key": "g",
        "api-key": "a",
        "x-amz-security-token": "s",
        "x-amz-date": "20260101T000000Z",
        "x-amz-content-sha256": "e3b0",
        "anthropic-version": "2023-06-01",
      }),
    ).toStrictEqual({
      authorization: "<redacted>",
      "x-api-key": "<redacted>",
      "x-goog-api-key": "<redacted>",
      "api-key": "<redacted>",
      "x-amz-security-token": "<redacted>",
      "anthropic-version": "2023-06-01",
    });
  });
});

describe("secretsOf", () => {
  it("finds the header values, the bearer token, the SigV4 access key id and query secrets", () => {
    const sigv4 =
      "AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE0KEY/20260101/us-east-1/bedrock/aws4_request, SignedHeaders=host, Signature=0123456789abcdef";
    expect(
      secretsOf("https://g.test/x?key=AIzaSyQuerySecret", {
        authorization: "Bearer eyJhbGciOi.token",
        "x-amz-security-token": "FwoGZXIvYXdzEXAMPLE",
        "anthropic-version": "2023-06-01",
      }),
    ).toStrictEqual([
      "Bearer eyJhbGciOi.token",
      "eyJhbGciOi.token",
      "FwoGZXIvYXdzEXAMPLE",
      "AIzaSyQuerySecret",
    ]);
    expect(secretsOf("https://b.test/x", { authorization: sigv4 })).toStrictEqual([
      sigv4,
      "AKIAEXAMPLE0KEY",
    ]);
  });

  it("ignores values too short to search for", () => {
    expect(secretsOf("https://a.test/", { "x-api-key": "test" })).toStrictEqual([]);
  });
});

describe("scrubText", () => {
  const SECRET = 'pa"ss/word+key=1';

  it("replaces a secret as written, as JSON escapes it and as a URL encodes it", () => {
    const text = JSON.stringify({
      raw: SECRET,
      url: `https://x.test/?t=${encodeURIComponent(SECRET)}`,
    });
    expect(holdsSecret(text, [SECRET])).toBe(true);
    const out = scrubText(text, [SECRET]);
    expect(out).toBe('{"raw":"<redacted>","url":"https://x.test/?t=<redacted>"}');
    expect(holdsSecret(out, [SECRET])).toBe(false);
  });

  it("replaces bearer tokens, the caller's patterns (every match) and account ids when asked", () => {
    const text = "Bearer abc.def-123456 ticket T-1 T-2 arn:aws:iam::123456789012:role/x";
    expect(scrubText(text, [], { patterns: [/T-\d/], accountIds: true })).toBe(
      "Bearer <redacted> ticket <redacted> <redacted> arn:aws:iam::000000000000:role/x",
    );
    expect(scrubText(text, [])).toBe(
      "Bearer <redacted> ticket T-1 T-2 arn:aws:iam::123456789012:role/x",
    );
  });
});
