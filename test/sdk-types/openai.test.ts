/**
 * The November OpenAI fields golem sends, against the openai SDK's own request types (7.60.0,
 * pinned for its types only): `prompt_cache_options` of a Responses and a Chat Completions body
 * built by golem's request builders, assigned to the SDK's `ResponseCreateParams` and
 * `ChatCompletionCreateParams` fields (compile-time), and asserted at run time. (A whole body
 * does not assign yet: golem types JSON Schemas as `object` where the SDK wants
 * `{ [key: string]: unknown }`, in tools and structured output.)
 */
import type {
  ChatCompletionCreateParams as SdkChatParams,
  ChatCompletionSystemMessageParam as SdkSystemMessage,
  ChatCompletionUserMessageParam as SdkUserMessage,
} from "openai/resources/chat/completions";
import type {
  EasyInputMessage as SdkEasyInputMessage,
  Response as SdkResponse,
  ResponseInputItem as SdkResponseInputItem,
  ResponseCreateParams as SdkResponseParams,
} from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import type { ModelRequest } from "../../src/core/types.js";
import { buildRequest } from "../../src/wires/openai-chat/request.js";
import type { ChatCompletionContentPartText } from "../../src/wires/openai-chat/wire.js";
import { buildResponsesRequest } from "../../src/wires/openai-responses/request.js";
import type {
  EasyInputMessage,
  FunctionCallOutput,
  ResponseTransformationReason,
} from "../../src/wires/openai-responses/wire.js";

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
