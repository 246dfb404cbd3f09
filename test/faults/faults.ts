import { crc32 } from "node:zlib";
import { expect } from "vitest";
import {
  APIError,
  ConnectionError,
  type GolemError,
  StreamError,
  TimeoutError,
} from "../../src/core/errors.js";
import type { Adapter, AdapterName, Body, Mode, Transport } from "./adapters.js";
import type { Answer, Outcome } from "./emulator.js";

/** The documented end of a call under a fault. */
export type Expected =
  | { ok: true; requests: number; outcomes: Outcome[] }
  | {
      ok: false;
      error: abstract new (...args: never[]) => GolemError;
      requests: number;
      outcomes: Outcome[];
      /** The error is the adapter's own `APIError` with this status. */
      status?: number;
      /** A stream broke after deltas arrived: `partial` holds exactly what they carried. */
      partial?: boolean;
    };

/** One fault: where it applies, how the emulator plays it, and how the call must end. */
export interface Fault {
  name: string;
  modes: readonly Mode[];
  adapters?: readonly AdapterName[];
  transport?: Transport;
  answers(a: Adapter, mode: Mode, body: Body): Answer[];
  expected(a: Adapter, mode: Mode): Expected;
  /** Further checks of the error, beyond its class, status and partial. */
  check?(error: APIError, a: Adapter): void;
}

const BOTH: readonly Mode[] = ["generate", "stream"];
const encode = (s: string) => new TextEncoder().encode(s);
const STREAM: readonly Mode[] = ["stream"];
export const HTML_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

const ok = (b: Body): Answer => ({ status: b.status, headers: b.headers, chunks: b.pieces });
const half = (b: Body) => b.pieces.slice(0, Math.floor(b.pieces.length / 2));
const success = (requests: number, outcomes: Outcome[]): Expected => ({
  ok: true,
  requests,
  outcomes,
});

function statusAnswer(a: Adapter, status: number, retryHeaders: Record<string, string>): Answer {
  const { headers, body } = a.errorAnswer(status, `emulated ${status}`);
  return {
    status,
    headers: { ...headers, ...retryHeaders },
    chunks: [new TextEncoder().encode(body)],
  };
}

/** A retryable status with the server's wait, then the recorded answer. */
function statusThenSuccess(status: number, retryHeaders: Record<string, string>): Fault {
  return {
    name: `${status} with ${Object.keys(retryHeaders).join(", ")}, then success`,
    modes: BOTH,
    answers: (a, _mode, b) => [statusAnswer(a, status, retryHeaders), ok(b)],
    expected: () => success(2, ["finished", "finished"]),
  };
}

/** A stream body cut off after half its records by `end`, followed by `tail`. */
function brokenStream(
  name: string,
  tail: (a: Adapter, b: Body) => Uint8Array,
  adapters?: readonly AdapterName[],
): Fault {
  const fault: Fault = {
    name,
    modes: STREAM,
    // The good records and the bad one go out in one write, so they arrive in one read: the
    // good ones' deltas must still come out, and `partial` hold them.
    answers: (a, _mode, b) => [
      { ...ok(b), chunks: [concat([...half(b), tail(a, b)])], after: "hang" },
    ],
    expected: () => ({
      ok: false,
      error: StreamError,
      requests: 1,
      outcomes: ["closed"],
      partial: true,
    }),
  };
  return adapters ? { ...fault, adapters } : fault;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

function flipLastByte(frame: Uint8Array): Uint8Array {
  const out = frame.slice();
  out[out.length - 1] = (out[out.length - 1] as number) ^ 0xff;
  return out;
}

/** A prelude that claims a 2 GiB frame, with a correct prelude CRC. */
function oversizedPrelude(): Uint8Array {
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x7fffffff);
  view.setUint32(4, 0);
  view.setUint32(8, crc32(out.subarray(0, 8)));
  return out;
}

