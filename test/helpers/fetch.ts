/**
 * Hand-made answers for provider tests: a fetch that plays a script of responses, JSON
 * responses, a one-off cassette of synthesized interactions, and SSE framing of events.
 * (A fetch that serves one fixed body is `bodyFetch` in test/contract/adapters.ts.)
 */
import type { Cassette, CassetteResponse } from "../../src/testing/index.js";

/** One request as a scripted fetch saw it. */
export interface SeenCall {
  url: string;
  headers: Headers;
  body: string;
}

/**
 * A fetch that answers with `responses` in order (each made when its request comes) and
 * records every request; a request past the script throws. `onCall(n)` runs before the nth
 * answer (1-based), e.g. to move a fake clock.
 */
export function scriptedFetch(responses: (() => Response)[], onCall?: (n: number) => void) {
  const calls: SeenCall[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), headers: new Headers(init?.headers), body: String(init?.body) });
    onCall?.(calls.length);
    const next = responses.shift();
    if (!next) throw new Error("no more responses");
    return next();
  };
  return { fetch, calls };
}

/** A JSON answer for {@link scriptedFetch}: `status`, `body` as JSON, content-type set. */
export const jsonResponse =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });

/**
 * A cassette made in a test: each interaction a POST of `body` to `url` (a JSON request with
 * `headers`, credentials as "<redacted>") answered by `response`.
 */
export function inlineCassette(
  where: { provider: string; url: string; headers: Record<string, string>; streaming?: boolean },
  interactions: [body: unknown, response: CassetteResponse][],
): Cassette {
  return {
    scenario: "inline",
    provider: where.provider,
    streaming: where.streaming ?? false,
    source: "synthesized in this test",
    interactions: interactions.map(([body, response]) => ({
      request: {
        method: "POST",
        url: where.url,
        headers: { "content-type": "application/json", ...where.headers },
        body,
      },
      response,
    })),
  };
}

/** SSE `data:` records, one per event (a string is sent as it is, e.g. "[DONE]"). */
export const sseData = (...events: (object | string)[]): string[] =>
  events.map((e) => `data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`);

/** SSE records named by each event's `type`: `event: <type>` then its `data:`. */
export const sseEvents = (...events: ({ type: string } & Record<string, unknown>)[]): string[] =>
  events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
