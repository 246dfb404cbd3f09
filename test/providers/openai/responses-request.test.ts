import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message, ThinkingBlock } from "../../../src/core/types.js";
import type { ResponsesOptions } from "../../../src/providers/openai/responses-config.js";
import {
  buildInputItems,
  buildReasoningItems,
  buildResponsesRequest,
  responsesUrl,
} from "../../../src/providers/openai/responses-request.js";
import type { ResponseInputItem } from "../../../src/providers/openai/responses-wire.js";

const CFG: ResponsesOptions = { provider: "openai", model: "gpt-5.4" };
const user: Message = { role: "user", content: "Add 12 and 7, then double it." };
const signed = (text: string, signature: string, provider?: string): ThinkingBlock =>
  provider === undefined ? { text, signature } : { text, signature, provider };

describe("responsesUrl", () => {
  it("appends /responses to the base URL", () => {
    expect(responsesUrl({ baseURL: "https://api.openai.com/v1" })).toBe(
      "https://api.openai.com/v1/responses",
    );
  });
});

describe("buildResponsesRequest", () => {
  it("builds the stateless body: instructions, input, tools, reasoning, include, store", () => {
    const body = buildResponsesRequest(
      {
        system: "Be brief.",
        messages: [user],
        tools: [
          {
            name: "calc",
            description: "Arithmetic.",
            parameters: { type: "object", properties: { a: { type: "number" } } },
          },
        ],
        toolChoice: "auto",
      },
      { ...CFG, reasoningEffort: "medium", reasoningSummary: "auto", maxCompletionTokens: 4000 },
      true,
    );
    expect(body).toEqual({
      model: "gpt-5.4",
      instructions: "Be brief.",
      input: [{ role: "user", content: "Add 12 and 7, then double it." }],
      tools: [
        {
          type: "function",
          name: "calc",
          description: "Arithmetic.",
          parameters: { type: "object", properties: { a: { type: "number" } } },
          strict: false,
        },
      ],
      tool_choice: "auto",
      reasoning: { effort: "medium", summary: "auto" },
      include: ["reasoning.encrypted_content"],
      store: false,
      max_output_tokens: 4000,
      stream: true,
    });
  });

  it("leaves out what is not set: no instructions, tools, reasoning, limit or stream", () => {
    expect(buildResponsesRequest({ system: "", messages: [user] }, CFG, false)).toEqual({
      model: "gpt-5.4",
      input: [{ role: "user", content: "Add 12 and 7, then double it." }],
      include: ["reasoning.encrypted_content"],
      store: false,
    });
  });

  it("sends reasoning with only the part that is set", () => {
    const effort = buildResponsesRequest(
      { messages: [user] },
      { ...CFG, reasoningEffort: "none" },
      false,
    );
    expect(effort.reasoning).toEqual({ effort: "none" });
    const summary = buildResponsesRequest(
      { messages: [user] },
      { ...CFG, reasoningSummary: "concise" },
      false,
    );
    expect(summary.reasoning).toEqual({ summary: "concise" });
  });

  it("names a forced tool as {type: function, name} and leaves out an empty description", () => {
    const body = buildResponsesRequest(
      {
        messages: [user],
        tools: [{ name: "calc", description: "", parameters: { type: "object" } }],
        toolChoice: { name: "calc" },
      },
      CFG,
      false,
    );
    expect(body.tools).toEqual([
      { type: "function", name: "calc", parameters: { type: "object" }, strict: false },
    ]);
    expect(body.tool_choice).toEqual({ type: "function", name: "calc" });
  });

  it("replays a tool loop as reasoning, function_call, function_call_output", () => {
    const history: Message[] = [
      user,
      {
        role: "assistant",
        content: "",
        thinking: [signed("**Plan**\n\nAdd first, then multiply.", "gAAAAB-enc1", "openai")],
        toolCalls: [{ id: "call_1", name: "calc", arguments: '{"a":12,"b":7,"op":"add"}' }],
      },
      { role: "tool", toolCallId: "call_1", content: "19" },
    ];
    expect(buildResponsesRequest({ messages: history }, CFG, false).input).toEqual([
      { role: "user", content: "Add 12 and 7, then double it." },
      {
        type: "reasoning",
        summary: [{ type: "summary_text", text: "**Plan**\n\nAdd first, then multiply." }],
        encrypted_content: "gAAAAB-enc1",
      },
      {
        type: "function_call",
        call_id: "call_1",
        name: "calc",
        arguments: '{"a":12,"b":7,"op":"add"}',
      },
      { type: "function_call_output", call_id: "call_1", output: "19" },
    ]);
  });

  it("sends a failed tool's content as the output (the wire has no error flag)", () => {
    const items = buildInputItems(
      { role: "tool", toolCallId: "call_1", content: "Error: division by zero", isError: true },
      "openai",
    );
    expect(items).toEqual([
      { type: "function_call_output", call_id: "call_1", output: "Error: division by zero" },
    ]);
  });

  it("puts an assistant's reasoning first, then its text as an output message, then its calls", () => {
    const items = buildInputItems(
      {
        role: "assistant",
        content: "Let me check.",
        thinking: [signed("", "enc-a", "openai"), signed("Second.", "enc-b")],
        toolCalls: [
          { id: "c1", name: "f", arguments: "{}" },
          { id: "c2", name: "g", arguments: '{"x":1}' },
        ],
      },
      "openai",
    );
    expect(items).toEqual([
      { type: "reasoning", summary: [], encrypted_content: "enc-a" },
      {
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Second." }],
        encrypted_content: "enc-b",
      },
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Let me check." }],
      },
      { type: "function_call", call_id: "c1", name: "f", arguments: "{}" },
      { type: "function_call", call_id: "c2", name: "g", arguments: '{"x":1}' },
    ]);
  });

  it("drops the reasoning of an assistant message with neither text nor tool calls", () => {
    const items = buildInputItems(
      { role: "assistant", content: "", thinking: [signed("Thought.", "enc-a", "openai")] },
      "openai",
    );
    expect(items).toEqual([]);
  });

  it("keeps system and developer-side messages of the history as role messages", () => {
    expect(buildInputItems({ role: "system", content: "Stay terse." }, "openai")).toEqual([
      { role: "system", content: "Stay terse." },
    ]);
  });
});

