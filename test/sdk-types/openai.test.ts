/**
 * The OpenAI bodies golem sends, against the openai SDK's own request types (7.60.0, pinned for
 * its types only). Compile time: a whole Chat Completions and a whole Responses body built by
 * golem's request builders are assigned to the SDK's `ChatCompletionCreateParamsBase` and
 * `ResponseCreateParamsBase` (the bases of the streaming and non-streaming params, which differ
 * only in `stream`), with the narrow swaps named where they are (`OpenAIChatBody`,
 * `OpenAIResponsesBody`) for what the SDK does not type; the November fields are also checked
 * one by one, and asserted at run time.
 */

import type {
  ChatCompletionCreateParams as SdkChatParams,
  ChatCompletionCreateParamsBase as SdkChatParamsBase,
  ChatCompletionSystemMessageParam as SdkSystemMessage,
  ChatCompletionUserMessageParam as SdkUserMessage,
} from "openai/resources/chat/completions";
import type {
  EasyInputMessage as SdkEasyInputMessage,
  ResponseReasoningItem as SdkReasoningItem,
  Response as SdkResponse,
  ResponseInputItem as SdkResponseInputItem,
  ResponseOutputMessage as SdkResponseOutputMessage,
  ResponseOutputText as SdkResponseOutputText,
  ResponseCreateParams as SdkResponseParams,
  ResponseCreateParamsBase as SdkResponseParamsBase,
} from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import type { ModelRequest } from "../../src/core/types.js";
import { buildRequest } from "../../src/wires/openai-chat/request.js";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPartText,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
  ContentChunk,
} from "../../src/wires/openai-chat/wire.js";
import { buildResponsesRequest } from "../../src/wires/openai-responses/request.js";
import type {
  EasyInputMessage,
  FunctionCallOutput,
  ProviderItemParam,
  ResponseCreateParams,
  ResponseInputItem,
  ResponseOutputMessageParam,
  ResponseReasoningItemParam,
  ResponseReasoningTextItemParam,
  ResponseTransformationReason,
} from "../../src/wires/openai-responses/wire.js";
import { wholeTurns } from "./whole-turns.js";

const request: ModelRequest = { messages: [{ role: "user", content: "Weather in Oslo?" }] };

describe("the November OpenAI fields against the SDK's types", () => {
  it("a Responses body's prompt_cache_options is the SDK's ResponseCreateParams field", () => {
    for (const stream of [false, true]) {
      const body = buildResponsesRequest(
        request,
        {
          provider: "openai",
          model: "gpt-6.2-sol",
          promptCacheOptions: {
            mode: "explicit",
            ttl: "12h",
            prewarm: true,
            comparisonResponseId: "resp_1",
          },
        },
        stream,
      );
      const sdk: SdkResponseParams["prompt_cache_options"] = body.prompt_cache_options;
      expect(sdk).toEqual({
        mode: "explicit",
        ttl: "12h",
        prewarm: true,
        comparison_response_id: "resp_1",
      });
    }
  });

  it("a Chat Completions body's prompt_cache_options is the SDK's ChatCompletionCreateParams field", () => {
    for (const stream of [false, true]) {
      const body = buildRequest(
        request,
        {
          provider: "openai",
          model: "gpt-5.6",
          replayReasoning: false,
          promptCacheOptions: { mode: "implicit", ttl: "30m" },
        },
        stream,
      );
      const sdk: SdkChatParams["prompt_cache_options"] = body.prompt_cache_options;
      expect(sdk).toEqual({ mode: "implicit", ttl: "30m" });
    }
  });

  it("a Responses body's input with breakpoints (cache: \"auto\") is the SDK's ResponseInput", () => {
    const loop: ModelRequest = {
      messages: [
        { role: "user", content: "Weather in Oslo?", cache: true },
        {
          role: "assistant",
          content: [{ type: "tool-call", id: "c1", name: "weather", arguments: '{"city":"Oslo"}' }],
        },
        { role: "tool", toolCallId: "c1", content: "4°C, rain" },
      ],
    };
    const body = buildResponsesRequest(
      loop,
      { provider: "openai", model: "gpt-6.2-sol", cache: "auto" },
      false,
    );
    // Item by item: golem's replayed assistant items are typed narrower than the SDK's.
    const ask: SdkEasyInputMessage = body.input[0] as EasyInputMessage;
    const result: SdkResponseInputItem.FunctionCallOutput = body.input[2] as FunctionCallOutput;
    expect(JSON.stringify([ask, result]).split("prompt_cache_breakpoint").length - 1).toBe(2);
  });

  it("a Chat Completions body's messages with breakpoints are the SDK's messages", () => {
    const body = buildRequest(
      { system: "Be brief.", messages: [{ role: "user", content: "Weather in Oslo?" }] },
      { provider: "openai", model: "gpt-5.6", replayReasoning: false, cache: "auto" },
      false,
    );
    type Sent = { role: "system"; content: ChatCompletionContentPartText[] };
    const system: SdkSystemMessage = body.messages[0] as Sent;
    const user: SdkUserMessage = body.messages[1] as Sent & { role: never };
    expect(system.content).toEqual([{ type: "text", text: "Be brief." }]);
    expect(user).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Weather in Oslo?", prompt_cache_breakpoint: { mode: "explicit" } },
      ],
    });
  });

  it("golem's input_transformations reasons are the SDK's, every one", () => {
    type SdkReason = NonNullable<SdkResponse["input_transformations"]>[number]["reason"];
    const both: [SdkReason, ResponseTransformationReason][] = [["turn_boundary", "turn_boundary"]];
    const golem: ResponseTransformationReason[] = ["turn_boundary" satisfies SdkReason];
    const sdk: SdkReason[] = golem;
    expect(both[0]?.[0]).toBe(sdk[0]);
  });
});