export const FAULTS: Fault[] = [
  {
    name: "no fault",
    modes: BOTH,
    answers: (_a, _m, b) => [ok(b)],
    expected: () => success(1, ["finished"]),
  },
  {
    name: "a slow first byte, then a timely retry",
    modes: BOTH,
    transport: { timeoutMs: 500 },
    answers: (_a, _m, b) => [{ ...ok(b), delayMs: 5000 }, ok(b)],
    expected: () => success(2, ["closed", "finished"]),
  },
  {
    name: "no answer on any attempt",
    modes: BOTH,
    transport: { timeoutMs: 200, maxRetries: 1 },
    answers: () => [{ silent: true }, { silent: true }],
    expected: () => ({
      ok: false,
      error: TimeoutError,
      requests: 2,
      outcomes: ["closed", "closed"],
    }),
  },
  {
    // `timeoutMs` covers generate's whole exchange but a stream only until its headers.
    name: "a slow drip longer than timeoutMs",
    modes: BOTH,
    transport: { timeoutMs: 500 },
    answers: (_a, _m, b) => [{ ...ok(b), dripMs: Math.ceil(1000 / b.pieces.length) }],
    expected: (_a, mode) =>
      mode === "stream"
        ? success(1, ["finished"])
        : { ok: false, error: TimeoutError, requests: 1, outcomes: ["closed"] },
  },
  {
    // Half the records, then nothing: the connection stays open and the server says no more.
    name: "a stream that stalls after its headers and some records",
    modes: STREAM,
    transport: { idleTimeoutMs: 300 },
    answers: (_a, _m, b) => [{ ...ok(b), chunks: half(b), after: "hang" }],
    expected: () => ({
      ok: false,
      error: TimeoutError,
      requests: 1,
      outcomes: ["closed"],
      partial: true,
    }),
  },
  {
    // Every record arrives in time for the idle limit, but the whole call takes too long.
    name: "a slow drip past the call's deadline",
    modes: BOTH,
    transport: { deadlineMs: 400, maxRetries: 1 },
    answers: (_a, _m, b) => [{ ...ok(b), dripMs: Math.ceil(2000 / b.pieces.length) }],
    expected: (_a, mode) => ({
      ok: false,
      error: TimeoutError,
      requests: 1,
      outcomes: ["closed"],
      ...(mode === "stream" ? { partial: true } : {}),
    }),
  },
  {
    name: "a reset before the headers, then success",
    modes: BOTH,
    answers: (_a, _m, b) => [{ resetBeforeHeaders: true }, ok(b)],
    expected: () => success(2, ["reset", "finished"]),
  },
  {
    name: "a reset before the headers on every attempt",
    modes: BOTH,
    transport: { maxRetries: 1 },
    answers: () => [{ resetBeforeHeaders: true }, { resetBeforeHeaders: true }],
    expected: () => ({
      ok: false,
      error: ConnectionError,
      requests: 2,
      outcomes: ["reset", "reset"],
    }),
  },
  {
    name: "a reset in the middle of the body",
    modes: BOTH,
    answers: (_a, _m, b) => [{ ...ok(b), chunks: half(b), after: "reset" }],
    expected: (_a, mode) => ({
      ok: false,
      error: StreamError,
      requests: 1,
      outcomes: ["reset"],
      partial: mode === "stream",
    }),
  },
  {
    name: "a body truncated inside a record",
    modes: BOTH,
    answers: (_a, _m, b) => {
      const next = b.pieces[half(b).length] as Uint8Array;
      return [{ ...ok(b), chunks: [...half(b), next.slice(0, next.length >> 1)] }];
    },
    expected: (_a, mode) => ({
      ok: false,
      error: StreamError,
      requests: 1,
      outcomes: ["finished"],
      partial: mode === "stream",
    }),
  },
  statusThenSuccess(429, { "retry-after-ms": "20" }),
  statusThenSuccess(529, { "retry-after": "0" }),
  statusThenSuccess(503, { "retry-after-ms": "10" }),
  {
    name: "429 on every attempt",
    modes: BOTH,
    transport: { maxRetries: 1 },
    answers: (a) => [
      statusAnswer(a, 429, { "retry-after-ms": "10" }),
      statusAnswer(a, 429, { "retry-after-ms": "10" }),
    ],
    expected: () => ({
      ok: false,
      error: APIError,
      requests: 2,
      outcomes: ["finished", "finished"],
      status: 429,
    }),
    check: (error) => expect(error.retryable).toBe(true),
  },
  {
    name: "an error event in the middle of the stream",
    modes: STREAM,
    answers: (a, _m, b) => [{ ...ok(b), chunks: [...half(b), a.errorEvent.bytes], after: "hang" }],
    expected: (a) => ({
      ok: false,
      error: APIError,
      requests: 1,
      outcomes: ["closed"],
      status: a.errorEvent.status,
      partial: true,
    }),
    check: (error, a) => expect(error.type).toBe(a.errorEvent.type),
  },
  brokenStream("invalid JSON in a record", (a) => a.badJSON),
  {
    name: "a 2xx body that is not JSON",
    modes: ["generate"],
    answers: (_a, _m, b) => [{ ...ok(b), chunks: [...half(b), new TextEncoder().encode("<<>>")] }],
    expected: () => ({ ok: false, error: StreamError, requests: 1, outcomes: ["finished"] }),
  },
  brokenStream(
    "a frame with a bad CRC",
    (_a, b) => flipLastByte(b.pieces[half(b).length] as Uint8Array),
    ["bedrock"],
  ),
  brokenStream("a frame with an impossible length", oversizedPrelude, ["bedrock"]),
  {
    name: "an HTML 502 page from a proxy on every attempt",
    modes: BOTH,
    transport: { maxRetries: 1 },
    answers: () => {
      const page: Answer = {
        status: 502,
        headers: { "content-type": "text/html" },
        chunks: [new TextEncoder().encode(HTML_502)],
      };
      return [page, page];
    },
    expected: () => ({
      ok: false,
      error: APIError,
      requests: 2,
      outcomes: ["finished", "finished"],
      status: 502,
    }),
    check: (error) => {
      // The page is kept as the body, and its start is quoted in the message.
      expect(error.body).toBe(HTML_502);
      expect(error.message).toContain("502 Bad Gateway");
      expect(error.retryable).toBe(true);
    },
  },
  {
    // Gemini once made `{}` an empty reply (no part, stop reason ""): an agent ended with "".
    name: "a 200 JSON body with no candidate, choice or content",
    modes: ["generate"],
    answers: (_a, _m, b) => [{ status: 200, headers: b.headers, chunks: [encode("{}")] }],
    expected: () => ({ ok: false, error: StreamError, requests: 1, outcomes: ["finished"] }),
    check: (error, a) => expect(error.message).toBe(`${a.name} answered without ${a.empty.field}`),
  },
  {
    name: "a stream that ends as a complete one but carried no candidate, choice or message",
    modes: STREAM,
    answers: (a, _m, b) => [{ status: 200, headers: b.headers, chunks: a.empty.stream.pieces }],
    expected: () => ({ ok: false, error: StreamError, requests: 1, outcomes: ["finished"] }),
    check: (error, a) => expect(error.message).toContain(a.empty.stream.field),
  },
  {
    name: "an empty 200",
    modes: BOTH,
    answers: (_a, _m, b) => [{ status: 200, headers: b.headers, chunks: [] }],
    expected: () => ({ ok: false, error: StreamError, requests: 1, outcomes: ["finished"] }),
  },
];
