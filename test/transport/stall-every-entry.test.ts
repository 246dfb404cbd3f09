/**
 * A server that sends its headers and then falls silent, on every adapter and platform entry
 * through the public `create()` (issue 27): the idle limit (default ten minutes) and the
 * call's deadline end it in a TimeoutError, a stream's carrying what arrived as `partial`, and
 * `generate` too. Each entry answers with the first half of its own recorded answer (the
 * cassettes of the contract table), then nothing, the connection open.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { TimeoutError } from "../../src/core/errors.js";
import { partsOf } from "../../src/core/parts.js";
import type { Delta, Model } from "../../src/core/types.js";
import { concatBytes, responseChunks } from "../../src/testing/index.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { accumulate, withoutTags } from "../contract/deltas.js";
import { SPECS } from "../contract/rows/index.js";
import { loadCassette } from "../contract/table.js";
import { everyVariant } from "../variants.js";

/** A variant's own recorded thinking loop, under its own name. */
const ownLoop = <P extends Provider>(p: P): [P, string, string, string] => [
  p,
  p,
  "thinking-tool-loop-stream",
  "thinking-tool-loop",
];

/**
 * An entry, its label and the cassettes its answers come from (streamed, then whole): every
 * variant of test/variants.ts, each wire it serves with a recorded tool loop.
 */
const ENTRIES = everyVariant(
  [
    ...(["anthropic", "bedrock", "anthropic-aws", "anthropic-bedrock"] as const).map(ownLoop),
    ...(["anthropic-foundry", "anthropic-google-cloud"] as const).map(ownLoop),
    ["gemini", "gemini", "thinking-streaming", "thinking-tool-loop"],
    [
      "openai",
      "openai (chat)",
      "deepseek-thinking-tool-loop-stream",
      "deepseek-thinking-tool-loop",
    ],
    [
      "openai",
      "openai (responses)",
      "responses-thinking-tool-loop-stream",
      "responses-thinking-tool-loop",
    ],
    ["azure", "azure", "v1-tool-call-stream", "v1-tool-call"],
    ["vertex", "vertex (claude)", "claude-thinking-tool-loop-stream", "claude-thinking-tool-loop"],
    ["vertex", "vertex (gemini)", "gemini-thinking-tool-loop-stream", "gemini-thinking-tool-loop"],
  ],
  {},
);

/**
 * A fetch that answers with the cassette's first answer but its last chunk (the whole of a
 * one-chunk answer), then stays open: the records that arrived make deltas, and the stream's
 * end never comes.
 */
function stallingFetch(provider: Provider, file: string) {
  const answer = loadCassette(provider, file).interactions[0]?.response;
  if (!answer) throw new Error(`no answer in ${provider}/${file}`);
  const chunks = responseChunks(answer);
  const sent = concatBytes(chunks.length > 1 ? chunks.slice(0, -1) : chunks);
  const cancelled: unknown[] = [];
  const fetch = (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start: (c) => c.enqueue(sent.slice()),
        cancel: (reason) => {
          cancelled.push(reason);
        },
      }),
      { status: 200, headers: answer.headers },
    )) as typeof globalThis.fetch;
  return { fetch, cancelled };
}

/** The entry's model as its contract row makes it, with `transport` over the row's config. */
function modelFor(provider: Provider, file: string, transport: Record<string, unknown>) {
  const spec = SPECS[provider][file];
  if (!spec) throw new Error(`no row spec for ${provider}/${file}`);
  const stalling = stallingFetch(provider, file);
  const model = createModel(provider, { ...spec.config, ...transport }, stalling.fetch);
  return { model, cancelled: stalling.cancelled };
}

const REQUEST = { messages: [{ role: "user" as const, content: "What's the weather in Paris?" }] };

/** Streams until the stream fails; the deltas that came first (into `deltas`) and the failure. */
async function streamUntilFailure(model: Model, deltas: Delta[] = []) {
  const stream = model.stream(REQUEST);
  const error = await (async () => {
    for await (const d of stream) deltas.push(d);
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { deltas, error, response: await stream.response.catch((e: unknown) => e) };
}

afterEach(() => {
  vi.useRealTimers();
});

const BY_LABEL = ENTRIES.map(
  ([provider, label, stream, whole]): [string, Provider, string, string] => [
    label,
    provider,
    stream,
    whole,
  ],
);

describe.each(BY_LABEL)("%s", (_, provider, streamFile, wholeFile) => {
  it("ends a stream silent for idleTimeoutMs in a TimeoutError carrying what arrived", async () => {
    const { model, cancelled } = modelFor(provider, streamFile, { idleTimeoutMs: 50 });
    const { deltas, error, response } = await streamUntilFailure(await model);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(`${provider}: the stream sent nothing for 50 ms`);
    expect(response).toBe(error);
    const partial = (error as TimeoutError).partial;
    expect(deltas.length).toBeGreaterThan(0);
    expect(partial).toBeDefined();
    expect(accumulate(deltas)).toEqual(
      withoutTags(partsOf(partial?.message ?? { role: "assistant", content: [] })),
    );
    // The body is cancelled, so the connection closes.
    expect(cancelled).toHaveLength(1);
  });

  it("ends a stream past deadlineMs in a TimeoutError, even with no idle limit", async () => {
    const { model } = modelFor(provider, streamFile, {
      idleTimeoutMs: Number.POSITIVE_INFINITY,
      deadlineMs: 80,
    });
    const { error } = await streamUntilFailure(await model);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(
      `${provider}: the call did not finish within its deadline of 80 ms`,
    );
    expect((error as TimeoutError).partial).toBeDefined();
  });

  it("ends a silent stream after ten minutes when the config says nothing", async () => {
    const { model } = modelFor(provider, streamFile, {});
    const created = await model;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    let settled: unknown;
    const deltas: Delta[] = [];
    const run = streamUntilFailure(created, deltas).then((r) => {
      settled = r.error;
    });
    // Signing and the first records need no timer: let them through in real time. Bounded by
    // the clock (not faked here), not by a count of turns: SigV4's crypto.subtle runs off the
    // event loop and takes many turns on a loaded machine.
    const until = performance.now() + 10_000;
    while (deltas.length === 0 && performance.now() < until) {
      await new Promise((r) => setImmediate(r));
    }
    expect(deltas.length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(settled).toBeInstanceOf(TimeoutError);
    expect((settled as Error).message).toBe(`${provider}: the stream sent nothing for 600000 ms`);
  });

  it("ends a generate whose body falls silent in a TimeoutError too", async () => {
    const { model, cancelled } = modelFor(provider, wholeFile, { idleTimeoutMs: 50 });
    const error = await (await model).generate(REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(`${provider}: the stream sent nothing for 50 ms`);
    expect(cancelled).toHaveLength(1);
  });
});
