import { describe, expect, it, vi } from "vitest";
import { WEATHER_LOOP } from "../../scripts/scenarios/loops.js";
import {
  Agent,
  ConfigError,
  type Delta,
  type Message,
  type RunEvent,
  StreamError,
  textOf,
} from "../../src/index.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import {
  defaultErrorEvent,
  EventStreamError,
  eventStreamResponse,
  readModelStream,
  readRunStream,
  toEventStream,
} from "../../src/sse/index.js";
import { replayFetch } from "../../src/testing/index.js";
import { answer, ScriptedModel } from "../agent/scripted-model.js";
import { WEATHER } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";
import { claudeLoopModel, weatherAgent } from "../helpers/loops.js";

const PROMPT = WEATHER_LOOP.prompt;
const loopModel = claudeLoopModel;

/** The model of the recorded error event, replaying it. */
const errorModel = () =>
  anthropic.create({
    apiKey: "test-key-0123456789",
    model: "claude-sonnet-4-5",
    maxTokens: 4096,
    thinking: { budgetTokens: 2048 },
    fetch: replayFetch(loadCassette("anthropic", "error-event-stream")),
  });

/** The recorded two-step Anthropic tool loop, as an agent (`name`: the cassette). */
function agentOverCassette(name = "thinking-tool-loop-stream") {
  return weatherAgent(loopModel(replayFetch(loadCassette("anthropic", name))));
}

