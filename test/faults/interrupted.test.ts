import { describe, expect, it } from "vitest";
import { Agent } from "../../src/agent/agent.js";
import { runEvidenceOf } from "../../src/agent/errors.js";
import { jsonTool } from "../../src/agent/tool.js";
import { StreamError } from "../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import { partsOf } from "../../src/core/parts.js";
import type { Message, Model, ModelResponse } from "../../src/core/types.js";
import { bodyFetch } from "../contract/adapters.js";
import { ADAPTERS, type Adapter, OPENAI_RESPONSES } from "./adapters.js";
import { REQUEST } from "./calls.js";

/**
 * An answer cut off (the caller left, the stream broke) ends as a message marked
 * `interrupted`: what arrived, whole. It can be kept in the history: its tool calls are never
 * sent back (never run, maybe half made) and golem reports each one it leaves out; the rest
 * goes back as the provider allows. Every wire, on its recorded thinking tool loop stream.
 */

const WIRES: Adapter[] = [...ADAPTERS, OPENAI_RESPONSES];
const labelOf = (a: Adapter) => a.label ?? a.name;

/** The adapter answering its recorded stream from memory, cut after `keep` pieces if given. */
function streaming(a: Adapter, keep?: number): Model {
  const b = a.body("stream");
  const pieces = keep === undefined ? b.pieces : b.pieces.slice(0, keep);
  return a.create("http://127.0.0.1:9", {
    fetch: bodyFetch(pieces, { status: b.status, headers: b.headers }),
    maxRetries: 0,
  });
}

/**
 * Reads a stream until its message holds a tool call, then leaves it; a recorded stream
 * without one (Azure's and Cohere's are final answers) is left after its first delta.
 */
async function cutAtToolCall(model: Model, hasCall: boolean): Promise<ModelResponse> {
  const stream = model.stream(REQUEST);
  for await (const delta of stream) if (!hasCall || delta.type === "tool-call") break;
  const err = await stream.response.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toMatchObject({ name: "AbortError" });
  const partial = (err as { partial?: ModelResponse }).partial;
  expect(partial).toBeDefined();
  return partial as ModelResponse;
}

/** The next request's body, and the response to it, with `history` sent. */
async function nextRequest(
  a: Adapter,
  history: Message[],
): Promise<{ body: string; response: ModelResponse }> {
  const b = a.body("generate");
  const answer = bodyFetch(b.pieces, { status: b.status, headers: b.headers });
  let body = "";
  const model = a.create("http://127.0.0.1:9", {
    fetch: (async (url: string, init: RequestInit) => {
      body = String(init.body);
      return answer(url, init);
    }) as typeof fetch,
  });
  const response = await model.generate({ messages: history });
  return { body, response };
}

/** Whether the adapter's whole recorded stream makes a tool call. */
async function callsATool(a: Adapter): Promise<boolean> {
  const stream = streaming(a).stream(REQUEST);
  for await (const _ of stream) {
  }
  return partsOf((await stream.response).message).some((p) => p.type === "tool-call");
}

describe.each(WIRES.map((a) => [labelOf(a), a] as const))("an answer cut off on %s", (_, a) => {
  it("is marked interrupted when the caller leaves, with every part that arrived", async () => {
    const hasCall = await callsATool(a);
    const partial = await cutAtToolCall(streaming(a), hasCall);
    expect(partial.message.interrupted).toBe(true);
    expect(partsOf(partial.message).some((p) => p.type === "tool-call")).toBe(hasCall);
    expect(partsOf(partial.message).length).toBeGreaterThan(0);
  });

  it("is marked interrupted when the stream breaks off", async () => {
    const pieces = a.body("stream").pieces.length;
    const stream = streaming(a, Math.ceil(pieces / 2)).stream(REQUEST);
    const err = await (async () => {
      for await (const _ of stream) {
      }
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StreamError);
    expect((err as StreamError).partial?.message.interrupted).toBe(true);
  });

  it("stays in the history and goes back without its tool calls, each reported", async () => {
    const partial = await cutAtToolCall(streaming(a), await callsATool(a));
    const calls = partsOf(partial.message).flatMap((p, j) => (p.type === "tool-call" ? [j] : []));
    const ids = calls.map((j) => (partsOf(partial.message)[j] as { id: string }).id);
    // Kept as plain data: the mark survives a round trip.
    const history = parseHistory(
      serializeHistory([
        ...REQUEST.messages,
        partial.message,
        { role: "user", content: "Go on, please." },
      ]),
    );
    expect(history[1]?.interrupted).toBe(true);
    const { body, response } = await nextRequest(a, history);
    for (const id of ids) expect(body).not.toContain(id);
    const reported = response.inputTransformations ?? [];
    expect(reported.filter((t) => t.reason === "interrupted")).toEqual(
      calls.map((j) => ({
        action: "dropped",
        by: "golem",
        reason: "interrupted",
        index: 1,
        path: `messages.1.content.${j}`,
      })),
    );
  });
});

describe("a run whose streamed answer is cut off", () => {
  it("keeps the marked answer on its error, out of its messages, and runs none of its calls", async () => {
    const ran: string[] = [];
    const agent = new Agent({
      model: streaming(ADAPTERS[0] as Adapter),
      tools: [
        jsonTool({
          name: "get_weather",
          description: "weather",
          parameters: { type: "object", properties: {} },
          execute: () => {
            ran.push("get_weather");
            return "hot";
          },
        }),
      ],
    });
    const run = agent.runStream(REQUEST.messages[0]?.content as string);
    for await (const e of run) if (e.type === "delta" && e.delta.type === "tool-call") break;
    const err = await run.result.then(
      () => undefined,
      (e: unknown) => e,
    );
    const evidence = runEvidenceOf(err);
    expect(evidence?.interrupted?.interrupted).toBe(true);
    expect(partsOf(evidence?.interrupted as Message).length).toBeGreaterThan(0);
    expect(evidence?.messages.at(-1)?.role).toBe("user");
    expect(ran).toEqual([]);
  });
});
