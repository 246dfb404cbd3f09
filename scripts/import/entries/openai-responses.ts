import { addMissing, type Edit, omit, transform } from "../edits.js";
import type { Entry } from "../plan.js";
import type { Json, JsonObject } from "../upstream.js";
import { HEADERS } from "./common.js";

// pydantic-ai's Responses API requests, rebuilt as golem sends them
// (docs/adr/0003-responses-reasoning-items.md, docs/adr/0007-responses-items-as-parts.md):
// items without ids, key order golem's.

/** One input item as golem sends it. */
function golemItem(item: Json): Json {
  const it = item as JsonObject;
  if (it.type === "reasoning") {
    // Each summary part is a thinking part in golem and goes back as its own summary_text.
    const summary = (it.summary as JsonObject[]).map((part) => ({
      type: "summary_text",
      text: part.text as string,
    }));
    return { type: "reasoning", summary, encrypted_content: it.encrypted_content as string };
  }
  if (it.type === "function_call") {
    const { call_id, name, arguments: args } = it;
    return { type: "function_call", call_id, name, arguments: args } as JsonObject;
  }
  if (it.role === "assistant" && typeof it.content === "string") {
    return {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: it.content }],
    };
  }
  return it;
}

/** A function tool as golem sends it: no `description: null`, `strict: false`. */
function golemTool(tool: Json): Json {
  const { type, name, description, parameters } = tool as JsonObject;
  return {
    type,
    name,
    ...(description === null || description === undefined ? {} : { description }),
    parameters,
    strict: false,
  } as JsonObject;
}

const EDITS: Edit[] = [
  omit("stream"),
  transform("input", (items) => (items as Json[]).map(golemItem)),
  transform("tools", (tools) => (tools as Json[]).map(golemTool)),
  addMissing("", "store", false),
];

const turns = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    request: { recorded: i, headers: HEADERS.openai, edits: EDITS },
    response: { recorded: i, shape: "json" as const },
  }));

const PYDANTIC = "pydantic/pydantic-ai tests/models/cassettes/test_openai_responses";
const COMMIT = "at commit 4fda38988f2939fa6ea9cdefcf120693e10ef491 (MIT)";
const STORE_AND_IDS =
  "Requests adjusted to what golem builds: `store: false` added (the capture left store at " +
  "its default, true, which the recorded response bodies still show), `stream: false` " +
  "removed (golem sends `stream` only when streaming), no item `id` on replayed reasoning and " +
  "function_call items (golem keeps none; docs/adr/0003-responses-reasoning-items.md)";
const TAIL =
  "Headers are golem's (authorization redacted); response headers reduced to content-type " +
  "(the capture has no x-request-id). Note: pydantic-ai's serializer applies NFKC and ASCII " +
  "quote folding to strings, so texts may differ from the bytes OpenAI sent.";

/** OpenAI Responses API cassettes made from reference captures. */
export const OPENAI_RESPONSES: readonly Entry[] = [
  {
    provider: "openai",
    scenario: "responses-thinking-tool-loop",
    streaming: false,
    capture: {
      file: "openai/test_openai_responses_thinking_with_tool_calls.yaml",
      format: "pydantic",
    },
    interactions: turns(2),
    source:
      "synthesized from a live capture: " +
      "fixtures/reference/openai/test_openai_responses_thinking_with_tool_calls.yaml, copied " +
      `from ${PYDANTIC}/test_openai_responses_thinking_with_tool_calls.yaml ${COMMIT}. Two ` +
      "gpt-5 turns on https://api.openai.com/v1/responses with reasoning {effort: low, " +
      "summary: detailed}: turn 1 returns a reasoning item (five summary parts, " +
      "encrypted_content) and an update_plan function_call; turn 2 replays them with the " +
      "function_call_output and gets the poem (the live API answered 200, a verified replay). " +
      `Responses are the recorded parsed_body, unchanged. ${STORE_AND_IDS}, the update_plan ` +
      "tool sent with `strict: false` instead of `true` and without its `description: null`. " +
      "Turn 2's reasoning item keeps its five summary parts as the capture sent them (each " +
      "is a thinking part in golem; docs/adr/0007-responses-items-as-parts.md). Every " +
      "encrypted_content and every summary text is byte-identical to the capture. The live " +
      "API's answer to golem's exact turn 2 shape (no ids, store false) was not captured. " +
      TAIL,
  },
  {
    provider: "openai",
    scenario: "responses-modified-history",
    streaming: false,
    capture: {
      file: "openai/test_openai_responses_thinking_with_modified_history.yaml",
      format: "pydantic",
    },
    interactions: turns(3),
    source:
      "synthesized from a live capture: " +
      "fixtures/reference/openai/test_openai_responses_thinking_with_modified_history.yaml, " +
      `copied from ${PYDANTIC}/test_openai_responses_thinking_with_modified_history.yaml ` +
      `${COMMIT}. Three gpt-5 requests on https://api.openai.com/v1/responses with reasoning ` +
      "{effort: low, summary: detailed}. Turn 1: a reasoning item (one summary part, " +
      "encrypted_content) and an answer. Turn 2: the history with turn 1's reasoning item " +
      'followed by an edited assistant message ("The meaning of life is 42") and a new user ' +
      "question; the live API answered 400 \"Item 'rs_…' of type 'reasoning' was provided " +
      'without its required following item." Turn 3: the same conversation with the reasoning ' +
      'item left out (its summary resent as a visible "<think>" assistant message, as ' +
      "pydantic-ai did) answered 200. Responses are the recorded parsed_body, unchanged. " +
      `${STORE_AND_IDS}, and assistant messages sent as output message items ({type: ` +
      '"message", role: "assistant", content: [{type: "output_text", text}]}) instead of ' +
      '{role: "assistant", content: text}. The 400 was the live answer to the captured turn 2 ' +
      "request, which carried the reasoning item's id rs_… and a plain-string assistant " +
      "message; the request recorded here is golem's (no id), and the live API's answer to it " +
      "was not captured. Every encrypted_content and summary text is byte-identical to the " +
      `capture. ${TAIL}`,
  },
];
