import { describe, expect, it } from "vitest";
import {
  AZURE_GPT_5_MINI,
  autoToolChoice,
  azureAuth,
  BEDROCK_SONNET_3_7,
  COUNTRY_LOOP,
  type Conversation,
  GEMINI_3_PRO,
  planLoop,
  RESPONSES_GPT_5,
  WEATHER_LOOP,
} from "../../scripts/scenarios/loops.js";
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
import { AWS_SESSION } from "../contract/adapters.js";
import { LOCAL_TIME } from "../contract/rows/anthropic.js";
import { loadCassette } from "../helpers/cassettes.js";
import { claudeLoopModel, agentTool as toolOf } from "../helpers/loops.js";

/**
 * One two-step tool loop per landed adapter, from its cassette, through the agent: `run`
 * (generate) and `runStream` (stream). The replaying fetch checks every request, so the
 * second request must carry the first turn's blocks and signatures byte for byte.
 */

const withAutoToolChoice = autoToolChoice;

/** The OpenAI Responses capture: a planning tool the model must call once. */
const LOOP = loadCassette("openai", "responses-thinking-tool-loop");

/** Every `encrypted_content` in a Responses body (answer `output` or request `input`). */
function encryptedReasoning(body: unknown): string[] {
  const b = body as { output?: ResponsesItem[]; input?: ResponsesItem[] };
  return [...(b.output ?? []), ...(b.input ?? [])].flatMap((item) =>
    item.type === "reasoning" && item.encrypted_content ? [item.encrypted_content] : [],
  );
}
type ResponsesItem = { type?: string; encrypted_content?: string };

interface Case {
  name: string;
  /** The recorded conversation (scripts/scenarios/loops.ts) and what its tool answered. */
  conversation: Conversation;
  toolOutput: string;
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

/** The weather loop, whose tool said 40 C for Florence. */
const WEATHER_40C = { conversation: WEATHER_LOOP, toolOutput: "40 C" };

const CASES: Case[] = [
  {
    name: "anthropic",
    ...WEATHER_40C,
    cassette: (s) =>
      loadCassette("anthropic", s ? "thinking-tool-loop-stream" : "thinking-tool-loop"),
    model: (fetch) => claudeLoopModel(fetch),
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
    ...WEATHER_40C,
    cassette: (s) => loadCassette("azure", s ? "v1-tool-call-stream" : "v1-tool-call"),
    model: (fetch, streaming) =>
      withAutoToolChoice(azure.create({ ...AZURE_GPT_5_MINI, ...azureAuth(streaming), fetch })),
    // Chat Completions returns no reasoning for OpenAI models: the tool call id is what must
    // come back exactly.
    signatures: () => [],
    replayed: () => [],
  },
  {
    name: "bedrock",
    conversation: COUNTRY_LOOP,
    toolOutput: "Mexico",
    // The stream cassette re-serves the Converse one as frames, so both share the answer body.
    cassette: (s) =>
      loadCassette("bedrock", s ? "thinking-tool-loop-stream" : "thinking-tool-loop"),
    model: (fetch) =>
      bedrock.create({
        region: "us-east-1",
        ...BEDROCK_SONNET_3_7,
        credentials: AWS_SESSION,
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
    conversation: planLoop(LOOP.interactions[0]?.request.body),
    toolOutput: "plan updated",
    cassette: (s) =>
      loadCassette(
        "openai",
        s ? "responses-thinking-tool-loop-stream" : "responses-thinking-tool-loop",
      ),
    model: (fetch) =>
      withAutoToolChoice(
        openai.create({ apiKey: "sk-test-0123456789", ...RESPONSES_GPT_5, fetch }),
      ),
    // The streamed cassette carries the same reasoning item as the recorded answer.
    signatures: (body) => encryptedReasoning(body ?? LOOP.interactions[0]?.response.body),
    replayed: encryptedReasoning,
  },
  {
    name: "gemini",
    ...WEATHER_40C,
    cassette: (s) => loadCassette("gemini", s ? "thinking-streaming" : "thinking-tool-loop"),
    model: (fetch) =>
      withAutoToolChoice(gemini.create({ apiKey: "AIza-test-key", ...GEMINI_3_PRO, fetch })),
    signatures: geminiSignatures,
    replayed: geminiSignatures,
  },
];

describe.each(CASES)("agent over $name cassettes", (c) => {
  for (const streaming of [false, true]) {
    it(`runs the two-step tool loop ${streaming ? "with runStream" : "with run"} and replays turn 1 exactly`, async () => {
      const cassette = c.cassette(streaming);
      const fetch = replayFetch(cassette);
      const conversation = c.conversation;
      const agent = new Agent({
        model: c.model(fetch, streaming),
        tools: [toolOf(conversation)],
        ...(conversation.system ? { instructions: conversation.system } : {}),
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
      expect(result.messages[2]?.content).toBe(c.toolOutput);
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
        tools: [toolOf(WEATHER_LOOP), localTime],
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
