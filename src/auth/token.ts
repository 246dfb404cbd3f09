import { AuthError, ConfigError, GolemError } from "../core/errors.js";
import type { Auth } from "./auth.js";

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
 * fetched share that fetch. `expire()` after a 401 drops the refused token if it is still the
 * kept one; every call refused a kept token gets its retry, and the retries share one fetch.
 */
export function tokenAuth(source: () => Promise<TokenResult>, opts: TokenAuthOptions): Auth {
  const { header = "authorization", prefix = "Bearer ", marginMs = 60_000 } = opts;
  const now = opts.now ?? Date.now;
  const secrets: string[] = [];
  // Tokens that came with an expiry: a 401 for one of them is worth a retry with a fresh one.
  const expiring: string[] = [];
  let kept: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const result = await source();
    const token = typeof result === "string" ? result : result?.token;
    // Caught here, so a broken token source fails clearly instead of sending "Bearer ".
    if (typeof token !== "string" || token === "") {
      throw new GolemError(`${opts.provider}: token() did not return a non-empty string`);
    }
    remember(secrets, token);
    const expiresAt = typeof result === "string" ? undefined : result.expiresAt;
    kept = expiresAt === undefined ? undefined : { token, until: expiresAt - marginMs };
    if (expiresAt !== undefined) remember(expiring, token);
    return token;
  }

  function current(): Promise<string> {
    if (kept !== undefined && now() < kept.until) return Promise.resolve(kept.token);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    secrets,
    async authorize(req) {
      return { ...req.headers, [header]: `${prefix}${await current()}` };
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
 * throws is an {@link AuthError} naming `provider`, before any request.
 */
export function tokenFunctionAuth(token: () => Promise<TokenResult>, provider: string): Auth {
  const ask = async () => {
    try {
      return await token();
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new AuthError(`${provider}: token() failed: ${why}`, {}, { cause: err });
    }
  };
  const each = tokenAuth(ask, { provider });
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
