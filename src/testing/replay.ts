import { type Cassette, type CassetteRequest, concatBytes, responseChunks } from "./cassette.js";
import { diffJSON } from "./diff.js";
import { CassetteMismatchError } from "./errors.js";
import { redactURL, SECRET_HEADERS } from "./redact.js";

export { CassetteMismatchError };

/** A request as the replaying fetch saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body parsed as JSON (or the raw text when it is not JSON). */
  body: unknown;
}

export interface ReplayOptions {
  /** Re-split each response body into these chunks (property tests of chunking). */
  rechunk?: (bytes: Uint8Array, interaction: number) => Uint8Array[];
  /**
   * Compare recorded request headers too (secrets only for presence), and refuse a beta,
   * version or content-type header the recording lacks. @defaultValue true
   */
  checkHeaders?: boolean;
  /** Compare only path and query, not the origin (a test that sets `baseURL`). @defaultValue false */
  ignoreOrigin?: boolean;
}

/** A `fetch` that replays a cassette and checks every request against the recorded one. */
export interface ReplayFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Every request made, in order. */
  readonly requests: RecordedRequest[];
  /** Every complaint so far (also thrown from the call that caused it). */
  readonly mismatches: string[];
  /** Throws unless every interaction was served and no request mismatched. */
  assertDone(): void;
}

const REDACTED = "<redacted>";
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
// Headers the runtime or an SDK adds on its own; not part of what golem builds.
const UNCHECKED_HEADERS = new Set([
  "content-length",
  "user-agent",
  "accept",
  "accept-encoding",
  "accept-language",
  "connection",
  "host",
  "sec-fetch-mode",
  "x-amz-date",
  "x-amz-content-sha256",
  "amz-sdk-invocation-id",
  "amz-sdk-request",
]);

/**
 * Request headers that change what the provider does (a beta, an API version, the content
 * type): one the recording lacks is a difference too, so a new `anthropic-beta` is noticed.
 * Other headers a request adds (a runtime's, a browser's, a tracer's) are not compared.
 */
const CHECKED_BOTH_WAYS = /^content-type$|-(beta|version)$/;

/**
 * Serves interaction i to the i-th request with its recorded status, headers and body
 * (chunks enqueued one by one, so chunk boundaries are real), and checks method, URL, headers
 * and the JSON body against the recording. Any difference or extra request throws a
 * {@link CassetteMismatchError} with a readable diff.
 */
export function replayFetch(cassette: Cassette, options: ReplayOptions = {}): ReplayFetch {
  const requests: RecordedRequest[] = [];
  const mismatches: string[] = [];
  let next = 0;

  const complain = (message: string, request: number, field?: string): never => {
    mismatches.push(message);
    throw new CassetteMismatchError(`${cassette.provider}/${cassette.scenario}: ${message}`, {
      request,
      field,
    });
  };

  const replay = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const signal = init?.signal ?? request.signal;
    if (signal?.aborted) throw signal.reason;
    const recorded = await recordRequest(request);
    requests.push(recorded);
    const index = next++;
    const interaction = cassette.interactions[index];
    const named = `request #${index + 1} (${recorded.method} ${redactURL(recorded.url)})`;
    if (!interaction) {
      return complain(
        `unexpected ${named}: the cassette has ${cassette.interactions.length}`,
        index + 1,
      );
    }
    const problems = compareRequest(interaction.request, recorded, options);
    const [first] = problems;
    if (first !== undefined) {
      const field = first.slice(0, first.indexOf(": "));
      complain(
        `${named} differs from the recording at ${field}:\n  ${problems.join("\n  ")}`,
        index + 1,
        field,
      );
    }
    const { response } = interaction;
    let chunks = responseChunks(response);
    if (options.rechunk) chunks = options.rechunk(concatBytes(chunks), index);
    // 204, 205 and 304 may carry no body: `new Response(stream, …)` throws a TypeError there.
    const body = NULL_BODY_STATUSES.has(response.status)
      ? null
      : chunkedBody(chunks, signal ?? undefined);
    return new Response(body, {
      status: response.status,
      headers: response.headers,
    });
  };

  return Object.assign(replay, {
    requests,
    mismatches,
    assertDone() {
      if (mismatches.length > 0) throw new CassetteMismatchError(mismatches.join("\n"));
      if (next < cassette.interactions.length) {
        throw new CassetteMismatchError(
          `${cassette.provider}/${cassette.scenario}: ${next} of ${cassette.interactions.length} interactions were requested`,
        );
      }
    },
  });
}

/** The differences between a recorded request and the one made, one line each. */
export function compareRequest(
  expected: CassetteRequest,
  actual: RecordedRequest,
  options: ReplayOptions = {},
): string[] {
  const problems: string[] = [];
  if (expected.method.toUpperCase() !== actual.method.toUpperCase()) {
    problems.push(`method: expected ${expected.method}, got ${actual.method}`);
  }
  const urlProblem = compareURL(expected.url, actual.url, options.ignoreOrigin ?? false);
  if (urlProblem) problems.push(urlProblem);
  if (options.checkHeaders ?? true) {
    const recorded = new Set<string>();
    for (const [name, value] of Object.entries(expected.headers)) {
      const key = name.toLowerCase();
      recorded.add(key);
      if (UNCHECKED_HEADERS.has(key) || key.startsWith("x-stainless")) continue;
      const got = actual.headers[key];
      if (got === undefined) problems.push(`header ${key}: missing`);
      else if (value !== REDACTED && got !== value) {
        problems.push(
          `header ${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got)}`,
        );
      }
    }
    for (const [key, got] of Object.entries(actual.headers)) {
      if (!recorded.has(key) && CHECKED_BOTH_WAYS.test(key) && !SECRET_HEADERS.has(key)) {
        problems.push(`header ${key}: unexpected ${JSON.stringify(got)}`);
      }
    }
  }
  problems.push(...diffJSON(expected.body, actual.body, "body"));
  return problems;
}

function compareURL(expected: string, actual: string, ignoreOrigin: boolean): string | undefined {
  const e = new URL(expected);
  const a = new URL(actual);
  const same =
    (ignoreOrigin || e.origin === a.origin) &&
    e.pathname === a.pathname &&
    sameQuery(e.searchParams, a.searchParams);
  return same ? undefined : `url: expected ${expected}, got ${redactURL(actual)}`;
}

function sameQuery(e: URLSearchParams, a: URLSearchParams): boolean {
  const ek = [...e.keys()].sort();
  const ak = [...a.keys()].sort();
  if (ek.join("&") !== ak.join("&")) return false;
  return ek.every((k) => e.get(k) === REDACTED || e.get(k) === a.get(k));
}

async function recordRequest(request: Request): Promise<RecordedRequest> {
  const text = await request.text();
  let body: unknown = text;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: compared as text.
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return { method: request.method, url: request.url, headers, body };
}

function chunkedBody(
  chunks: Uint8Array[],
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener("abort", () => controller.error(signal.reason), { once: true });
    },
    pull(controller) {
      if (signal?.aborted) return;
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      // A copy: the consumer may keep or transfer what it reads.
      else controller.enqueue(chunk.slice());
    },
  });
}