describe("buildReasoningItems", () => {
  it("sends only signed text blocks of this adapter or without provider, unchanged", () => {
    const sig = "gAAAAABo_exact-bytes_=";
    const items = buildReasoningItems(
      [
        signed("mine", sig, "azure"),
        signed("foreign", "sig-anthropic", "anthropic"),
        { text: "unsigned", provider: "azure" },
        { redacted: "opaque" },
        signed("untagged", "enc-untagged"),
        signed("from openai", "enc-openai", "openai"),
      ],
      "azure",
    );
    expect(items).toEqual([
      {
        type: "reasoning",
        summary: [{ type: "summary_text", text: "mine" }],
        encrypted_content: sig,
      },
      {
        type: "reasoning",
        summary: [{ type: "summary_text", text: "untagged" }],
        encrypted_content: "enc-untagged",
      },
    ]);
    expect(items[0]?.encrypted_content).toBe(sig);
  });

  it("sends a joined multi-part summary back as one part holding the whole text", () => {
    const text = "**One**\n\nFirst part.\n\n**Two**\n\nSecond part.";
    expect(buildReasoningItems([signed(text, "enc", "openai")], "openai")).toEqual([
      { type: "reasoning", summary: [{ type: "summary_text", text }], encrypted_content: "enc" },
    ]);
  });

  it("never puts an id on a reasoning item", () => {
    const [item] = buildReasoningItems([signed("t", "enc", "openai")], "openai");
    expect(Object.keys(item ?? {}).sort()).toEqual(["encrypted_content", "summary", "type"]);
  });
});

// Any history golem may be handed: assistant messages with any mix of blocks, text and calls.
const block = fc.oneof(
  fc.record({
    text: fc.string(),
    signature: fc.string({ minLength: 1 }),
    provider: fc.constantFrom("openai", "azure", "anthropic"),
  }),
  fc.record({ text: fc.string({ minLength: 1 }) }),
  fc.record({ redacted: fc.string({ minLength: 1 }) }),
);
const assistant = fc.record({
  role: fc.constant("assistant" as const),
  content: fc.constantFrom("", "Answer."),
  thinking: fc.array(block, { maxLength: 3 }),
  toolCalls: fc.array(
    fc.record({
      id: fc.constantFrom("c1", "c2"),
      name: fc.constant("f"),
      arguments: fc.constant("{}"),
    }),
    { maxLength: 2 },
  ),
});
const other = fc.constantFrom<Message>(
  { role: "user", content: "Go on." },
  { role: "tool", toolCallId: "c1", content: "done" },
  { role: "system", content: "Be brief." },
);

function reasoningWithoutFollower(input: ResponseInputItem[]): boolean {
  return input.some((item, i) => {
    if (!("type" in item) || item.type !== "reasoning") return false;
    const next = input[i + 1];
    if (next === undefined || !("type" in next)) return true;
    return next.type !== "function_call" && next.type !== "message" && next.type !== "reasoning";
  });
}

describe("buildResponsesRequest on any history", () => {
  it("never sends a reasoning item without a following message or function call", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(assistant, other), { maxLength: 8 }), (messages) => {
        const input = buildResponsesRequest({ messages: messages as Message[] }, CFG, false).input;
        expect(reasoningWithoutFollower(input)).toBe(false);
        // A run of reasoning items ends in the message or call they produced.
        for (const [i, item] of input.entries()) {
          if (!("type" in item) || item.type !== "reasoning") continue;
          const rest = input.slice(i + 1);
          const end = rest.find((x) => !("type" in x) || x.type !== "reasoning");
          expect(end !== undefined && "type" in end && end.type !== "function_call_output").toBe(
            true,
          );
        }
      }),
    );
  });

  it("sends every signature of this adapter unchanged and no other", () => {
    fc.assert(
      fc.property(fc.array(assistant, { maxLength: 5 }), (messages) => {
        const input = buildResponsesRequest({ messages }, CFG, false).input;
        const sent = input.flatMap((x) =>
          "type" in x && x.type === "reasoning" ? [x.encrypted_content] : [],
        );
        const expected = messages.flatMap((m) =>
          m.content === "" && m.toolCalls.length === 0
            ? []
            : m.thinking.flatMap((b) =>
                "signature" in b && b.provider === "openai" ? [b.signature] : [],
              ),
        );
        expect(sent).toEqual(expected);
      }),
    );
  });
});
