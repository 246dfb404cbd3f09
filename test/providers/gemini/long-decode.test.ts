/**
 * Gemini 4 long decode through the public API, over the synthesized cassettes
 * fixtures/gemini/long-decode*.json (three hops: a signed thought summary in the first, a
 * signed function call in the last; a second hop that fails). The contract table replays them
 * too (test/contract/rows/gemini.ts); here: what the hops make of the requests and the answer.
 * @see https://ai.google.dev/gemini-api/docs/generate-content/long-decode
 */
import { describe, expect, it } from "vitest";
import { LONG_DECODE } from "../../../scripts/scenarios/gemini.js";
import { Agent } from "../../../src/agent/agent.js";
import { partsOf } from "../../../src/core/parts.js";
import type { Delta, ModelRequest, ModelResponse } from "../../../src/core/types.js";
import * as gemini from "../../../src/platforms/gemini/index.js";
import * as vertex from "../../../src/platforms/vertex/index.js";
import { type Cassette, replayFetch } from "../../../src/testing/index.js";
import { buildModelParts } from "../../../src/wires/generate-content/request.js";
import { loadCassette } from "../../helpers/cassettes.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";

const KEY = "AIza-test-key";
const request: ModelRequest = {
  messages: [{ role: "user", content: LONG_DECODE.prompt }],
  tools: [...LONG_DECODE.tools],
};

interface Hop {
  candidates: { continuationToken?: string; content: { parts: unknown[] } }[];
  usageMetadata: {
    promptTokenCount: number;
    candidatesTokenCount: number;
    thoughtsTokenCount: number;
  };
}

/** The recorded answers of a non-streamed cassette. */
const hopsOf = (c: Cassette) => c.interactions.map((i) => i.response.body as Hop);
const tokenOf = (hop: Hop | undefined) => hop?.candidates[0]?.continuationToken;

/** The cassette's fetch, with the raw bytes of every request body kept. */
function replaying(file: string, provider = "gemini") {
  const cassette = loadCassette(provider, file);
  const replay = replayFetch(cassette);
  const bodies: string[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit) => {
    bodies.push(String(init?.body));
    return replay(input, init);
  };
  return { cassette, replay, bodies, fetch };
}

const model = (fetch: typeof globalThis.fetch, config: Partial<gemini.Config> = {}) =>
  gemini.create({ apiKey: KEY, ...LONG_DECODE.config, model: LONG_DECODE.model, fetch, ...config });

async function streamed(
  m: ReturnType<typeof model>,
  req: ModelRequest = request,
): Promise<{ deltas: Delta[]; response?: ModelResponse; error?: unknown }> {
  const deltas: Delta[] = [];
  const s = m.stream(req);
  try {
    for await (const d of s) deltas.push(d);
    return { deltas, response: await s.response };
  } catch (error) {
    return { deltas, error };
  }
}

