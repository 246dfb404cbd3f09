/**
 * A throwaway RSA key pair made per test run (never a real key) and a service-account JSON
 * around it, for the JWT signer and token-exchange tests.
 */

import { beforeAll } from "vitest";
import type { ServiceAccountKey } from "../../../src/auth/google.js";
import { fromBase64url } from "../../../src/auth/jwt.js";
import { bytesToBase64 } from "../../../src/core/media.js";

export interface TestKeys {
  publicKey: CryptoKey;
  /** PKCS #8 PEM, as a key file holds it. */
  pem: string;
}

export async function makeTestKeys(): Promise<TestKeys> {
  const pair = await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  );
  const der = new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
  const lines = bytesToBase64(der).match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN PRIVATE KEY-----\n${lines.join("\n")}\n-----END PRIVATE KEY-----\n`;
  return { publicKey: pair.publicKey, pem };
}

export function serviceAccount(pem: string, tokenUri: string): ServiceAccountKey {
  return {
    client_email: "golem-test@example-project.iam.gserviceaccount.com",
    private_key: pem,
    private_key_id: "0123456789abcdef",
    token_uri: tokenUri,
  };
}

/** One key pair for a test file, made before its tests: call the result for it. */
export function keysForFile(): () => TestKeys {
  let keys: TestKeys | undefined;
  beforeAll(async () => {
    keys = await makeTestKeys();
  });
  return () => {
    if (!keys) throw new Error("the test keys are made before the tests run");
    return keys;
  };
}

/** Whether `publicKey` verifies `signature` (base64url) over `head.body` (RS256). */
export function verifies(publicKey: CryptoKey, head: string, body: string, signature: string) {
  return crypto.subtle.verify(
    "RSASSA-PKCS1-v1_5",
    publicKey,
    fromBase64url(signature) as BufferSource,
    new TextEncoder().encode(`${head}.${body}`),
  );
}
