import { z } from "zod";
import {
  approvalLoop,
  lateInstructionLoop,
  midRunUpdateLoop,
} from "../../../scripts/scenarios/append-only.js";
import { explicitCacheLoop } from "../../../scripts/scenarios/explicit-cache.js";
import { DASHSCOPE_THINKING, DENIAL, EXPLICIT_CACHE } from "../../../scripts/scenarios/openai.js";
import { SERVER_CASES, serverLoop } from "../../../scripts/scenarios/servers.js";
import { REPORT_REQUEST } from "../../../scripts/scenarios/tool-loop.js";
import { thinkingOf } from "../../../src/core/parts.js";
import type { Message, ToolSpec } from "../../../src/core/types.js";
import type { Cassette } from "../../../src/testing/index.js";
import { parseResponse } from "../../../src/wires/openai-chat/response.js";
import {
  andThen,
  loadCassette,
  loop,
  mediaRun,
  type RowSpec,
  toolResults,
  user,
  WEATHER,
} from "../table.js";
import { RESPONSES_SERVER_ROWS } from "./openai-responses-servers.js";

interface ChatMessage {
  role: string;
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}
interface ChatBody {
  messages: ChatMessage[];
  tools: { function: ToolSpec }[];
}

/**
 * Turn 1 of the OpenRouter Claude loop as golem parses it (Chat Completions parts: thinking
 * signed by Claude, OpenRouter's reasoning_details entries, the call).
 */
const OPENROUTER_TURN: Message = parseResponse(
  loadCassette("openai", "openrouter-claude-tool-loop").interactions[0]?.response.body,
  "openai",
).message;

/**
 * The input side of docs/agent.md's zod output schema, as the agent sends it (without
 * `$schema`): `sky` has a default, so it is not required, and no object is closed.
 */
const FORECAST_INPUT_SCHEMA = (() => {
  const forecast = z.object({
    city: z.string(),
    tempC: z.number(),
    sky: z.enum(["clear", "cloudy", "rain"]).default("clear"),
  });
  const { $schema: _, ...schema } = forecast["~standard"].jsonSchema.input({
    target: "draft-2020-12",
  });
  return schema;
})();

const chatBody = (c: Cassette, i: number) => c.interactions[i]?.request.body as ChatBody;

/** The tools of the i-th recorded Chat Completions request. */
export const chatTools = (c: Cassette, i: number): ToolSpec[] =>
  chatBody(c, i).tools.map((t) => ({
    name: t.function.name,
    description: t.function.description,
    parameters: t.function.parameters,
  }));

/**
 * The recorded three-turn DeepSeek loop: each turn's parsed message goes into the next turn's
 * history. What the app added (two system prompts, the user's guess, tool results and
 * pydantic-ai's own `search_tools` step) comes from the recorded requests.
 */
/** Why the DeepSeek loop breaks the strict prefix law: recorded from an app that does. */
const DEEPSEEK_TOOLS_GROW =
  "pydantic-ai's deferred tool search adds the found tool to `tools` after turn 1, as the recorded requests show (DeepSeek binds nothing to the prefix; only its cache misses)";

const deepseekLoop: RowSpec["run"] = async (call, cassette) => {
  const recorded = chatBody(cassette, 2).messages;
  const system = recorded[0]?.content ?? "";
  const deferred: Message = { role: "system", content: recorded[1]?.content ?? "" };
  const req = (messages: Message[], turn: number) => ({
    system,
    messages,
    tools: chatTools(cassette, turn),
    toolChoice: "auto" as const,
  });
  const first = [deferred, user(recorded[2]?.content ?? "")];
  const turn1 = await call(req(first, 0));
  const search = recorded[5]?.tool_calls?.[0];
  const history2: Message[] = [
    ...first,
    turn1.message,
    ...toolResults(recorded[4]?.content ?? "")(turn1.message),
    {
      role: "assistant",
      content: [
        {
          type: "tool-call",
          id: search?.id ?? "",
          name: search?.function.name ?? "",
          arguments: search?.function.arguments ?? "",
        },
      ],
    },
    { role: "tool", toolCallId: search?.id ?? "", content: recorded[6]?.content ?? "" },
  ];
  const turn2 = await call(req(history2, 1));
  const history3 = [...history2, turn2.message, ...toolResults("Anne", "4")(turn2.message)];
  await call(req(history3, 2));
};

const DEEPSEEK = {
  model: "deepseek-reasoner",
  baseURL: "https://api.deepseek.com",
  replayReasoning: true,
};

interface ResponsesBody {
  instructions?: string;
  input: { content?: unknown }[];
  tools?: { parameters: object }[];
}

