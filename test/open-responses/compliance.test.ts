/**
 * golem against the Open Responses spec (fixtures/open-responses/, spec 2026-04-24): each case
 * of the spec's compliance suite as golem would send it, checked against the spec's request
 * schema; a spec-valid answer to it (checked against the response and event schemas) read by
 * golem and held to the case's validators; and every request golem sent to an Open Responses
 * server in the cassettes, checked against the request schema.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APIError, type APIErrorFields } from "../../src/core/errors.js";
import { partsOf, toolCallsOf } from "../../src/core/parts.js";
import type { Delta, Message, ModelRequest, ModelResponse, Part } from "../../src/core/types.js";
import { buildResponsesRequest } from "../../src/wires/openai-responses/request.js";
import { parseResponsesResponse } from "../../src/wires/openai-responses/response.js";
import { RESPONSES_SERVERS } from "../../src/wires/openai-responses/servers.js";
import { createResponsesStreamState } from "../../src/wires/openai-responses/stream.js";
import { FIXTURES, loadCassette } from "../helpers/cassettes.js";
import { check, component, eventSchema, SPEC_VERSION } from "./schema.js";

interface Case {
  id: string;
  name: string;
  streaming?: boolean;
  request: {
    input: {
      role: string;
      content: string | { type: string; text?: string; image_url?: string }[];
    }[];
    tools?: { name: string; description: string; parameters: object }[];
  };
  validators: string[];
}

const CASES = JSON.parse(
  readFileSync(join(FIXTURES, "open-responses", "compliance-cases.json"), "utf8"),
) as Case[];

/** The case's input as a golem history. */
function golemRequest(c: Case): ModelRequest {
  const messages: Message[] = c.request.input.map((m) => {
    const role = m.role as "user" | "assistant" | "system";
    if (typeof m.content === "string") return { role, content: m.content };
    const content: Part[] = m.content.map((p) => {
      if (p.type === "input_text") return { type: "text", text: p.text ?? "" };
      const [head, data = ""] = (p.image_url ?? "").split(",");
      return { type: "image", mediaType: head?.slice(5, -7) ?? "", data };
    });
    return { role, content } as Message;
  });
  const req: ModelRequest = { messages };
  if (c.request.tools) req.tools = c.request.tools.map((t) => ({ ...t }));
  return req;
}

const OPTIONS = { provider: "openai", model: "open-responses-model" };

/** A spec-valid answer to the case: a call when it has tools, else a message. */
function answer(c: Case) {
  const output = c.request.tools
    ? [
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "get_weather",
          arguments: '{"location":"San Francisco, CA"}',
          status: "completed",
        },
      ]
    : [
        {
          type: "message",
          id: "msg_1",
          status: "completed",
          role: "assistant",
          content: [{ type: "output_text", text: "Ahoy there, matey!", annotations: [] }],
        },
      ];
  return {
    id: "resp_1",
    object: "response",
    created_at: 1765180800,
    completed_at: 1765180801,
    status: "completed",
    incomplete_details: null,
    model: OPTIONS.model,
    previous_response_id: null,
    instructions: null,
    output,
    error: null,
    tools: [],
    tool_choice: "auto",
    truncation: "disabled",
    parallel_tool_calls: true,
    text: { format: { type: "text" } },
    top_p: 1,
    presence_penalty: 0,
    frequency_penalty: 0,
    top_logprobs: 0,
    temperature: 1,
    reasoning: null,
    usage: {
      input_tokens: 12,
      output_tokens: 6,
      total_tokens: 18,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
    max_output_tokens: null,
    max_tool_calls: null,
    store: false,
    background: false,
    service_tier: "default",
    metadata: {},
    safety_identifier: null,
    prompt_cache_key: null,
  };
}

/** The answer as the spec streams it: every item added, its content in deltas, done. */
function stream(res: ReturnType<typeof answer>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const push = (type: string, fields: object) =>
    out.push({ type, sequence_number: out.length, ...fields });
  const head = { ...res, status: "in_progress", output: [], usage: null, completed_at: null };
  push("response.created", { response: head });
  push("response.in_progress", { response: head });
  for (const [i, item] of res.output.entries()) {
    const at = { item_id: item.id, output_index: i };
    if (item.type === "function_call" && "arguments" in item) {
      push("response.output_item.added", {
        output_index: i,
        item: { ...item, arguments: "", status: "in_progress" },
      });
      push("response.function_call_arguments.delta", { ...at, delta: item.arguments.slice(0, 12) });
      push("response.function_call_arguments.delta", { ...at, delta: item.arguments.slice(12) });
      push("response.function_call_arguments.done", { ...at, arguments: item.arguments });
    } else if ("content" in item) {
      const text = item.content[0]?.text ?? "";
      push("response.output_item.added", {
        output_index: i,
        item: { ...item, content: [], status: "in_progress" },
      });
      push("response.content_part.added", {
        ...at,
        content_index: 0,
        part: { type: "output_text", text: "", annotations: [] },
      });
      for (const piece of text.split(/(?<= )/))
        push("response.output_text.delta", { ...at, content_index: 0, delta: piece });
      push("response.output_text.done", { ...at, content_index: 0, text });
      push("response.content_part.done", {
        ...at,
        content_index: 0,
        part: { type: "output_text", text, annotations: [] },
      });
    }
    push("response.output_item.done", { output_index: i, item });
  }
  push("response.completed", { response: res });
  return out;
}

