import {
  type Message,
  type Model,
  type ToolCallPart,
  type ToolSpec,
  toolCallsOf,
} from "../../src/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { approvalLoop, lateInstructionLoop, midRunUpdateLoop } from "./append-only.js";
import { explicitCacheLoop } from "./explicit-cache.js";
import { mediaConversation } from "./media.js";
import { responsesServerScenarios } from "./responses-servers.js";
import { serverHistoryLoop } from "./server-history.js";
import { call, expectError, REPORT_REQUEST, toolLoop, toolResults } from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/** DeepSeek's OpenAI-compatible endpoint (`--base-url` points elsewhere). */
const DEEPSEEK_URL = "https://api.deepseek.com";

/** OpenAI: the adapter reads OPENAI_API_KEY. */
const make =
  (model: string, config: Omit<openai.Config, "model" | "fetch" | "baseURL">) =>
  (ctx: ScenarioContext) =>
    openai.create({
      ...config,
      model: ctx.model ?? model,
      fetch: ctx.fetch,
      ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
    });

/** DeepSeek: DEEPSEEK_API_KEY (the adapter reads it itself on api.deepseek.com), its own URL. */
const makeDeepSeek = (ctx: ScenarioContext) =>
  openai.create({
    model: ctx.model ?? "deepseek-reasoner",
    baseURL: ctx.baseURL ?? DEEPSEEK_URL,
    // DeepSeek thinking mode with tools wants every assistant turn's reasoning_content back.
    replayReasoning: true,
    fetch: ctx.fetch,
    ...(ctx.env.DEEPSEEK_API_KEY ? { apiKey: ctx.env.DEEPSEEK_API_KEY } : {}),
  });

// The dice game of pydantic-ai's DeepSeek capture (fixtures/openai/deepseek-thinking-tool-loop.json):
// a deferred capability is loaded with load_capability, after which the app itself runs a
// search_tools step that reveals the dice tools.
const SYSTEM =
  "You're a dice game, you should roll the die and see if the number you get back matches the " +
  "user's guess. If so, tell them they're a winner. Use the player's name in the response.";
const DEFERRED: Message = {
  role: "system",
  content:
    "The following capabilities are deferred and can be loaded using the `load_capability` tool:\n- DICE_ROLL",
};
const NO_ARGS = { additionalProperties: false, properties: {}, type: "object" };
const LOAD_CAPABILITY: ToolSpec = {
  name: "load_capability",
  description: "Load a capability to access its full instructions and tools.",
  parameters: {
    additionalProperties: false,
    description: "Typed arguments for a `load_capability` tool call.",
    properties: { id: { description: "The id of the capability to load.", type: "string" } },
    required: ["id"],
    type: "object",
  },
};
const SEARCH_TOOLS: ToolSpec = {
  name: "search_tools",
  description:
    "There are additional tools not yet visible to you. When you need a capability not provided " +
    "by your current tools, search here by providing one or more queries to discover and " +
    "activate relevant tools. Each query is tokenized into words; tool names and descriptions " +
    "are scored by token overlap. If no tools are found, they do not exist -- do not retry.",
  parameters: {
    additionalProperties: false,
    properties: {
      queries: {
        description:
          "List of search queries to match against tool names and descriptions. Use specific " +
          "words likely to appear in tool names or descriptions to narrow down relevant tools. " +
          "Each query is independently tokenized; matches across queries are unioned.",
        items: { type: "string" },
        type: "array",
      },
    },
    required: ["queries"],
    type: "object",
  },
};
const DICE_TOOLS: ToolSpec[] = [
  { name: "get_player_name", description: "Get the player's name.", parameters: NO_ARGS },
  {
    name: "roll_dice",
    description: "Roll a six-sided die and return the result.",
    parameters: NO_ARGS,
  },
];
const DISCOVERED = JSON.stringify({
  discovered_tools: DICE_TOOLS.map(({ name, description }) => ({ name, description })),
});
/** The search_tools step pydantic-ai adds once the capability is loaded (id as recorded). */
const AUTO_SEARCH: Message[] = [
  {
    role: "assistant",
    content: [
      {
        type: "tool-call",
        id: "auto_load_eb5fc31bb581b4e7",
        name: "search_tools",
        arguments: '{"queries":["DICE_ROLL"]}',
      },
    ],
  },
  { role: "tool", toolCallId: "auto_load_eb5fc31bb581b4e7", content: DISCOVERED },
];

const DICE_ANSWERS: Record<string, string> = {
  load_capability: "{}",
  search_tools: DISCOVERED,
  get_player_name: "Anne",
  roll_dice: "4",
};
const diceAnswer = (c: ToolCallPart): string => DICE_ANSWERS[c.name] ?? `unknown tool ${c.name}`;

