import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, HistoryError, type Message, type Part, type Tool, tool } from "../../src/index.js";
import { answer, call, callTools, ScriptedModel } from "./scripted-model.js";

const PNG = "iVBORw0KGgo=";
const image: Part = { type: "image", mediaType: "image/png", data: PNG };
const pdf: Part = {
  type: "file",
  mediaType: "application/pdf",
  url: "https://example.com/a.pdf",
  filename: "a.pdf",
};

/** A tool that returns whatever the test gives it. */
function returning(value: unknown): Tool {
  return tool({
    name: "fetch_thing",
    description: "",
    parameters: z.object({}),
    execute: () => value,
  });
}

/** Runs one tool call returning `value`; the tool message the model got next. */
async function toolMessage(value: unknown): Promise<Message | undefined> {
  const model = new ScriptedModel([callTools([call("c1", "fetch_thing", {})]), answer("ok")]);
  const result = await new Agent({ model, tools: [returning(value)] }).run("go");
  expect(result.messages[2]).toBe(model.requests[1]?.messages[2]);
  return model.requests[1]?.messages[2];
}

describe("a Part[] prompt", () => {
  it("is the user message's content, as given", async () => {
    const prompt: Part[] = [{ type: "text", text: "What is in these?" }, image, pdf];
    const model = new ScriptedModel([answer("A cat and a report.")]);
    const result = await new Agent({ model }).run(prompt);
    expect(model.requests).toStrictEqual([{ messages: [{ role: "user", content: prompt }] }]);
    expect(result.messages[0]?.content).toBe(prompt);
    expect(result.output).toBe("A cat and a report.");
  });

  it("continues a history, and streams, the same way", async () => {
    const history: Message[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: [{ type: "text", text: "hello" }] },
    ];
    const prompt: Part[] = [image];
    const generated = new ScriptedModel([answer("a cat")]);
    const streamed = new ScriptedModel([answer("a cat")]);
    const run = await new Agent({ model: generated }).runWithHistory(history, prompt);
    const stream = new Agent({ model: streamed }).runStream(prompt, { history });
    expect(await stream.result).toStrictEqual(run);
    expect(run.messages[2]).toStrictEqual({ role: "user", content: [image] });
    expect(streamed.requests).toStrictEqual(generated.requests);
  });

  const refused: [string, Part[], string][] = [
    [
      "a thinking part",
      [{ type: "thinking", text: "hmm" }],
      'messages[0]: content[0] has type "thinking", which user messages cannot hold',
    ],
    [
      "an image that is not base64",
      [{ type: "image", mediaType: "image/png", data: "not base64!" }],
      "messages[0]: content[0] has data that is not base64",
    ],
    [
      "a file with both data and url",
      [{ type: "file", mediaType: "text/plain", data: "aGk=", url: "https://example.com/a.txt" }],
      "messages[0]: content[0] needs exactly one of data and url",
    ],
  ];
  it.each(refused)(
    "with %s fails with a HistoryError before any request",
    async (_, prompt, message) => {
      const model = new ScriptedModel([answer("never")]);
      const err = await new Agent({ model }).run(prompt).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HistoryError);
      expect((err as HistoryError).message).toBe(message);
      expect((err as HistoryError).index).toBe(0);
      expect(model.calls).toHaveLength(0);
    },
  );
});

describe("a tool's Part[] result", () => {
  const sent: [string, Part[]][] = [
    ["an image", [image]],
    ["text then an image", [{ type: "text", text: "the chart:" }, image]],
    ["a file by url", [pdf]],
  ];
  it.each(sent)("is the tool message's content: %s", async (_, parts) => {
    const message = await toolMessage(parts);
    expect(message).toStrictEqual({ role: "tool", content: parts, toolCallId: "c1" });
    expect(message?.content).toBe(parts);
  });

  const json: [string, unknown, string][] = [
    ["an empty array", [], "[]"],
    ["an array of numbers", [1, 2], "[1,2]"],
    ["objects of other types", [{ type: "row", id: 1 }], '[{"type":"row","id":1}]'],
    [
      "parts mixed with other values",
      [{ type: "text", text: "a" }, "b"],
      '[{"type":"text","text":"a"},"b"]',
    ],
    [
      "a thinking part (not a tool result part)",
      [{ type: "thinking", text: "x" }],
      '[{"type":"thinking","text":"x"}]',
    ],
  ];
  it.each(json)("is not parts, and goes as JSON: %s", async (_, value, content) => {
    expect(await toolMessage(value)).toStrictEqual({ role: "tool", content, toolCallId: "c1" });
  });

  const invalid: [string, unknown[], string][] = [
    [
      "an image that is not base64",
      [{ type: "image", mediaType: "image/png", data: "%%%" }],
      "content[0] has data that is not base64",
    ],
    [
      "an image with neither data nor url",
      [
        { type: "text", text: "see" },
        { type: "image", mediaType: "image/png" },
      ],
      "content[1] needs exactly one of data and url",
    ],
    ["a file with no mediaType", [{ type: "file", data: PNG }], "content[0] has no mediaType"],
    ["a text part without text", [{ type: "text" }], "content[0] has text that is not a string"],
  ];
  it.each(invalid)(
    "that cannot be sent is a tool error the model reads: %s",
    async (_, value, problem) => {
      expect(await toolMessage(value)).toStrictEqual({
        role: "tool",
        content: `Tool "fetch_thing" returned parts that cannot be sent: ${problem}`,
        toolCallId: "c1",
        isError: true,
      });
    },
  );
});