function read(
  c: Case,
  res: ReturnType<typeof answer>,
): { deltas: Delta[]; response: ModelResponse } {
  if (!c.streaming) return { deltas: [], response: parseResponsesResponse(res, "openai") };
  const m = createResponsesStreamState({
    provider: "openai",
    requestId: undefined,
    toError: (f: APIErrorFields) => new (class extends APIError {})(f),
  });
  const deltas: Delta[] = [];
  for (const e of stream(res))
    deltas.push(...m.push({ event: String(e.type), data: JSON.stringify(e), id: undefined }));
  return { deltas, response: m.finish() };
}

/** The case's validators, on what golem made of the answer. */
const VALIDATORS: Record<
  string,
  (r: { deltas: Delta[]; response: ModelResponse }, events: Record<string, unknown>[]) => boolean
> = {
  hasOutput: ({ response }) => partsOf(response.message).length > 0,
  completedStatus: ({ response }) => response.stopReason === "completed",
  "hasOutputType:function_call": ({ response }) => toolCallsOf(response.message).length > 0,
  streamingEvents: ({ deltas }) => deltas.length > 0,
  streamingSchema: (_, events) =>
    events.every((e) => check(eventSchema(e.type) ?? {}, e).length === 0),
  functionCallEvents: ({ deltas, response }) =>
    deltas.some((d) => d.type === "tool-call" && d.arguments !== undefined) &&
    toolCallsOf(response.message)[0]?.arguments === '{"location":"San Francisco, CA"}',
};

describe(`the Open Responses compliance cases (spec ${SPEC_VERSION})`, () => {
  it.each(CASES.map((c) => [c.id, c] as const))(
    "%s: the case's own request is valid by the spec's request schema",
    (_, c) => {
      expect(
        check(component("CreateResponseBody"), {
          model: OPTIONS.model,
          ...c.request,
          stream: c.streaming === true,
        }),
      ).toEqual([]);
    },
  );

  it.each(CASES.map((c) => [c.id, c] as const))(
    "%s: golem's request for it is valid by the spec's request schema",
    (_, c) => {
      const body = buildResponsesRequest(
        golemRequest(c),
        OPTIONS,
        c.streaming === true,
        RESPONSES_SERVERS.vllm,
      );
      expect(check(component("CreateResponseBody"), body)).toEqual([]);
    },
  );

  it.each(CASES.map((c) => [c.id, c] as const))(
    "%s: golem reads a spec-valid answer and passes the case's validators",
    (_, c) => {
      const res = answer(c);
      const events = c.streaming ? stream(res) : [];
      expect(check(component("ResponseResource"), res)).toEqual([]);
      for (const e of events)
        expect(check(eventSchema(e.type) ?? { not: "listed" }, e)).toEqual([]);
      const read_ = read(c, res);
      expect(c.validators.filter((v) => !VALIDATORS[v]?.(read_, events))).toEqual([]);
    },
  );

  it("OpenAI's short message form (no `type`) is not the spec's; typed, it is", () => {
    const body = buildResponsesRequest(
      { messages: [{ role: "user", content: "Hi" }] },
      OPTIONS,
      false,
    );
    expect(check(component("CreateResponseBody"), body)).not.toEqual([]);
    const input = [{ type: "message", ...body.input[0] }];
    expect(check(component("CreateResponseBody"), { ...body, input })).toEqual([]);
  });
});

/**
 * The one place golem leaves the 2026-04-24 schema on purpose: a reasoning item sent back with
 * its `reasoning_text` content, which the schema's `ReasoningItemParam` has as null, and which
 * vLLM and DeepSeek take back (docs/adr/0041-responses-servers.md).
 */
const REASONING_CONTENT = /^\$\.input\[\d+\]\.content: is array, not null$/;

describe("golem's requests to Open Responses servers in the cassettes", () => {
  it.each([
    "lmstudio-responses-tool-loop",
    "lmstudio-responses-tool-loop-stream",
    "vllm-responses-tool-loop-stream",
    "ollama-responses-tool-loop-stream",
    "bedrock-mantle-responses",
  ])(
    "openai/%s: every request is valid by the spec's request schema, raw reasoning content aside",
    (file) => {
      const cassette = loadCassette("openai", file);
      for (const { request } of cassette.interactions) {
        const problems = check(component("CreateResponseBody"), request.body);
        expect(problems.filter((p) => !REASONING_CONTENT.test(p))).toEqual([]);
        const input = (request.body as { input: { type?: string }[] }).input;
        for (const p of problems) {
          const k = Number(/\[(\d+)\]/.exec(p)?.[1]);
          expect(input[k]?.type).toBe("reasoning");
        }
      }
    },
  );
});
