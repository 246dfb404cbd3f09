import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Agent,
  type AgentOptions,
  ConfigError,
  HistoryError,
  type Message,
  parseHistory,
  pendingToolCalls,
  type RunCheckpoint,
  runEvidenceOf,
  serializeHistory,
  tool,
} from "../../src/index.js";
import { failOnUnhandledRejections } from "../helpers/unhandled.js";
import {
  answer,
  bareTool,
  call,
  callTools,
  deferred,
  ScriptedModel,
  tick,
} from "./scripted-model.js";

/**
 * Checkpoints, and a run that picks up after a crash: the agent tells `checkpoint` of its work
 * each time it grows (awaited before the run goes on); `resume` from the last stored one re-runs
 * nothing recorded, and a call whose answer was not recorded is an open call the caller decides
 * on, never run again unasked. A "crash" here is a checkpoint that throws: the run stops there,
 * and only what was stored before survives, as after a killed process.
 */

// Every test here also proves that no promise was left rejected without a handler.
failOnUnhandledRejections();
beforeEach(() => {
  ran = [];
});

let ran: string[] = [];
const step = (name: string) =>
  tool({
    name,
    description: "",
    parameters: z.object({}),
    execute: () => {
      ran.push(name);
      return `${name} done`;
    },
  });
const TOOLS = [step("a"), step("b"), step("c")];

/** Step 1 calls a, step 2 calls b, step 3 answers. */
const threeSteps = () => [
  callTools([call("ca", "a", {})], [{ type: "thinking", text: "a first", signature: "s1" }]),
  callTools([call("cb", "b", {})]),
  answer("All done."),
];

/** A store of serialized checkpoints that "crashes" (throws) at checkpoint number `crashAt`. */
function crashingStore(crashAt = Number.POSITIVE_INFINITY) {
  const saved: string[] = [];
  let seen = 0;
  return {
    saved,
    last: () => parseHistory(saved.at(-1) as string),
    checkpoint: (run: RunCheckpoint) => {
      if (++seen === crashAt) throw new Error("killed");
      saved.push(serializeHistory(run.messages));
    },
  };
}

const agentOf = (model: ScriptedModel, more: Partial<AgentOptions> = {}) =>
  new Agent({ model, tools: TOOLS, ...more });

describe("checkpoints", () => {
  it("come after the prompt, each model message (before its tools) and each tool answer", async () => {
    const seen: RunCheckpoint[] = [];
    const model = new ScriptedModel(threeSteps());
    const result = await agentOf(model, { checkpoint: (r) => void seen.push(r) }).run("go");
    expect(seen.map((c) => c.messages.map((m) => m.role).join(" "))).toEqual([
      "user",
      "user assistant",
      "user assistant tool",
      "user assistant tool assistant",
      "user assistant tool assistant tool",
      "user assistant tool assistant tool assistant",
    ]);
    expect(seen.map((c) => c.steps)).toEqual([0, 1, 1, 2, 2, 3]);
    expect(seen.at(-1)?.messages).toStrictEqual(result.messages);
    expect(seen.at(-1)?.usage).toStrictEqual(result.usage);
    // Each is a copy of that moment: later messages do not appear in an earlier checkpoint.
    expect(seen[0]?.messages).toHaveLength(1);
  });

  it("are awaited: no tool starts before the model message's checkpoint is stored", async () => {
    const stored = deferred();
    const order: string[] = [];
    const model = new ScriptedModel([callTools([call("ca", "a", {})]), answer("ok")]);
    const slowTool = tool({
      name: "a",
      description: "",
      parameters: z.object({}),
      execute: () => void order.push("tool"),
    });
    let n = 0;
    const run = new Agent({
      model,
      tools: [slowTool],
      checkpoint: async () => {
        if (++n === 2) {
          await stored.promise;
          order.push("stored");
        }
      },
    }).run("go");
    await tick(20);
    expect(order).toEqual([]);
    stored.resolve();
    await run;
    expect(order).toEqual(["stored", "tool"]);
  });

  it("of a run's own options win over the agent's", async () => {
    const agentLevel: RunCheckpoint[] = [];
    const runLevel: RunCheckpoint[] = [];
    const model = new ScriptedModel([answer("hi")]);
    await new Agent({ model, checkpoint: (r) => void agentLevel.push(r) }).run("go", {
      checkpoint: (r) => void runLevel.push(r),
    });
    expect(agentLevel).toEqual([]);
    expect(runLevel).toHaveLength(2);
  });

  it("must be a function", async () => {
    const model = new ScriptedModel([]);
    expect(() => new Agent({ model, checkpoint: "file.json" as never })).toThrow(ConfigError);
    await expect(new Agent({ model }).run("go", { checkpoint: 1 as never })).rejects.toThrow(
      "Agent checkpoint must be a function",
    );
  });
});

