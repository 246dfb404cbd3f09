import { z } from "zod";
import {
  approvalLoop,
  lateInstructionLoop,
  midRunUpdateLoop,
} from "../../../scripts/scenarios/append-only.js";
import { explicitCacheLoop } from "../../../scripts/scenarios/explicit-cache.js";
import {
  DEEPSEEK_REASONER,
  deepseekLoop,
  planLoop,
  RESPONSES_GPT_5,
  WEATHER_LOOP,
} from "../../../scripts/scenarios/loops.js";
import { DASHSCOPE_THINKING, DENIAL, EXPLICIT_CACHE } from "../../../scripts/scenarios/openai.js";
import { SERVER_CASES, serverLoop } from "../../../scripts/scenarios/servers.js";
import { REPORT_REQUEST } from "../../../scripts/scenarios/tool-loop.js";
import { thinkingOf } from "../../../src/core/parts.js";
import type { Message, ToolSpec } from "../../../src/core/types.js";
import type { Cassette } from "../../../src/testing/index.js";
import { parseResponse } from "../../../src/wires/openai-chat/response.js";
import { andThen, conversation, loop, toolResults, user } from "../conversations.js";
import { loadCassette, mediaRun, type RowSpec, WEATHER, withStream } from "../table.js";
import { RESPONSES_SERVER_ROWS } from "./openai-responses-servers.js";
import { storedRows } from "./server-history.js";

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

/** Why the DeepSeek loop breaks the strict prefix law: recorded from an app that does. */
const DEEPSEEK_TOOLS_GROW =
  "pydantic-ai's deferred tool search adds the found tool to `tools` after turn 1, as the recorded requests show (DeepSeek binds nothing to the prefix; only its cache misses)";

/** The recorded three-turn DeepSeek loop of scripts/scenarios/loops.ts. */
const deepseek: RowSpec["run"] = (call, cassette) =>
  deepseekLoop(
    cassette.interactions.map((i) => i.request.body),
    (req) => call(req),
  );

/** The recorded planning loop: the function call, then its result. */
const planning: RowSpec["run"] = (call, cassette) => {
  const plan = planLoop(cassette.interactions[0]?.request.body);
  return conversation(plan, { system: plan.system ?? "", toolChoice: "auto" })(call, cassette);
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

const GPT5_RESPONSES = RESPONSES_GPT_5;

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
const weatherLoop = conversation(WEATHER_LOOP);

// The host is openrouter.ai, so reasoningEffort goes as OpenRouter's `reasoning: { effort }`.
const OPENROUTER = { baseURL: "https://openrouter.ai/api/v1", reasoningEffort: "medium" };

/** The reasoning dialects of compatible servers (ADR 0012). */
const OPENAI_DIALECTS: Record<string, RowSpec> = {
  ...withStream(
    "openrouter-claude-tool-loop",
    { config: { ...OPENROUTER, model: "anthropic/claude-sonnet-4.5" }, run: weatherLoop },
    { exact: true },
  ),
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
  // Streamed, the encrypted content in three pieces.
  ...withStream(
    "dashscope-encrypted-content",
    {
      config: {
        model: "qwen4-max",
        baseURL: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
        replayReasoning: true,
      },
      run: weatherLoop,
      // As the capture scenario does: golem has no option for DashScope's thinking switches.
      editBody: (body) => ({ ...body, ...DASHSCOPE_THINKING }),
    },
    { exact: true },
  ),
};

/**
 * One weather loop per server profile (fixtures/openai/<server>/, scripts/synthesize-servers.ts):
 * golem created with only the case's baseURL and model (and `server` for a self-hosted one),
 * its requests checked against what the server's docs say goes back.
 */
const SERVER_ROWS: Record<string, RowSpec> = Object.assign(
  {},
  ...SERVER_CASES.map((c) =>
    withStream(
      `${c.server}/thinking-tool-loop`,
      { config: c.config, run: (call) => serverLoop(call) },
      { exact: true },
    ),
  ),
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
  ...storedRows({ model: "gpt-6.1", api: "responses", serverHistory: true }),
  ...withStream(
    "chat-media",
    { config: { model: "gpt-5-mini" }, run: mediaRun(false) },
    { exact: true },
  ),
  ...withStream("responses-media", {
    config: { model: "gpt-5-mini", api: "responses" },
    run: mediaRun(true),
  }),
  ...OPENAI_DIALECTS,
  ...SERVER_ROWS,
  ...CAPTURED_ROWS,
  ...withStream("structured-output-chat", {
    config: GPT54_CHAT,
    run: (call) => call(REPORT_REQUEST),
  }),
  "structured-output-zod-chat": {
    config: GPT54_CHAT,
    run: (call) =>
      call({
        messages: [user("Weather in Paris?")],
        output: { name: "forecast", schema: FORECAST_INPUT_SCHEMA },
      }),
  },
  ...withStream("responses-structured-output", {
    config: GPT54_RESPONSES,
    run: (call) => call(REPORT_REQUEST),
  }),
  ...withStream("responses-items-as-parts", { config: CODEX, run: releaseNotes }, { exact: true }),
  ...withStream(
    "deepseek-thinking-tool-loop",
    { config: DEEPSEEK_REASONER, run: deepseek, prefixBreak: DEEPSEEK_TOOLS_GROW },
    { exact: true },
  ),
  "tools-with-effort-400": {
    config: { model: "gpt-5.4", reasoningEffort: "low", maxTokens: 4000 },
    run: (call, c) =>
      loop({ system: "Answer briefly.", tools: chatTools(c, 0) }, [user("Is 1009 prime?")])(
        call,
        c,
      ),
    fails: true,
  },
  ...withStream(
    "responses-thinking-tool-loop",
    { config: GPT5_RESPONSES, run: planning },
    { exact: true },
  ),
  "responses-reencrypted-stream": {
    config: GPT5_RESPONSES,
    run: planning,
    twin: { file: "responses-thinking-tool-loop", exact: true },
  },
  "responses-empty-summary": { config: GPT5_RESPONSES, run: planning },
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
const azureLoop = conversation(WEATHER_LOOP, {
  system: WEATHER_LOOP.system ?? "",
  toolChoice: "auto",
});

/** The Azure weather loop: a key, then an Entra ID token for the streamed row. */
export const AZURE: Record<string, RowSpec> = withStream(
  "v1-tool-call",
  { config: AZURE_MINI, run: azureLoop },
  { config: { ...AZURE_MINI, token: async () => "entra-token-0123456789" }, exact: true },
);

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
