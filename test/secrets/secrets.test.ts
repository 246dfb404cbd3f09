import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { APIError, ConnectionError, GolemError, TimeoutError } from "../../src/core/errors.js";
import type { Model } from "../../src/core/types.js";
import { ADAPTERS, type Adapter, type Mode, type Transport } from "../faults/adapters.js";
import { type CallResult, call } from "../faults/calls.js";
import { type Answer, type Emulator, startEmulator } from "../faults/emulator.js";
import { encodeFrame } from "../providers/bedrock/frames.js";
import { closedPortURL } from "../transport/loopback.js";
import { MARK, VARIANTS, type Variant } from "./variants.js";

/** Everything an error exposes: message, stack, own fields, the cause chain, its JSON. */
function exposed(error: unknown): string {
  const parts: string[] = [inspect(error, { depth: 30, showHidden: true })];
  for (let e: unknown = error, n = 0; e !== undefined && e !== null && n < 20; n++) {
    parts.push(String(e));
    if (typeof e === "object") {
      parts.push(String((e as Error).stack), safeJSON(e), safeJSON((e as { body?: unknown }).body));
      e = (e as Error).cause;
    } else e = undefined;
  }
  return parts.join("\n");
}

function safeJSON(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

const adapterOf = (v: Variant) => ADAPTERS.find((a) => a.name === v.adapter) as Adapter;
const encoder = new TextEncoder();

/** What a careless provider or proxy says back: the key, the header and the signature bits. */
function echo(v: Variant): string {
  const list = v.secrets.join(", ");
  return `invalid credentials ${list}; Authorization: Bearer ${v.secrets[0]}; Credential=${v.secrets[0]}/20260101/us-east-1/bedrock/aws4_request`;
}

/** The provider's own error event, its message echoing the credentials. */
function echoEvent(v: Variant): Uint8Array {
  const message = echo(v);
  switch (v.adapter) {
    case "anthropic":
      return encoder.encode(
        `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "authentication_error", message } })}\n\n`,
      );
    case "bedrock":
      return encodeFrame(
        {
          ":message-type": "exception",
          ":exception-type": "validationException",
          ":content-type": "application/json",
        },
        JSON.stringify({ message }),
      );
    case "gemini":
      return encoder.encode(
        `data: ${JSON.stringify({ error: { code: 401, message, status: "UNAUTHENTICATED" } })}\r\n\r\n`,
      );
    // A failed generation ends at message-end with finish_reason ERROR and the error's text.
    case "cohere":
      return encoder.encode(
        `data: ${JSON.stringify({ type: "message-end", delta: { error: message, finish_reason: "ERROR" } })}\n\n`,
      );
    default:
      return encoder.encode(
        `data: ${JSON.stringify({ error: { message, type: "invalid_request_error" } })}\n\n`,
      );
  }
}

/** A stream record whose JSON breaks right after the echoed credentials. */
function echoBadJSON(v: Variant): Uint8Array {
  // "Unexpected token" messages quote the text around the error: the echo with it.
  const broken = `{"type":"content_block_delta","echo":"${v.secrets.join(" ")}" oops}`;
  if (v.adapter === "bedrock") {
    return encodeFrame(
      {
        ":message-type": "event",
        ":event-type": "contentBlockDelta",
        ":content-type": "application/json",
      },
      broken,
    );
  }
  return encoder.encode(`data: ${broken}\n\n`);
}

interface Path {
  name: string;
  modes: readonly Mode[];
  transport?: Transport;
  answers(v: Variant, a: Adapter, mode: Mode): Answer[];
  /** The error class the call ends with. */
  error: abstract new (
    ...args: never[]
  ) => GolemError;
  /** The echo reached golem and was scrubbed: `<redacted>` shows where it was. */
  scrubbed?: boolean;
  url?: () => Promise<string>;
  mangle?: (secret: string) => string;
}

const BOTH: readonly Mode[] = ["generate", "stream"];

function statusPath(status: number): Path {
  return {
    name: `${status} whose body echoes the credentials`,
    modes: BOTH,
    answers: (v, a) => {
      const { headers, body } = a.errorAnswer(status, echo(v));
      const answer = { status, headers, chunks: [encoder.encode(body)] };
      // Credentials from a function are asked again after a 401, and the request sent again.
      return status === 401 && v.refreshes ? [answer, answer] : [answer];
    },
    error: APIError,
    scrubbed: true,
  };
}

const half = (a: Adapter) => {
  const { pieces } = a.body("stream");
  return pieces.slice(0, Math.floor(pieces.length / 2));
};

const PATHS: Path[] = [
  statusPath(400),
  statusPath(401),
  statusPath(403),
  statusPath(429),
  statusPath(500),
  {
    name: "an HTML 502 page that echoes the request headers",
    modes: BOTH,
    answers: (v) => [
      {
        status: 502,
        headers: { "content-type": "text/html" },
        chunks: [
          encoder.encode(`<html><body><h1>502 Bad Gateway</h1><pre>${echo(v)}</pre></body></html>`),
        ],
      },
    ],
    error: APIError,
    scrubbed: true,
  },
  {
    name: "an error event in the stream that echoes the credentials",
    modes: ["stream"],
    answers: (v, a) => [
      { ...a.body("stream"), chunks: [...half(a), echoEvent(v)], status: 200, after: "hang" },
    ],
    error: APIError,
  },
  {
    name: "a stream record with broken JSON that echoes the credentials",
    modes: ["stream"],
    answers: (v, a) => [
      { ...a.body("stream"), chunks: [...half(a), echoBadJSON(v)], status: 200, after: "hang" },
    ],
    error: GolemError,
  },
  {
    name: "a 200 body that is not JSON and echoes the credentials",
    modes: ["generate"],
    answers: (v, a) => [
      { ...a.body("generate"), chunks: [encoder.encode(`<pre>${echo(v)}</pre>`)], status: 200 },
    ],
    error: GolemError,
  },
  {
    name: "no answer within timeoutMs",
    modes: BOTH,
    transport: { timeoutMs: 100 },
    answers: () => [{ silent: true }],
    error: TimeoutError,
  },
  {
    name: "a connection reset before the headers",
    modes: BOTH,
    answers: () => [{ resetBeforeHeaders: true }],
    error: ConnectionError,
  },
  {
    name: "credentials with a line break inside, which no header may hold",
    modes: BOTH,
    answers: (v, a) => {
      const { headers, body } = a.errorAnswer(401, echo(v));
      return [{ status: 401, headers, chunks: [encoder.encode(body)] }];
    },
    mangle: (secret) => `${secret.slice(0, 4)}\n${secret.slice(4)}`,
    error: GolemError,
  },
  {
    name: "a refused connection",
    modes: BOTH,
    answers: () => [],
    url: closedPortURL,
    error: ConnectionError,
  },
];

let emulator: Emulator;
const logged: unknown[][] = [];
const METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;

beforeAll(async () => {
  emulator = await startEmulator();
  for (const m of METHODS) {
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  await emulator.close();
});

async function run(v: Variant, path: Path, mode: Mode): Promise<CallResult> {
  const a = adapterOf(v);
  const url = path.url ? await path.url() : emulator.route(path.answers(v, a, mode)).url;
  const transport = { maxRetries: 0, fetch: globalThis.fetch, ...path.transport };
  let model: Model;
  try {
    model = await v.create(url, transport, path.mangle);
  } catch (error) {
    return { error, deltas: [] };
  }
  return call(model, mode);
}

const cases = VARIANTS.flatMap((v) =>
  PATHS.flatMap((p) =>
    p.modes.map((mode): [string, Variant, Path, Mode] => [
      `${v.name}, ${mode}: ${p.name}`,
      v,
      p,
      mode,
    ]),
  ),
);

describe("credentials never leave golem", () => {
  it.concurrent.for(cases)("%s", async ([, v, path, mode]) => {
    const result = await run(v, path, mode);
    expect(result.error).toBeInstanceOf(path.error);
    const text = exposed(result.error) + exposed(result.responseError);
    expect(text).not.toContain(MARK);
    if (path.scrubbed) expect(text).toContain("<redacted>");
  });

  it("writes nothing to the console", () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
    expect(
      logged
        .flat()
        .map((x) => exposed(x))
        .join("\n"),
    ).not.toContain(MARK);
  });
});
