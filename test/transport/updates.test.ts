import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import type { Message, ModelRequest, ToolSpec } from "../../src/core/types.js";
import { foldUpdates } from "../../src/kit/updates.js";

const tool = (name: string, description = name): ToolSpec => ({
  name,
  description,
  parameters: { type: "object" },
});
const ASK: Message = { role: "user", content: "hi" };
const LEVELS = ["low", "high"];

describe("foldUpdates", () => {
  it("returns a request without updates as it is", () => {
    const req: ModelRequest = { tools: [tool("a")], messages: [ASK] };
    expect(foldUpdates(req, "p", LEVELS)).toEqual({ request: req, effort: undefined });
    expect(foldUpdates(req, "p", LEVELS).request).toBe(req);
  });

  it("applies updates in order: removed, added, a redefined tool replaced in its place", () => {
    const req: ModelRequest = {
      tools: [tool("a"), tool("b"), tool("c")],
      output: { schema: { type: "object" } },
      messages: [
        ASK,
        { role: "system", content: "", update: { removeTools: ["a"], addTools: [tool("d")] } },
        {
          role: "system",
          content: "be brief",
          update: { addTools: [tool("b", "new b")], effort: "low" },
        },
        { role: "system", content: "", update: { effort: "high", output: null } },
      ],
    };
    const { request, effort } = foldUpdates(req, "p", LEVELS);
    expect(request.tools).toEqual([tool("b", "new b"), tool("c"), tool("d")]);
    expect(request.output).toBeUndefined();
    expect(effort).toBe("high");
    // Every message keeps its place (history indices still name them), without its update.
    expect(request.messages).toEqual([
      ASK,
      { role: "system", content: "" },
      { role: "system", content: "be brief" },
      { role: "system", content: "" },
    ]);
    expect(req.messages[1]?.update).toBeDefined();
  });

  it("leaves no top-level tools when the last one is removed", () => {
    const req: ModelRequest = {
      tools: [tool("a")],
      messages: [ASK, { role: "system", content: "", update: { removeTools: ["a"] } }],
    };
    expect(foldUpdates(req, "p", LEVELS).request).not.toHaveProperty("tools");
  });

  it.each([
    ["an effort the provider does not take", { effort: "max" }, 'p: the update\'s effort "max"'],
    ["removing a tool not in effect", { removeTools: ["z"] }, 'removes tool "z"'],
  ])("refuses %s with the message's index", (_, update, text) => {
    const req: ModelRequest = { messages: [ASK, { role: "system", content: "", update }] };
    const err = (() => {
      try {
        foldUpdates(req, "p", LEVELS);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).index).toBe(1);
    expect((err as Error).message).toContain(text);
  });
});