describe("a run that crashed resumes from its last checkpoint", () => {
  it("killed after step 2, it resumes at step 3 without re-running a completed tool", async () => {
    // Checkpoint 5 holds b's answer; the crash comes at the next one (step 3's message):
    // step 3's answer is lost with the process, so it is asked for again.
    const store = crashingStore(6);
    const turns = threeSteps();
    const first = await agentOf(new ScriptedModel(turns), store)
      .run("go")
      .catch((e) => e);
    expect((first as Error).message).toBe("killed");
    expect(ran).toEqual(["a", "b"]);

    const history = store.last();
    expect(history.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool"]);
    const model = new ScriptedModel([answer("All done.")]);
    const result = await agentOf(model).resume(history, {});
    expect(result.output).toBe("All done.");
    expect(result.steps).toBe(1);
    expect(ran).toEqual(["a", "b"]);
    expect(model.requests[0]?.messages).toStrictEqual(history);
  });

  it("a crash between a tool's execution and its checkpoint leaves the call in doubt", async () => {
    // Checkpoint 3 would hold a's answer: the tool ran, the crash lost its result.
    const store = crashingStore(3);
    await agentOf(new ScriptedModel(threeSteps()), store)
      .run("go")
      .catch(() => {});
    expect(ran).toEqual(["a"]);
    const history = store.last();
    expect(history.at(-1)?.role).toBe("assistant");
    // What the caller must decide on: the call may have run.
    expect(pendingToolCalls(history).map((c) => c.id)).toEqual(["ca"]);

    const model = new ScriptedModel(threeSteps().slice(1));
    const agent = agentOf(model);
    const refused = await agent.resume(history, {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HistoryError);
    expect((refused as Error).message).toMatch(/tool call "ca" \(a\) has no decision/);
    expect(ran).toEqual(["a"]);
    expect(model.calls).toHaveLength(0);

    // The caller checked: a did its work. Deny re-running it; the model reads why.
    const reason = "a ran before the crash; its result was lost";
    const result = await agent.resume(history, { ca: { approved: false, reason } });
    expect(result.output).toBe("All done.");
    expect(ran).toEqual(["a", "b"]);
    expect(model.requests[0]?.messages.at(-1)).toMatchObject({
      role: "tool",
      toolCallId: "ca",
      isError: true,
      content: expect.stringContaining(reason),
    });
  });

  it("of parallel tools, only the one whose answer was not recorded is in doubt", async () => {
    const gate = deferred();
    const slow = bareTool("slow", async () => {
      ran.push("slow started");
      await gate.promise;
      return "slow done";
    });
    const fast = bareTool("fast", () => {
      ran.push("fast");
      return "fast done";
    });
    // Checkpoint 3 holds fast's answer; the crash comes at slow's, after it finished.
    const store = crashingStore(4);
    const turns = [callTools([call("c1", "slow", {}), call("c2", "fast", {})]), answer("ok")];
    const run = new Agent({ model: new ScriptedModel(turns), tools: [slow, fast], ...store })
      .run("go")
      .catch((e: unknown) => e);
    await tick(10);
    gate.resolve();
    expect(runEvidenceOf(await run)).toBeDefined();
    const history = store.last();
    expect(history.at(-1)).toStrictEqual({ role: "tool", content: "fast done", toolCallId: "c2" });
    expect(pendingToolCalls(history).map((c) => c.id)).toEqual(["c1"]);
  });

  it("that had finished gives its result again, calling nothing", async () => {
    const store = crashingStore();
    const first = await agentOf(new ScriptedModel(threeSteps()), store).run("go");
    const model = new ScriptedModel([]);
    const result = await agentOf(model).resume(store.last(), {});
    expect(result.output).toBe(first.output);
    expect(result.steps).toBe(0);
    expect(result.messages).toStrictEqual(first.messages);
    expect(model.calls).toHaveLength(0);
  });

  it("that stopped after its prompt makes the first call", async () => {
    const store = crashingStore(2);
    await agentOf(new ScriptedModel(threeSteps()), store)
      .run("go")
      .catch(() => {});
    const history = store.last();
    expect(history).toStrictEqual([{ role: "user", content: "go" }] satisfies Message[]);
    const model = new ScriptedModel([answer("hi")]);
    expect((await agentOf(model).resume(history, {})).output).toBe("hi");
    expect(model.requests[0]?.messages).toStrictEqual(history);
  });
});
