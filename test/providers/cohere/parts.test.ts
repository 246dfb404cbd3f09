/**
 * Cohere's answer blocks -> golem parts, one table through both readers: each row's message is
 * given to `parseResponse` as a whole body and to the stream machine as the events Cohere
 * streams for it (https://docs.cohere.com/reference/chat-stream); both must make the row's
 * parts, and the stream's deltas must add up to them.
 */
import { describe, expect, it } from "vitest";
import { APIError } from "../../../src/core/errors.js";
import type { Delta, Part } from "../../../src/core/types.js";
import type { SSERecord } from "../../../src/transport/sse.js";
import { parseResponse } from "../../../src/wires/cohere/response.js";
import { createStreamState } from "../../../src/wires/cohere/stream.js";
import type { CohereChatResponse } from "../../../src/wires/cohere/wire.js";
import { accumulate, withoutTags } from "../../contract/deltas.js";

type Item = { type: "thinking"; thinking: string } | { type: "text"; text: string };
interface Call {
  id: string;
  name: string;
  arguments: string;
}
interface WireMessage {
  content?: Item[];
  tool_plan?: string;
  tool_calls?: Call[];
}

const thinking = (text: string): Part => ({ type: "thinking", text, provider: "cohere" });
const text = (t: string): Part => ({ type: "text", text: t });
const call = (id: string, name: string, args: string): Part => ({
  type: "tool-call",
  id,
  name,
  arguments: args,
});

const ARGS = '{"location":"Florence, Italy"}';

const ROWS: [name: string, message: WireMessage, parts: Part[]][] = [
  ["a text item", { content: [{ type: "text", text: "Hi there." }] }, [text("Hi there.")]],
  [
    "a thinking item, then a text item (the reasoning guide's answer)",
    {
      content: [
        { type: "thinking", thinking: "Two and two make four." },
        { type: "text", text: "4" },
      ],
    },
    [thinking("Two and two make four."), text("4")],
  ],
  [
    "a thinking item and a tool call (a reasoning model's tool turn)",
    {
      content: [{ type: "thinking", thinking: "I need the weather tool." }],
      tool_calls: [{ id: "weather_1", name: "weather", arguments: ARGS }],
    },
    [thinking("I need the weather tool."), call("weather_1", "weather", ARGS)],
  ],
  [
    "a tool plan and two calls (a model without reasoning)",
    {
      tool_plan: "I will look up both cities.",
      tool_calls: [
        { id: "weather_1", name: "weather", arguments: ARGS },
        { id: "weather_2", name: "weather", arguments: '{"location":"Oslo"}' },
      ],
    },
    [
      text("I will look up both cities."),
      call("weather_1", "weather", ARGS),
      call("weather_2", "weather", '{"location":"Oslo"}'),
    ],
  ],
  [
    "thinking, text, thinking, text: every item in its place",
    {
      content: [
        { type: "thinking", thinking: "First." },
        { type: "text", text: "One." },
        { type: "thinking", thinking: "Second." },
        { type: "text", text: "Two." },
      ],
    },
    [thinking("First."), text("One."), thinking("Second."), text("Two.")],
  ],
  [
    "empty items and an empty plan make no part",
    {
      content: [
        { type: "thinking", thinking: "" },
        { type: "text", text: "Only this." },
      ],
      tool_plan: "",
    },
    [text("Only this.")],
  ],
  [
    "a call without arguments keeps them empty",
    { tool_calls: [{ id: "now_1", name: "now", arguments: "" }] },
    [call("now_1", "now", "")],
  ],
];

/** The non-streamed body of a message. */
function body(m: WireMessage, finish: string): CohereChatResponse {
  return {
    id: "gen-1",
    finish_reason: finish,
    message: {
      role: "assistant",
      ...(m.content && { content: m.content }),
      ...(m.tool_plan !== undefined && { tool_plan: m.tool_plan }),
      ...(m.tool_calls && {
        tool_calls: m.tool_calls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.arguments },
        })),
      }),
    },
    usage: {
      billed_units: { input_tokens: 3, output_tokens: 5 },
      tokens: { input_tokens: 9, output_tokens: 7 },
    },
  };
}

/** Pieces of at most `n` characters (none for ""). */
const pieces = (s: string, n = 4) => s.match(new RegExp(`[^]{1,${n}}`, "g")) ?? [];

/** The events Cohere streams for a message, in its order: content items, plan, calls. */
function events(m: WireMessage, finish: string): object[] {
  const out: object[] = [
    { id: "gen-1", type: "message-start", delta: { message: { role: "assistant", content: [] } } },
  ];
  for (const [index, item] of (m.content ?? []).entries()) {
    const kind = item.type;
    const whole = item.type === "thinking" ? item.thinking : item.text;
    out.push({
      type: "content-start",
      index,
      delta: { message: { content: { type: kind, [kind]: "" } } },
    });
    for (const p of pieces(whole)) {
      out.push({ type: "content-delta", index, delta: { message: { content: { [kind]: p } } } });
    }
    out.push({ type: "content-end", index });
  }
  for (const p of pieces(m.tool_plan ?? "")) {
    out.push({ type: "tool-plan-delta", delta: { message: { tool_plan: p } } });
  }
  for (const [index, c] of (m.tool_calls ?? []).entries()) {
    out.push({
      type: "tool-call-start",
      index,
      delta: {
        message: {
          tool_calls: { id: c.id, type: "function", function: { name: c.name, arguments: "" } },
        },
      },
    });
    for (const p of pieces(c.arguments)) {
      out.push({
        type: "tool-call-delta",
        index,
        delta: { message: { tool_calls: { function: { arguments: p } } } },
      });
    }
    out.push({ type: "tool-call-end", index });
  }
  out.push({
    type: "message-end",
    delta: {
      finish_reason: finish,
      usage: {
        billed_units: { input_tokens: 3, output_tokens: 5 },
        tokens: { input_tokens: 9, output_tokens: 7 },
      },
    },
  });
  return out;
}

const toError = (fields: ConstructorParameters<typeof APIError>[0]) => new APIError(fields);
const record = (e: object): SSERecord => ({ data: JSON.stringify(e) }) as SSERecord;

describe.each(ROWS)("%s", (_, message, parts) => {
  const finish = message.tool_calls ? "TOOL_CALL" : "COMPLETE";

  it("parseResponse makes the parts, in the wire's order", () => {
    const r = parseResponse(body(message, finish));
    expect(r.message).toEqual({ role: "assistant", content: parts });
    expect(r.stopReason).toBe(finish);
    expect(r.id).toBe("gen-1");
    expect(r.usage).toEqual({ inputTokens: 9, outputTokens: 7 });
  });

  it("the stream machine makes the same response, its deltas adding up to the parts", () => {
    const machine = createStreamState(toError);
    const deltas: Delta[] = [];
    for (const e of events(message, finish)) deltas.push(...machine.push(record(e)));
    const final = machine.finish();
    expect(final).toEqual(parseResponse(body(message, finish)));
    expect(accumulate(deltas)).toEqual(withoutTags(parts));
  });
});

describe("the thinking parts' tag", () => {
  it("is the platform's own, as the reader is told it", () => {
    const m = body({ content: [{ type: "thinking", thinking: "Hm." }] }, "COMPLETE");
    expect(parseResponse(m, "my-cohere").message.content).toEqual([
      { type: "thinking", text: "Hm.", provider: "my-cohere" },
    ]);
  });
});
