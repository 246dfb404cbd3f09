import { describe, expect, it, vi } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import type { Message, Model, ModelRequest, ToolSpec } from "../../src/core/types.js";
import { create as anthropic } from "../../src/platforms/anthropic/index.js";
import { create as openai } from "../../src/platforms/openai/index.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { stepAnswer } from "../helpers/step-answers.js";

// With serverHistory on, a step that only appends to the history the server holds is
// validated, built and checked from the turn before the held one (kit/server-history/resume.ts).
// What each step hands the history validator, the wire's builder and the turn check is counted
// at their module boundaries, and every step's request and response are compared with those of
// a fresh model of the same config, which has nothing kept and builds the whole history.
const seen = vi.hoisted(() => ({ validated: 0, built: 0, turnsChecked: 0 }));

vi.mock("../../src/core/validate.js", async (importOriginal) => {
  const mod = await importOriginal<typeof import("../../src/core/validate.js")>();
  return {
    ...mod,
    validateHistory(messages: Message[]) {
      seen.validated += messages.length;
      return mod.validateHistory(messages);
    },
  };
});
vi.mock("../../src/wires/messages/request.js", async (importOriginal) => {
  const mod = await importOriginal<typeof import("../../src/wires/messages/request.js")>();
  return {
    ...mod,
    buildRequest(...args: Parameters<typeof mod.buildRequest>) {
      seen.built += args[0].messages.length;
      return mod.buildRequest(...args);
    },
  };
});
vi.mock("../../src/wires/openai-responses/request.js", async (importOriginal) => {
  const mod = await importOriginal<typeof import("../../src/wires/openai-responses/request.js")>();
  return {
    ...mod,
    buildResponsesRequest(...args: Parameters<typeof mod.buildResponsesRequest>) {
      seen.built += args[0].messages.length;
      return mod.buildResponsesRequest(...args);
    },
  };
});
vi.mock("../../src/kit/prefix/check.js", async (importOriginal) => {
  const mod = await importOriginal<typeof import("../../src/kit/prefix/check.js")>();
  return {
    ...mod,
    checkTurn(...args: Parameters<typeof mod.checkTurn>) {
      seen.turnsChecked++;
      return mod.checkTurn(...args);
    },
  };
});

const TOOLS: ToolSpec[] = [
  { name: "weather", description: "the weather", parameters: { type: "object", properties: {} } },
];
const SYSTEM = "Be terse.";

type Wire = "anthropic" | "openai" | "anthropic binding";

/** Step n's answer: a signed reasoning block and one tool call, on each wire's API. */
function answer(wire: Wire, n: number): object {
  return stepAnswer(wire === "openai" ? "openai" : "anthropic", n, { tool: "weather", input: {} });
}

/**
 * A model of `wire` with serverHistory on, answering each call with the next step's answer.
 * "anthropic" checks in the record mode (its model binds nothing); "anthropic binding" is a
 * model whose prefix check refuses a changed prefix.
 */
function serverModel(wire: Wire, from = 1) {
  let n = from - 1;
  const { fetch, calls } = scriptedFetch([]);
  const answering = async (url: string | URL | Request, init?: RequestInit) => {
    await fetch(url, init).catch(() => undefined);
    n++;
    return jsonResponse(200, answer(wire, n))();
  };
  const model: Model =
    wire === "openai"
      ? openai({
          apiKey: "k",
          model: "gpt-6.1",
          api: "responses",
          serverHistory: true,
          fetch: answering,
        })
      : anthropic({
          apiKey: "k",
          model: wire === "anthropic" ? "claude-sonnet-4-6" : "claude-opus-5-5",
          maxTokens: 1024,
          serverHistory: true,
          fetch: answering,
        });
  return { model, calls, next: () => n + 1 };
}

const request = (messages: Message[]): ModelRequest => ({ system: SYSTEM, tools: TOOLS, messages });

/**
 * One step of the tool loop on `m`, checked against a fresh model of the same wire (nothing
 * kept: the whole history built): the same bytes sent and the same response.
 */
async function step(m: ReturnType<typeof serverModel>, history: Message[], wire: Wire) {
  const fresh = serverModel(wire, m.next());
  const before = m.calls.length;
  const [r, expected] = await Promise.all([
    m.model.generate(request(history)).catch((e: unknown) => e),
    fresh.model.generate(request(history)).catch((e: unknown) => e),
  ]);
  const sent = (calls: { body: string }[]) => calls.map((c) => c.body);
  expect(sent(m.calls.slice(before))).toEqual(sent(fresh.calls));
  expect(r).toEqual(expected);
  if (r instanceof Error) throw r;
  const response = r as Awaited<ReturnType<Model["generate"]>>;
  history.push(response.message, {
    role: "tool",
    toolCallId: `call_${m.next() - 1}`,
    content: "-3 C",
  });
  return response;
}

