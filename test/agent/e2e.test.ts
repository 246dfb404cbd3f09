import { describe, expect, it } from "vitest";
import {
  Agent,
  jsonTool,
  type Message,
  type Model,
  parseHistory,
  serializeHistory,
  textOf,
  toolCallsOf,
} from "../../src/index.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as azure from "../../src/platforms/azure/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { type Cassette, replayFetch } from "../../src/testing/index.js";
import { LOCAL_TIME } from "../contract/rows/anthropic.js";
import { WEATHER } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";

/**
 * One two-step tool loop per landed adapter, from its cassette, through the agent: `run`
 * (generate) and `runStream` (stream). The replaying fetch checks every request, so the
 * second request must carry the first turn's blocks and signatures byte for byte.
 */

const weather = jsonTool({
  ...WEATHER,
  execute: (args) =>
    (args as { location: string }).location.startsWith("Florence") ? "40 C" : "18 C",
});

/** The recorded Azure and Gemini requests carry `tool_choice: "auto"`; the agent sends none by itself. */
function withAutoToolChoice(model: Model): Model {
  return {
    provider: model.provider,
    model: model.model,
    generate: (req, opts) => model.generate({ ...req, toolChoice: "auto" }, opts),
    stream: (req, opts) => model.stream({ ...req, toolChoice: "auto" }, opts),
  };
}

/** The OpenAI Responses capture: a planning tool the model must call once. */
const LOOP = loadCassette("openai", "responses-thinking-tool-loop");
const LOOP_REQUEST = LOOP.interactions[0]?.request.body as {
  instructions: string;
  input: { content: string }[];
  tools: { parameters: object }[];
};
const planTool = jsonTool({
  name: "update_plan",
  description: "",
  parameters: LOOP_REQUEST.tools[0]?.parameters ?? {},
  execute: () => "plan updated",
});

/** Every `encrypted_content` in a Responses body (answer `output` or request `input`). */
function encryptedReasoning(body: unknown): string[] {
  const b = body as { output?: ResponsesItem[]; input?: ResponsesItem[] };
  return [...(b.output ?? []), ...(b.input ?? [])].flatMap((item) =>
    item.type === "reasoning" && item.encrypted_content ? [item.encrypted_content] : [],
  );
}
type ResponsesItem = { type?: string; encrypted_content?: string };

const countryTool = jsonTool({
  name: "get_user_country",
  description: "",
  parameters: { additionalProperties: false, properties: {}, type: "object" },
  execute: () => "Mexico",
});

interface Case {
  name: string;
  /** What the recorded conversation asked, with which tool and instructions. */
  conversation?: {
    prompt: string;
    tool: typeof weather;
    instructions?: string;
    toolOutput: string;
  };
  cassette: (streaming: boolean) => Cassette;
  model: (fetch: ReturnType<typeof replayFetch>, streaming: boolean) => Model;
  /** The opaque values of turn 1 that turn 2's request must carry, read from the wire. */
  signatures: (turn1Body: unknown, turn1Chunks?: string[]) => string[];
  /** The same values as the second recorded request carried them. */
  replayed: (turn2Request: unknown) => string[];
}

/** Every `thoughtSignature` in a Gemini body (answers have candidates, requests contents). */
function geminiSignatures(body: unknown): string[] {
  const b = body as {
    candidates?: { content?: { parts?: { thoughtSignature?: string }[] } }[];
    contents?: { parts?: { thoughtSignature?: string }[] }[];
  };
  const parts = [
    ...(b.candidates ?? []).flatMap((c) => c.content?.parts ?? []),
    ...(b.contents ?? []).flatMap((c) => c.parts ?? []),
  ];
  return parts.flatMap((p) => (p.thoughtSignature ? [p.thoughtSignature] : []));
}

/** The whole of a streamed Gemini answer as one body (its SSE `data:` objects, merged). */
function geminiAnswer(cassette: Cassette): unknown {
  const text = (cassette.interactions[0]?.response.chunks ?? []).join("");
  const events = text
    .split(/\r?\n\r?\n/)
    .map((e) => e.trim())
    .filter((e) => e.startsWith("data:"))
    .map((e) => JSON.parse(e.slice(5)));
  return { candidates: events.flatMap((e) => e.candidates ?? []) };
}

