import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Agent,
  HistoryError,
  keepLastTurns,
  type Message,
  type Model,
  type Part,
  parseHistory,
  serializeHistory,
  textOf,
  tool,
} from "../../src/index.js";
import { answer, call, callTools, deferred, ScriptedModel } from "./scripted-model.js";

const echo = tool({
  name: "echo",
  description: "Echoes",
  parameters: z.object({ say: z.string() }),
  execute: ({ say }) => say,
});

describe("history processors", () => {
  it("run before every call on the conversation without the system prompt, in order", async () => {
    const seen: Message[][] = [];
    const model = new ScriptedModel([
      callTools([call("c1", "echo", { say: "x" })]),
      answer("done"),
    ]);
    const agent = new Agent({
      model,
      instructions: "System prompt.",
      tools: [echo],
      historyProcessors: [
        (messages) => {
          seen.push(messages.slice());
          return [{ role: "user", content: "first" }, ...messages];
        },
        (messages) => {
          seen.push(messages.slice());
          return messages;
        },
      ],
    });
    const result = await agent.run("hi");
    expect(seen.map((m) => m.length)).toEqual([1, 2, 3, 4]);
    expect(seen[0]).toStrictEqual([{ role: "user", content: "hi" }]);
    expect(seen[1]?.[0]).toStrictEqual({ role: "user", content: "first" });
    expect(model.requests[0]?.messages).toStrictEqual([
      { role: "user", content: "first" },
      { role: "user", content: "hi" },
    ]);
    expect(model.requests[0]?.system).toBe("System prompt.");
    expect(result.messages).toHaveLength(4);
  });

  it("shape what is sent while the evidence keeps every message", async () => {
    const history: Message[] = [
      { role: "user", content: "old" },
      { role: "assistant", content: "old answer" },
    ];
    const model = new ScriptedModel([answer("new answer")]);
    const agent = new Agent({ model, historyProcessors: [keepLastTurns(1)] });
    const result = await agent.runWithHistory(history, "new");
    expect(model.requests[0]?.messages).toStrictEqual([{ role: "user", content: "new" }]);
    expect(result.messages.map(textOf)).toEqual(["old", "old answer", "new", "new answer"]);
  });

  it("get a copy they may change without touching the evidence", async () => {
    const model = new ScriptedModel([answer("a")]);
    const agent = new Agent({
      model,
      historyProcessors: [
        (messages) => {
          messages.splice(0, 1, { role: "user", content: "replaced" });
          return messages;
        },
      ],
    });
    const result = await agent.run("hi");
    expect(model.requests[0]?.messages).toStrictEqual([{ role: "user", content: "replaced" }]);
    expect(result.messages[0]).toStrictEqual({ role: "user", content: "hi" });
  });

  it("whose result fails validation stop the run before the model is called", async () => {
    const model = new ScriptedModel([
      callTools([call("c1", "echo", { say: "x" })]),
      answer("never"),
    ]);
    let calls = 0;
    const agent = new Agent({
      model,
      tools: [echo],
      // The second call drops the assistant message, orphaning the tool result.
      historyProcessors: [
        (messages) => (++calls === 2 ? messages.filter((m) => m.role !== "assistant") : messages),
      ],
    });
    const run = agent.run("hi");
    await expect(run).rejects.toThrow(HistoryError);
    await expect(run).rejects.toMatchObject({ index: 1 });
    await expect(run).rejects.toThrow(/^messages\[1\]: toolCallId "c1" names no tool call/);
    expect(model.calls).toHaveLength(1);
  });

  it("that leave nothing stop the run before the model is called", async () => {
    const model = new ScriptedModel([answer("never")]);
    const agent = new Agent({ model, historyProcessors: [() => []] });
    await expect(agent.run("hi")).rejects.toThrow(
      new HistoryError("the history processors left no message to send"),
    );
    expect(model.calls).toHaveLength(0);
  });

  it("that throw reject the run with their error", async () => {
    const model = new ScriptedModel([answer("never")]);
    const boom = new Error("processor broke");
    const agent = new Agent({
      model,
      historyProcessors: [
        async () => {
          throw boom;
        },
      ],
    });
    await expect(agent.run("hi")).rejects.toBe(boom);
    expect(model.calls).toHaveLength(0);
  });

  it("do not stand between a bad stored history and validation", async () => {
    const model = new ScriptedModel([answer("never")]);
    const bad: Message[] = [{ role: "tool", content: "r", toolCallId: "nope" }];
    await expect(new Agent({ model }).runWithHistory(bad, "hi")).rejects.toMatchObject({
      name: "HistoryError",
      index: 0,
    });
    expect(model.calls).toHaveLength(0);
  });
});