/** A run of `steps` steps, each starting with a user message; the last step's counts. */
async function countLastStep(wire: Wire, steps: number) {
  const m = serverModel(wire);
  const history: Message[] = [];
  for (let i = 1; i <= steps; i++) {
    history.push({ role: "user", content: `question ${i}` });
    if (i === steps) Object.assign(seen, { validated: 0, built: 0, turnsChecked: 0 });
    const r = await m.model.generate(request(history));
    if (i > 1) expect(r.serverHistory?.sent).toBe("suffix");
    history.push(r.message, { role: "tool", toolCallId: `call_${i}`, content: "-3 C" });
  }
  return { ...seen };
}

describe("serverHistory: a step's client work does not grow with the history", () => {
  for (const wire of ["anthropic", "openai"] as const) {
    it(`on ${wire}, a suffix step at 200 turns validates, builds and checks as many messages as one at 10`, async () => {
      const short = await countLastStep(wire, 10);
      const long = await countLastStep(wire, 200);
      expect(long).toEqual(short);
      // The turn before the held one, its tool result, the question, the held turn and its
      // tool result, and the new question (and the answer, which Anthropic's reader validates).
      expect(long.built).toBe(6);
      expect(long.validated).toBeLessThanOrEqual(7);
      expect(long.turnsChecked).toBe(2);
    });
  }
});

describe("serverHistory: a step built from the held turn sends what the whole build sends", () => {
  for (const wire of ["anthropic", "openai", "anthropic binding"] as const) {
    it(`on ${wire}, a tool loop sends the same bytes and reports the same as a fresh model`, async () => {
      const m = serverModel(wire);
      const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
      for (let i = 0; i < 6; i++) {
        expect((await step(m, history, wire)).serverHistory?.sent).toBe(i ? "suffix" : "full");
      }
    });
  }

  it("an old user message edited in place after suffix steps sends the whole history, with the fallback reported", async () => {
    const m = serverModel("anthropic");
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    for (let i = 0; i < 4; i++) await step(m, history, "anthropic");
    (history[0] as { content: string }).content = "Weather in Bergen?";
    const r = await step(m, history, "anthropic");
    expect(r.serverHistory).toEqual({ sent: "full", id: "msg_5", fallback: "history_changed" });
    expect(JSON.parse(m.calls.at(-1)?.body ?? "{}").thread).toEqual({ type: "create" });
  });

  it("an old turn's signature edited in place sends the whole history, or on a binding model is the guard's HistoryError", async () => {
    for (const wire of ["anthropic", "openai", "anthropic binding"] as const) {
      const m = serverModel(wire);
      const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
      for (let i = 0; i < 4; i++) await step(m, history, wire);
      const thinking = (history[1] as { content: { signature: string }[] }).content[0];
      if (!thinking) throw new Error("no thinking part");
      thinking.signature = "forged";
      if (wire === "anthropic binding") {
        await expect(step(m, history, wire)).rejects.toBeInstanceOf(HistoryError);
      } else {
        expect((await step(m, history, wire)).serverHistory?.fallback).toBe("history_changed");
      }
    }
  });

  it("an old tool result given a new part in place sends the whole history", async () => {
    const m = serverModel("openai");
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    for (let i = 0; i < 4; i++) await step(m, history, "openai");
    Object.assign(history[2] as Message, {
      content: [
        { type: "text", text: "-3 C" },
        { type: "text", text: "!" },
      ],
    });
    expect((await step(m, history, "openai")).serverHistory?.fallback).toBe("history_changed");
  });

  it("a message removed from the middle, or one inserted there, sends the whole history", async () => {
    for (const edit of [
      (h: Message[]) => h.splice(3, 1),
      (h: Message[]) => h.splice(3, 0, { role: "user", content: "one more thing" }),
    ]) {
      const m = serverModel("anthropic");
      const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
      for (let i = 0; i < 4; i++) {
        history.push({ role: "user", content: `and now? ${i}` });
        await step(m, history, "anthropic");
      }
      edit(history);
      const r = await step(m, history, "anthropic").catch((e: unknown) => e);
      if (r instanceof Error) expect(r).toBeInstanceOf(HistoryError);
      else expect((r as { serverHistory?: { sent: string } }).serverHistory?.sent).toBe("full");
    }
  });

  it("a history read back with parseHistory continues with a suffix, and so on after", async () => {
    for (const wire of ["anthropic", "openai"] as const) {
      const m = serverModel(wire);
      let history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
      for (let i = 0; i < 3; i++) await step(m, history, wire);
      history = parseHistory(serializeHistory(history));
      for (let i = 0; i < 3; i++) {
        expect((await step(m, history, wire)).serverHistory?.sent).toBe("suffix");
      }
    }
  });
});
