import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message, Part, ThinkingPart } from "../../../src/core/types.js";
import type { ResponsesOptions } from "../../../src/wires/openai-chat/options.js";
import {
  buildInputItems,
  buildResponsesRequest,
  responsesUrl,
} from "../../../src/wires/openai-responses/request.js";
import type { ResponseInputItem } from "../../../src/wires/openai-responses/wire.js";

const CFG: ResponsesOptions = { provider: "openai", model: "gpt-5.4" };
const user: Message = { role: "user", content: "Add 12 and 7, then double it." };
const signed = (text: string, signature: string, provider?: string): ThinkingPart =>
  provider === undefined
    ? { type: "thinking", text, signature }
    : { type: "thinking", text, signature, provider };
const thought = (text: string, provider = "openai"): ThinkingPart => ({
  type: "thinking",
  text,
  provider,
});
const assistantOf = (...content: Part[]): Message => ({ role: "assistant", content });
const summary = (...texts: string[]) => texts.map((text) => ({ type: "summary_text", text }));

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
      {
        ...CFG,
        reasoningEffort: "medium",
        reasoningSummary: "auto",
        settings: { maxTokens: 4000 },
      },
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
      assistantOf(signed("**Plan**\n\nAdd first, then multiply.", "gAAAAB-enc1", "openai"), {
        type: "tool-call",
        id: "call_1",
        name: "calc",
        arguments: '{"a":12,"b":7,"op":"add"}',
      }),
      { role: "tool", toolCallId: "call_1", content: "19" },
    ];
    expect(buildResponsesRequest({ messages: history }, CFG, false).input).toEqual([
      { role: "user", content: "Add 12 and 7, then double it." },
      {
        type: "reasoning",
        summary: summary("**Plan**\n\nAdd first, then multiply."),
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

  it("rebuilds two multi-part reasoning items, phased messages and a web search in part order", () => {
    const search = { id: "ws_1", type: "web_search_call", status: "completed", action: {} };
    const items = buildInputItems(
      assistantOf(
        signed("**Search**", "enc-r1", "openai"),
        thought("**Query**"),
        { type: "provider", provider: "openai", value: search },
        { type: "text", text: "Searching.", phase: "commentary", provider: "openai" },
        signed("**Read**", "enc-r2", "openai"),
        thought("**Answer**"),
        thought("**Check**"),
        { type: "text", text: "Found ", phase: "final_answer", provider: "openai" },
        { type: "text", text: "it.", phase: "final_answer", provider: "openai" },
      ),
      "openai",
    );
    expect(items).toEqual([
      {
        type: "reasoning",
        summary: summary("**Search**", "**Query**"),
        encrypted_content: "enc-r1",
      },
      search,
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Searching." }],
        phase: "commentary",
      },
      {
        type: "reasoning",
        summary: summary("**Read**", "**Answer**", "**Check**"),
        encrypted_content: "enc-r2",
      },
      {
        type: "message",
        role: "assistant",
        content: [
          { type: "output_text", text: "Found " },
          { type: "output_text", text: "it." },
        ],
        phase: "final_answer",
      },
    ]);
    // The provider item goes back as the very object it was.
    expect(items[1]).toBe(search);
  });

  it("starts a new message item where the phase changes, and never sends an empty one", () => {
    const items = buildInputItems(
      assistantOf(
        { type: "text", text: "a" },
        { type: "text", text: "b", phase: "commentary" },
        { type: "text", text: "" },
        { type: "text", text: "c", phase: "commentary" },
        { type: "text", text: "d" },
      ),
      "openai",
    );
    const message = (texts: string[], phase?: string) => ({
      type: "message",
      role: "assistant",
      content: texts.map((text) => ({ type: "output_text", text })),
      ...(phase ? { phase } : {}),
    });
    expect(items).toEqual([message(["a"]), message(["b", "c"], "commentary"), message(["d"])]);
    expect(buildInputItems(assistantOf({ type: "text", text: "" }), "openai")).toEqual([]);
  });

  it("leaves a foreign phase off its text, and foreign thinking and provider parts out", () => {
    const items = buildInputItems(
      assistantOf(
        signed("theirs", "enc-openai", "openai"),
        thought("theirs too"),
        { type: "provider", provider: "openai", value: { type: "web_search_call" } },
        { type: "text", text: "Hi.", phase: "final_answer", provider: "openai" },
      ),
      "azure",
    );
    expect(items).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi." }] },
    ]);
  });

  it("sends parts tagged openai-responses, and 0.2's openai-tagged ones, as its own", () => {
    const call = { type: "tool-call", id: "c1", name: "f", arguments: "{}" } as const;
    for (const tag of ["openai-responses", "openai"]) {
      const items = buildInputItems(assistantOf(signed("t", "enc-1", tag), call), "openai");
      expect(items[0]).toEqual({
        type: "reasoning",
        summary: summary("t"),
        encrypted_content: "enc-1",
      });
    }
    const azure = buildInputItems(
      assistantOf(signed("t", "enc-1", "openai-responses"), call),
      "azure",
    );
    expect(azure).toEqual([{ type: "function_call", call_id: "c1", name: "f", arguments: "{}" }]);
  });

  it("leaves out a Chat Completions turn's evidence: OpenRouter entries and the thinking beside them", () => {
    const entry = { type: "reasoning.text", text: "t", signature: "claude-sig", index: 0 };
    const items = buildInputItems(
      assistantOf(
        signed("t", "claude-sig", "openai"),
        { type: "tool-call", id: "c1", name: "f", arguments: "{}" },
        { type: "provider", provider: "openai", value: entry },
        { type: "provider", provider: "openai", value: { type: "reasoning.encrypted", data: "d" } },
      ),
      "openai",
    );
    expect(items).toEqual([{ type: "function_call", call_id: "c1", name: "f", arguments: "{}" }]);
  });

  it("leaves out unsigned thinking with no signed part before it, and redacted parts", () => {
    const items = buildInputItems(
      assistantOf(
        thought("orphan"),
        { type: "thinking", redacted: "opaque" },
        thought("after redacted"),
        { type: "text", text: "x" },
        thought("after text"),
        { type: "tool-call", id: "c1", name: "f", arguments: "{}" },
      ),
      "openai",
    );
    expect(items).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "x" }] },
      { type: "function_call", call_id: "c1", name: "f", arguments: "{}" },
    ]);
  });

  it("sends untagged signed thinking as its own, and never an id", () => {
    const [item] = buildInputItems(
      assistantOf(signed("t", "gAAAAABo_exact-bytes_="), { type: "text", text: "x" }),
      "azure",
    );
    expect(item).toEqual({
      type: "reasoning",
      summary: summary("t"),
      encrypted_content: "gAAAAABo_exact-bytes_=",
    });
    expect(Object.keys(item ?? {}).sort()).toEqual(["encrypted_content", "summary", "type"]);
  });

  it("drops reasoning at the end of a message: nothing follows it", () => {
    expect(buildInputItems(assistantOf(signed("Thought.", "enc-a", "openai")), "openai")).toEqual(
      [],
    );
    expect(
      buildInputItems(
        assistantOf({ type: "text", text: "x" }, signed("Then.", "enc-b", "openai")),
        "openai",
      ),
    ).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "x" }] },
    ]);
  });

  it("keeps system and user messages as role messages, parts as input_text, empty ones out", () => {
    expect(buildInputItems({ role: "system", content: "Stay terse." }, "openai")).toEqual([
      { role: "system", content: "Stay terse." },
    ]);
    expect(
      buildInputItems(
        {
          role: "user",
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
        },
        "openai",
      ),
    ).toEqual([
      {
        role: "user",
        content: [
          { type: "input_text", text: "a" },
          { type: "input_text", text: "b" },
        ],
      },
    ]);
    expect(buildInputItems({ role: "user", content: "" }, "openai")).toEqual([]);
  });
});

