/**
 * Google service-account keys: the key JSON checked, a JWT assertion signed with it (RS256,
 * `crypto.subtle`) and exchanged at the key's token endpoint for an OAuth access token.
 * @see https://developers.google.com/identity/protocols/oauth2/service-account#httprest
 */
import { AuthError, ConfigError } from "../core/errors.js";
import type { FetchLike } from "../transport/exchange.js";
import { redactSecrets } from "../transport/redact.js";
import { importRS256Key, signJWT } from "./jwt.js";

/** The fields golem reads from a service-account key file (the JSON Google hands out). */
export interface ServiceAccountKey {
  client_email: string;
  /** PKCS #8 PEM. */
  private_key: string;
  /** Sent as the JWT's `kid`, so Google picks the right public key at once. */
  private_key_id?: string;
  /** @defaultValue "https://oauth2.googleapis.com/token" */
  token_uri?: string;
}

/** An access token and when it stops working (ms since the epoch), as `tokenAuth` keeps it. */
export interface ExpiringToken {
  token: string;
  expiresAt: number;
}

/** Google's OAuth 2.0 token endpoint, where a service-account assertion is exchanged. */
export const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";
/** The scope Vertex AI asks for. */
export const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";
/** Google accepts assertions that live at most an hour. */
const ASSERTION_SECONDS = 3600;

/**
 * The key JSON (text or parsed) checked for the fields golem needs; a {@link ConfigError}
 * names a missing one and never quotes the key.
 */
export function parseServiceAccount(value: unknown, who: string): ServiceAccountKey {
  let key: unknown = value;
  if (typeof value === "string") {
    try {
      key = JSON.parse(value);
    } catch {
      throw new ConfigError(
        `${who}: \`serviceAccount\` is not JSON (pass the key file's text or object)`,
      );
    }
  }
  if (typeof key !== "object" || key === null) {
    throw new ConfigError(`${who}: \`serviceAccount\` must be the key file's JSON`);
  }
  const k = key as Record<string, unknown>;
  for (const field of ["client_email", "private_key"]) {
    if (typeof k[field] !== "string" || k[field] === "") {
      throw new ConfigError(`${who}: \`serviceAccount\` has no ${field}`);
    }
  }
  if (k.token_uri !== undefined && !/^https?:\/\//.test(String(k.token_uri))) {
    throw new ConfigError(`${who}: \`serviceAccount.token_uri\` must be an http(s) URL`);
  }
  return k as unknown as ServiceAccountKey;
}

/** The claims of one assertion, issued at `nowMs`. */
export function assertionClaims(
  key: ServiceAccountKey,
  scope: string,
  nowMs: number,
): Record<string, unknown> {
  const iat = Math.floor(nowMs / 1000);
  return {
    iss: key.client_email,
    scope,
    aud: key.token_uri ?? GOOGLE_TOKEN_URI,
    iat,
    exp: iat + ASSERTION_SECONDS,
  };
}

/** Options of {@link createServiceAccountFetcher}. */
export interface ServiceAccountOptions {
  scope?: string;
  fetch?: FetchLike | undefined;
  now?: () => number;
}

/**
 * A token source for `tokenAuth`: each call signs a new assertion and
 * exchanges it (stopped when `signal` aborts). The private key is imported once, on first use. Failures are
 * {@link AuthError}s with the endpoint's status and `error` code.
 */
export function createServiceAccountFetcher(
  key: ServiceAccountKey,
  options: ServiceAccountOptions = {},
): (signal?: AbortSignal) => Promise<ExpiringToken> {
  const now = options.now ?? Date.now;
  let cryptoKey: Promise<CryptoKey> | undefined;
  return async (signal) => {
    cryptoKey ??= importRS256Key(key.private_key);
    const header = key.private_key_id ? { kid: key.private_key_id } : {};
    const issuedAt = now();
    const claims = assertionClaims(key, options.scope ?? CLOUD_PLATFORM_SCOPE, issuedAt);
    const assertion = await signJWT(header, claims, await cryptoKey);
    const uri = key.token_uri ?? GOOGLE_TOKEN_URI;
    return exchangeAssertion(uri, assertion, issuedAt, options.fetch, signal);
  };
}

/** POSTs the assertion (the jwt-bearer grant) and reads `access_token` and `expires_in`. */
async function exchangeAssertion(
  url: string,
  assertion: string,
  issuedAt: number,
  fetchImpl: FetchLike | undefined,
  signal: AbortSignal | undefined,
): Promise<ExpiringToken> {
  const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  const body = new URLSearchParams({
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion,
  }).toString();
  let response: Response;
  try {
    response = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      signal: signal ?? null,
    });
  } catch (err) {
    throw new AuthError(`could not reach the token endpoint ${hostOf(url)}`, {}, { cause: err });
  }
  const text = redactSecrets(await response.text().catch(() => ""), [assertion]);
  const json = parseJSON(text);
  if (!response.ok) {
    const type = typeof json?.error === "string" ? json.error : undefined;
    const detail = typeof json?.error_description === "string" ? `: ${json.error_description}` : "";
    throw new AuthError(
      `the token endpoint refused the service-account key (${response.status}${type ? ` ${type}` : ""}${detail})`,
      { status: response.status, ...(type === undefined ? {} : { type }) },
    );
  }
  const token = json?.access_token;
  if (typeof token !== "string" || token === "") {
    throw new AuthError("the token endpoint answered without an access_token", {
      status: response.status,
    });
  }
  const seconds = typeof json?.expires_in === "number" ? json.expires_in : ASSERTION_SECONDS;
  return { token, expiresAt: issuedAt + seconds * 1000 };
}

function parseJSON(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
