/**
 * The bodies golem's Messages builder makes, checked against the request types of Anthropic's
 * own SDK (@anthropic-ai/sdk 1.17.0, pinned for its types only). Compile time (`tsc -p
 * tsconfig.test.json`): a whole built body is assigned to the SDK's beta
 * `MessageCreateParamsBase` (the base of its streaming and non-streaming `MessageCreateParams`,
 * which differ only in `stream`), with one swap the SDK cannot type (`SentBody`: a block golem
 * passes back as it came); the cases below also check each new field on its own.
 */

import type {
  BetaCompactionBlockParam,
  BetaContentBlockParam,
  MessageCreateParamsBase as BetaMessageCreateParams,
  BetaSystemMessageParam,
  BetaToolChangeMCPToolReference,
  BetaToolChangeMCPToolsetReference,
  BetaToolChangeToolReference,
} from "@anthropic-ai/sdk/resources/beta/messages/messages";
import { describe, expect, it } from "vitest";
import type { Message, ModelRequest } from "../../src/core/types.js";
import { type Config, resolveConfig } from "../../src/platforms/anthropic/config.js";
import { buildRequest } from "../../src/wires/messages/request.js";
import type {
  CompactionBlockParam,
  KnownBlockParam,
  MCPToolChangeReference,
  MessageCreateParams,
  MessageParam,
  ToolReference,
} from "../../src/wires/messages/wire.js";
import { toolTurn } from "../helpers/histories.js";
import { COMPACTION } from "../providers/anthropic/blocks.js";
import { wholeTurns } from "./whole-turns.js";

/** The top-level fields, as the SDK types them: this assignment is the compile-time check. */
type SDKTop = Omit<BetaMessageCreateParams, "messages" | "tools">;
const topOf = ({ messages: _m, tools: _t, ...top }: MessageCreateParams): SDKTop => top;

/** A system message's own fields (its content checked at run time). */
type SDKSystemFields = Omit<BetaSystemMessageParam, "content">;
const systemFieldsOf = ({ content: _c, role, ...rest }: MessageParam): SDKSystemFields => {
  if (role !== "system") throw new Error(`not a system message: ${role}`);
  return { role, ...rest };
};

/** A compaction block's fields but its tool changes, and the references a tool change holds. */
type SDKCompaction = Omit<BetaCompactionBlockParam, "tool_changes">;
const compactionFields = ({ tool_changes: _t, ...rest }: CompactionBlockParam): SDKCompaction =>
  rest;
const reference = (
  r: ToolReference | MCPToolChangeReference,
):
  | BetaToolChangeToolReference
  | BetaToolChangeMCPToolReference
  | BetaToolChangeMCPToolsetReference => r;

const WEATHER = {
  name: "weather",
  description: "The weather at a place",
  parameters: { type: "object", properties: { place: { type: "string" } } },
};

const HISTORY: Message[] = [
  { role: "assistant", content: [{ type: "provider", provider: "anthropic", value: COMPACTION }] },
  ...toolTurn("anthropic", "Plan day three."),
  {
    role: "system",
    content: "Answer in French for this turn.",
    update: { clearAt: "next_user_message", effort: "low" },
  },
];

interface Case {
  name: string;
  config: Partial<Config>;
  request: ModelRequest;
}

const CASES: Case[] = [
  {
    name: "thinking display updates, speed, inference_geo, a clear_at system message, a signed compaction block",
    config: {
      thinking: { adaptive: true, display: "updates" },
      speed: "fast",
      inferenceGeo: "us",
      effort: "high",
      cache: "auto",
    },
    request: { system: "Plan trips.", tools: [WEATHER], messages: HISTORY },
  },
  {
    name: "a compaction request with instructions",
    config: { compaction: { type: "summarize", instructions: "Keep the bookings." } },
    request: { messages: [{ role: "user", content: "Plan day three." }] },
  },
  {
    name: "a thinking budget with display omitted, fallbacks and structured output",
    config: {
      model: "claude-sonnet-4-5",
      thinking: { budgetTokens: 2048, display: "omitted" },
      fallbacks: [{ model: "claude-opus-5", speed: "standard" }],
    },
    request: {
      messages: [{ role: "user", content: "Report." }],
      output: { schema: { type: "object", properties: {} } },
    },
  },
];