/** The guess, the capability load, the app's search step, the dice calls, the verdict. */
async function diceGame(model: Model, stream: boolean): Promise<void> {
  const messages: Message[] = [DEFERRED, { role: "user", content: "My guess is 4" }];
  let tools = [LOAD_CAPABILITY, SEARCH_TOOLS];
  for (let step = 0; step < 5; step++) {
    const req = { system: SYSTEM, messages: [...messages], tools, toolChoice: "auto" as const };
    const response = await call(model, req, stream);
    messages.push(response.message);
    const results = toolResults(response, diceAnswer);
    if (results.length === 0) return;
    messages.push(...results);
    const loaded = toolCallsOf(response.message).some((c) => c.name === "load_capability");
    if (loaded && tools.length === 2) {
      messages.push(...AUTO_SEARCH);
      tools = [LOAD_CAPABILITY, ...DICE_TOOLS, SEARCH_TOOLS];
    }
  }
}

const deepseek = (stream: boolean): Scenario => ({
  description: `DeepSeek reasoning_content replayed through a three-turn tool loop${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "deepseek-reasoner",
  create: makeDeepSeek,
  run: (model) => diceGame(model, stream),
});

/** The planning loop of pydantic-ai's Responses capture (fixtures/openai/responses-thinking-tool-loop.json). */
const PLANNER =
  "You are a helpful assistant that uses planning. You MUST use the update_plan tool and " +
  "continually update it as you make progress against the user's prompt";
const POEM =
  'Compose a 12-line poem where the first letters of the odd-numbered lines form the name "SAMIRA" ' +
  'and the first letters of the even-numbered lines spell out "DAWOOD." Additionally, the first ' +
  "letter of each word in every line should create the capital of a country";
const UPDATE_PLAN: ToolSpec = {
  name: "update_plan",
  description: "",
  parameters: {
    additionalProperties: false,
    properties: { plan: { type: "string" } },
    required: ["plan"],
    type: "object",
  },
};

const responsesLoop = (stream: boolean): Scenario => ({
  description: `Responses API: encrypted reasoning replayed through a planning tool loop${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "gpt-5",
  create: make("gpt-5", { api: "responses", reasoningEffort: "low", reasoningSummary: "detailed" }),
  run: async (model) => {
    await toolLoop(model, {
      system: PLANNER,
      prompt: POEM,
      tools: [UPDATE_PLAN],
      toolChoice: "auto",
      answer: () => "plan updated",
      stream,
    });
  },
});

/**
 * Codex-style Responses turn (fixtures/openai/responses-items-as-parts.json, synthesized):
 * reasoning items, commentary before a call, a final answer. A live run records whatever
 * items the model sends; golem cannot ask for the web search the synthesized cassette shows.
 */
const RELEASE_NOTES: ToolSpec = {
  name: "release_notes",
  description: "The release notes of a package version.",
  parameters: {
    type: "object",
    properties: { package: { type: "string" }, version: { type: "string" } },
    required: ["package", "version"],
  },
};

const responsesItems = (stream: boolean): Scenario => ({
  description: `Responses API: reasoning items, phased messages and a call replayed item for item${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "gpt-5.3-codex",
  create: make("gpt-5.3-codex", {
    api: "responses",
    reasoningEffort: "low",
    reasoningSummary: "detailed",
  }),
  run: async (model) => {
    await toolLoop(model, {
      system: "Answer briefly. Say what you are doing before you call a tool.",
      prompt: "Which version of golem is the latest, and what changed?",
      tools: [RELEASE_NOTES],
      toolChoice: "auto",
      answer: () => "0.2.0: messages are ordered lists of typed parts.",
      stream,
    });
  },
});

/** OpenRouter's endpoint (`--base-url` points elsewhere). */
const OPENROUTER_URL = "https://openrouter.ai/api/v1";

/**
 * OpenRouter: OPENROUTER_API_KEY when set (the adapter reads it itself on openrouter.ai, not
 * for a loopback `--base-url`). The format is named, not found from the host, so a
 * `--base-url` (a loopback server) speaks it too.
 */
const makeOpenRouter = (model: string) => (ctx: ScenarioContext) =>
  openai.create({
    model: ctx.model ?? model,
    baseURL: ctx.baseURL ?? OPENROUTER_URL,
    reasoningFormat: "openrouter",
    reasoningEffort: "medium",
    fetch: ctx.fetch,
    ...(ctx.env.OPENROUTER_API_KEY ? { apiKey: ctx.env.OPENROUTER_API_KEY } : {}),
  });

/** The weather loop of the reasoning-dialect cassettes (fixtures/openai/openrouter-*.json, ...). */
const weatherLoop = (stream: boolean) => async (model: Model) => {
  await toolLoop(model, { system: "You are a helpful assistant", prompt: PROMPT, stream });
};
const PROMPT = "What's the weather in Florence, Italy?";

const openrouter = (model: string, who: string, stream: boolean): Scenario => ({
  description: `OpenRouter ${who}: reasoning_details sent back unmodified through a tool loop${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: model,
  create: makeOpenRouter(model),
  run: weatherLoop(stream),
});

/** DashScope (Qwen) international endpoint; DASHSCOPE_API_KEY when set. */
const DASHSCOPE_URL = "https://dashscope-intl.aliyuncs.com/compatible-mode/v1";
/** Thinking summaries, encrypted thinking, and the encrypted history sent back (no golem option). */
export const DASHSCOPE_THINKING = {
  enable_thinking: true,
  thinking_display: "summarized",
  preserve_thinking: true,
};

/** The scenario's fetch with DashScope's thinking switches added to each JSON request body. */
const withDashScopeThinking =
  (fetch: ScenarioContext["fetch"]): ScenarioContext["fetch"] =>
  (input, init) =>
    fetch(input, {
      ...init,
      body: JSON.stringify({ ...JSON.parse(String(init?.body)), ...DASHSCOPE_THINKING }),
    });

/** DashScope Qwen: the thinking summary and encrypted thinking sent back as they came. */
const dashscope = (stream: boolean): Scenario => ({
  description: `DashScope Qwen: reasoning_content summary and encrypted_content sent back as they came${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "qwen4-max",
  create: (ctx) =>
    openai.create({
      model: ctx.model ?? "qwen4-max",
      baseURL: ctx.baseURL ?? DASHSCOPE_URL,
      replayReasoning: true,
      fetch: withDashScopeThinking(ctx.fetch),
      ...(ctx.env.DASHSCOPE_API_KEY ? { apiKey: ctx.env.DASHSCOPE_API_KEY } : {}),
    }),
  run: weatherLoop(stream),
});

/**
 * An image and a PDF in the prompt; on the Responses API, then an image as a tool result (a
 * Chat Completions tool message is text only, so the chat scenario has no tool).
 */
const media = (api: "chat" | "responses", stream: boolean): Scenario => ({
  description: `${api === "chat" ? "Chat Completions: an image and a PDF in the prompt" : "Responses API: an image and a PDF in the prompt, then a tool result that is an image"}${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "gpt-5-mini",
  create: make("gpt-5-mini", api === "chat" ? {} : { api }),
  run: (model) => mediaConversation((req) => call(model, req, stream), api === "responses"),
});

/** Structured output with reasoning on: Chat `response_format`, or Responses `text.format`. */
const structured = (api: "chat-completions" | "responses", stream: boolean): Scenario => ({
  description: `structured output (a JSON schema) on ${api}, reasoning effort low${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "gpt-5.4",
  create: make(
    "gpt-5.4",
    api === "responses"
      ? { api, reasoningEffort: "low" }
      : { reasoningEffort: "low", maxTokens: 4000 },
  ),
  run: async (model) => {
    await call(model, REPORT_REQUEST, stream);
  },
});

/** The decision of the Responses approval scenario: the call denied, with the reason the model reads. */
export const DENIAL = { approved: false, reason: "Weather lookups are not approved today." };

/** The explicit-cache scenario's config: golem's breakpoints only, on the Responses API. */
export const EXPLICIT_CACHE = {
  api: "responses",
  reasoningEffort: "low",
  cache: "auto",
  promptCacheOptions: { mode: "explicit", ttl: "30m" },
} as const;

/** Scenarios recorded against OpenAI (Chat Completions, Responses), DeepSeek and compatible servers. */
const stored = (description: string): Scenario => ({
  description,
  streaming: false,
  defaultModel: "gpt-6.1",
  create: make("gpt-6.1", { api: "responses", serverHistory: true }),
  run: (model) => serverHistoryLoop((req) => model.generate(req)).then(() => {}),
});

export const openaiScenarios: Record<string, Scenario> = {
  ...responsesServerScenarios,
  "responses-stored-tool-loop": stored(
    "a three-step Responses tool loop on stored responses: later requests send only the new input (previous_response_id)",
  ),
  "responses-previous-response-not-found": stored(
    "a stored response gone mid-run (previous_response_not_found): the whole history sent again, stored, in the same call",
  ),
  "responses-preserved-reasoning-loop": {
    description:
      "a Responses tool loop with a late instruction as a system item in place (gpt-6.2)",
    streaming: false,
    defaultModel: "gpt-6.2",
    create: make("gpt-6.2", { api: "responses", reasoningEffort: "medium" }),
    run: (model) => lateInstructionLoop((req) => model.generate(req)),
  },
  "responses-approval-tool-loop": {
    description:
      "a Responses run paused for approval before its tool, resumed denied (with a reason) after a serialize/parse round trip (gpt-6.2)",
    streaming: false,
    defaultModel: "gpt-6.2",
    create: make("gpt-6.2", { api: "responses", reasoningEffort: "medium" }),
    run: (model) => approvalLoop((req) => model.generate(req), DENIAL),
  },
  "responses-append-only-updates": {
    description:
      "a Responses tool loop changed mid-run by an update (instruction, tool added, effort) as append-only items (gpt-6.2)",
    streaming: false,
    defaultModel: "gpt-6.2",
    create: make("gpt-6.2", { api: "responses", reasoningEffort: "medium" }),
    run: (model) => midRunUpdateLoop((req) => model.generate(req)),
  },
  "responses-explicit-cache-tool-loop": {
    description:
      'a Responses tool loop with explicit prompt-cache breakpoints (cache: "auto", the prompt marked, mode explicit) (gpt-6.2)',
    streaming: false,
    defaultModel: "gpt-6.2",
    create: make("gpt-6.2", { ...EXPLICIT_CACHE }),
    run: (model) => explicitCacheLoop((req) => model.generate(req)),
  },
  "chat-media": media("chat", false),
  "chat-media-stream": media("chat", true),
  "responses-media": media("responses", false),
  "responses-media-stream": media("responses", true),
  "openrouter-claude-tool-loop": openrouter("anthropic/claude-sonnet-4.5", "Claude", false),
  "openrouter-claude-tool-loop-stream": openrouter("anthropic/claude-sonnet-4.5", "Claude", true),
  "openrouter-gemini-tool-loop-stream": openrouter("google/gemini-3-pro-preview", "Gemini", true),
  "vllm-reasoning-stream": {
    description:
      "vLLM: streamed `reasoning` sent back as `reasoning` through a tool loop (--base-url names the server)",
    streaming: true,
    defaultModel: "Qwen/Qwen3-8B",
    create: (ctx) =>
      openai.create({
        model: ctx.model ?? "Qwen/Qwen3-8B",
        baseURL: ctx.baseURL ?? "http://localhost:8000/v1",
        replayReasoning: true,
        reasoningFormat: "reasoning",
        fetch: ctx.fetch,
        // vLLM takes any key unless started with --api-key.
        apiKey: ctx.env.VLLM_API_KEY ?? "EMPTY",
      }),
    run: weatherLoop(true),
  },
  "dashscope-encrypted-content": dashscope(false),
  "dashscope-encrypted-content-stream": dashscope(true),
  "deepseek-thinking-tool-loop": deepseek(false),
  "deepseek-thinking-tool-loop-stream": deepseek(true),
  "responses-thinking-tool-loop": responsesLoop(false),
  "responses-thinking-tool-loop-stream": responsesLoop(true),
  "responses-items-as-parts": responsesItems(false),
  "responses-items-as-parts-stream": responsesItems(true),
  "structured-output-chat": structured("chat-completions", false),
  "structured-output-chat-stream": structured("chat-completions", true),
  "responses-structured-output": structured("responses", false),
  "responses-structured-output-stream": structured("responses", true),
  "effort-tool-loop": {
    description: "reasoning_effort high + a weather tool, two turns",
    streaming: false,
    defaultModel: "gpt-5-mini",
    create: make("gpt-5-mini", { reasoningEffort: "high" }),
    run: async (model) => {
      await toolLoop(model, {
        system: "You are a helpful assistant",
        prompt: "What's the weather in Florence, Italy?",
        toolChoice: "auto",
        stream: false,
      });
    },
  },
  "tools-with-effort-400": {
    description: "a 400: function tools with reasoning_effort on gpt-5.4 Chat Completions",
    streaming: false,
    defaultModel: "gpt-5.4",
    create: make("gpt-5.4", { reasoningEffort: "low", maxTokens: 4000 }),
    run: (model) =>
      expectError(() =>
        model.generate({
          system: "Answer briefly.",
          messages: [{ role: "user", content: "Is 1009 prime?" }],
          tools: [
            {
              name: "lookup",
              description: "Look a number up in the prime table.",
              parameters: {
                type: "object",
                properties: { q: { type: "string" } },
                required: ["q"],
              },
            },
          ],
        }),
      ),
  },
};