/** The recorded planning loop: the function call, then its result. */
const planLoop: RowSpec["run"] = (call, cassette) => {
  const body = cassette.interactions[0]?.request.body as ResponsesBody;
  const plan: ToolSpec = {
    name: "update_plan",
    description: "",
    parameters: body.tools?.[0]?.parameters ?? {},
  };
  return loop(
    { system: body.instructions ?? "", tools: [plan], toolChoice: "auto" },
    [user(String(body.input[0]?.content))],
    toolResults("plan updated"),
  )(call, cassette);
};

export const MEANING = user("What is the meaning of life?");
export const MORE = user("Anything to add?");

/**
 * Turn 1; the answer edited (its reasoning kept), answered 400; then what pydantic-ai sent
 * next: the summary as visible text, no reasoning item.
 */
const modifiedHistory: RowSpec["run"] = async (call) => {
  const turn1 = await call({ messages: [MEANING] });
  const edited: Message = {
    role: "assistant",
    content: [...thinkingOf(turn1.message), { type: "text", text: "The meaning of life is 42" }],
  };
  await call({ messages: [MEANING, edited, MORE] }).catch(() => undefined);
  const thought = `<think>\n${thinkingOf(turn1.message)[0]?.text}\n</think>`;
  await call({
    messages: [
      MEANING,
      { role: "assistant", content: thought },
      { role: "assistant", content: "The meaning of life is 42" },
      MORE,
    ],
  });
};

const GPT5_RESPONSES = {
  model: "gpt-5",
  api: "responses",
  reasoningEffort: "low",
  reasoningSummary: "detailed",
};

const CODEX = { ...GPT5_RESPONSES, model: "gpt-5.3-codex" };
const releaseNotes = loop(
  {
    system: "Answer briefly. Say what you are doing before you call a tool.",
    tools: [
      {
        name: "release_notes",
        description: "The release notes of a package version.",
        parameters: {
          type: "object",
          properties: { package: { type: "string" }, version: { type: "string" } },
          required: ["package", "version"],
        },
      },
    ],
    toolChoice: "auto",
  },
  [user("Which version of golem is the latest, and what changed?")],
  toolResults("0.2.0: messages are ordered lists of typed parts."),
);

/** The weather loop of the OpenRouter, vLLM and DashScope cassettes (and their capture scenarios). */
const weatherLoop = loop(
  { system: "You are a helpful assistant", tools: [WEATHER] },
  [user("What's the weather in Florence, Italy?")],
  toolResults("40 C"),
);

// The host is openrouter.ai, so reasoningEffort goes as OpenRouter's `reasoning: { effort }`.
const OPENROUTER = { baseURL: "https://openrouter.ai/api/v1", reasoningEffort: "medium" };

/** The reasoning dialects of compatible servers (ADR 0012). */
const OPENAI_DIALECTS: Record<string, RowSpec> = {
  "openrouter-claude-tool-loop": {
    config: { ...OPENROUTER, model: "anthropic/claude-sonnet-4.5" },
    run: weatherLoop,
  },
  "openrouter-claude-tool-loop-stream": {
    config: { ...OPENROUTER, model: "anthropic/claude-sonnet-4.5" },
    run: weatherLoop,
    twin: { file: "openrouter-claude-tool-loop", exact: true },
  },
  // The same answers with the signature and the encrypted data each in two fragments.
  "openrouter-split-fragments-stream": {
    config: { ...OPENROUTER, model: "anthropic/claude-sonnet-4.5" },
    run: weatherLoop,
    twin: { file: "openrouter-claude-tool-loop", exact: true },
  },
  "openrouter-gemini-tool-loop-stream": {
    config: { ...OPENROUTER, model: "google/gemini-3-pro-preview" },
    run: weatherLoop,
  },
  "vllm-reasoning-stream": {
    config: {
      model: "Qwen/Qwen3-8B",
      baseURL: "http://localhost:8000/v1",
      replayReasoning: true,
      reasoningFormat: "reasoning",
    },
    run: weatherLoop,
  },
  "dashscope-encrypted-content": {
    config: {
      model: "qwen4-max",
      baseURL: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
      replayReasoning: true,
    },
    run: weatherLoop,
    // As the capture scenario does: golem has no option for DashScope's thinking switches.
    editBody: (body) => ({ ...body, ...DASHSCOPE_THINKING }),
  },
  // Streamed, the encrypted content in three pieces.
  "dashscope-encrypted-content-stream": {
    config: {
      model: "qwen4-max",
      baseURL: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
      replayReasoning: true,
    },
    run: weatherLoop,
    editBody: (body) => ({ ...body, ...DASHSCOPE_THINKING }),
    twin: { file: "dashscope-encrypted-content", exact: true },
  },
};

