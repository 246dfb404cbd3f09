/**
 * A cached access token that refreshes itself: reused until shortly before it expires, fetched
 * once for any number of calls waiting at the same time (single flight), and dropped when a
 * 401 says the server no longer takes it.
 */
import { AuthError } from "../../core/errors.js";

/** A token and when it stops working (ms since the epoch). */
export interface ExpiringToken {
  token: string;
  expiresAt: number;
}

/** What {@link createRefreshingToken} hands out. */
export interface RefreshingToken {
  /** A token valid for at least the margin: the cached one, or a fresh one. */
  get(): Promise<string>;
  /**
   * The server refused `token` (a 401): forget it, so the next `get` fetches another. A token
   * already replaced is ignored, so the 401s of concurrent calls refresh once.
   */
  expire(token: string): void;
}

/** How early a token is replaced, before its stated expiry. @defaultValue 5 minutes */
export const DEFAULT_MARGIN_MS = 5 * 60_000;

/**
 * Wraps `fetchToken` in a cache. `now` is injected for tests; a failed fetch is not cached, so
 * the next call tries again. A failure that is not already an {@link AuthError} becomes one.
 */
export function createRefreshingToken(
  fetchToken: () => Promise<ExpiringToken>,
  options: { now?: () => number; marginMs?: number } = {},
): RefreshingToken {
  const now = options.now ?? Date.now;
  const margin = options.marginMs ?? DEFAULT_MARGIN_MS;
  let current: ExpiringToken | undefined;
  let pending: Promise<ExpiringToken> | undefined;
  const refresh = (): Promise<ExpiringToken> => {
    pending ??= fetchToken()
      .then((fresh) => {
        current = fresh;
        return fresh;
      })
      .catch((err: unknown) => {
        throw err instanceof AuthError
          ? err
          : new AuthError(`could not get an access token: ${messageOf(err)}`, {}, { cause: err });
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  return {
    async get() {
      if (current && now() < current.expiresAt - margin) return current.token;
      return (await refresh()).token;
    },
    expire(token) {
      if (current?.token === token) current = undefined;
    },
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