function built(c: Case, stream: boolean): MessageCreateParams {
  const cfg = resolveConfig(
    { apiKey: "sk-ant-test", model: "claude-fable-5-2", maxTokens: 8000, ...c.config } as Config,
    {},
  );
  return buildRequest(c.request, cfg, stream);
}

describe("golem's Messages bodies against @anthropic-ai/sdk 1.17.0's beta request types", () => {
  it.each(CASES)("$name", (c) => {
    for (const stream of [false, true]) {
      const body = built(c, stream);
      const top = topOf(body);
      expect(top.model).toBe(body.model);
      expect(top.max_tokens).toBe(8000);
      expect(top.stream ?? false).toBe(stream);
      for (const m of body.messages.filter((m) => m.role === "system")) {
        expect(systemFieldsOf(m).role).toBe("system");
      }
      // What goes on the wire is what was typed: no undefined, no class instance.
      expect(JSON.parse(JSON.stringify(body))).toEqual(body);
    }
  });

  it("puts each new field where the SDK's types have it", () => {
    const body = built(CASES[0] as Case, false);
    const top = topOf(body);
    expect(top.speed).toBe("fast");
    expect(top.inference_geo).toBe("us");
    expect(top.thinking).toMatchObject({ type: "adaptive", display: "updates" });
    const system = body.messages.find((m) => m.role === "system") as MessageParam;
    expect(systemFieldsOf(system)).toEqual({
      role: "system",
      clear_at: "next_user_message",
      output_config: { effort: "low" },
    });
    const block = body.messages[0]?.content[0] as CompactionBlockParam;
    expect(block).toEqual(COMPACTION);
    expect(compactionFields(block).signature).toBe(COMPACTION.signature);
    expect(block.tool_changes?.map((t) => reference(t.tool as ToolReference).type)).toEqual([
      "tool_reference",
      "mcp_tool_reference",
      "mcp_toolset_reference",
    ]);
    expect(topOf(built(CASES[1] as Case, false)).compaction).toEqual({
      type: "summarize",
      instructions: "Keep the bookings.",
    });
  });
});

/**
 * SDK gap, by design: a block golem does not model (server tool use, its result, ...) goes back
 * as it came, typed `OtherBlockParam` (`{ type: string }`); it is one of the SDK's
 * `BetaContentBlockParam`s, which golem does not enumerate. This swaps that one member of a
 * turn's blocks for the SDK's union; every block golem builds is checked as golem types it.
 */
type Passed<M> = M extends { role: "system" }
  ? M
  : Omit<M, "content"> & { content: (KnownBlockParam | BetaContentBlockParam)[] };
type SentBody = Omit<MessageCreateParams, "messages"> & { messages: Passed<MessageParam>[] };
const sent = (body: MessageCreateParams) => body as SentBody;

/** A whole conversation: system, a user's text and image, thinking, text and a tool call, its result. */
const WHOLE: ModelRequest = {
  system: "Plan trips.",
  tools: [WEATHER],
  messages: [
    ...wholeTurns({
      provider: "anthropic",
      said: "Florence; checking the weather.",
      call: {
        type: "tool-call",
        id: "toolu_1",
        name: "weather",
        arguments: '{"place":"Florence"}',
      },
      answer: "40 C",
    }),
    {
      role: "system",
      content: "Answer in French for this turn.",
      update: { clearAt: "next_user_message", effort: "low" },
    },
  ],
};

describe("the whole Messages body", () => {
  it("is the SDK's MessageCreateParams, streamed or not", () => {
    for (const stream of [false, true]) {
      const body = built({ name: "whole", config: CASES[0]?.config ?? {}, request: WHOLE }, stream);
      // Compile time: the whole body, every field and block golem builds.
      const sdk: BetaMessageCreateParams = sent(body);
      expect(sdk.stream ?? false).toBe(stream);
      expect(sdk.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "system"]);
      expect(sdk.messages[0]?.content).toContainEqual({
        type: "image",
        source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
      });
      expect(sdk.tools?.[0]).toMatchObject({ name: "weather", input_schema: { type: "object" } });
      expect(sdk.thinking).toMatchObject({ type: "adaptive", display: "updates" });
      expect(sdk.speed).toBe("fast");
    }
  });
});
