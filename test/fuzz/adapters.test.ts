import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { GolemError } from "../../src/core/errors.js";
import type { Message } from "../../src/core/types.js";
import { validateHistory } from "../../src/core/validate.js";
import {
  type Cassette,
  type CassetteRequest,
  replayFetch,
  splitBytes,
} from "../../src/testing/index.js";
import { decodeFrames } from "../../src/transport/event-stream.js";
import { ADAPTERS, type Adapter, type Mode, OPENAI_RESPONSES } from "../faults/adapters.js";
import { frames, sseEvents } from "../faults/bodies.js";
import { type CallResult, call, REQUEST } from "../faults/calls.js";
import { encodeFrame } from "../providers/bedrock/frames.js";
import {
  applyEdits,
  bounded,
  byteEdits,
  editJSON,
  fuzzCounter,
  fuzzRuns,
  type Json,
  type JsonEdit,
  jsonEdit,
  streamBodies,
} from "./mutate.js";

const fuzzed = fuzzCounter("fuzz/adapters");
const SECRET_HEADERS = [
  "authorization",
  "x-api-key",
  "x-goog-api-key",
  "api-key",
  "x-amz-security-token",
];

/** The request an adapter sends for REQUEST, as a cassette records it (secrets by presence). */
async function recordedRequest(adapter: Adapter, mode: Mode): Promise<CassetteRequest> {
  let seen: CassetteRequest | undefined;
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = SECRET_HEADERS.includes(k) ? "<redacted>" : v;
    });
    seen = { method: request.method, url: request.url, headers, body: await request.json() };
    throw new Error("recorded");
  };
  await call(adapter.create("https://provider.example/v1", { fetch }), mode);
  if (!seen) throw new Error(`${adapter.name} sent nothing`);
  return seen;
}

const requests = new Map<string, CassetteRequest>();
beforeAll(async () => {
  for (const a of [...ADAPTERS, OPENAI_RESPONSES]) {
    for (const mode of ["generate", "stream"] as const) {
      requests.set(`${labelOf(a)}/${mode}`, await recordedRequest(a, mode));
    }
  }
});

/** A one-interaction cassette that expects exactly golem's request and answers with `body`. */
function cassetteOf(a: Adapter, mode: Mode, body: Uint8Array, cuts: number[]): Cassette {
  const { status, headers } = a.body(mode);
  const chunks = splitBytes(body, cuts);
  const binary = a.name === "bedrock" && mode === "stream";
  return {
    scenario: "fuzz",
    provider: a.name,
    streaming: mode === "stream",
    source: "synthesized: a random mutation of a recorded body",
    interactions: [
      {
        request: requests.get(`${labelOf(a)}/${mode}`) as CassetteRequest,
        response: binary
          ? { status, headers, chunksBase64: chunks.map((c) => Buffer.from(c).toString("base64")) }
          : { status, headers, chunks: chunks.map((c) => Buffer.from(c).toString("latin1")) },
      },
    ],
  };
}

async function run(a: Adapter, mode: Mode, body: Uint8Array, cuts: number[]): Promise<CallResult> {
  fuzzed.add();
  // `chunks` are text: carry the bytes through latin1 and back, one char per byte.
  const cassette = cassetteOf(a, mode, body, cuts);
  const fetch = replayFetch(cassette);
  const latin1Fetch: typeof globalThis.fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body || a.name === "bedrock") return res;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const raw = Uint8Array.from(new TextDecoder().decode(bytes), (ch) => ch.charCodeAt(0));
    return new Response(raw, { status: res.status, headers: res.headers });
  };
  const result = await bounded(
    call(a.create("https://provider.example/v1", { fetch: latin1Fetch }), mode),
    3000,
    a.name,
  );
  expect(fetch.mismatches).toEqual([]);
  return result;
}

/**
 * A response or a golem error, nothing else. `generate`'s message is also valid history (the
 * next turn would fail on it otherwise); a stream's `partial` matches the text it handed out.
 */
function checkOutcome(result: CallResult, mode: Mode): void {
  if (result.error !== undefined) {
    expect(result.error).toBeInstanceOf(GolemError);
    return;
  }
  const message = result.response?.message;
  expect(message?.role).toBe("assistant");
  if (mode === "generate") {
    const checked = withJSONArguments(message as Message);
    expect(() => validateHistory([...REQUEST.messages, checked])).not.toThrow();
  }
}

/**
 * The message with each tool call's arguments that are not JSON read as `{}`. golem keeps a
 * model's broken arguments as it sent them (a real model does send them, cut off or unquoted)
 * and the agent stops on them with a HistoryError naming the message (test/agent/tool-call.test.ts);
 * every other part of the message must still be valid history.
 */
