import type { Message, ToolCallPart, ToolSpec } from "../../src/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import { WEATHER_LOOP } from "./loops.js";
import { mediaConversation } from "./media.js";
import {
  call,
  conversationLoop,
  expectError,
  REPORT_REQUEST,
  type ToolAnswer,
  toolLoop,
} from "./tool-loop.js";
import type { Scenario, ScenarioContext } from "./types.js";

/** The key is GEMINI_API_KEY (or GOOGLE_API_KEY), read by the adapter. */
const make =
  (model: string, config: Omit<gemini.Config, "model" | "fetch" | "baseURL">) =>
  (ctx: ScenarioContext) =>
    gemini.create({
      ...config,
      model: ctx.model ?? model,
      fetch: ctx.fetch,
      ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
    });

/** The weather tool as fixtures/gemini/thinking-streaming.json declares it (JSON Schema). */
const WEATHER: ToolSpec = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
};

/** The tools of fixtures/gemini/parallel-calls-one-signature.json. */
export const SCREEN_TOOLS: ToolSpec[] = [
  {
    name: "read_theme",
    description: "Read the app's theme",
    parameters: { type: "object", properties: {} },
  },
  {
    name: "read_screen",
    description: "Read one screen",
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  },
];

const SCREENS: Record<string, string> = {
  A: "Screen A: a login form",
  C: "Screen C: the settings page",
};

/** The theme is dark; screens A and C exist, any other is an error the model is told about. */
function readScreens(call: ToolCallPart): ToolAnswer {
  if (call.name === "read_theme") return '{"theme":"dark"}';
  const { id = "" } = JSON.parse(call.arguments || "{}") as { id?: string };
  return SCREENS[id] ?? { content: `screen ${id} not found`, isError: true };
}

/**
 * Gemini 4 long decode: a prompt whose answer runs past one request's cap, thinking `xhigh`
 * with thoughts, a tool the answer ends by calling, and a budget (`maxTokens`, the total of
 * every hop) well past the 32,768 / 65,536 cap of one hop
 * (https://ai.google.dev/gemini-api/docs/generate-content/long-decode).
 */
export const LONG_DECODE = {
  model: "gemini-4-hydrogen",
  config: { maxTokens: 200_000, thinking: { includeThoughts: true, level: "xhigh" } },
  prompt:
    "Write a complete, rigorous proof of the prime number theorem, then save it with save_document.",
  tools: [
    {
      name: "save_document",
      description: "Save a finished document under a title",
      parameters: {
        type: "object",
        properties: { title: { type: "string" } },
        required: ["title"],
      },
    },
  ] satisfies ToolSpec[],
} as const;

