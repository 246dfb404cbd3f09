import { describe, expect, it } from "vitest";
import { APIError, type APIErrorFields, StreamError } from "../../../src/core/errors.js";
import { textOf, toolCallsOf } from "../../../src/core/parts.js";
import type { Delta } from "../../../src/core/types.js";
import { parseResponse } from "../../../src/wires/generate-content/response.js";
import { createStreamState } from "../../../src/wires/generate-content/stream.js";
import type { GenerateContentResponse, Part } from "../../../src/wires/generate-content/wire.js";
import { loadCassette } from "../../helpers/cassettes.js";
import { pieces } from "../../helpers/deltas.js";
import { thrown } from "../../helpers/errors.js";
import { responseOf } from "../../helpers/responses.js";

const toError = (fields: APIErrorFields) => new APIError(fields);

/** The `data:` payloads of a recorded SSE response. */
function dataLines(scenario: string, interaction = 0): string[] {
  const chunks = loadCassette("gemini", scenario).interactions[interaction]?.response.chunks ?? [];
  return chunks
    .join("")
    .split(/\r\n\r\n|\n\n/)
    .filter((e) => e.startsWith("data: "))
    .map((e) => e.slice("data: ".length));
}

function run(lines: string[]) {
  const state = createStreamState(toError);
  const deltas: Delta[] = [];
  for (const data of lines) deltas.push(...state.push({ data, event: undefined, id: undefined }));
  return { state, deltas };
}

/** The non-streaming body with the same content: every chunk's parts, the last usage. */
function asOneBody(lines: string[]): GenerateContentResponse {
  const chunks = lines.map((l) => JSON.parse(l) as GenerateContentResponse);
  const parts: Part[] = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
  const last = chunks[chunks.length - 1] as GenerateContentResponse;
  return {
    candidates: [
      { content: { role: "model", parts }, finishReason: last.candidates?.[0]?.finishReason ?? "" },
    ],
    usageMetadata: last.usageMetadata ?? {},
    responseId: last.responseId ?? "",
    ...(last.modelVersion === undefined ? {} : { modelVersion: last.modelVersion }),
  };
}

const SIGNATURE_TEXT = "EpAICo0IAb4+9vuku3oDHR5EQSMfPm5IpmH06lgm9aGICNAJKKfpVXU3971";

