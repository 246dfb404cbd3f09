import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, type RunEvent, tool } from "../../src/index.js";
import {
  EventStreamError,
  eventRelay,
  readModelStream,
  readRunStream,
} from "../../src/sse/index.js";
import { answer, call, callTools, ScriptedModel, tick } from "../agent/scripted-model.js";

/**
 * golem/sse's relay: every event has an id, and a browser whose connection drops reconnects
 * with Last-Event-ID and gets every event exactly once, from a bounded buffer, or a typed
 * error when the events it missed are gone. A client going away stops nothing; `cancel` does.
 */

let ran = 0;
const lookup = tool({
  name: "lookup",
  description: "",
  parameters: z.object({}),
  execute: () => {
    ran++;
    return "found";
  },
});
/** The run every test replays: a signed tool call, then the answer. */
const turns = () => [
  callTools([call("c1", "lookup", {})], [{ type: "thinking", text: "Look.", signature: "s1" }]),
  answer("It was found, as the lookup said, and that is the end of it."),
];
const runOf = (model: ScriptedModel) => new Agent({ model, tools: [lookup] }).runStream("go");

/** A request from a client that has the events up to `lastEventId`. */
const reconnecting = (lastEventId: string) =>
  new Request("https://app.example/api/agent/1", { headers: { "last-event-id": lastEventId } });

/** The response's body as it would reach a client whose connection drops after `chunks` chunks. */
function cutAfter(response: Response, chunks: number): Response {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let n = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (n++ >= chunks) {
        await reader.cancel();
        controller.error(new TypeError("network error"));
        return;
      }
      const read = await reader.read();
      if (read.done) controller.close();
      else controller.enqueue(read.value);
    },
  });
  return new Response(body, { headers: response.headers });
}

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe("eventRelay", () => {
  it("gives every event an id, one more each time, and every client every event", async () => {
    ran = 0;
    const relay = eventRelay(runOf(new ScriptedModel(turns())));
    const first = await relay.response().text();
    const ids = [...first.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(5);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    expect(first.trimEnd().split("\n\n").at(-1)).toMatch(/^id: \d+\nevent: result\n/);
    // A second client, after the end, gets the same events from the buffer; one that has
    // events 1 to 3 gets those after them.
    expect(await relay.response().text()).toBe(first);
    const after3 = await relay.response(reconnecting("3")).text();
    expect(after3).toBe(first.slice(first.indexOf("id: 4\n")));
    expect(ran).toBe(1);
  });

  it("a client whose connection drops reconnects and gets each event exactly once", async () => {
    ran = 0;
    const model = new ScriptedModel(turns());
    const relay = eventRelay(runOf(model));
    const asked: string[] = [];
    const read = readRunStream(cutAfter(relay.response(), 3), {
      reconnect: (lastEventId) => {
        asked.push(lastEventId);
        return relay.response(reconnecting(lastEventId));
      },
    });
    const events = await collect(read);
    const result = await read.result;
    // What a client that never dropped got: the same events, the same result.
    const whole = readRunStream(relay.response());
    expect(events).toEqual(await collect(whole));
    expect(result).toEqual(await whole.result);
    expect(result.output).toBe("It was found, as the lookup said, and that is the end of it.");
    expect(asked).toHaveLength(1);
    expect(Number(asked[0])).toBeGreaterThan(0);
    // The drop stopped nothing and the reconnect re-ran nothing.
    expect(model.calls).toHaveLength(2);
    expect(ran).toBe(1);
  });

  it("a reconnect whose missed events left the bounded buffer gets an EventsGone error", async () => {
    const relay = eventRelay(runOf(new ScriptedModel(turns())), { buffer: 2 });
    const read = readRunStream(cutAfter(relay.response(), 1), {
      reconnect: async (lastEventId) => {
        await relay.response().text(); // the run goes on to its end meanwhile
        return relay.response(reconnecting(lastEventId));
      },
    });
    const err = await read.result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EventStreamError);
    expect(err).toMatchObject({ errorName: "EventsGone", status: 410 });
  });

  it.each([
    ["an id it never gave", "999"],
    ["an id that is not a number", "abc"],
  ])("answers %s with an EventsGone error", async (_, id) => {
    const relay = eventRelay(runOf(new ScriptedModel(turns())));
    await relay.response().text();
    const text = await relay.response(reconnecting(id)).text();
    expect(text).toMatch(/^event: error\ndata: \{"name":"EventsGone","status":410,/);
  });

  it("goes on when a client leaves, and stops the source on cancel", async () => {
    const model = new ScriptedModel(turns());
    const relay = eventRelay(runOf(model));
    for await (const _ of readRunStream(relay.response())) break;
    const rest = await relay.response().text();
    expect(rest).toContain("event: result");
    expect(model.calls).toHaveLength(2);

    const held = new ScriptedModel([{ ...answer("never"), hold: true }]);
    const stopped = eventRelay(runOf(held));
    const pending = stopped.response().text();
    await tick(20);
    await stopped.cancel();
    expect(held.calls[0]?.signal?.aborted).toBe(true);
    expect(await pending).toMatch(/event: error\ndata: \{"name":"AbortError"/);
  });

  it("relays a model stream too; a reader without reconnect fails with the network's error", async () => {
    const model = new ScriptedModel(turns().slice(1));
    const relay = eventRelay(model.stream({ messages: [{ role: "user", content: "go" }] }));
    const read = readModelStream(cutAfter(relay.response(), 1));
    expect(await read.response.catch((e: unknown) => e)).toMatchObject({
      name: "TypeError",
      message: "network error",
    });
    const whole = readModelStream(relay.response());
    expect((await whole.response).stopReason).toBe("end_turn");
  });

  it("gives up after three reconnects in a row that bring no new event", async () => {
    const relay = eventRelay(runOf(new ScriptedModel(turns())));
    let tries = 0;
    const read = readRunStream(cutAfter(relay.response(), 1), {
      reconnect: () => {
        tries++;
        return cutAfter(relay.response(reconnecting("1")), 0);
      },
    });
    expect(await read.result.catch((e: unknown) => e)).toBeInstanceOf(TypeError);
    expect(tries).toBe(3);
  });
});