describe("Gemini 4 long decode", () => {
  it("sends each hop as the first request plus the previous hop's continuationToken, byte for byte", async () => {
    const { cassette, replay, bodies, fetch } = replaying("long-decode");
    await model(fetch).generate(request);
    replay.assertDone();
    const tokens = hopsOf(cassette).map(tokenOf);
    expect(bodies).toHaveLength(3);
    const first = JSON.parse(bodies[0] as string) as Record<string, unknown>;
    expect(first).not.toHaveProperty("continuationToken");
    for (const n of [1, 2]) {
      expect(bodies[n]).toBe(JSON.stringify({ ...first, continuationToken: tokens[n - 1] }));
    }
  });

  it("answers one response: the hops' parts in order, signatures intact, texts as sent", async () => {
    const { cassette, fetch } = replaying("long-decode");
    const response = await model(fetch).generate(request);
    const hops = hopsOf(cassette);
    const parts = partsOf(response.message);
    expect(parts.map((p) => p.type)).toEqual(["thinking", "text", "text", "text", "tool-call"]);
    // Each part goes back as the hop sent it: the thought summary's and the call's signatures
    // included, and the texts of three hops as three parts (not merged into one).
    expect(buildModelParts(response.message, 1, true)).toEqual(
      hops.flatMap((h) => h.candidates[0]?.content.parts),
    );
    expect(response.stopReason).toBe("STOP");
    expect(response.continuationToken).toBe(undefined);
    expect(response.id).toBe("ld-hop-1");
  });

  it("sums the hops' usage and keeps each hop as an iteration", async () => {
    const { cassette, fetch } = replaying("long-decode");
    const { usage } = await model(fetch).generate(request);
    const steps = hopsOf(cassette).map(({ usageMetadata: u }, i) => ({
      type: i === 0 ? "message" : "continuation",
      inputTokens: u.promptTokenCount,
      outputTokens: u.candidatesTokenCount + u.thoughtsTokenCount,
      reasoningTokens: u.thoughtsTokenCount,
    }));
    const sum = (k: "inputTokens" | "outputTokens" | "reasoningTokens") =>
      steps.reduce((n, s) => n + s[k], 0);
    expect(usage).toEqual({
      inputTokens: sum("inputTokens"),
      outputTokens: sum("outputTokens"),
      reasoningTokens: sum("reasoningTokens"),
      iterations: steps,
    });
  });

  it("streams the same response as generate, its deltas indexed in the one final message", async () => {
    const generated = await model(replaying("long-decode").fetch).generate(request);
    const { replay, fetch } = replaying("long-decode-stream");
    const { deltas, response, error } = await streamed(model(fetch));
    replay.assertDone();
    expect(error).toBe(undefined);
    expect(response).toEqual(generated);
    // Hop 2's text is part 2, hop 3's parts 3 and 4: the indices go on across hops.
    expect([...new Set(deltas.map((d) => d.index))]).toEqual([0, 1, 2, 3, 4]);
  });

  it("follows the hops on Vertex too", async () => {
    const { replay, bodies, fetch } = replaying("gemini-long-decode", "vertex");
    const response = await vertex
      .create({
        project: "golem",
        location: "global",
        token: async () => "ya29.test-token-0123456789",
        baseURL: "https://aiplatform.googleapis.com/v1beta1",
        model: LONG_DECODE.model,
        ...LONG_DECODE.config,
        fetch,
      })
      .generate(request);
    replay.assertDone();
    expect(bodies).toHaveLength(3);
    expect(response.usage.iterations).toHaveLength(3);
  });

  it("with longDecode: false, ends at the first hop and reports its CONTINUATION and token", async () => {
    const cassette = loadCassette("gemini", "long-decode");
    const first = hopsOf(cassette)[0];
    const { fetch, calls } = scriptedFetch([jsonResponse(200, first)]);
    const response = await model(fetch, { longDecode: false }).generate(request);
    expect(calls).toHaveLength(1);
    expect(response.stopReason).toBe("CONTINUATION");
    expect(response.continuationToken).toBe(tokenOf(first));
    expect(response.usage.iterations).toBe(undefined);
  });

  it("ends in CONTINUATION rather than ask again when a hop gives back the token it was sent", async () => {
    const first = hopsOf(loadCassette("gemini", "long-decode"))[0];
    const { fetch, calls } = scriptedFetch([jsonResponse(200, first), jsonResponse(200, first)]);
    const response = await model(fetch).generate(request);
    expect(calls).toHaveLength(2);
    expect(response.stopReason).toBe("CONTINUATION");
    expect(response.continuationToken).toBe(tokenOf(first));
    expect(response.usage.iterations).toHaveLength(2);
  });

  it("rejects a failed hop with its own error carrying the hops so far and the token to resume", async () => {
    const { cassette, replay, fetch } = replaying("long-decode-hop-fails");
    const err = await model(fetch, { maxRetries: 0 })
      .generate(request)
      .catch((e: unknown) => e);
    replay.assertDone();
    const first = hopsOf(cassette)[0];
    expect(err).toBeInstanceOf(gemini.APIError);
    expect(err).toMatchObject({ status: 503, continuationToken: tokenOf(first) });
    const partial = (err as gemini.APIError).partial as ModelResponse;
    expect(partial.stopReason).toBe("CONTINUATION");
    expect(partial.continuationToken).toBe(tokenOf(first));
    expect(partsOf(partial.message).map((p) => p.type)).toEqual(["thinking", "text"]);
  });

  it("resumes from a failed hop's token: the same request with it as continuationToken", async () => {
    const last = hopsOf(loadCassette("gemini", "long-decode"))[2];
    const { fetch, calls } = scriptedFetch([jsonResponse(200, last)]);
    const req = { ...request, extraBody: { continuationToken: "resume-here" } };
    const response = await model(fetch).generate(req);
    const plain = scriptedFetch([jsonResponse(200, last)]);
    await model(plain.fetch).generate(request);
    expect(calls[0]?.body).toBe(
      JSON.stringify({
        ...JSON.parse(plain.calls[0]?.body ?? ""),
        continuationToken: "resume-here",
      }),
    );
    expect(response.stopReason).toBe("STOP");
  });

  it("rejects a hop that breaks mid-stream with all that arrived and its last checkpoint token", async () => {
    const { cassette, replay, fetch } = replaying("long-decode-hop-fails-stream");
    const { deltas, error } = await streamed(model(fetch, { maxRetries: 0 }));
    replay.assertDone();
    expect(error).toBeInstanceOf(gemini.APIError);
    const partial = (error as gemini.APIError).partial as ModelResponse;
    // Hop 1's thought and text, then what hop 2 streamed before its error event.
    expect(partsOf(partial.message).map((p) => p.type)).toEqual(["thinking", "text", "text"]);
    expect(Math.max(...deltas.map((d) => d.index))).toBe(2);
    const chunks = cassette.interactions[1]?.response.chunks ?? [];
    const checkpoint = /"continuationToken":"([^"]+)"/.exec(chunks.join(""))?.[1];
    expect(checkpoint).toBeDefined();
    expect(error).toMatchObject({ continuationToken: checkpoint });
    expect(partial.continuationToken).toBe(checkpoint);
  });

  it("stops between hops when the signal aborts, with no further request", async () => {
    const hops = hopsOf(loadCassette("gemini", "long-decode"));
    const controller = new AbortController();
    const { fetch, calls } = scriptedFetch([
      () => {
        controller.abort(new Error("stop"));
        return jsonResponse(200, hops[0])();
      },
      jsonResponse(200, hops[1]),
    ]);
    const err = await model(fetch)
      .generate(request, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(err).toEqual(new Error("stop"));
    expect(calls).toHaveLength(1);
  });

  it("leaving a stream in its second hop cancels it, with the hops so far as partial", async () => {
    const { fetch } = replaying("long-decode-stream");
    const s = model(fetch).stream(request);
    for await (const d of s) if (d.index === 2) break;
    const err = await s.response.catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "AbortError" });
    const partial = (err as { partial?: ModelResponse }).partial as ModelResponse;
    expect(partsOf(partial.message).map((p) => p.type)).toEqual(["thinking", "text", "text"]);
  });

  it("is one step of an agent", async () => {
    const hops = hopsOf(loadCassette("gemini", "long-decode"));
    const stop = { ...hops[1], candidates: [{ ...hops[1]?.candidates[0], finishReason: "STOP" }] };
    delete (stop.candidates[0] as { continuationToken?: string }).continuationToken;
    const { fetch, calls } = scriptedFetch([jsonResponse(200, hops[0]), jsonResponse(200, stop)]);
    const run = await new Agent({ model: model(fetch) }).run(LONG_DECODE.prompt);
    expect(calls).toHaveLength(2);
    expect(run.steps).toBe(1);
    expect(run.usage.inputTokens).toBe(2 * (hops[0]?.usageMetadata.promptTokenCount ?? 0));
  });
});