describe("createStreamState", () => {
  it("puts the signature of the trailing empty text part on the text it ends", () => {
    const lines = dataLines("text-signature-on-empty-part");
    const { state, deltas } = run(lines);
    const signature = JSON.parse(lines[2] as string).candidates[0].content.parts[0]
      .thoughtSignature as string;
    expect(signature.startsWith(SIGNATURE_TEXT)).toBe(true);
    expect(deltas).toEqual([
      { type: "text", index: 0, text: 'There are **3** "r"s in strawberry.\n\n' },
      { type: "text", index: 0, text: "St**r**awbe**rr**y" },
      { type: "text", index: 0, signature },
    ]);
    const final = state.finish();
    expect(final.message.content).toEqual([
      {
        type: "text",
        text: 'There are **3** "r"s in strawberry.\n\nSt**r**awbe**rr**y',
        signature,
        provider: "gemini",
      },
    ]);
    expect(final.usage).toEqual({ inputTokens: 9, outputTokens: 325, reasoningTokens: 302 });
    expect(final.stopReason).toBe("STOP");
  });

  it("assembles Vertex's streamed calls and keeps the one signature on the first call", () => {
    const lines = dataLines("parallel-calls-one-signature");
    const { state, deltas } = run(lines);
    const signature = JSON.parse(lines[1] as string).candidates[0].content.parts[0]
      .thoughtSignature;
    const id = (n: number) => `golem__vr4aYiWEJnYodAPkujX0QM_${n}`;
    const call = (n: number) => ({ type: "tool-call", index: n + 1 });
    expect(deltas.slice(1)).toEqual([
      { ...call(0), id: id(0), name: "read_theme", signature, arguments: "{}" },
      { ...call(1), id: id(1), name: "read_screen" },
      { ...call(1), arguments: '{"id":"A"}' },
      { ...call(2), id: id(2), name: "read_screen" },
      { ...call(2), arguments: '{"id":"B"}' },
      { ...call(3), id: id(3), name: "read_screen" },
      { ...call(3), arguments: '{"id":"C"}' },
    ]);
    expect(deltas[0]).toMatchObject({ type: "thinking", index: 0 });
    const final = state.finish();
    const content = final.message.content as Exclude<typeof final.message.content, string>;
    expect(content[0]?.type).toBe("thinking");
    expect(content.slice(1)).toEqual([
      {
        type: "tool-call",
        id: id(0),
        name: "read_theme",
        arguments: "{}",
        signature,
        provider: "gemini",
      },
      { type: "tool-call", id: id(1), name: "read_screen", arguments: '{"id":"A"}' },
      { type: "tool-call", id: id(2), name: "read_screen", arguments: '{"id":"B"}' },
      { type: "tool-call", id: id(3), name: "read_screen", arguments: '{"id":"C"}' },
    ]);
    expect(final.usage).toEqual({ inputTokens: 249, outputTokens: 241, reasoningTokens: 183 });
  });

  it("gives the same message as generate for the same parts", () => {
    for (const scenario of [
      "thinking-streaming",
      "text-signature-on-empty-part",
      "parallel-calls-one-signature",
      "middle-text-signature-stream",
    ]) {
      for (const interaction of [0, 1]) {
        const lines = dataLines(scenario, interaction);
        expect(run(lines).state.finish(), `${scenario} #${interaction}`).toEqual(
          parseResponse(asOneBody(lines)),
        );
      }
    }
  });

  it("gives the same message as a non-streaming answer with whole arguments", () => {
    const lines = dataLines("parallel-calls-one-signature");
    const streamed = run(lines).state.finish();
    const chunks = lines.map((l) => JSON.parse(l));
    const whole: GenerateContentResponse = {
      candidates: [
        {
          content: {
            role: "model",
            parts: [
              chunks[0].candidates[0].content.parts[0],
              chunks[1].candidates[0].content.parts[0],
              { functionCall: { name: "read_screen", args: { id: "A" } } },
              { functionCall: { name: "read_screen", args: { id: "B" } } },
              { functionCall: { name: "read_screen", args: { id: "C" } } },
            ],
          },
          finishReason: "STOP",
        },
      ],
      usageMetadata: chunks[chunks.length - 1].usageMetadata,
      responseId: "_vr4aYiWEJnYodAPkujX0QM",
      modelVersion: chunks[0].modelVersion,
    };
    expect(streamed).toEqual(parseResponse(whole));
  });

  it("streams thought text before the answer and closes a block at its signature", () => {
    const chunk = (parts: Part[], finishReason?: string) =>
      JSON.stringify({
        candidates: [
          { content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}) },
        ],
      });
    const { state, deltas } = run([
      chunk([{ text: "**Plan**", thought: true }]),
      chunk([{ text: " more", thought: true }]),
      chunk([{ text: "", thought: true, thoughtSignature: "c2lnMQ==" }]),
      chunk([{ text: "second", thought: true }]),
      chunk([{ text: "Answer" }]),
      chunk([{ text: "" }], "STOP"),
    ]);
    expect(deltas).toEqual([
      ...pieces("thinking", 0, "**Plan**", " more"),
      { type: "thinking", index: 0, signature: "c2lnMQ==" },
      { type: "thinking", index: 1, text: "second" },
      { type: "text", index: 2, text: "Answer" },
    ]);
    expect(state.finish().message).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", text: "**Plan** more", signature: "c2lnMQ==", provider: "gemini" },
        { type: "thinking", text: "second", provider: "gemini" },
        { type: "text", text: "Answer" },
      ],
    });
  });

  it("throws a StreamError with what arrived when the stream ends without a finishReason", () => {
    const lines = dataLines("thinking-streaming", 1).slice(0, 2);
    const { state } = run(lines);
    const error = thrown(() => state.finish());
    expect(error).toBeInstanceOf(StreamError);
    const text =
      "The current weather in Florence, Italy is 40°C (104°F). Stay cool, it's quite hot!";
    expect((error as StreamError).partial).toEqual({
      ...responseOf([{ type: "text", text }], {
        inputTokens: 95,
        outputTokens: 97,
        reasoningTokens: 68,
      }),
      id: "ywCzae2oL5ODz7IP29qJmQw",
      model: "gemini-3.1-pro-preview",
    });
  });

  it("throws the provider's error for an error object in the stream, wrapped in an array or not", () => {
    const error = {
      error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" },
    };
    for (const data of [JSON.stringify(error), JSON.stringify([error])]) {
      const state = createStreamState(toError);
      let thrown: unknown;
      try {
        state.push({ data, event: undefined, id: undefined });
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(APIError);
      expect(thrown).toMatchObject({ status: 500, type: "INTERNAL", retryable: true });
      expect((thrown as APIError).partial).toEqual({
        message: { role: "assistant", content: [] },
        usage: { inputTokens: 0, outputTokens: 0 },
        stopReason: "",
      });
      expect((thrown as APIError).message).toBe("gemini 500 INTERNAL: Internal error encountered.");
    }
  });

  it("throws for a blocked prompt", () => {
    const state = createStreamState(toError);
    const data = JSON.stringify({
      promptFeedback: { blockReason: "SAFETY" },
      usageMetadata: { promptTokenCount: 3 },
    });
    expect(() => state.push({ data, event: undefined, id: undefined })).toThrow(
      "gemini 200 SAFETY: the prompt was blocked (SAFETY)",
    );
  });

  it("skips chunks without candidates but keeps their usage, and ignores a [DONE]", () => {
    const { state, deltas } = run([
      JSON.stringify({ candidates: [{ content: { parts: [{ text: "Hi" }] } }] }),
      JSON.stringify({
        candidates: [],
        usageMetadata: { promptTokenCount: 2, candidatesTokenCount: 1 },
      }),
      JSON.stringify({ candidates: [{ finishReason: "MAX_TOKENS" }] }),
      "[DONE]",
    ]);
    expect(deltas).toEqual([{ type: "text", index: 0, text: "Hi" }]);
    expect(state.finish()).toEqual({
      message: { role: "assistant", content: [{ type: "text", text: "Hi" }] },
      usage: { inputTokens: 2, outputTokens: 1 },
      stopReason: "MAX_TOKENS",
    });
  });

  it("writes numbers, booleans, nulls and nested paths from partialArgs", () => {
    const chunk = (fc: object) =>
      JSON.stringify({ candidates: [{ content: { parts: [{ functionCall: fc }] } }] });
    const { state } = run([
      chunk({ name: "set", willContinue: true }),
      chunk({
        partialArgs: [
          { jsonPath: "$.a.b", numberValue: 2 },
          { jsonPath: "$.list[1]", boolValue: true },
        ],
        willContinue: true,
      }),
      chunk({
        partialArgs: [
          { jsonPath: "$['c d']", nullValue: "NULL_VALUE" },
          { jsonPath: "$.s", stringValue: "x", willContinue: true },
        ],
        willContinue: true,
      }),
      chunk({ partialArgs: [{ jsonPath: "$.s", stringValue: "y" }] }),
      JSON.stringify({ candidates: [{ finishReason: "STOP" }], responseId: "r" }),
    ]);
    expect(toolCallsOf(state.finish().message)[0]?.arguments).toBe(
      '{"a":{"b":2},"list":[null,true],"c d":null,"s":"xy"}',
    );
  });

  it("refuses a part whose kept fields are not the strings history needs, before its deltas", () => {
    const chunk = (part: object) =>
      JSON.stringify({ candidates: [{ content: { parts: [{ text: "ok" }, part] } }] });
    expect(() => run([chunk({ text: "a", thought: true, thoughtSignature: 9 })])).toThrow(
      "gemini: a part without a non-empty string `thoughtSignature`",
    );
    expect(() => run([chunk({ functionCall: { name: "", args: {} } })])).toThrow(
      "gemini: a functionCall part without a non-empty string `name`",
    );
    expect(() => run([chunk({ functionCall: { name: "f", id: "" } })])).toThrow(
      "gemini: a functionCall part without a non-empty string `id`",
    );
    // A nameless functionCall continues the open call (Vertex): not refused.
    expect(() => run([chunk({ functionCall: { args: {} } })])).not.toThrow();
  });

  it("never writes a partialArgs path into a prototype", () => {
    const chunk = (fc: object) =>
      JSON.stringify({ candidates: [{ content: { parts: [{ functionCall: fc }] } }] });
    const { state } = run([
      chunk({ name: "f", willContinue: true }),
      chunk({ partialArgs: [{ jsonPath: "$.__proto__.polluted", boolValue: true }] }),
      JSON.stringify({ candidates: [{ finishReason: "STOP" }] }),
    ]);
    expect(toolCallsOf(state.finish().message)[0]?.arguments).toBe("{}");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("joins a thousand streamed pieces into the message generate builds, partials included", () => {
    const chunk = (part: Part) => JSON.stringify({ candidates: [{ content: { parts: [part] } }] });
    const thoughts = Array.from({ length: 700 }, (_, i) => `t${i} `);
    const words = Array.from({ length: 700 }, (_, i) => `w${i}é `);
    const lines = [
      ...thoughts.map((text, i) =>
        chunk(
          i === 699 ? { text, thought: true, thoughtSignature: "sig" } : { text, thought: true },
        ),
      ),
      ...words.map((text) => chunk({ text })),
      JSON.stringify({ candidates: [{ finishReason: "STOP" }], responseId: "r" }),
    ];
    const state = createStreamState(toError);
    const push = (data: string) => state.push({ data, event: undefined, id: undefined });
    for (const data of lines.slice(0, 300)) push(data);
    expect(state.partial().message.content).toEqual([
      { type: "thinking", text: thoughts.slice(0, 300).join(""), provider: "gemini" },
    ]);
    for (const data of lines.slice(300, 1000)) push(data);
    expect(textOf(state.partial().message)).toBe(words.slice(0, 300).join(""));
    for (const data of lines.slice(1000)) push(data);
    const final = state.finish();
    // Same fields in the same order as before the text was joined in pieces.
    expect(JSON.stringify(final.message)).toBe(
      JSON.stringify({
        role: "assistant",
        content: [
          { type: "thinking", text: thoughts.join(""), signature: "sig", provider: "gemini" },
          { type: "text", text: words.join("") },
        ],
      }),
    );
    expect(final).toEqual(parseResponse(asOneBody(lines)));
  });
  it("ends a text part at a signed piece and starts a new one for the text after it", () => {
    const chunk = (parts: Part[], finishReason?: string) =>
      JSON.stringify({
        candidates: [
          { content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}) },
        ],
      });
    const lines = [
      chunk([{ text: "First, " }]),
      chunk([{ text: "the plan.", thoughtSignature: "bWlkZGxl" }]),
      chunk([{ text: " Then" }]),
      chunk([{ text: " the rest." }]),
      chunk([{ text: "", thoughtSignature: "ZW5k" }], "STOP"),
    ];
    const { state, deltas } = run(lines);
    expect(deltas).toEqual([
      { type: "text", index: 0, text: "First, " },
      { type: "text", index: 0, text: "the plan.", signature: "bWlkZGxl" },
      ...pieces("text", 1, " Then", " the rest."),
      { type: "text", index: 1, signature: "ZW5k" },
    ]);
    const final = state.finish();
    expect(final.message.content).toEqual([
      { type: "text", text: "First, the plan.", signature: "bWlkZGxl", provider: "gemini" },
      { type: "text", text: " Then the rest.", signature: "ZW5k", provider: "gemini" },
    ]);
    expect(final).toEqual(parseResponse(asOneBody(lines)));
  });

  it("emits code execution parts once, as provider deltas in their place", () => {
    const code = {
      executableCode: { language: "PYTHON", code: "print(2 ** 10)" },
      thoughtSignature: "Y29kZQ==",
    };
    const result = { codeExecutionResult: { outcome: "OUTCOME_OK", output: "1024\n" } };
    const lines = [
      JSON.stringify({ candidates: [{ content: { parts: [{ text: "Computing" }] } }] }),
      JSON.stringify({ candidates: [{ content: { parts: [code, result] } }] }),
      JSON.stringify({
        candidates: [{ content: { parts: [{ text: "It is 1024." }] }, finishReason: "STOP" }],
      }),
    ];
    const { state, deltas } = run(lines);
    expect(deltas).toEqual([
      { type: "text", index: 0, text: "Computing" },
      { type: "provider", index: 1, provider: "gemini", value: code },
      { type: "provider", index: 2, provider: "gemini", value: result },
      { type: "text", index: 3, text: "It is 1024." },
    ]);
    expect(state.finish().message.content).toEqual([
      { type: "text", text: "Computing" },
      { type: "provider", provider: "gemini", value: code },
      { type: "provider", provider: "gemini", value: result },
      { type: "text", text: "It is 1024." },
    ]);
  });

  it("attaches the request id to an error event when it has one", () => {
    const state = createStreamState(toError, "req-123");
    const data = JSON.stringify({ error: { code: 429, message: "slow down", status: "X" } });
    expect(() => state.push({ data, event: undefined, id: undefined })).toThrow(
      "gemini 429 X: slow down (request id req-123)",
    );
  });
});