/** A value as it comes out of JSON: what a browser can receive. */
const overJSON = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe("golem/sse: a run or a model stream to a browser and back", () => {
  it("a cassette run read back in the browser has the same events and the same result", async () => {
    const direct: RunEvent[] = [];
    const run = agentOverCassette().runStream(PROMPT);
    for await (const e of run) direct.push(e);
    const expected = await run.result;

    const response = eventStreamResponse(agentOverCassette().runStream(PROMPT));
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const read = readRunStream(response);
    const events: RunEvent[] = [];
    for await (const e of read) events.push(e);
    expect(events).toEqual(overJSON(direct));
    expect(await read.result).toEqual(overJSON(expected));
    // The signatures the next turn must replay arrive byte for byte.
    expect(JSON.stringify((await read.result).messages)).toBe(JSON.stringify(expected.messages));
  });

  it("awaiting only the result reads the whole stream and equals run's result", async () => {
    const viaRun = await agentOverCassette("thinking-tool-loop").run(PROMPT);
    const read = readRunStream(toEventStream(agentOverCassette().runStream(PROMPT)));
    const result = await read.result;
    // The streamed and the non-streamed cassettes hold different answers: compare the shape.
    expect(result.steps).toBe(viaRun.steps);
    expect(result.messages.map((m) => m.role)).toEqual(viaRun.messages.map((m) => m.role));
    expect(result.output).toBe(textOf(result.messages.at(-1) as Message));
    // And it is exactly what runStream's result is in-process.
    expect(result).toEqual(overJSON(await agentOverCassette().runStream(PROMPT).result));
  });

  it("a model stream's deltas and response round-trip", async () => {
    const model = loopModel(replayFetch(loadCassette("anthropic", "thinking-tool-loop-stream")));
    const request = {
      system: WEATHER_LOOP.system ?? "",
      messages: [{ role: "user" as const, content: PROMPT }],
      tools: [WEATHER_LOOP.tool],
    };
    const read = readModelStream(eventStreamResponse(model.stream(request)));
    const deltas: Delta[] = [];
    for await (const d of read) deltas.push(d);
    const response = await read.response;
    expect(deltas.length).toBeGreaterThan(3);
    expect(response.stopReason).toBe("tool_use");
    // The deltas add up to the message: every thinking signature of the response came as a delta.
    const signatures = deltas.flatMap((d) =>
      "signature" in d && d.signature ? [d.signature] : [],
    );
    const parts = response.message.content as { signature?: string }[];
    expect(signatures).toEqual(parts.flatMap((p) => (p.signature ? [p.signature] : [])));
  });

  it("the server's error rejects the reader with an EventStreamError naming it", async () => {
    const model = errorModel();
    const read = readModelStream(
      toEventStream(model.stream({ messages: [{ role: "user", content: "What is 925 / 5?" }] })),
    );
    const error = await read.response.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventStreamError);
    expect(error).toMatchObject({ errorName: "APIError" });
    expect((error as EventStreamError).type).toBeTypeOf("string");
  });

  it.each([
    ["by default: its class, status and type", undefined],
    [
      "with errorEvent passing the message on: that too",
      (err: unknown) => ({ ...defaultErrorEvent(err), message: (err as Error).message }),
    ],
  ] as const)(
    "a run that fails reads back as the same events, then the error, typed (%s)",
    async (_, errorEvent) => {
      const failing = () => new Agent({ model: errorModel() }).runStream("What is 925 / 5?");
      const direct: RunEvent[] = [];
      const run = failing();
      const expected = await (async () => {
        for await (const e of run) direct.push(e);
      })().catch((e: unknown) => e as Error & { status?: number; type?: string });
      expect(expected).toBeInstanceOf(Error);

      const read = readRunStream(eventStreamResponse(failing(), errorEvent ? { errorEvent } : {}));
      const events: RunEvent[] = [];
      const error = await (async () => {
        for await (const e of read) events.push(e);
      })().catch((e: unknown) => e);
      expect(events).toEqual(overJSON(direct));
      expect(error).toBeInstanceOf(EventStreamError);
      const { status, type } = expected as { status: number; type: string };
      const said = errorEvent
        ? (expected as Error).message
        : `failed on the server (status ${status}, ${type})`;
      expect(error).toMatchObject({
        errorName: (expected as Error).name,
        message: `${(expected as Error).name}: ${said}`,
        status,
        type,
      });
      // The provider's request id stays on the server unless the server passes it on.
      expect(String((error as Error).message).includes("request id")).toBe(
        errorEvent !== undefined,
      );
      await expect(read.result).rejects.toBe(error);
    },
  );

  it("a client that stops reading a model stream ends the model's response body", async () => {
    const replay = replayFetch(loadCassette("anthropic", "thinking-tool-loop-stream"));
    let cancelled = 0;
    /** The replayed answer, its body a stream that counts being cancelled. */
    const watched = async (input: string | URL | Request, init?: RequestInit) => {
      const answer = await replay(input, init);
      const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel(reason) {
          cancelled++;
          return reader.cancel(reason);
        },
      });
      return new Response(body, { status: answer.status, headers: answer.headers });
    };
    const model = loopModel(watched);
    const stream = model.stream({
      system: "You are a helpful assistant",
      messages: [{ role: "user", content: PROMPT }],
      tools: [WEATHER],
    });
    for await (const _ of readModelStream(eventStreamResponse(stream))) break;
    // Cancelling a fetch body is what closes the connection: the provider stops generating.
    await vi.waitFor(() => expect(cancelled).toBe(1));
    await expect(stream.response).rejects.toMatchObject({ name: "AbortError" });
  });

  it("a body that ends without a result is a StreamError", async () => {
    const body = new Response("event: delta\ndata: {}\n\n", {
      headers: { "content-type": "text/event-stream" },
    });
    await expect(readRunStream(body).result).rejects.toBeInstanceOf(StreamError);
  });

  it("a client that stops reading stops the run on the server: the model call is aborted", async () => {
    const model = new ScriptedModel([{ ...answer("a long answer"), hold: true }]);
    const response = eventStreamResponse(new Agent({ model }).runStream("hi"));
    for await (const e of readRunStream(response)) if (e.type === "delta") break;
    await vi.waitFor(() => expect(model.calls[0]?.signal?.aborted).toBe(true));
  });

  it("refuses a source or a body it cannot use, before reading anything", () => {
    expect(() => toEventStream({} as never)).toThrow(ConfigError);
    expect(() => readRunStream("data: {}" as never)).toThrow(ConfigError);
    expect(() => readModelStream(undefined as never)).toThrow(ConfigError);
  });
});
