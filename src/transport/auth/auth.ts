/**
 * One shape for every way a platform authenticates (an API key header, a bearer token from a
 * function or a service account), and the per-call hooks the transport runs: sign each
 * attempt, scrub what was sent, and after a 401 ask for a new credential once.
 */
import { AuthError } from "../../core/errors.js";
import type { RequestOptions, SignableRequest } from "../request.js";
import type { RefreshingToken } from "./refresh.js";

/** What one attempt sends and what must never appear in its errors. */
export interface Authorized {
  headers: Record<string, string>;
  /** What `expire` is told about after a 401 (a token; for SigV4 the secret key). */
  credential: string;
  /** More strings to scrub from errors (a session token). */
  secrets?: readonly string[];
}

/** How requests of one model authenticate. */
export interface Auth {
  /**
   * The headers of one attempt (the request's plus the credential) and the credential sent
   * (a key, a token, or for SigV4 the secret that signed), for scrubbing and for `expire`.
   */
  authorize(req: SignableRequest): Promise<Authorized>;
  /** The server refused `credential` (a 401): true when asking again may give another. */
  expire(credential: string): boolean;
}

/** A fixed key in a header (`x-goog-api-key`, `x-api-key`, ...); a 401 will not change it. */
export function apiKeyAuth(header: string, key: string): Auth {
  return {
    authorize: async (req) => ({ headers: { ...req.headers, [header]: key }, credential: key }),
    expire: () => false,
  };
}

/**
 * `Authorization: Bearer …` from the caller's function, asked before every attempt (so a
 * retry after expiry gets a fresh token) and once more after a 401.
 */
export function tokenFunctionAuth(token: () => Promise<string>, who: string): Auth {
  return {
    async authorize(req) {
      let value: unknown;
      try {
        value = await token();
      } catch (err) {
        throw new AuthError(
          `${who}: token() failed: ${(err as Error)?.message ?? err}`,
          {},
          { cause: err },
        );
      }
      // Caught here, so a broken token source fails clearly instead of sending "Bearer ".
      if (typeof value !== "string" || value === "") {
        throw new AuthError(`${who}: token() did not return a non-empty string`);
      }
      return { headers: bearer(req.headers, value), credential: value };
    },
    expire: () => true,
  };
}

/** `Authorization: Bearer …` from a cache that refreshes (a service account's tokens). */
export function refreshingTokenAuth(source: RefreshingToken): Auth {
  return {
    async authorize(req) {
      const value = await source.get();
      return { headers: bearer(req.headers, value), credential: value };
    },
    expire(credential) {
      source.expire(credential);
      return true;
    },
  };
}

/** `Authorization: Bearer {key}` with a fixed key; a 401 will not change it. */
export function bearerKeyAuth(key: string): Auth {
  return {
    authorize: async (req) => ({ headers: bearer(req.headers, key), credential: key }),
    expire: () => false,
  };
}

function bearer(headers: Record<string, string>, token: string): Record<string, string> {
  return { ...headers, authorization: `Bearer ${token}` };
}

/**
 * The transport hooks of one call: `sign` authorizes each attempt and adds what it sent to
 * `secrets` (scrubbed from errors); `onUnauthorized` lets a 401 retry once with a new
 * credential.
 */
export function authHooks(
  auth: Auth,
): Pick<RequestOptions, "sign" | "onUnauthorized"> & { secrets: string[] } {
  const secrets: string[] = [];
  let last: string | undefined;
  return {
    secrets,
    async sign(req: SignableRequest) {
      const { headers, credential, secrets: more = [] } = await auth.authorize(req);
      last = credential;
      for (const secret of [credential, ...more])
        if (!secrets.includes(secret)) secrets.push(secret);
      return headers;
    },
    onUnauthorized: () => last !== undefined && auth.expire(last),
  };
}
