import { describe, expect, it } from "vitest";
import { base64url, fromBase64url, importRS256Key, signJWT } from "../../../src/auth/jwt.js";
import { ConfigError } from "../../../src/core/errors.js";
import { keysForFile, verifies } from "./keys.js";

const keys = keysForFile();

const decode = (segment: string) => JSON.parse(new TextDecoder().decode(fromBase64url(segment)));

describe("the RS256 JWT signer", () => {
  it("writes base64url without padding or + and /", () => {
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe("-_-_");
    expect(base64url(new Uint8Array([1]))).toBe("AQ");
    expect(Array.from(fromBase64url("-_-_"))).toEqual([251, 255, 191]);
  });

  it("signs header and claims so that the public key verifies the signature", async () => {
    const key = await importRS256Key(keys().pem);
    const jwt = await signJWT({ kid: "k1" }, { iss: "a@b", iat: 1, exp: 3601 }, key);
    const [head, body, sig] = jwt.split(".") as [string, string, string];
    expect(decode(head)).toEqual({ alg: "RS256", typ: "JWT", kid: "k1" });
    expect(decode(body)).toEqual({ iss: "a@b", iat: 1, exp: 3601 });
    const ok = await verifies(keys().publicKey, head, body, sig);
    expect(ok).toBe(true);
  });

  it("a signature over other claims does not verify", async () => {
    const key = await importRS256Key(keys().pem);
    const [head, , sig] = (await signJWT({}, { iss: "a" }, key)).split(".") as [
      string,
      string,
      string,
    ];
    const forged = base64url(new TextEncoder().encode(JSON.stringify({ iss: "b" })));
    const ok = await verifies(keys().publicKey, head, forged, sig);
    expect(ok).toBe(false);
  });

  it("imports a key whose newlines arrived escaped (a key pasted into an environment variable)", async () => {
    const escaped = keys().pem.replace(/\n/g, "\\n");
    await expect(importRS256Key(escaped)).resolves.toBeDefined();
  });

  it.each([
    [
      "a PKCS #1 key",
      "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
      /PKCS #1/,
    ],
    [
      "text that is not base64",
      "-----BEGIN PRIVATE KEY-----\n@@@\n-----END PRIVATE KEY-----",
      /not a PEM/,
    ],
    [
      "base64 that is no key",
      "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
      /could not be imported/,
    ],
  ])("refuses %s with a ConfigError", async (_, pem, message) => {
    const err = await importRS256Key(pem).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
  });
});