// Any assistant message golem may be handed: any mix of parts, own and foreign.
const provider = fc.constantFrom("openai", "azure");
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record(
    {
      type: fc.constant("thinking" as const),
      text: fc.string(),
      signature: fc.string({ minLength: 1 }),
      provider,
    },
    { requiredKeys: ["type", "text"] },
  ),
  fc.record({ type: fc.constant("thinking" as const), redacted: fc.string({ minLength: 1 }) }),
  fc.record(
    {
      type: fc.constant("text" as const),
      text: fc.constantFrom("", "Answer."),
      phase: fc.constantFrom("commentary" as const, "final_answer" as const),
      provider,
    },
    { requiredKeys: ["type", "text"] },
  ),
  fc.record({
    type: fc.constant("tool-call" as const),
    id: fc.constantFrom("c1", "c2"),
    name: fc.constant("f"),
    arguments: fc.constant("{}"),
  }),
  fc.record({
    type: fc.constant("provider" as const),
    provider: fc.constantFrom("openai", "azure"),
    value: fc.constant({ type: "web_search_call", id: "ws" }),
  }),
);
const assistant = fc
  .array(part, { maxLength: 6 })
  .map((content): Message => ({ role: "assistant", content }));
const other = fc.constantFrom<Message>(
  { role: "user", content: "Go on." },
  { role: "tool", toolCallId: "c1", content: "done" },
  { role: "system", content: "Be brief." },
);
const typeOf = (item: ResponseInputItem | undefined) =>
  item !== undefined && "type" in item ? item.type : undefined;

describe("buildResponsesRequest on any history", () => {
  it("never sends a reasoning item last in a message, nor an empty message item", () => {
    fc.assert(
      fc.property(assistant, (m) => {
        const items = buildInputItems(m, "openai");
        expect(typeOf(items.at(-1))).not.toBe("reasoning");
        for (const item of items) {
          if (typeOf(item) === "message")
            expect((item as { content: [] }).content.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it("sends every own signature unchanged, in order, and no foreign one", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(assistant, other), { maxLength: 6 }), (messages) => {
        const input = buildResponsesRequest({ messages }, CFG, false).input;
        const sent = input.flatMap((x) =>
          typeOf(x) === "reasoning" ? [(x as { encrypted_content: string }).encrypted_content] : [],
        );
        const own = (p: { provider?: string }) =>
          p.provider === undefined || p.provider === "openai";
        // An item follows where an own text, a call or an own provider part comes later.
        const sendsItem = (p: Part) =>
          (p.type === "text" && p.text !== "") ||
          p.type === "tool-call" ||
          (p.type === "provider" && own(p));
        const expected = messages.flatMap((m) =>
          typeof m.content === "string"
            ? []
            : m.content.flatMap((p, i, all) =>
                p.type === "thinking" &&
                p.text !== undefined &&
                p.signature !== undefined &&
                own(p) &&
                all.slice(i + 1).some(sendsItem)
                  ? [p.signature]
                  : [],
              ),
        );
        expect(sent).toEqual(expected);
      }),
    );
  });
});
