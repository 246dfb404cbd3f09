import { describe, expect, it } from "vitest";
import { Agent, tool } from "../../src/index.js";
import { answer, callTools, ScriptedModel } from "./scripted-model.js";

const noop = tool({
  name: "noop",
  description: "does nothing",
  parameters: {
    "~standard": { version: 1, vendor: "t", validate: (v: unknown) => ({ value: v }) },
  },
  jsonSchema: { type: "object" },
  execute: () => "done",
});

describe("agent input transformations", () => {
  it("surfaces what each step's provider dropped, with the step's number", async () => {
    const dropped = {
      action: "dropped" as const,
      by: "provider" as const,
      reason: "prefix_mismatch",
      path: "messages.1.content.0",
    };
    const first = callTools([{ type: "tool-call", id: "c1", name: "noop", arguments: "{}" }]);
    const second = answer("ok");
    second.response.inputTransformations = [dropped];
    const agent = new Agent({ model: new ScriptedModel([first, second]), tools: [noop] });
    const result = await agent.run("go");
    expect(result.inputTransformations).toEqual([{ ...dropped, step: 2 }]);
  });

  it("leaves the field out when no step reported any", async () => {
    const agent = new Agent({ model: new ScriptedModel([answer("ok")]) });
    expect(await agent.run("go")).not.toHaveProperty("inputTransformations");
  });

  it("gives runStream the same result", async () => {
    const second = answer("ok");
    second.response.inputTransformations = [{ action: "allowed", by: "provider", reason: "r" }];
    const agent = new Agent({ model: new ScriptedModel([second]) });
    const result = await agent.runStream("go").result;
    expect(result.inputTransformations).toEqual([
      { action: "allowed", by: "provider", reason: "r", step: 1 },
    ]);
  });
});
