import type { Cassette } from "./cassette.js";
import { CassetteMismatchError, type ReplayOptions, replayFetch } from "./replay.js";

/**
 * The part of MSW's `http` namespace used here; pass `http` from "msw". `H` is MSW's handler
 * type, inferred from `http`, so `server.use(...handlers)` type-checks without a cast.
 */
export interface MswHttp<H = unknown> {
  all(path: string, resolver: (info: { request: Request }) => Promise<Response>): H;
}

/** The `code` a mismatch carries out of an MSW handler. */
const MISMATCH_CODE = "ERR_CASSETTE_MISMATCH";

/**
 * MSW handlers that replay a cassette, for tests that use `setupServer`:
 * `server.use(...cassetteHandlers(cassette, http).handlers)`. A request that does not match
 * makes the `fetch` reject with the `CassetteMismatchError` itself, so golem's call (`generate`
 * or `stream`) rejects with it, diff and all; `assertDone()` reports every mismatch afterwards.
 * `http` is passed in so `golem/testing` does not depend on msw.
 */
export function cassetteHandlers<H = unknown>(
  cassette: Cassette,
  http: MswHttp<H>,
  options?: ReplayOptions,
): { handlers: H[]; assertDone(): void } {
  const replay = replayFetch(cassette, options);
  const handler = http.all("*", async ({ request }) => {
    try {
      return await replay(request);
    } catch (err) {
      throw err instanceof CassetteMismatchError ? asRequestError(err) : err;
    }
  });
  return { handlers: [handler], assertDone: () => replay.assertDone() };
}

/**
 * MSW's interceptors (msw 2.x on Node) make the intercepted `fetch` reject with a thrown error
 * that has the shape of a Node system error (`code` and `errno`); any other thrown error
 * becomes a 500 answer. Giving the mismatch that shape is what lets the caller get the very
 * `CassetteMismatchError` rather than an HTTP error that reads like the provider's.
 */
function asRequestError(err: CassetteMismatchError): CassetteMismatchError {
  return Object.assign(err, { code: MISMATCH_CODE, errno: 0 });
}