function withJSONArguments(message: Message): Message {
  const content = Array.isArray(message.content)
    ? message.content.map((p) =>
        p.type === "tool-call" && p.arguments !== "" && !parses(p.arguments)
          ? { ...p, arguments: "{}" }
          : p,
      )
    : message.content;
  return { ...message, content } as Message;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

type Edit = JsonEdit | "drop" | "repeat";

/**
 * Applies `edits` to a body's pieces (SSE events, event-stream frames): drops or repeats one, or
 * gives it to `editPiece` with the JSON edit.
 */
function editPieces<P>(
  pieces: P[],
  edits: readonly [number, Edit][],
  editPiece: (p: P, e: JsonEdit) => P,
) {
  for (const [pick, edit] of edits) {
    if (pieces.length === 0) break;
    const i = pick % pieces.length;
    const piece = pieces[i] as P;
    if (edit === "drop") pieces.splice(i, 1);
    else if (edit === "repeat") pieces.splice(i, 0, piece);
    else pieces[i] = editPiece(piece, edit);
  }
  return pieces;
}

/** Edits the JSON of SSE `data:` lines, or drops and repeats whole events. */
function editSSE(body: Uint8Array, edits: readonly [number, Edit][]): Uint8Array {
  const events = sseEvents(body).map((e) => new TextDecoder().decode(e));
  const edited = editPieces(events, edits, (event, edit) =>
    event.replace(/^data: ?(.*)$/m, (line, json: string) => {
      try {
        return `data: ${JSON.stringify(editJSON(JSON.parse(json) as Json, edit))}`;
      } catch {
        return line;
      }
    }),
  );
  return new TextEncoder().encode(edited.join(""));
}

/** Edits the JSON payloads of event-stream frames (CRCs recomputed), or drops and repeats frames. */
function editFrames(body: Uint8Array, edits: readonly [number, Edit][]): Uint8Array {
  const edited = editPieces(frames(body), edits, (frame, edit) => {
    const [decoded] = decodeFrames(frame);
    if (!decoded) return frame;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(decoded.headers)) headers[k] = String(v);
    const payload = JSON.parse(new TextDecoder().decode(decoded.payload)) as Json;
    return encodeFrame(headers, JSON.stringify(editJSON(payload, edit)));
  });
  return new Uint8Array(Buffer.concat(edited));
}

const structural = fc.array(
  fc.tuple(fc.nat(), fc.oneof(jsonEdit, fc.constantFrom("drop" as const, "repeat" as const))),
  { minLength: 1, maxLength: 4 },
);
const offsets = fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 8 });

const labelOf = (a: Adapter) => a.label ?? a.name;

describe.each([...ADAPTERS, OPENAI_RESPONSES].map((a): [string, Adapter] => [labelOf(a), a]))(
  "%s on mutated recorded bodies",
  (_label, a) => {
    // Chat Completions and the Responses API share a folder of cassettes, not a protocol.
    const responses = a === OPENAI_RESPONSES;
    const streams = streamBodies(a.name === "bedrock" ? "binary" : "sse").filter(
      (b) => b.name.startsWith(`${a.name}/`) && b.name.includes("/responses-") === responses,
    );

    it("streams byte-mutated bodies to a response or a typed error", async () => {
      expect(streams.length).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...streams), byteEdits, offsets, async (b, edits, cuts) =>
          checkOutcome(await run(a, "stream", applyEdits(b.bytes, edits), cuts), "stream"),
        ),
        fuzzRuns(100),
      );
    });

    it("streams bodies with edited records to a response or a typed error", async () => {
      const edit = a.name === "bedrock" ? editFrames : editSSE;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...streams), structural, offsets, async (b, edits, cuts) =>
          checkOutcome(await run(a, "stream", edit(b.bytes, edits), cuts), "stream"),
        ),
        fuzzRuns(150),
      );
    });

    it("generates from edited JSON bodies to a response or a typed error", async () => {
      const { pieces } = a.body("generate");
      const original = JSON.parse(Buffer.concat(pieces).toString("utf8")) as Json;
      await fc.assert(
        fc.asyncProperty(
          fc.array(jsonEdit, { minLength: 1, maxLength: 4 }),
          fc.option(byteEdits, { nil: undefined }),
          async (edits, bytes) => {
            let value = original;
            for (const e of edits) value = editJSON(value, e);
            let body: Uint8Array = new TextEncoder().encode(JSON.stringify(value));
            if (bytes) body = applyEdits(body, bytes);
            checkOutcome(await run(a, "generate", body, []), "generate");
          },
        ),
        fuzzRuns(150),
      );
    });
  },
);