/**
 * SDK gaps, both of servers other than OpenAI: an assistant message's content may be Mistral's
 * content chunks, whose `thinking` chunk (golem sends it back to Mistral only) the openai SDK
 * does not type; `model` is left out on Azure deployment URLs, which name the model. This swaps
 * that one chunk out and makes `model` required (the test asserts it is there); everything else
 * is checked as golem types it.
 */
type OpenAIAssistant = Omit<ChatCompletionAssistantMessageParam, "content"> & {
  content: string | Exclude<ContentChunk, { type: "thinking" }>[] | null;
};
type OpenAIChatBody = Omit<ChatCompletionCreateParams, "messages" | "model"> & {
  model: string;
  messages: (Exclude<ChatCompletionMessageParam, { role: "assistant" }> | OpenAIAssistant)[];
};
const toOpenAI = (body: ChatCompletionCreateParams) => body as OpenAIChatBody;

/**
 * SDK gaps of the Responses input: golem replays an assistant message and a reasoning item
 * without the `id` (and a message's `status`, its text's `annotations`) that the SDK's output
 * item types require and the API does not (with `store: false`, as OpenAI's Codex CLI sends
 * them; the SDK has no input form of either); an item golem does not model goes back as it came
 * (`ProviderItemParam`). Those are swapped for the SDK's input item, after the replayed ones are
 * checked without the fields they leave out ({@link replayedMessage}, {@link replayedReasoning});
 * every other item is checked as golem types it.
 */
type Replayed =
  | ResponseOutputMessageParam
  | ResponseReasoningItemParam
  | ResponseReasoningTextItemParam
  | ProviderItemParam;
type OpenAIResponsesBody = Omit<ResponseCreateParams, "input"> & {
  input: (Exclude<ResponseInputItem, Replayed> | SdkResponseInputItem)[];
};
const toOpenAIResponses = (body: ResponseCreateParams) => body as OpenAIResponsesBody;
type SansIds<T, K extends keyof T> = Omit<T, K | "id">;
const replayedMessage = (
  m: ResponseOutputMessageParam,
): SansIds<SdkResponseOutputMessage, "status" | "content"> & {
  content: SansIds<SdkResponseOutputText, "annotations">[];
} => m;
const replayedReasoning = (r: ResponseReasoningItemParam): SansIds<SdkReasoningItem, never> => r;

/** A whole conversation: system, a user's text and image, reasoning, text and a tool call, its result. */
const WHOLE: ModelRequest = {
  system: "Plan trips.",
  tools: [
    {
      name: "weather",
      description: "The weather at a place",
      parameters: { type: "object", properties: { place: { type: "string" } } },
    },
  ],
  // The user's turn is a cache breakpoint too (explicit caching).
  messages: wholeTurns({
    provider: "openai",
    said: "Florence; checking the weather.",
    call: { type: "tool-call", id: "call_1", name: "weather", arguments: '{"place":"Florence"}' },
    answer: "40 C",
    signature: "ZW5j",
  }).map((m, i) => (i === 0 ? { ...m, cache: true } : m)),
};

describe("the whole OpenAI bodies", () => {
  it("a Chat Completions body is the SDK's ChatCompletionCreateParams, streamed or not", () => {
    for (const stream of [false, true]) {
      const body = buildRequest(
        WHOLE,
        {
          provider: "openai",
          model: "gpt-6.2-sol",
          replayReasoning: false,
          reasoningEffort: "high",
          cache: "auto",
          promptCacheOptions: { mode: "explicit", ttl: "30m" },
        },
        stream,
      );
      // The base of the SDK's streaming and non-streaming params, which differ only in `stream`.
      const sdk: SdkChatParamsBase = toOpenAI(body);
      expect(sdk.stream ?? false).toBe(stream);
      expect(sdk.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
      expect(sdk.tools?.[0]).toMatchObject({ function: { name: "weather" } });
      expect(sdk.reasoning_effort).toBe("high");
      expect(sdk.model).toBe("gpt-6.2-sol");
    }
  });

  it("a Responses body is the SDK's ResponseCreateParams, streamed or not", () => {
    for (const stream of [false, true]) {
      const body = buildResponsesRequest(
        WHOLE,
        {
          provider: "openai",
          model: "gpt-6.2-sol",
          reasoningEffort: "high",
          reasoningSummary: "auto",
          cache: "auto",
          promptCacheOptions: { mode: "explicit", ttl: "12h" },
        },
        stream,
      );
      const sdk: SdkResponseParamsBase = toOpenAIResponses(body);
      expect(sdk.stream ?? false).toBe(stream);
      expect(sdk.reasoning).toMatchObject({ effort: "high", summary: "auto" });
      expect(sdk.tools?.[0]).toMatchObject({ type: "function", name: "weather" });
      const types = body.input.map((i) => ("type" in i ? i.type : "message"));
      expect(types).toEqual([
        "message",
        "reasoning",
        "message",
        "function_call",
        "function_call_output",
      ]);
      expect(replayedReasoning(body.input[1] as ResponseReasoningItemParam).encrypted_content).toBe(
        "ZW5j",
      );
      expect(replayedMessage(body.input[2] as ResponseOutputMessageParam).content[0]?.text).toBe(
        "Florence; checking the weather.",
      );
    }
  });
});