// Signatures with bytes a careless round trip would change: JSON escapes, U+2028, astral
// characters, base64 padding, trailing whitespace.
const SIG_THINK = 'EqQBCkYIBxgCKkD+/8a=\u2028"quoted"\\ é😀  ';
const REDACTED =
  "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB5URj==";
const SIG_CALL = "CiQB0e2Kb+gemini/signature==";
const SIG_TEXT = "text-signature\n\ttab";

/** Parts interleaved as Claude sends them: reasoning, text, more reasoning, then the call. */
const FIRST_PARTS: Part[] = [
  { type: "thinking", text: "I should call echo.\n", signature: SIG_THINK, provider: "anthropic" },
  { type: "text", text: "Let me check.", signature: SIG_TEXT, provider: "gemini" },
  { type: "thinking", redacted: REDACTED, provider: "anthropic" },
  { type: "text", text: " One moment." },
];

function signedScript() {
  const first = callTools(
    [{ ...call("c1", "echo", { say: "x" }), signature: SIG_CALL, provider: "gemini" }],
    FIRST_PARTS,
  );
  const second = answer("x it is", [{ type: "thinking", text: "", signature: "final-sig" }]);
  return { first, second };
}

describe("evidence", () => {
  it("holds the very history, prompt and model messages, the history array unchanged", async () => {
    const { first, second } = signedScript();
    const history: Message[] = [
      { role: "user", content: "earlier" },
      { role: "assistant", content: "earlier answer" },
    ];
    const model = new ScriptedModel([first, second]);
    const result = await new Agent({ model, tools: [echo] }).runWithHistory(history, "go");
    expect(history).toHaveLength(2);
    expect(result.messages).not.toBe(history);
    expect(result.messages[0]).toBe(history[0]);
    expect(result.messages[1]).toBe(history[1]);
    expect(result.messages[2]).toStrictEqual({ role: "user", content: "go" });
    expect(result.messages[3]).toBe(first.response.message);
    expect(result.messages[4]).toStrictEqual({ role: "tool", content: "x", toolCallId: "c1" });
    expect(result.messages[5]).toBe(second.response.message);
    expect(result.messages).toHaveLength(6);
    // What the model was sent is the same objects, too.
    expect(model.requests[1]?.messages[3]).toBe(first.response.message);
  });

  it("keeps every signature byte for byte through serializeHistory, parseHistory and the next run", async () => {
    const { first, second } = signedScript();
    const run1 = await new Agent({ model: new ScriptedModel([first, second]), tools: [echo] }).run(
      "go",
    );
    const stored = parseHistory(serializeHistory(run1.messages));
    expect(stored).toStrictEqual(run1.messages);

    const model = new ScriptedModel([answer("again")]);
    const run2 = await new Agent({ model, tools: [echo] }).runWithHistory(stored, "and again?");
    const sent = model.requests[0]?.messages ?? [];
    // Every part in its place, each signature byte for byte.
    expect(sent[1]?.content).toStrictEqual([
      ...FIRST_PARTS,
      {
        type: "tool-call",
        id: "c1",
        name: "echo",
        arguments: '{"say":"x"}',
        signature: SIG_CALL,
        provider: "gemini",
      },
    ]);
    expect(sent[3]?.content).toStrictEqual([
      { type: "thinking", text: "", signature: "final-sig" },
      { type: "text", text: "x it is" },
    ]);
    expect(sent.slice(0, 4)).toStrictEqual(run1.messages);
    for (const [i, m] of stored.entries()) expect(run2.messages[i]).toBe(m);
  });
});

