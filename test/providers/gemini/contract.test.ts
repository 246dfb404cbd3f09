import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APIError as CoreAPIError } from "../../../src/core/errors.js";
import type {
  Delta,
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ThinkingBlock,
  ToolCall,
  ToolSpec,
} from "../../../src/core/types.js";
import * as gemini from "../../../src/providers/gemini/index.js";
import { SKIP_SIGNATURE_VALIDATOR } from "../../../src/providers/gemini/request.js";
import type { Cassette } from "../../../src/testing/cassette.js";
import { type ReplayFetch, type ReplayOptions, replayFetch } from "../../../src/testing/replay.js";
import { cutPoints, loadCassette, loadCassettes, rechunkAt } from "../../helpers/cassettes.js";
import { inFakeTime } from "../../helpers/time.js";

/** One recorded conversation: the model's config and the calls that produce the requests. */
interface Scenario {
  config: Omit<gemini.Config, "fetch" | "apiKey">;
  run(call: (req: ModelRequest) => Promise<ModelResponse>): Promise<ModelResponse[]>;
}

const user = (content: string): Message => ({ role: "user", content });
const toolMessage = (toolCallId: string, content: string, isError?: boolean): Message =>
  isError ? { role: "tool", toolCallId, content, isError } : { role: "tool", toolCallId, content };

const weather: ToolSpec = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
};

const screens: ToolSpec[] = [
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

// The gpt-5 reasoning item of the pydantic-ai capture, as another adapter would keep it.
const crossProvider = loadCassette("gemini", "cross-provider-tool-call");

const SCENARIOS: Record<string, Scenario> = {
  "thinking-streaming": {
    config: { model: "gemini-3-pro-preview", thinking: { includeThoughts: true, level: "high" } },
    async run(call) {
      const base = {
        system: "You are a helpful assistant",
        tools: [weather],
        toolChoice: "auto" as const,
      };
      const history = [user("What's the weather in Florence, Italy?")];
      const first = await call({ ...base, messages: history });
      const id = first.message.toolCalls?.[0]?.id ?? "";
      history.push(first.message, toolMessage(id, "40 C"));
      return [first, await call({ ...base, messages: history })];
    },
  },
  "thinking-tool-loop": {
    config: { model: "gemini-3-pro-preview", thinking: { includeThoughts: true, level: "high" } },
    async run(call) {
      const base = {
        system: "You are a helpful assistant",
        tools: [weather],
        toolChoice: "auto" as const,
      };
      const history = [user("What's the weather in Florence, Italy?")];
      const first = await call({ ...base, messages: history });
      const id = first.message.toolCalls?.[0]?.id ?? "";
      history.push(first.message, toolMessage(id, "40 C"));
      return [first, await call({ ...base, messages: history })];
    },
  },
  "parallel-calls-one-signature": {
    config: { model: "gemini-3-flash-preview", thinking: { includeThoughts: true } },
    async run(call) {
      const history = [user("Read the theme, then screen A, then screens B and C in parallel.")];
      const first = await call({ messages: history, tools: screens });
      const ids = (first.message.toolCalls ?? []).map((c) => c.id);
      history.push(
        first.message,
        toolMessage(ids[0] ?? "", '{"theme":"dark"}'),
        toolMessage(ids[1] ?? "", "Screen A: a login form"),
        toolMessage(ids[2] ?? "", "screen B not found", true),
        toolMessage(ids[3] ?? "", "Screen C: the settings page"),
      );
      return [first, await call({ messages: history, tools: screens })];
    },
  },
  "text-signature-on-empty-part": {
    config: { model: "gemini-3-pro-preview" },
    async run(call) {
      const history = [user("How many r's are in strawberry?")];
      const first = await call({ messages: history });
      history.push(first.message, user("And in raspberry?"));
      return [first, await call({ messages: history })];
    },
  },
  "cross-provider-tool-call": {
    config: { model: "gemini-3-pro-preview" },
    async run(call) {
      const recorded = crossProvider.interactions[0]?.request.body as {
        tools: {
          functionDeclarations: {
            name: string;
            description: string;
            parametersJsonSchema: object;
          }[];
        }[];
      };
      const tools = recorded.tools[0]?.functionDeclarations.map((d) => ({
        name: d.name,
        description: d.description,
        parameters: d.parametersJsonSchema,
      }));
      const history: Message[] = [
        user("What is the capital of the country?"),
        {
          role: "assistant",
          content: "",
          thinking: [
            { redacted: "gAAAAABpIOBE-GFcLVcRkg7rtGVk9wZURtFXWHX121fEz0Yu", provider: "openai" },
          ],
          toolCalls: [
            { id: "call_1w9YRdMtRTRucwZShoZYlLJp", name: "get_country", arguments: "{}" },
          ],
        },
        toolMessage("call_1w9YRdMtRTRucwZShoZYlLJp", "Mexico"),
      ];
      return [await call({ messages: history, tools: tools ?? [], toolChoice: "required" })];
    },
  },
  "missing-thought-signature": {
    config: { model: "gemini-flash-latest" },
    async run(call) {
      const lookup: ToolSpec = {
        name: "lookup",
        description: "Find a place",
        parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
      };
      const history: Message[] = [
        user("Where is A?"),
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "call_a", name: "lookup", arguments: '{"q":"A"}' }],
        },
        toolMessage("call_a", "A is north"),
      ];
      return [await call({ messages: history, tools: [lookup] })];
    },
  },
  "overloaded-retry": {
    config: { model: "gemini-3-flash-preview" },
    async run(call) {
      return [await call({ messages: [user("Say hello.")] })];
    },
  },
};

