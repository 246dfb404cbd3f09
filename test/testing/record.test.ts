import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CassetteMismatchError,
  concatBytes,
  parseCassette,
  recordFetch,
  replayFetch,
  responseBytes,
} from "../../src/testing/index.js";
import { AWS_SESSION, FAKE_AUTH } from "../contract/adapters.js";
import { ADAPTERS, type Adapter, type Mode, OPENAI_RESPONSES } from "../faults/adapters.js";
import { call } from "../faults/calls.js";
import { type Emulator, startEmulator } from "../faults/emulator.js";

/**
 * recordFetch against a real loopback server, for every adapter, JSON and streams (Bedrock's
 * event stream SigV4-signed with a session token): the cassette holds the bytes served, no
 * credential, and replays to the same response with every request checked.
 */

const ROWS: [string, Adapter, Mode][] = [...ADAPTERS, OPENAI_RESPONSES].flatMap((a) =>
  (["generate", "stream"] as const).map((m): [string, Adapter, Mode] => [
    `${a.label ?? a.name} ${m}`,
    a,
    m,
  ]),
);

/** Every credential the adapters are created with in these tests. */
const CREDENTIALS = [
  ...Object.values(FAKE_AUTH).flatMap((a) => ("apiKey" in a ? [a.apiKey] : [])),
  AWS_SESSION.accessKeyId,
  AWS_SESSION.secretAccessKey,
  AWS_SESSION.sessionToken,
];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

/** Records one call of `adapter` against the emulator, answered with its recorded body. */
async function recordOne(adapter: Adapter, mode: Mode) {
  const body = adapter.body(mode);
  const route = emulator.route([
    { status: body.status, headers: body.headers, chunks: body.pieces },
  ]);
  const recorder = recordFetch(globalThis.fetch);
  const result = await call(adapter.create(route.url, { fetch: recorder.fetch }), mode);
  if (result.error) throw result.error;
  return { route, body, result, cassette: recorder.cassette({ scenario: "loopback" }) };
}

/** One exchange recorded, then the adapter's model over a replay of it (no retries). */
async function replayedModel(adapter: Adapter, mode: Mode) {
  const { route, cassette } = await recordOne(adapter, mode);
  return {
    route,
    model: adapter.create(route.url, { fetch: replayFetch(cassette), maxRetries: 0 }),
  };
}

describe("recordFetch over a loopback server", () => {
  it.for(ROWS)("%s: records the exchange exactly and replays it", async ([, adapter, mode]) => {
    const { route, body, result, cassette } = await recordOne(adapter, mode);
    const [interaction] = cassette.interactions;
    if (!interaction) throw new Error("no interaction recorded");
    expect(cassette.interactions).toHaveLength(1);
    expect(parseCassette(JSON.stringify(cassette))).toStrictEqual(cassette);
    // The request as the server got it, and the response bytes as it sent them.
    const seen = route.seen[0];
    expect(interaction.request.body).toStrictEqual(JSON.parse(seen?.body ?? ""));
    expect(interaction.request.url).toBe(`${route.url}${seen?.path}`);
    expect(responseBytes(interaction.response)).toStrictEqual(concatBytes(body.pieces));
    const streamed = mode === "stream";
    expect(cassette.streaming).toBe(streamed);
    if (streamed && adapter.name === "bedrock")
      expect(interaction.response.chunksBase64).toBeDefined();
    else if (streamed) expect(interaction.response.chunks).toBeDefined();
    else expect(interaction.response.body).toBeDefined();
    // No credential in the file; the secret headers are there, as "<redacted>".
    const text = JSON.stringify(cassette);
    for (const secret of CREDENTIALS) expect(text).not.toContain(secret);
    const headers = interaction.request.headers;
    const secretHeaders = Object.keys(headers).filter((h) => headers[h] === "<redacted>");
    expect(secretHeaders.length).toBeGreaterThan(0);
    if (adapter.name === "bedrock") {
      expect(secretHeaders.sort()).toStrictEqual(["authorization", "x-amz-security-token"]);
      expect(headers["x-amz-date"]).toBeUndefined();
    }
    // The recorded cassette replays to the very same response, its request checked.
    const replay = replayFetch(cassette);
    const again = await call(adapter.create(route.url, { fetch: replay }), mode);
    expect(again.error).toBeUndefined();
    expect(again.response).toStrictEqual(result.response);
    expect(again.deltas).toStrictEqual(result.deltas);
    replay.assertDone();
  });

  it.for(ROWS)(
    "%s: a request that differs from the recording is a CassetteMismatchError naming it",
    async ([, adapter, mode]) => {
      const { route, model } = await replayedModel(adapter, mode);
      const other = { messages: [{ role: "user" as const, content: "And in Rome?" }] };
      let failure: unknown;
      let responseFailure: unknown;
      if (mode === "generate") {
        failure = await model.generate(other).catch((e: unknown) => e);
      } else {
        const stream = model.stream(other);
        try {
          for await (const _ of stream);
        } catch (e) {
          failure = e;
        }
        responseFailure = await stream.response.catch((e: unknown) => e);
        expect(responseFailure).toBe(failure);
      }
      expect(failure).toBeInstanceOf(CassetteMismatchError);
      const err = failure as CassetteMismatchError;
      expect(err.request).toBe(1);
      expect(err.field).toMatch(/^body\./);
      expect(err.message).toContain(`request #1 (POST ${route.url}`);
      expect(err.message).toContain(`differs from the recording at ${err.field}:`);
      expect(err.message).toContain("And in Rome?");
      for (const secret of CREDENTIALS) expect(err.message).not.toContain(secret);
    },
  );

  it.for(ROWS)(
    "%s: a request past the cassette's end is a CassetteMismatchError",
    async ([, adapter, mode]) => {
      const { model } = await replayedModel(adapter, mode);
      await call(model, mode);
      const second = await call(model, mode);
      expect(second.error).toBeInstanceOf(CassetteMismatchError);
      expect((second.error as CassetteMismatchError).request).toBe(2);
      expect((second.error as Error).message).toContain("unexpected request #2");
      if (mode === "stream") expect(second.responseError).toBe(second.error);
    },
  );
});
