/**
 * A server that sends its headers and then falls silent, on every adapter and platform entry
 * through the public `create()` (issue 27): the idle limit (default ten minutes) and the
 * call's deadline end it in a TimeoutError, a stream's carrying what arrived as `partial`, and
 * `generate` too. Each entry answers with the first half of its own recorded answer (the
 * cassettes of the contract table), then nothing, the connection open.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TimeoutError } from "../../src/core/errors.js";
import { partsOf } from "../../src/core/parts.js";
import type { Delta, Model } from "../../src/core/types.js";
import { concatBytes, responseChunks } from "../../src/testing/index.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { accumulate, withoutTags } from "../contract/deltas.js";
import { SPECS } from "../contract/rows/index.js";
import { loadCassette } from "../contract/table.js";
import { call } from "../faults/calls.js";
import {
  type Auth,
  everyVariant,
  everyWireAndAuth,
  minimalConfig,
  type Variant,
  type Wire,
} from "../variants.js";
import { makeTestKeys, serviceAccount, type TestKeys } from "./auth/keys.js";

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
    ...(["anthropic", "bedrock", "cohere"] as const).map(ownLoop),
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
  // A deployment answers with its own recorded loop, through its own URLs and auth.
  (d) => [ownLoop(d)],
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

/**
 * A credential source that never answers (issue 36): a token function, a service account's
 * token exchange, an AWS credentials provider. The call's `timeoutMs`, `deadlineMs` and
 * `signal` end it as they end a silent server, before anything reaches the model's endpoint.
 */
const TOKEN_URI = "https://oauth2.test/token";
const never = () => new Promise<never>(() => {});
let keys: TestKeys;
beforeAll(async () => {
  keys = await makeTestKeys();
});

/**
 * A kind of credentials that is a source (a function, a service account), made silent: the
 * function never answers, the service account's token endpoint does not either.
 */
function silenced(auth: Auth): (() => Record<string, unknown>) | undefined {
  if ("serviceAccount" in auth.config) {
    return () => ({ serviceAccount: serviceAccount(keys.pem, TOKEN_URI) });
  }
  const source = Object.keys(auth.config).find((k) => typeof auth.config[k] === "function");
  return source === undefined ? undefined : () => ({ [source]: never });
}

/** Every variant over every wire, with each kind of its credentials that is a source. */
const SILENT_CREDENTIALS = everyWireAndAuth().flatMap(([v, wire, name, auth]) => {
  const credentials = silenced(auth);
  return credentials ? [[`${v} over ${wire}, ${name}`, v, wire, credentials] as const] : [];
});

/**
 * A fetch whose every request waits forever, as a network that answers nothing does, until its
 * signal aborts it; `sent` lists the URLs asked for, `abandoned` those whose signal aborted.
 */
function silentNetwork() {
  const sent: string[] = [];
  const abandoned: string[] = [];
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push(url);
    return new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener("abort", () => {
        abandoned.push(url);
        reject(init.signal?.reason);
      });
    });
  }) as typeof globalThis.fetch;
  return { fetch, sent, abandoned };
}

function silentModel(
  provider: Variant,
  wire: Wire,
  credentials: Record<string, unknown>,
  transport: Record<string, unknown>,
) {
  const network = silentNetwork();
  const config = { ...minimalConfig(provider, wire), ...credentials, ...transport };
  return { model: createModel(provider, config, network.fetch), network };
}

const MODES = ["generate", "stream"] as const;
const SILENT_CASES = SILENT_CREDENTIALS.flatMap(([label, ...rest]) =>
  MODES.map((mode) => [`${label} ${mode}`, ...rest, mode] as const),
);

describe.each(SILENT_CASES)("%s, credentials that never come", (_, provider, wire, creds, mode) => {
  /** Nothing but the token exchange went out, and that was abandoned when the call ended. */
  function expectNothingSent(network: ReturnType<typeof silentNetwork>) {
    expect(network.sent.every((url) => url === TOKEN_URI)).toBe(true);
    expect(network.abandoned).toEqual(network.sent);
  }

  it("end in a TimeoutError after timeoutMs, not retried", async () => {
    const { model, network } = silentModel(provider, wire, creds(), { timeoutMs: 50 });
    const { error, responseError } = await call(await model, mode);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(`${provider}: the credentials did not come within 50 ms`);
    if (mode === "stream") expect(responseError).toBe(error);
    expect(network.sent.length).toBeLessThanOrEqual(1);
    expectNothingSent(network);
  });

  it("end in a TimeoutError at deadlineMs", async () => {
    const { model, network } = silentModel(provider, wire, creds(), { deadlineMs: 80 });
    const { error } = await call(await model, mode);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(
      `${provider}: the call did not finish within its deadline of 80 ms`,
    );
    expectNothingSent(network);
  });

  it("end with the caller's reason when its signal aborts", async () => {
    const { model, network } = silentModel(provider, wire, creds(), {});
    const controller = new AbortController();
    const reason = new Error(`caller gave up: ${provider}`);
    setTimeout(() => controller.abort(reason), 30);
    const { error } = await call(await model, mode, controller.signal);
    expect(error).toBe(reason);
    expectNothingSent(network);
  });
});
