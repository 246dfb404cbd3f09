import type { MessageCreateParamsNonStreaming as BetaMessageCreateParams } from "@anthropic-ai/sdk/resources/beta/messages/messages";
import type {
  ResponseCreateParamsBase as OpenAIResponseCreateParams,
  ResponseCreateParamsNonStreaming,
} from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import type { Message, ToolSpec } from "../../src/core/types.js";
import { create as anthropic } from "../../src/platforms/anthropic/index.js";
import { create as openai } from "../../src/platforms/openai/index.js";
import { MESSAGE_THREADS } from "../../src/wires/messages/thread.js";
import type { MessageCreateParams } from "../../src/wires/messages/wire.js";
import { STORED_RESPONSES } from "../../src/wires/openai-responses/stored.js";
import type { ResponseCreateParams } from "../../src/wires/openai-responses/wire.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";

/**
 * The server-held bodies golem sends, checked against the vendors' own request types
 * (@anthropic-ai/sdk 1.17.0 `BetaMessageCreateParams` with `thread`, openai 7.60.0
 * `ResponseCreateParams` with `previous_response_id` and `store`): at compile time, by
 * assignment of golem's body types, and at run time, on the bodies of a real call.
 */

// Compile time: golem's thread and stored-response fields are the SDKs' types.
type ThreadOf = NonNullable<MessageCreateParams["thread"]>;
const _thread: NonNullable<BetaMessageCreateParams["thread"]> = {} as ThreadOf;
const _previous: ResponseCreateParamsNonStreaming["previous_response_id"] = "" as NonNullable<
  ResponseCreateParams["previous_response_id"]
>;
const _store: ResponseCreateParamsNonStreaming["store"] = true as ResponseCreateParams["store"];
void [_thread, _previous, _store];
// The fields a server-held body adds, as golem types them (golem's replayed items carry no
// ids, which the API takes and the SDK's output types require, so whole bodies differ there).
const _continue: BetaMessageCreateParams["thread"] = {} as MessageCreateParams["thread"];
const _responses: Pick<OpenAIResponseCreateParams, "previous_response_id" | "store"> = {} as Pick<
  ResponseCreateParams,
  "previous_response_id" | "store"
>;
void [_continue, _responses];

const TOOLS: ToolSpec[] = [
  { name: "weather", description: "the weather", parameters: { type: "object", properties: {} } },
];

describe("the server-held request bodies against the SDKs' request types", () => {
  it("an Anthropic continue body is a BetaMessageCreateParams with only the thread's own fields", async () => {
    const reply = (id: string) => ({
      id,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-6",
      content: [{ type: "tool_use", id: `call_${id}`, name: "weather", input: {} }],
      stop_reason: "tool_use",
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, reply("a")),
      jsonResponse(200, reply("b")),
    ]);
    const m = anthropic({
      apiKey: "k",
      model: "claude-sonnet-4-6",
      maxTokens: 64,
      fetch,
      serverHistory: true,
    });
    const history: Message[] = [{ role: "user", content: "Hi" }];
    history.push((await m.generate({ system: "S", tools: TOOLS, messages: history })).message);
    history.push({ role: "tool", toolCallId: "call_a", content: "ok" });
    await m.generate({ system: "S", tools: TOOLS, messages: history });
    const sent: BetaMessageCreateParams = JSON.parse(calls[1]?.body ?? "");
    expect(sent.thread).toEqual({ type: "continue", previous_message_id: "a" });
    expect(Object.keys(sent).sort()).toEqual(["max_tokens", "messages", "model", "thread"]);
    // The SDK's own helper sends the same continue fields.
    const ours = MESSAGE_THREADS.suffix(
      { model: "m", max_tokens: 1, messages: [], system: [], tools: [] },
      "a",
      0,
    );
    expect("system" in ours || "tools" in ours).toBe(false);
  });

  it("an OpenAI suffix body is a ResponseCreateParams with previous_response_id and store", async () => {
    const turn = (id: string) => ({
      id,
      object: "response",
      status: "completed",
      model: "gpt-6.1",
      output: [{ type: "function_call", call_id: `call_${id}`, name: "weather", arguments: "{}" }],
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, turn("r1")),
      jsonResponse(200, turn("r2")),
    ]);
    const m = openai({
      apiKey: "k",
      model: "gpt-6.1",
      api: "responses",
      fetch,
      serverHistory: true,
    });
    const history: Message[] = [{ role: "user", content: "Hi" }];
    history.push((await m.generate({ tools: TOOLS, messages: history })).message);
    history.push({ role: "tool", toolCallId: "call_r1", content: "ok" });
    await m.generate({ tools: TOOLS, messages: history });
    const sent: ResponseCreateParamsNonStreaming = JSON.parse(calls[1]?.body ?? "");
    expect(sent.previous_response_id).toBe("r1");
    expect(sent.store).toBe(true);
    const suffix: Pick<OpenAIResponseCreateParams, "store"> = STORED_RESPONSES.suffix(
      { model: "m", input: [] },
      "r1",
      0,
    );
    expect(suffix.store).toBe(true);
  });
});
