/**
 * The November OpenAI fields golem sends, against the openai SDK's own request types (7.60.0,
 * pinned for its types only): `prompt_cache_options` of a Responses and a Chat Completions body
 * built by golem's request builders, assigned to the SDK's `ResponseCreateParams` and
 * `ChatCompletionCreateParams` fields (compile-time), and asserted at run time. (A whole body
 * does not assign yet: golem types JSON Schemas as `object` where the SDK wants
 * `{ [key: string]: unknown }`, in tools and structured output.)
 */
import type { ChatCompletionCreateParams as SdkChatParams } from "openai/resources/chat/completions";
import type {
  Response as SdkResponse,
  ResponseCreateParams as SdkResponseParams,
} from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import type { ModelRequest } from "../../src/core/types.js";
import { buildRequest } from "../../src/wires/openai-chat/request.js";
import { buildResponsesRequest } from "../../src/wires/openai-responses/request.js";
import type { ResponseTransformationReason } from "../../src/wires/openai-responses/wire.js";

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

  it("golem's input_transformations reasons are the SDK's, every one", () => {
    type SdkReason = NonNullable<SdkResponse["input_transformations"]>[number]["reason"];
    const both: [SdkReason, ResponseTransformationReason][] = [["turn_boundary", "turn_boundary"]];
    const golem: ResponseTransformationReason[] = ["turn_boundary" satisfies SdkReason];
    const sdk: SdkReason[] = golem;
    expect(both[0]?.[0]).toBe(sdk[0]);
  });
});