/** Bedrock's signed reasoning in a Converse body (answer or request). */
function bedrockSignatures(body: unknown): string[] {
  const b = body as {
    output?: { message: { content: BedrockBlock[] } };
    messages?: { content: BedrockBlock[] }[];
  };
  const blocks = [
    ...(b.output?.message.content ?? []),
    ...(b.messages ?? []).flatMap((m) => m.content),
  ];
  return blocks.flatMap((x) => {
    const sig = x.reasoningContent?.reasoningText?.signature;
    return sig ? [sig] : [];
  });
}
type BedrockBlock = { reasoningContent?: { reasoningText?: { signature?: string } } };

const CASES: Case[] = [
  {
    name: "anthropic",
    cassette: (s) =>
      loadCassette("anthropic", s ? "thinking-tool-loop-stream" : "thinking-tool-loop"),
    model: (fetch) =>
      anthropic.create({
        apiKey: "test-key-0123456789",
        model: "claude-sonnet-4-20250514",
        maxTokens: 4096,
        thinking: { budgetTokens: 4000 },
        fetch,
      }),
    signatures: (body, chunks) =>
      chunks
        ? [...chunks.join("").matchAll(/"type":"signature_delta","signature":"([^"]+)"/g)].map(
            (m) => m[1] as string,
          )
        : ((body as { content: { signature?: string }[] }).content ?? []).flatMap((b) =>
            b.signature ? [b.signature] : [],
          ),
    replayed: (body) =>
      (body as { messages: { content: { signature?: string }[] | string }[] }).messages.flatMap(
        (m) =>
          Array.isArray(m.content)
            ? m.content.flatMap((b) => (b.signature ? [b.signature] : []))
            : [],
      ),
  },
  {
    name: "azure",
    cassette: (s) => loadCassette("azure", s ? "v1-tool-call-stream" : "v1-tool-call"),
    // The streamed cassette was recorded with an Entra ID token, the other with a key.
    model: (fetch, streaming) =>
      withAutoToolChoice(
        azure.create({
          endpoint: "https://fantasy-playground-resource.openai.azure.com",
          deployment: "gpt-5-mini",
          reasoningEffort: "high",
          ...(streaming
            ? { token: async () => "entra-token-0123456789" }
            : { apiKey: "azure-key-0123456789abcdef" }),
          fetch,
        }),
      ),
    // Chat Completions returns no reasoning for OpenAI models: the tool call id is what must
    // come back exactly.
    signatures: () => [],
    replayed: () => [],
  },
  {
    name: "bedrock",
    conversation: {
      prompt: "What is the largest city in the user country?",
      tool: countryTool,
      toolOutput: "Mexico",
    },
    // The stream cassette re-serves the Converse one as frames, so both share the answer body.
    cassette: (s) =>
      loadCassette("bedrock", s ? "thinking-tool-loop-stream" : "thinking-tool-loop"),
    model: (fetch) =>
      bedrock.create({
        region: "us-east-1",
        model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
        thinking: { budgetTokens: 1024 },
        credentials: {
          accessKeyId: "AKIDEXAMPLE",
          secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
          sessionToken: "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN",
        },
        fetch,
      }),
    signatures: (body) =>
      bedrockSignatures(
        body ?? loadCassette("bedrock", "thinking-tool-loop").interactions[0]?.response.body,
      ),
    replayed: bedrockSignatures,
  },
  {
    name: "openai (responses)",
    conversation: {
      prompt: LOOP_REQUEST.input[0]?.content ?? "",
      tool: planTool,
      instructions: LOOP_REQUEST.instructions,
      toolOutput: "plan updated",
    },
    cassette: (s) =>
      loadCassette(
        "openai",
        s ? "responses-thinking-tool-loop-stream" : "responses-thinking-tool-loop",
      ),
    model: (fetch) =>
      withAutoToolChoice(
        openai.create({
          apiKey: "sk-test-0123456789",
          model: "gpt-5",
          api: "responses",
          reasoningEffort: "low",
          reasoningSummary: "detailed",
          fetch,
        }),
      ),
    // The streamed cassette carries the same reasoning item as the recorded answer.
    signatures: (body) => encryptedReasoning(body ?? LOOP.interactions[0]?.response.body),
    replayed: encryptedReasoning,
  },
  {
    name: "gemini",
    cassette: (s) => loadCassette("gemini", s ? "thinking-streaming" : "thinking-tool-loop"),
    model: (fetch) =>
      withAutoToolChoice(
        gemini.create({
          apiKey: "AIza-test-key",
          model: "gemini-3-pro-preview",
          thinking: { includeThoughts: true, level: "high" },
          fetch,
        }),
      ),
    signatures: geminiSignatures,
    replayed: geminiSignatures,
  },
];

