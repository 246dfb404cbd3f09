import { AuthError, ConfigError, GolemError } from "../core/errors.js";
import { untilAborted } from "../transport/abort.js";
import type { Auth } from "./auth.js";
import { UNSENDABLE } from "./header-value.js";

/** What a token source returns: the token, or the token and when it expires. */
export type TokenResult = string | { token: string; expiresAt?: number };

/** How a {@link tokenAuth} sends and keeps its tokens. */
export interface TokenAuthOptions {
  /** Named in the error for a source that returns no token (`"azure"`). */
  provider: string;
  /** @defaultValue "authorization" */
  header?: string;
  /** @defaultValue "Bearer " */
  prefix?: string;
  /** A token with `expiresAt` is asked for again this long before it expires. @defaultValue 60 000 ms */
  marginMs?: number;
  /** The clock, for tests. @defaultValue `Date.now` */
  now?: () => number;
}

/** Tokens kept for scrubbing; a source normally hands out one token an hour. */
const MAX_SECRETS = 16;

/**
 * A bearer token from `source`. A token that says when it expires is kept until `marginMs`
 * before then; a bare string is asked for again before every attempt (a source that caches,
 * like an Entra credential, then decides). Attempts that need a token while one is being
 * fetched share that fetch; once every one of them has given up (its signal aborted), the
 * fetch is stopped (`source`'s signal) and the next attempt starts its own. `expire()` after a
 * 401 drops the refused token if it is still the kept one; every call refused a kept token gets
 * its retry, and the retries share one fetch. Whatever fails (a source that throws, returns no
 * token or one no header can carry) is an {@link AuthError} naming `provider`, never the token.
 */
export function tokenAuth(
  source: (signal: AbortSignal) => Promise<TokenResult>,
  opts: TokenAuthOptions,
): Auth {
  const { provider, header = "authorization", prefix = "Bearer ", marginMs = 60_000 } = opts;
  const now = opts.now ?? Date.now;
  const secrets: string[] = [];
  // Tokens that came with an expiry: a 401 for one of them is worth a retry with a fresh one.
  const expiring: string[] = [];
  let kept: { token: string; until: number } | undefined;
  let pending: { token: Promise<string>; waiting: number; stop: AbortController } | undefined;

  async function fetchToken(signal: AbortSignal): Promise<string> {
    let result: TokenResult;
    try {
      result = await source(signal);
    } catch (err) {
      // A service account's errors say what failed already; a caller's function's are wrapped.
      if (err instanceof GolemError) throw err;
      const why = err instanceof Error ? err.message : String(err);
      throw new AuthError(`${provider}: token() failed: ${why}`, {}, { cause: err });
    }
    const raw: unknown = typeof result === "string" ? result : result?.token;
    // Trimmed, as `Headers` trims a value (a token read from a file ends in a newline).
    const token = typeof raw === "string" ? raw.trim() : "";
    // Caught here, so a broken token source fails clearly instead of sending "Bearer ", or
    // failing inside fetch as a network error that is retried.
    if (token === "" || UNSENDABLE.test(token)) {
      throw new AuthError(
        `${provider}: token() returned no usable token (empty, or with a line break or a character above U+00FF)`,
      );
    }
    remember(secrets, token);
    const expiresAt = typeof result === "string" ? undefined : result.expiresAt;
    kept = expiresAt === undefined ? undefined : { token, until: expiresAt - marginMs };
    if (expiresAt !== undefined) remember(expiring, token);
    return token;
  }

  function current(signal: AbortSignal | undefined): Promise<string> {
    if (kept !== undefined && now() < kept.until) return Promise.resolve(kept.token);
    if (!pending) {
      const stop = new AbortController();
      const started = {
        stop,
        waiting: 0,
        token: fetchToken(stop.signal).finally(() => {
          if (pending === started) pending = undefined;
        }),
      };
      pending = started;
    }
    const fetching = pending;
    fetching.waiting++;
    return (signal ? untilAborted(fetching.token, signal) : fetching.token).finally(() => {
      // Still pending once the last attempt waiting for it gave up: a fetch that never ends
      // must not hold the next attempt.
      if (--fetching.waiting === 0 && pending === fetching) {
        pending = undefined;
        fetching.stop.abort();
      }
    });
  }

  return {
    secrets,
    async authorize(req, signal) {
      return { ...req.headers, [header]: `${prefix}${await current(signal)}` };
    },
    expire(refused) {
      const token = refused === undefined ? kept?.token : refused[header]?.slice(prefix.length);
      if (token === undefined || !expiring.includes(token)) return false;
      // Another call refused the same token may have fetched a fresh one already: keep that.
      if (kept?.token === token) kept = undefined;
      return true;
    },
  };
}

/** Adds `token` to a short list once, forgetting the oldest past {@link MAX_SECRETS}. */
function remember(list: string[], token: string): void {
  if (list.includes(token)) return;
  list.push(token);
  if (list.length > MAX_SECRETS) list.shift();
}

/**
 * A caller's token function as an {@link Auth}: asked before every attempt (unless its token
 * says when it expires), and once more after a 401 whatever it returned; a function that
 * throws, or returns no token or one no header can carry, is an {@link AuthError} naming
 * `provider`, before any request. The function is given no argument (no signal): the call
 * stops waiting for it when the attempt ends.
 */
export function tokenFunctionAuth(token: () => Promise<TokenResult>, provider: string): Auth {
  const each = tokenAuth(() => token(), { provider });
  return {
    secrets: each.secrets,
    authorize: each.authorize,
    expire: (refused) => {
      each.expire?.(refused);
      return true;
    },
  };
}

/**
 * A config's `token` checked before any request: a function, else a {@link ConfigError}
 * naming `who` and what it should return (`kind`, e.g. "an Entra ID access token").
 */
export function checkTokenFunction<F extends () => Promise<TokenResult>>(
  token: F,
  who: string,
  kind: string,
): F {
  if (typeof token !== "function") {
    throw new ConfigError(`${who}: \`token\` must be a function returning a promise of ${kind}`);
  }
  return token;
}