describe("usage, output and steps", () => {
  it("sum usage over the calls; optional counts appear when some call reported them", async () => {
    const model = new ScriptedModel([
      callTools([call("c1", "echo", { say: "a" })], [], { inputTokens: 10, outputTokens: 5 }),
      callTools([call("c2", "echo", { say: "b" })], [], {
        inputTokens: 20,
        outputTokens: 7,
        reasoningTokens: 3,
        cacheReadTokens: 8,
      }),
      answer("done", [], {
        inputTokens: 1,
        outputTokens: 1,
        cacheWriteTokens: 2,
        reasoningTokens: 4,
      }),
    ]);
    const result = await new Agent({ model, tools: [echo] }).run("go");
    expect(result.usage).toStrictEqual({
      inputTokens: 31,
      outputTokens: 13,
      reasoningTokens: 7,
      cacheReadTokens: 8,
      cacheWriteTokens: 2,
    });
    expect(result.steps).toBe(3);
    expect(result.output).toBe("done");
  });

  it("carry no optional counts when no call reported them", async () => {
    const model = new ScriptedModel([
      callTools([call("c1", "echo", { say: "a" })], [], { inputTokens: 3, outputTokens: 4 }),
      answer("", [], { inputTokens: 5, outputTokens: 6 }),
    ]);
    const result = await new Agent({ model, tools: [echo] }).run("go");
    expect(result.usage).toStrictEqual({ inputTokens: 8, outputTokens: 10 });
    expect(result.output).toBe("");
  });
});

describe("aborting a run", () => {
  it("aborts the running tools and rejects with the signal's reason", async () => {
    const started = deferred();
    let toolSignal: AbortSignal | undefined;
    const wait = tool({
      name: "wait",
      description: "",
      parameters: z.object({}),
      execute: (_, { signal }) => {
        toolSignal = signal;
        started.resolve();
        return new Promise((_, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason)),
        );
      },
    });
    const model = new ScriptedModel([callTools([call("c1", "wait", {})]), answer("never")]);
    const controller = new AbortController();
    const run = new Agent({ model, tools: [wait] }).run("go", { signal: controller.signal });
    await started.promise;
    const reason = new Error("user gave up");
    controller.abort(reason);
    await expect(run).rejects.toBe(reason);
    expect(toolSignal?.aborted).toBe(true);
    expect(model.calls).toHaveLength(1);
  });

  it("hands the abort to the model call in flight", async () => {
    const model = new ScriptedModel([{ ...answer("never"), hold: true }]);
    const controller = new AbortController();
    const run = new Agent({ model }).run("go", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 10);
    await expect(run).rejects.toThrow("stop");
    expect(model.calls[0]?.signal?.aborted).toBe(true);
  });

  it("does not wait for a tool or a model that ignores the signal", async () => {
    const stuck = tool({
      name: "stuck",
      description: "",
      parameters: z.object({}),
      execute: () => new Promise(() => {}),
    });
    const controller = new AbortController();
    const toolRun = new Agent({
      model: new ScriptedModel([callTools([call("c1", "stuck", {})])]),
      tools: [stuck],
    }).run("go", { signal: controller.signal });
    const deaf: Model = {
      provider: "deaf",
      model: "deaf-1",
      generate: () => new Promise(() => {}),
      stream: () => {
        throw new Error("not used");
      },
    };
    const modelRun = new Agent({ model: deaf }).run("go", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 20);
    await expect(toolRun).rejects.toThrow("stop");
    await expect(modelRun).rejects.toThrow("stop");
  });

  it("with a signal aborted before it starts never calls the model", async () => {
    const model = new ScriptedModel([answer("never")]);
    const reason = new Error("too late");
    const run = new Agent({ model }).run("go", { signal: AbortSignal.abort(reason) });
    await expect(run).rejects.toBe(reason);
    expect(model.calls).toHaveLength(0);
  });
});