interface Replay {
  responses: ModelResponse[];
  deltas: Delta[][];
  fetch: ReplayFetch;
}

/** Runs a cassette's scenario through `gemini.create` with a replaying fetch. */
async function replay(cassette: Cassette, options: ReplayOptions = {}): Promise<Replay> {
  const scenario = SCENARIOS[cassette.scenario];
  if (!scenario) throw new Error(`no scenario drives fixtures/gemini/${cassette.scenario}.json`);
  const fetch = replayFetch(cassette, options);
  const model: Model = gemini.create({ ...scenario.config, apiKey: "AIza-test-key", fetch });
  const deltas: Delta[][] = [];
  const call = async (req: ModelRequest) => {
    if (!cassette.streaming) return model.generate(req);
    const stream = model.stream(req);
    const seen: Delta[] = [];
    for await (const d of stream) seen.push(d);
    deltas.push(seen);
    return stream.response;
  };
  // In fake time: a retry the cassette provokes waits as long as the server asked (34.4 s).
  const { value: responses } = await inFakeTime(() => scenario.run(call));
  return { responses, deltas, fetch };
}

/** The SSE `data:` payloads of interaction i's recorded response. */
function recordedChunks(
  cassette: Cassette,
  i: number,
): { candidates?: { content?: { parts?: Record<string, unknown>[] } }[] }[] {
  return (cassette.interactions[i]?.response.chunks ?? [])
    .join("")
    .split(/\r\n\r\n|\n\n/)
    .filter((e) => e.startsWith("data: "))
    .map((e) => JSON.parse(e.slice(6)));
}

function recordedSignatures(cassette: Cassette, i: number): string[] {
  return recordedChunks(cassette, i)
    .flatMap((c) => c.candidates?.[0]?.content?.parts ?? [])
    .map((p) => p.thoughtSignature)
    .filter((s): s is string => typeof s === "string");
}

type SentBody = { contents: { role: string; parts: Record<string, unknown>[] }[] };
const sent = (r: Replay, i: number) => r.fetch.requests[i]?.body as SentBody;

/** Rebuilds a message from its deltas (content signatures have no delta). */
function fromDeltas(deltas: Delta[]): Message {
  const message: Message = { role: "assistant", content: "" };
  const thinking: ThinkingBlock[] = [];
  const calls: ToolCall[] = [];
  for (const d of deltas) {
    if (d.text !== undefined) message.content += d.text;
    if (d.thinking) {
      const block = thinking[d.thinking.index] ?? { text: "", provider: "gemini" };
      thinking[d.thinking.index] = block;
      block.text += d.thinking.text ?? "";
      if (d.thinking.signature) block.signature = d.thinking.signature;
    }
    if (d.toolCall) {
      const call = calls[d.toolCall.index] ?? { id: "", name: "", arguments: "" };
      calls[d.toolCall.index] = call;
      if (d.toolCall.id) call.id = d.toolCall.id;
      if (d.toolCall.name) call.name = d.toolCall.name;
      if (d.toolCall.arguments) call.arguments += d.toolCall.arguments;
      if (d.toolCall.signature) call.signature = d.toolCall.signature;
    }
  }
  if (thinking.length > 0) message.thinking = thinking;
  if (calls.length > 0) message.toolCalls = calls;
  return message;
}

const ERROR_SCENARIOS = new Set(["missing-thought-signature"]);
const CASSETTES = loadCassettes("gemini");

