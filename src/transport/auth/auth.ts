/**
 * One shape for every way a platform authenticates (an API key header, a bearer token from a
 * function or a service account), and the per-call hooks the transport runs: sign each
 * attempt, scrub what was sent, and after a 401 ask for a new credential once.
 */
import { AuthError } from "../../core/errors.js";
import type { RequestOptions, SignableRequest } from "../request.js";
import type { RefreshingToken } from "./refresh.js";

/** How requests of one model authenticate. */
export interface Auth {
  /** The headers of one attempt (`headers` plus the credential) and the credential sent. */
  authorize(
    headers: Record<string, string>,
  ): Promise<{ headers: Record<string, string>; credential: string }>;
  /** The server refused `credential` (a 401): true when asking again may give another. */
  expire(credential: string): boolean;
}

/** A fixed key in a header (`x-goog-api-key`, `x-api-key`, ...); a 401 will not change it. */
export function apiKeyAuth(header: string, key: string): Auth {
  return {
    authorize: async (headers) => ({ headers: { ...headers, [header]: key }, credential: key }),
    expire: () => false,
  };
}

/**
 * `Authorization: Bearer …` from the caller's function, asked before every attempt (so a
 * retry after expiry gets a fresh token) and once more after a 401.
 */
export function tokenFunctionAuth(token: () => Promise<string>, who: string): Auth {
  return {
    async authorize(headers) {
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
      return { headers: bearer(headers, value), credential: value };
    },
    expire: () => true,
  };
}

/** `Authorization: Bearer …` from a cache that refreshes (a service account's tokens). */
export function refreshingTokenAuth(source: RefreshingToken): Auth {
  return {
    async authorize(headers) {
      const value = await source.get();
      return { headers: bearer(headers, value), credential: value };
    },
    expire(credential) {
      source.expire(credential);
      return true;
    },
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
      const { headers, credential } = await auth.authorize(req.headers);
      last = credential;
      if (!secrets.includes(credential)) secrets.push(credential);
      return headers;
    },
    onUnauthorized: () => last !== undefined && auth.expire(last),
  };
}