/** One long-decode answer (fixtures/gemini/long-decode*.json): one call, as many hops as it takes. */
const longDecode = (stream: boolean): Scenario => ({
  description: `Gemini 4 long decode: one answer over CONTINUATION hops (thinking xhigh, a tool called at the end)${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: LONG_DECODE.model,
  create: make(LONG_DECODE.model, LONG_DECODE.config),
  run: async (model) => {
    const messages: Message[] = [{ role: "user", content: LONG_DECODE.prompt }];
    await call(model, { messages, tools: [...LONG_DECODE.tools] }, stream);
  },
});

const PRO = "gemini-3-pro-preview";
const FLASH = "gemini-3-flash-preview";

const loop = (stream: boolean): Scenario => ({
  description: `thinking (level high, thoughts included) + a weather tool, two turns${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: PRO,
  create: make(PRO, { thinking: { includeThoughts: true, level: "high" } }),
  run: async (model) => {
    const weatherLoop = { ...WEATHER_LOOP, tool: WEATHER };
    await conversationLoop(model, weatherLoop, { toolChoice: "auto", stream });
  },
});

/**
 * A tool call with no thought signature, made by hand, sent to an alias that names no
 * Gemini 3 model (so golem adds no validator-skip signature): Gemini answers 400.
 */
const UNSIGNED_HISTORY: Message[] = [
  { role: "user", content: "Where is A?" },
  {
    role: "assistant",
    content: [{ type: "tool-call", id: "call_a", name: "lookup", arguments: '{"q":"A"}' }],
  },
  { role: "tool", toolCallId: "call_a", content: "A is north" },
];
const LOOKUP: ToolSpec = {
  name: "lookup",
  description: "Find a place",
  parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
};

/** The prompt of Google's code execution guide (https://ai.google.dev/gemini-api/docs/code-execution). */
const PRIMES = (n: number) =>
  `What is the sum of the first ${n} prime numbers? Generate and run code for the calculation, and make sure you get all ${n}.`;

/**
 * golem declares no built-in tools, so the capture adds Gemini's code execution tool to the
 * body golem builds (the recording then holds the body as sent).
 */
function withCodeExecution(fetch: ScenarioContext["fetch"]): ScenarioContext["fetch"] {
  return (input, init) => {
    const body = JSON.parse(String(init?.body)) as { tools?: unknown[] };
    body.tools = [...(body.tools ?? []), { codeExecution: {} }];
    return fetch(input, { ...init, body: JSON.stringify(body) });
  };
}

/** Structured output (`responseJsonSchema`) with thought summaries. */
const structured = (stream: boolean): Scenario => ({
  description: `structured output (a JSON schema), thinking level low with thought summaries${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: "gemini-3-flash-preview",
  create: make("gemini-3-flash-preview", { thinking: { includeThoughts: true, level: "low" } }),
  run: async (model) => {
    await call(model, REPORT_REQUEST, stream);
  },
});

/**
 * An image and a PDF in the prompt, then an image as a tool result, which only Gemini 3 takes
 * (in `functionResponse.parts`; fixtures/gemini/media*.json).
 */
const media = (stream: boolean): Scenario => ({
  description: `an image and a PDF in the prompt, then a tool result that is an image${stream ? ", streamed" : ""}`,
  streaming: stream,
  defaultModel: FLASH,
  create: make(FLASH, {}),
  run: (model) => mediaConversation((req) => call(model, req, stream), true),
});

/** Scenarios recorded against the Gemini API (generateContent / streamGenerateContent). */
/**
 * `gemini.capabilities()` for `asked`: one `models.get`, recorded for the rules' metadata
 * tests. Write it under `--out fixtures/models`, away from the chat cassettes.
 */
const metadata = (asked: string): Scenario => {
  let ctx: ScenarioContext | undefined;
  return {
    description: `gemini.capabilities("${asked}"): the models.get answer`,
    streaming: false,
    defaultModel: asked,
    create: (c) => {
      ctx = c;
      return make(asked, {})(c);
    },
    run: async (model) => {
      await gemini.capabilities(model.model, {
        ...(ctx?.fetch ? { fetch: ctx.fetch } : {}),
        ...(ctx?.baseURL ? { baseURL: ctx.baseURL } : {}),
      });
    },
  };
};

export const geminiScenarios: Record<string, Scenario> = {
  "model-metadata": metadata("gemini-3.6-flash"),
  "model-metadata-no-thinking": metadata("gemini-2.0-flash-lite"),
  "structured-output": structured(false),
  "structured-output-stream": structured(true),
  "long-decode": longDecode(false),
  "long-decode-stream": longDecode(true),
  "thinking-tool-loop": loop(false),
  "thinking-streaming": loop(true),
  media: media(false),
  "media-stream": media(true),
  "parallel-calls-one-signature": {
    description: "four parallel calls (only the first signed), their results, streamed",
    streaming: true,
    defaultModel: FLASH,
    create: make(FLASH, { thinking: { includeThoughts: true } }),
    run: async (model) => {
      await toolLoop(model, {
        prompt: "Read the theme, then screen A, then screens B and C in parallel.",
        tools: SCREEN_TOOLS,
        answer: readScreens,
        stream: true,
      });
    },
  },
  "code-execution": {
    description:
      "the code execution tool: executableCode and codeExecutionResult parts, replayed verbatim in turn 2",
    streaming: false,
    defaultModel: FLASH,
    create: (ctx) => make(FLASH, {})({ ...ctx, fetch: withCodeExecution(ctx.fetch) }),
    run: async (model) => {
      const messages: Message[] = [{ role: "user", content: PRIMES(50) }];
      const first = await model.generate({ messages });
      messages.push(first.message, { role: "user", content: "And of the first 10?" });
      await model.generate({ messages });
    },
  },
  "missing-thought-signature": {
    description: "a 400: an unsigned function call replayed to a Gemini 3 model",
    streaming: false,
    defaultModel: "gemini-flash-latest",
    create: make("gemini-flash-latest", {}),
    run: (model) =>
      expectError(() => model.generate({ messages: UNSIGNED_HISTORY, tools: [LOOKUP] })),
  },
};
