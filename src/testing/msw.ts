import type { Cassette } from "./cassette.js";
import { CassetteMismatchError, type ReplayOptions, replayFetch } from "./replay.js";

/**
 * The part of MSW's `http` namespace used here; pass `http` from "msw". `H` is MSW's handler
 * type, inferred from `http`, so `server.use(...handlers)` type-checks without a cast.
 */
export interface MswHttp<H = unknown> {
  all(path: string, resolver: (info: { request: Request }) => Promise<Response>): H;
}

/** HTTP status for a request that does not match the cassette: not retried by golem. */
export const MISMATCH_STATUS = 418;

/**
 * MSW handlers that replay a cassette, for tests that use `setupServer`:
 * `server.use(...cassetteHandlers(cassette, http).handlers)`. A request that does not match gets a
 * 418 whose body is the diff; `assertDone()` reports every mismatch afterwards.
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
      if (!(err instanceof CassetteMismatchError)) throw err;
      return new Response(
        JSON.stringify({
          type: "error",
          error: { type: "cassette_mismatch", message: err.message },
        }),
        { status: MISMATCH_STATUS, headers: { "content-type": "application/json" } },
      );
    }
  });
  return { handlers: [handler], assertDone: () => replay.assertDone() };
}