/**
 * One weather loop per server profile (fixtures/openai/<server>/, scripts/synthesize-servers.ts):
 * golem created with only the case's baseURL and model (and `server` for a self-hosted one),
 * its requests checked against what the server's docs say goes back.
 */
const SERVER_ROWS: Record<string, RowSpec> = Object.fromEntries(
  SERVER_CASES.flatMap((c) => {
    const loop = `${c.server}/thinking-tool-loop`;
    return [
      [loop, { config: c.config, run: (call) => serverLoop(call) }],
      [
        `${loop}-stream`,
        { config: c.config, run: (call) => serverLoop(call), twin: { file: loop, exact: true } },
      ],
    ] satisfies [string, RowSpec][];
  }),
);

/** The servers' own captures (fixtures/reference/compat/), as golem replays them. */
const capturedWeather = loop(
  { system: "You are a helpful assistant", tools: [WEATHER], toolChoice: "auto" },
  [user("What's the weather in Florence, Italy?")],
  toolResults("40 C"),
);
const CAPTURED_ROWS: Record<string, RowSpec> = {
  // gpt-oss has no family rule: the capture's client asked for the reasoning back.
  "llamacpp/captured-tool-loop": {
    config: {
      baseURL: "http://localhost:8080/v1",
      server: "llamacpp",
      model: "openai/gpt-oss-20b",
      reasoningEffort: "high",
      replayReasoning: true,
    },
    run: capturedWeather,
  },
  "xai/captured-tool-loop": {
    config: {
      baseURL: "https://api.x.ai/v1",
      model: "grok-3-mini",
      reasoningEffort: "high",
      replayReasoning: true,
    },
    run: capturedWeather,
  },
  // GLM's rule sends every turn's reasoning back and asks for preserved thinking.
  "zai/captured-tool-loop-stream": {
    config: {
      baseURL: "https://api.z.ai/api/coding/paas/v4",
      model: "glm-4.7-flash",
      reasoningEffort: "high",
    },
    run: capturedWeather,
  },
  // The answer's <think> run is a thinking part; the text goes back without it.
  "groq/captured-think-tags": {
    config: { baseURL: "https://api.groq.com/openai/v1", model: "deepseek-r1-distill-llama-70b" },
    run: loop(
      { system: "You are a chef." },
      [user("I want a recipe to cook Uruguayan alfajores.")],
      andThen("Considering the Uruguayan recipe, how can I cook the Argentinian one?"),
    ),
  },
  "cerebras/captured-multiturn": {
    config: { baseURL: "https://api.cerebras.ai/v1", model: "gpt-oss-120b", replayReasoning: true },
    run: loop({}, [user("What is 2 + 2? Think briefly first.")], andThen("Now add 3 to that.")),
  },
};

/** The structured-output rows: reasoning on, as scripts/scenarios/openai.ts records them. */
const GPT54_CHAT = { model: "gpt-5.4", reasoningEffort: "low", maxTokens: 4000 };
const GPT54_RESPONSES = { model: "gpt-5.4", api: "responses", reasoningEffort: "low" };

