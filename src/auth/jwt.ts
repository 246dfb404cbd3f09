/**
 * An RS256 JSON Web Token signer over `crypto.subtle`, so a service-account key signs in every
 * runtime (workerd and edge have no `node:crypto`). Pure apart from the signing itself: the
 * claims, and so the clock, come from the caller.
 * @see https://datatracker.ietf.org/doc/html/rfc7519
 */
import { ConfigError } from "../core/errors.js";
import { base64ToBytes, bytesToBase64 } from "../core/media.js";

/** The RSASSA-PKCS1-v1_5 with SHA-256 algorithm JWT calls RS256. */
const RS256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

/** base64url without padding, as JWT encodes every segment. */
export function base64url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url segment. */
export function fromBase64url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return base64ToBytes(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
}

/**
 * Imports a PKCS #8 PEM private key (`-----BEGIN PRIVATE KEY-----`, as in a Google
 * service-account JSON) for RS256 signing. The key is not extractable. A PKCS #1 key
 * (`BEGIN RSA PRIVATE KEY`) is refused by name: Web Crypto imports only PKCS #8.
 */
export async function importRS256Key(pem: string): Promise<CryptoKey> {
  if (pem.includes("BEGIN RSA PRIVATE KEY")) {
    throw new ConfigError(
      "the private key is PKCS #1 (BEGIN RSA PRIVATE KEY); convert it to PKCS #8 (BEGIN PRIVATE KEY)",
    );
  }
  const body = pem
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "")
    .replace(/\\n/g, "")
    .replace(/\s+/g, "");
  let der: Uint8Array;
  try {
    der = base64ToBytes(body);
  } catch {
    throw new ConfigError("the private key is not a PEM (BEGIN PRIVATE KEY) block");
  }
  try {
    return await crypto.subtle.importKey("pkcs8", der as BufferSource, RS256, false, ["sign"]);
  } catch (err) {
    // The runtime's message names no key material, only what was wrong with it.
    throw new ConfigError("the private key could not be imported as an RSA PKCS #8 key", {
      cause: err,
    });
  }
}

/** `header.claims.signature`, every segment base64url, signed with RS256. */
export async function signJWT(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  key: CryptoKey,
): Promise<string> {
  const encoder = new TextEncoder();
  const head = base64url(encoder.encode(JSON.stringify({ alg: "RS256", typ: "JWT", ...header })));
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  const input = `${head}.${body}`;
  const signature = await crypto.subtle.sign(RS256, key, encoder.encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}
