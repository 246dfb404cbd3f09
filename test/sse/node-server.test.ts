import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { clientGone, sendResponse } from "../../examples/sse-node/send.js";
import { Agent, type Message, parseHistory, type RunEvent, tool } from "../../src/index.js";
import {
  defaultErrorEvent,
  EventStreamError,
  eventStreamResponse,
  readRunStream,
} from "../../src/sse/index.js";
import {
  answer,
  call,
  callTools,
  ScriptedModel,
  type Turn,
  tick,
} from "../agent/scripted-model.js";

/**
 * golem/sse behind a real Node `http` server on loopback, written with the recipe of
 * docs/sse.md (examples/sse-node/send.ts; the handler is examples/sse-node/server.ts's, over
 * src/): the client is `fetch`, as a browser's, reading with `readRunStream`.
 */

/** examples/sse-node/server.ts's server, on golem's sources. */
function agentServer(agent: Agent, log: (err: unknown) => void): Server {
  return createServer(async (req, res) => {
    let prompt: string;
    let history: Message[];
    try {
      const body = JSON.parse(await text(req)) as { prompt: string; history?: unknown };
      prompt = body.prompt;
      history = body.history === undefined ? [] : parseHistory(body.history);
    } catch (err) {
      res.writeHead(400, { "content-type": "text/plain" }).end(`bad request: ${String(err)}`);
      return;
    }
    const run = agent.runStream(prompt, { history, signal: clientGone(res) });
    const response = eventStreamResponse(run, {
      errorEvent: (err) => {
        log(err);
        return defaultErrorEvent(err);
      },
    });
    await sendResponse(response, res);
  });
}

let server: Server | undefined;
afterEach(async () => {
  // Without closing them, `close` waits for the sockets the test client left behind.
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Serves `agent` on a free loopback port; what the server logged, and how to post to it. */
async function serve(agent: Agent) {
  const logged: unknown[] = [];
  server = agentServer(agent, (err) => logged.push(err));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const post = (body: unknown, signal?: AbortSignal) =>
    fetch(`http://127.0.0.1:${port}/api/agent`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  return { logged, post };
}

const SIGNED: Turn = callTools(
  [call("c1", "lookup", { city: "Florence" })],
  [{ type: "thinking", text: "Look it up.", signature: "sig-1", provider: "anthropic" }],
);

describe("golem/sse on a Node http server", () => {
  it.each([
    ["aborts its fetch", "abort"],
    ["breaks out of readRunStream", "break"],
  ] as const)("a client that %s mid-run stops the run on the server", async (_, how) => {
    let toolSignal: AbortSignal | undefined;
    const slow = tool({
      name: "lookup",
      description: "",
      parameters: z.object({ city: z.string() }),
      execute: (_, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    });
    const model = new ScriptedModel([SIGNED, answer("never")]);
    const { post } = await serve(new Agent({ model, tools: [slow] }));
    const controller = new AbortController();
    const run = readRunStream(await post({ prompt: "Weather?" }, controller.signal));
    const seen: RunEvent[] = [];
    try {
      for await (const event of run) {
        seen.push(event);
        // The assistant turn asking for the tool has arrived: the tool is running.
        if (event.type === "message" && event.step === 1) {
          if (how === "break") break;
          controller.abort();
        }
      }
    } catch (err) {
      expect(err).toMatchObject({ name: "AbortError" });
    }
    await expect(run.result).rejects.toMatchObject({ name: "AbortError" });
    // On the server: the tool's signal aborted, and no second model call was made.
    await vi.waitFor(() => expect(toolSignal?.aborted).toBe(true));
    await tick(20);
    expect(model.calls).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({ type: "message", step: 1 });
  });

  it("a client that leaves while the model streams aborts the model call", async () => {
    const model = new ScriptedModel([{ ...answer("a long answer"), hold: true }]);
    const { post } = await serve(new Agent({ model }));
    const run = readRunStream(await post({ prompt: "Tell me a story." }));
    for await (const event of run) if (event.type === "delta") break;
    await vi.waitFor(() => expect(model.calls[0]?.signal?.aborted).toBe(true));
  });

  it("the browser gets the error's class and status; the server's log gets the error", async () => {
    const failure = Object.assign(new Error("upstream said no (request id req_secret_1)"), {
      status: 503,
    });
    const { post, logged } = await serve(
      new Agent({ model: new ScriptedModel([{ ...answer(""), error: failure }]) }),
    );
    const error = await readRunStream(await post({ prompt: "Hi" })).result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventStreamError);
    expect(error).toMatchObject({ errorName: "Error", status: 503 });
    expect(String((error as Error).message)).not.toContain("req_secret_1");
    expect(logged).toEqual([failure]);
  });

  it("a browser that rebuilds the history from the events sends back the exact tool error the model read", async () => {
    const failing = tool({
      name: "lookup",
      description: "",
      parameters: z.object({ city: z.string() }),
      execute: () => {
        throw new Error('the weather service answered 502 for "Florence" \u2014 try later');
      },
    });
    const model = new ScriptedModel([
      SIGNED,
      answer("The lookup failed."),
      answer("Still no weather."),
    ]);
    const { post } = await serve(new Agent({ model, tools: [failing] }));

    // Turn 1: the browser keeps every `message` event, as a chat UI would.
    const first = readRunStream(await post({ prompt: "Weather in Florence?" }));
    const history: Message[] = [];
    for await (const event of first) if (event.type === "message") history.push(event.message);
    expect(history).toEqual((await first.result).messages);

    // What the model read on its second call, and what the browser holds, are the same tool
    // message: the same error text, `isError` and call id.
    const toolSeen = model.requests[1]?.messages.find((m) => m.role === "tool");
    const toolHeld = history.find((m) => m.role === "tool");
    expect(toolSeen?.content).toBe(
      'Tool "lookup" failed: the weather service answered 502 for "Florence" \u2014 try later',
    );
    expect(toolHeld).toStrictEqual(toolSeen);

    // Turn 2: the history goes back as the browser holds it; the model gets it unchanged,
    // signed thinking included.
    const second = readRunStream(await post({ prompt: "And now?", history }));
    await second.result;
    expect(model.requests[2]?.messages.slice(0, history.length)).toStrictEqual(history);
  });

  it("a history the browser broke is refused before any model call", async () => {
    const model = new ScriptedModel([answer("never")]);
    const { post } = await serve(new Agent({ model }));
    const answered = await post({ prompt: "Hi", history: [{ role: "robot", content: "x" }] });
    expect(answered.status).toBe(400);
    await expect(readRunStream(answered).result).rejects.toMatchObject({
      name: "EventStreamResponseError",
      status: 400,
      contentType: "text/plain",
    });
    expect(model.calls).toHaveLength(0);
  });
});