export const OPENAI: Record<string, RowSpec> = {
  "chat-media": { config: { model: "gpt-5-mini" }, run: mediaRun(false) },
  "chat-media-stream": {
    config: { model: "gpt-5-mini" },
    run: mediaRun(false),
    twin: { file: "chat-media", exact: true },
  },
  "responses-media": { config: { model: "gpt-5-mini", api: "responses" }, run: mediaRun(true) },
  "responses-media-stream": {
    config: { model: "gpt-5-mini", api: "responses" },
    run: mediaRun(true),
    twin: { file: "responses-media" },
  },
  ...OPENAI_DIALECTS,
  ...SERVER_ROWS,
  ...CAPTURED_ROWS,
  "structured-output-chat": { config: GPT54_CHAT, run: (call) => call(REPORT_REQUEST) },
  "structured-output-zod-chat": {
    config: GPT54_CHAT,
    run: (call) =>
      call({
        messages: [user("Weather in Paris?")],
        output: { name: "forecast", schema: FORECAST_INPUT_SCHEMA },
      }),
  },
  "structured-output-chat-stream": {
    config: GPT54_CHAT,
    run: (call) => call(REPORT_REQUEST),
    twin: { file: "structured-output-chat" },
  },
  "responses-structured-output": {
    config: GPT54_RESPONSES,
    run: (call) => call(REPORT_REQUEST),
  },
  "responses-structured-output-stream": {
    config: GPT54_RESPONSES,
    run: (call) => call(REPORT_REQUEST),
    twin: { file: "responses-structured-output" },
  },
  "responses-items-as-parts": { config: CODEX, run: releaseNotes },
  "responses-items-as-parts-stream": {
    config: CODEX,
    run: releaseNotes,
    twin: { file: "responses-items-as-parts", exact: true },
  },
  "deepseek-thinking-tool-loop": {
    config: DEEPSEEK,
    run: deepseekLoop,
    prefixBreak: DEEPSEEK_TOOLS_GROW,
  },
  "deepseek-thinking-tool-loop-stream": {
    config: DEEPSEEK,
    run: deepseekLoop,
    prefixBreak: DEEPSEEK_TOOLS_GROW,
    twin: { file: "deepseek-thinking-tool-loop", exact: true },
  },
  "tools-with-effort-400": {
    config: { model: "gpt-5.4", reasoningEffort: "low", maxTokens: 4000 },
    run: (call, c) =>
      loop({ system: "Answer briefly.", tools: chatTools(c, 0) }, [user("Is 1009 prime?")])(
        call,
        c,
      ),
    fails: true,
  },
  "responses-thinking-tool-loop": { config: GPT5_RESPONSES, run: planLoop },
  "responses-thinking-tool-loop-stream": {
    config: GPT5_RESPONSES,
    run: planLoop,
    twin: { file: "responses-thinking-tool-loop", exact: true },
  },
  "responses-reencrypted-stream": {
    config: GPT5_RESPONSES,
    run: planLoop,
    twin: { file: "responses-thinking-tool-loop", exact: true },
  },
  "responses-empty-summary": { config: GPT5_RESPONSES, run: planLoop },
  "openrouter-history-on-responses": {
    config: { model: "gpt-5", api: "responses" },
    run: (call) =>
      call({
        system: "You are a helpful assistant",
        tools: [WEATHER],
        messages: [
          user("What's the weather in Florence, Italy?"),
          OPENROUTER_TURN,
          { role: "tool", toolCallId: "toolu_vrtx_01Hx4kQ9eMadeUpToolUseId", content: "40 C" },
        ],
      }),
  },
  "responses-modified-history": {
    config: GPT5_RESPONSES,
    run: modifiedHistory,
    prefixBreak:
      "the capture edits turn 1's answer on purpose (the 400 it gets is the point), then resends the reasoning as visible text",
  },
  "responses-text-stream": {
    config: GPT5_RESPONSES,
    run: loop({}, [MEANING]),
    twin: { file: "responses-modified-history", turns: [0], exact: true },
  },
  ...RESPONSES_SERVER_ROWS,
};

export const AZURE_ENDPOINT = "https://fantasy-playground-resource.openai.azure.com";
const AZURE_MINI = { endpoint: AZURE_ENDPOINT, deployment: "gpt-5-mini", reasoningEffort: "high" };
const azureLoop = loop(
  { system: "You are a helpful assistant", tools: [WEATHER], toolChoice: "auto" },
  [user("What's the weather in Florence, Italy?")],
  toolResults("40 C"),
);

export const AZURE: Record<string, RowSpec> = {
  "v1-tool-call": { config: AZURE_MINI, run: azureLoop },
  "v1-tool-call-stream": {
    config: { ...AZURE_MINI, token: async () => "entra-token-0123456789" },
    run: azureLoop,
    twin: { file: "v1-tool-call", exact: true },
  },
};

/** A model whose reasoning OpenAI binds to its prefix (GPT-6.2 on). */
const GPT62_RESPONSES = { model: "gpt-6.2", api: "responses", reasoningEffort: "medium" };

/** The append-only tool loop the capture scenario runs (scripts/scenarios/append-only.ts). */
export const responsesLateInstruction: RowSpec["run"] = (call) => lateInstructionLoop(call);

OPENAI["responses-preserved-reasoning-loop"] = {
  config: GPT62_RESPONSES,
  run: responsesLateInstruction,
};

/** A run paused for approval, resumed denied (with a reason) after a serialize/parse round trip. */
OPENAI["responses-approval-tool-loop"] = {
  config: GPT62_RESPONSES,
  run: (call) => approvalLoop(call, DENIAL),
};

/** A late instruction, a tool added and an effort change as one update, mid-run (gpt-6.2). */
OPENAI["responses-append-only-updates"] = {
  config: GPT62_RESPONSES,
  run: (call) => midRunUpdateLoop(call),
};

/**
 * Explicit prompt-cache breakpoints (`cache: "auto"`, the prompt marked) through a three-step
 * loop on gpt-6.2, whose prefix check is on: the breakpoint on the last tool result moves on
 * and the law (6) holds with the marker aside, every other byte the same.
 */
OPENAI["responses-explicit-cache-tool-loop"] = {
  config: { model: "gpt-6.2", ...EXPLICIT_CACHE },
  run: (call) => explicitCacheLoop(call),
};