describe.each(CASES)("agent over $name cassettes", (c) => {
  for (const streaming of [false, true]) {
    it(`runs the two-step tool loop ${streaming ? "with runStream" : "with run"} and replays turn 1 exactly`, async () => {
      const cassette = c.cassette(streaming);
      const fetch = replayFetch(cassette);
      const conversation = c.conversation ?? {
        prompt: "What's the weather in Florence, Italy?",
        tool: weather,
        instructions: "You are a helpful assistant",
        toolOutput: "40 C",
      };
      const agent = new Agent({
        model: c.model(fetch, streaming),
        tools: [conversation.tool],
        ...(conversation.instructions ? { instructions: conversation.instructions } : {}),
      });
      const prompt = conversation.prompt;
      let result: Awaited<ReturnType<Agent["run"]>>;
      if (streaming) {
        const run = agent.runStream(prompt);
        const kinds = new Set<string>();
        for await (const event of run) kinds.add(event.type);
        result = await run.result;
        expect([...kinds].sort()).toEqual(["delta", "message", "tool-result"]);
      } else {
        result = await agent.run(prompt);
      }
      fetch.assertDone();
      expect(result.steps).toBe(2);
      expect(result.messages.map((m: Message) => m.role)).toEqual([
        "user",
        "assistant",
        "tool",
        "assistant",
      ]);
      expect(result.messages[2]?.content).toBe(conversation.toolOutput);
      expect(result.output).toBe(textOf(result.messages[3] as Message));
      // Turn 2's request carries turn 1's signatures exactly as the provider sent them.
      const first = cassette.interactions[0]?.response;
      const issued =
        c.name === "gemini" && first?.chunks
          ? c.signatures(geminiAnswer(cassette))
          : c.signatures(first?.body, first?.chunks);
      const sent = c.replayed(fetch.requests[1]?.body);
      expect(sent).toEqual(issued.length > 0 ? issued : sent);
      if (c.name !== "azure") expect(issued.length).toBeGreaterThan(0);
      // The evidence survives storage byte for byte.
      expect(parseHistory(serializeHistory(result.messages))).toEqual(result.messages);
      expect(fetch.requests[1]?.body).toEqual(cassette.interactions[1]?.request.body);
    });
  }
});

describe("agent over an interleaved Anthropic turn", () => {
  const localTime = jsonTool({
    ...LOCAL_TIME,
    execute: () => "14:05",
  });

  for (const streaming of [false, true]) {
    it(`runs both calls of [thinking, tool_use, thinking, tool_use] and replays them in order ${streaming ? "(runStream)" : "(run)"}`, async () => {
      const cassette = loadCassette(
        "anthropic",
        streaming ? "interleaved-tool-loop-stream" : "interleaved-tool-loop",
      );
      const fetch = replayFetch(cassette);
      const agent = new Agent({
        model: anthropic.create({
          apiKey: "test-key-0123456789",
          model: "claude-sonnet-4-6",
          maxTokens: 16000,
          thinking: { adaptive: true },
          fetch,
        }),
        tools: [weather, localTime],
      });
      const prompt =
        "What's the weather and the local time in Florence, Italy? Call one tool, look at what you asked for, then call the other.";
      const run = streaming ? agent.runStream(prompt) : undefined;
      if (run) for await (const _ of run);
      const result = run ? await run.result : await agent.run(prompt);
      fetch.assertDone();
      const turn1 = result.messages[1] as Message;
      expect((turn1.content as { type: string }[]).map((p) => p.type)).toEqual([
        "thinking",
        "tool-call",
        "thinking",
        "tool-call",
      ]);
      expect(result.messages.slice(2, 4)).toStrictEqual([
        { role: "tool", content: "40 C", toolCallId: toolCallsOf(turn1)[0]?.id },
        { role: "tool", content: "14:05", toolCallId: toolCallsOf(turn1)[1]?.id },
      ]);
      expect(fetch.requests[1]?.body).toEqual(cassette.interactions[1]?.request.body);
      expect(result.output).toBe(textOf(result.messages[4] as Message));
    });
  }
});
