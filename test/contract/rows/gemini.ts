import { LONG_DECODE, SCREEN_TOOLS } from "../../../scripts/scenarios/gemini.js";
import { REPORT_REQUEST } from "../../../scripts/scenarios/tool-loop.js";
import type { Message, ToolSpec } from "../../../src/core/types.js";
import type { Cassette } from "../../../src/testing/index.js";
import { andThen, loop, toolResults, user } from "../conversations.js";
import { mediaRun, type RowSpec, WEATHER, withStream } from "../table.js";

export const PRO_THINKING = {
  model: "gemini-3-pro-preview",
  thinking: { includeThoughts: true, level: "high" },
};
/** The weather loop of the thinking-tool-loop cassettes (also replayed on Vertex). */
export const weatherLoop = loop(
  {
    system: "You are a helpful assistant",
    tools: [
      {
        ...WEATHER,
        parameters: {
          type: "object",
          properties: { location: { type: "string", description: "the city" } },
          required: ["location"],
        },
      },
    ],
    toolChoice: "auto",
  },
  [user("What's the weather in Florence, Italy?")],
  toolResults("40 C"),
);

/** The tools of the recorded request (pydantic-ai's declarations). */
function recordedTools(cassette: Cassette): ToolSpec[] {
  const body = cassette.interactions[0]?.request.body as {
    tools: {
      functionDeclarations: { name: string; description: string; parametersJsonSchema: object }[];
    }[];
  };
  return (body.tools[0]?.functionDeclarations ?? []).map((d) => ({
    name: d.name,
    description: d.description,
    parameters: d.parametersJsonSchema,
  }));
}

/** The gpt-5 turn of the pydantic-ai capture, as the OpenAI adapter keeps it. */
export const OPENAI_TURN: Message = {
  role: "assistant",
  content: [
    {
      type: "thinking",
      redacted: "gAAAAABpIOBE-GFcLVcRkg7rtGVk9wZURtFXWHX121fEz0Yu",
      provider: "openai",
    },
    {
      type: "tool-call",
      id: "call_1w9YRdMtRTRucwZShoZYlLJp",
      name: "get_country",
      arguments: "{}",
    },
  ],
};

/** Gemini 4 long decode (fixtures/gemini/long-decode*.json): one call, its hops the requests. */
export const LONG_DECODE_CONFIG = { model: LONG_DECODE.model, ...LONG_DECODE.config };
export const longDecodeCall = loop({ tools: [...LONG_DECODE.tools] }, [user(LONG_DECODE.prompt)]);

const FLASH = { model: "gemini-3-flash-preview" };
const picnic = loop(
  {},
  [user("Give me a one-line plan for a picnic, then one tip.")],
  andThen("Thanks. One more tip?"),
);

export const GEMINI: Record<string, RowSpec> = {
  ...withStream("media", { config: FLASH, run: mediaRun(true) }),
  ...withStream("structured-output", {
    config: { ...FLASH, thinking: { includeThoughts: true, level: "low" } },
    run: (call) => call(REPORT_REQUEST),
  }),
  "code-execution": {
    config: FLASH,
    // golem declares no built-in tools; the capture scenario added this one to the body.
    editBody: (body) => ({ ...body, tools: [{ codeExecution: {} }] }),
    run: loop(
      {},
      [
        user(
          "What is the sum of the first 50 prime numbers? Generate and run code for the calculation, and make sure you get all 50.",
        ),
      ],
      andThen("And of the first 10?"),
    ),
  },
  ...withStream("middle-text-signature", { config: FLASH, run: picnic }, { exact: true }),
  "thinking-streaming": { config: PRO_THINKING, run: weatherLoop },
  "thinking-tool-loop": { config: PRO_THINKING, run: weatherLoop },
  "parallel-calls-one-signature": {
    config: { model: "gemini-3-flash-preview", thinking: { includeThoughts: true } },
    run: loop(
      { tools: SCREEN_TOOLS },
      [user("Read the theme, then screen A, then screens B and C in parallel.")],
      toolResults(
        '{"theme":"dark"}',
        "Screen A: a login form",
        ["screen B not found", true],
        "Screen C: the settings page",
      ),
    ),
  },
  "text-signature-on-empty-part": {
    config: { model: "gemini-3-pro-preview" },
    run: loop({}, [user("How many r's are in strawberry?")], andThen("And in raspberry?")),
  },
  "cross-provider-tool-call": {
    config: { model: "gemini-3-pro-preview" },
    run: (call, c) =>
      loop({ tools: recordedTools(c), toolChoice: "required" }, [
        user("What is the capital of the country?"),
        OPENAI_TURN,
        { role: "tool", toolCallId: "call_1w9YRdMtRTRucwZShoZYlLJp", content: "Mexico" },
      ])(call, c),
  },
  "missing-thought-signature": {
    config: { model: "gemini-flash-latest" },
    run: loop(
      {
        tools: [
          {
            name: "lookup",
            description: "Find a place",
            parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
          },
        ],
      },
      [
        user("Where is A?"),
        {
          role: "assistant",
          content: [{ type: "tool-call", id: "call_a", name: "lookup", arguments: '{"q":"A"}' }],
        },
        { role: "tool", toolCallId: "call_a", content: "A is north" },
      ],
    ),
    fails: true,
  },
  "long-decode": { config: LONG_DECODE_CONFIG, run: longDecodeCall },
  "long-decode-stream": {
    config: LONG_DECODE_CONFIG,
    run: longDecodeCall,
    twin: { file: "long-decode" },
  },
  "long-decode-hop-fails": {
    config: { ...LONG_DECODE_CONFIG, maxRetries: 0 },
    run: longDecodeCall,
    fails: true,
  },
  "long-decode-hop-fails-stream": {
    config: { ...LONG_DECODE_CONFIG, maxRetries: 0 },
    run: longDecodeCall,
    fails: true,
  },
  "overloaded-retry": {
    config: { model: "gemini-3-flash-preview" },
    run: loop({}, [user("Say hello.")]),
    fakeTime: true,
  },
};