describe.each(CASSETTES)("cassette %s", (scenario, cassette) => {
  it("is replayed with exactly the recorded requests", async () => {
    if (ERROR_SCENARIOS.has(scenario)) {
      await expect(replay(cassette)).rejects.toBeInstanceOf(gemini.APIError);
      return;
    }
    const r = await replay(cassette);
    r.fetch.assertDone();
    expect(r.fetch.requests.map((q) => q.headers["x-goog-api-key"])).toEqual(
      cassette.interactions.map(() => "AIza-test-key"),
    );
  });
});

describe.each(CASSETTES.filter(([, c]) => c.streaming))("streamed cassette %s", (_, cassette) => {
  it("streams deltas that rebuild the final message", async () => {
    const r = await replay(cassette);
    r.responses.forEach((res, i) => {
      const { contentSignature: _, ...message } = res.message;
      expect(fromDeltas(r.deltas[i] ?? [])).toEqual(message);
    });
  });

  it("gives the same messages however the body is chunked", async () => {
    const expected = (await replay(cassette)).responses;
    const bodyLength = Math.max(
      ...cassette.interactions.map(
        (it) => new TextEncoder().encode((it.response.chunks ?? []).join("")).length,
      ),
    );
    await fc.assert(
      fc.asyncProperty(cutPoints(bodyLength), async (cuts) => {
        const r = await replay(cassette, { rechunk: rechunkAt(cuts) });
        expect(r.responses).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});

describe("thinking-streaming (fantasy, verified live)", () => {
  const cassette = loadCassette("gemini", "thinking-streaming");

  it("parses the signed function call and replays its signature byte for byte", async () => {
    const r = await replay(cassette);
    const [signature] = recordedSignatures(cassette, 0);
    // The upstream turn 2 (answered 200) sent back exactly these bytes.
    const upstream = cassette.interactions[1]?.request.body as SentBody;
    expect(signature).toBe(upstream.contents[1]?.parts[0]?.thoughtSignature);
    expect(
      signature?.startsWith("Eu0DCuoDAb4+9vvdbiOpT/hdj5NfRT0HGI7d3Q7aVsxdntWDDSAKWXd1W9"),
    ).toBe(true);
    expect(r.responses[0]).toEqual({
      message: {
        role: "assistant",
        content: "",
        toolCalls: [
          {
            id: "9d532gc9",
            name: "weather",
            arguments: '{"location":"Florence, Italy"}',
            signature,
          },
        ],
      },
      usage: { inputTokens: 65, outputTokens: 110, reasoningTokens: 94 },
      stopReason: "STOP",
    });
    const part = sent(r, 1).contents[1]?.parts[0];
    expect(part?.thoughtSignature).toBe(signature);
    expect(part?.functionCall).toEqual({
      name: "weather",
      args: { location: "Florence, Italy" },
      id: "9d532gc9",
    });
    expect(sent(r, 1).contents[2]).toEqual({
      role: "user",
      parts: [
        { functionResponse: { name: "weather", id: "9d532gc9", response: { result: "40 C" } } },
      ],
    });
  });

  it("keeps turn 2's answer signature from its trailing empty text part", async () => {
    const r = await replay(cassette);
    const [signature] = recordedSignatures(cassette, 1);
    expect(r.responses[1]?.message).toEqual({
      role: "assistant",
      content: "The current weather in Florence, Italy is 40°C (104°F). Stay cool, it's quite hot!",
      contentSignature: signature,
    });
    expect(r.responses[1]?.usage).toEqual({
      inputTokens: 189,
      outputTokens: 97,
      reasoningTokens: 68,
    });
  });
});

describe("parallel-calls-one-signature (Vertex stream, re-framed)", () => {
  const cassette = loadCassette("gemini", "parallel-calls-one-signature");

  it("replays the thought, the one signature on the first call, and four results without invented ids", async () => {
    const r = await replay(cassette);
    const [signature] = recordedSignatures(cassette, 0);
    const model = sent(r, 1).contents[1];
    expect(model?.parts.map((p) => p.thoughtSignature)).toEqual([
      undefined,
      signature,
      undefined,
      undefined,
      undefined,
    ]);
    expect(model?.parts[1]?.thoughtSignature).toBe(signature);
    expect(model?.parts[0]?.thought).toBe(true);
    expect(model?.parts.slice(1).map((p) => p.functionCall)).toEqual([
      { name: "read_theme", args: {} },
      { name: "read_screen", args: { id: "A" } },
      { name: "read_screen", args: { id: "B" } },
      { name: "read_screen", args: { id: "C" } },
    ]);
    expect(sent(r, 1).contents[2]?.parts).toHaveLength(4);
    expect(r.responses[1]?.message.content).toBe(
      "The theme is dark. Screen A is a login form, screen C the settings page; screen B was not found.",
    );
  });
});

describe("text-signature-on-empty-part (gemini-3-pro-preview)", () => {
  const cassette = loadCassette("gemini", "text-signature-on-empty-part");

  it("replays the answer as one text part with the trailing part's signature", async () => {
    const r = await replay(cassette);
    const [signature] = recordedSignatures(cassette, 0);
    expect(r.responses[0]?.message.contentSignature).toBe(signature);
    expect(sent(r, 1).contents[1]?.parts).toHaveLength(1);
    expect(sent(r, 1).contents[1]?.parts[0]?.thoughtSignature).toBe(signature);
  });
});

describe("cross-provider-tool-call (pydantic-ai, verified live)", () => {
  it("sends the foreign call with the validator-skip signature and drops the foreign block", async () => {
    const r = await replay(crossProvider);
    const model = sent(r, 0).contents[1];
    expect(model?.parts).toEqual([
      {
        functionCall: { name: "get_country", args: {}, id: "call_1w9YRdMtRTRucwZShoZYlLJp" },
        thoughtSignature: SKIP_SIGNATURE_VALIDATOR,
      },
    ]);
    expect(model?.parts[0]?.thoughtSignature).toBe(
      "Y29udGV4dF9lbmdpbmVlcmluZ19pc190aGVfd2F5X3RvX2dv",
    );
  });

  it("parses the answer's call with a made-up id and its signature", async () => {
    const r = await replay(crossProvider);
    const body = crossProvider.interactions[0]?.response.body as {
      candidates: { content: { parts: { thoughtSignature: string }[] } }[];
    };
    expect(r.responses[0]).toEqual({
      message: {
        role: "assistant",
        content: "",
        toolCalls: [
          {
            id: "golem_TeAgaaKoDO-tz7IPmu30uQo_0",
            name: "final_result",
            arguments: '{"city":"Mexico City","country":"Mexico"}',
            signature: body.candidates[0]?.content.parts[0]?.thoughtSignature,
          },
        ],
      },
      usage: { inputTokens: 107, outputTokens: 146, reasoningTokens: 123 },
      stopReason: "STOP",
    });
  });
});

describe("missing-thought-signature (400)", () => {
  it("rejects with gemini.APIError carrying Google's status and message, not retried", async () => {
    const cassette = loadCassette("gemini", "missing-thought-signature");
    const fetch = replayFetch(cassette);
    const model = gemini.create({
      ...SCENARIOS[cassette.scenario]!.config,
      apiKey: "AIza-test-key",
      fetch,
    });
    const err = await SCENARIOS[cassette.scenario]!.run((req) => model.generate(req)).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(gemini.APIError);
    expect(err).toBeInstanceOf(CoreAPIError);
    expect(err).toMatchObject({
      provider: "gemini",
      status: 400,
      type: "INVALID_ARGUMENT",
      retryable: false,
    });
    expect(err.message).toMatch(
      /^gemini 400 INVALID_ARGUMENT: Function call is missing a thought_signature/,
    );
    fetch.assertDone();
  });
});

describe("overloaded-retry (429, 503, then 200)", () => {
  it("is retried by the transport until the answer arrives", async () => {
    const r = await replay(loadCassette("gemini", "overloaded-retry"));
    expect(r.fetch.requests).toHaveLength(3);
    expect(r.responses[0]?.message).toEqual({ role: "assistant", content: "Hello!" });
  });

  it("waits the 34.4 s the 429's RetryInfo asks for before the second try, not less", async () => {
    const fetch = replayFetch(loadCassette("gemini", "overloaded-retry"));
    const model = gemini.create({ model: "gemini-3-flash-preview", apiKey: "AIza-k", fetch });
    const seen: number[] = [];
    await inFakeTime(async () => {
      const answer = model.generate({ messages: [user("Say hello.")] });
      // Sample how many requests went out as fake time passes.
      for (let t = 0; t < 36_000; t += 100) {
        seen.push(fetch.requests.length);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return answer;
    });
    // At 34.3 s one request has gone out; by 34.5 s the retry has (the 503 then backs off < 1 s).
    expect(seen[343]).toBe(1);
    expect(seen[345]).toBeGreaterThanOrEqual(2);
    fetch.assertDone();
  });

  it("gives up with the last error when retries are off", async () => {
    const fetch = replayFetch(loadCassette("gemini", "overloaded-retry"));
    const model = gemini.create({
      model: "gemini-3-flash-preview",
      apiKey: "AIza-test-key",
      fetch,
      maxRetries: 0,
    });
    const err = await model.generate({ messages: [user("Say hello.")] }).catch((e) => e);
    expect(err).toMatchObject({
      status: 429,
      type: "RESOURCE_EXHAUSTED",
      retryable: true,
      retryAfterMs: 34_400,
    });
  });
});
