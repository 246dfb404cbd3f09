import type { SignableRequest } from "../transport/exchange.js";

/**
 * How a platform proves who is calling. `authorize` runs before every attempt (a SigV4 date
 * or a token may change between retries) and returns the headers to send; `secrets` are the
 * strings it owns and puts on the wire, scrubbed from every error of a call through it.
 */
export interface Auth {
  /**
   * The headers of one attempt: the request's own plus the credentials. `signal` aborts when
   * the attempt ends (the caller's abort, a time limit): work done for this attempt alone may
   * stop then. The transport stops waiting then in any case.
   */
  authorize(req: SignableRequest, signal?: AbortSignal): Promise<Record<string, string>>;
  /**
   * The keys and tokens this auth has sent so far (a token auth adds each new token). Read
   * whenever an error is scrubbed, so it is always the auth's current list.
   */
  readonly secrets: readonly string[];
  /**
   * After a 401 for the attempt that sent `refused` (the headers `authorize` returned; without
   * them, the current credential): forgets that credential if it is still cached, and says
   * `true` when one more attempt may get a fresher one. Calls refused the same credential at
   * once each get `true`, and their next attempts share one refresh.
   */
  expire?(refused?: Record<string, string>): boolean;
}

/**
 * A fixed key in one header (`x-api-key`, `api-key`, `x-goog-api-key`), or with `prefix`
 * `"Bearer "` in `authorization`. The key itself, without the prefix, is the secret.
 */
export function apiKeyAuth(header: string, value: string, prefix = ""): Auth {
  const sent = `${prefix}${value}`;
  return {
    secrets: [value],
    authorize: async (req) => ({ ...req.headers, [header]: sent }),
  };
}
