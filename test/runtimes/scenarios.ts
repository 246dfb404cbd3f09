/**
 * The runtime matrix's workload: for every adapter, the recorded thinking + tool conversation
 * replayed through the BUILT package's public entry points, with `generate` and with `stream`.
 * This file runs unchanged in Node, Deno, Bun, workerd and the edge runtime, so it uses
 * nothing but web-standard APIs and golem's own exports (no `node:`, no file access: the
 * cassettes come in as JSON).
 *
 * Every request is checked by `replayFetch` against the recording (turn 2 must carry turn 1's
 * signatures byte for byte) and the result of each case is the JSON of its final messages,
 * usage and delta counts, which every runtime must reproduce exactly.
 */

import { AwsV4Signer } from "aws4fetch";
import {
  Agent,
  base64ToBytes,
  filePart,
  imagePart,
  jsonTool,
  type Message,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type Part,
  type Tool,
  tool,
} from "golem";
import * as anthropic from "golem/anthropic";
import * as anthropicAws from "golem/anthropic-aws";
import * as anthropicBedrock from "golem/anthropic-bedrock";
import * as anthropicFoundry from "golem/anthropic-foundry";
import * as anthropicGoogleCloud from "golem/anthropic-google-cloud";
import * as azure from "golem/azure";
import * as bedrock from "golem/bedrock";
import * as cohere from "golem/cohere";
import * as gemini from "golem/gemini";
import * as openai from "golem/openai";
import { type Cassette, parseCassette, replayFetch } from "golem/testing";
import * as vertex from "golem/vertex";
import {
  AZURE_GPT_5_MINI,
  autoToolChoice,
  azureAuth,
  BEDROCK_SONNET_3_7,
  CLAUDE_SONNET_4,
  COHERE_REASONING,
  COUNTRY_LOOP,
  type Conversation,
  DEEPSEEK_REASONER,
  deepseekLoop,
  driveConversation,
  GEMINI_3_PRO,
  planLoop,
  RESPONSES_GPT_5,
  WEATHER_FOLLOW_UP_LOOP,
  WEATHER_LOOP,
} from "../../scripts/scenarios/loops.js";
import { type CassetteDisk, type RecorderResult, recorderProbe } from "./recorder.js";
import { type SeamResult, seamProbe } from "./seam.js";

/** Cassettes by "<provider>/<scenario>", as parsed JSON. */
export type CassetteSet = Record<string, unknown>;

/** The cassettes the matrix replays (fixtures/<name>.json). */
export const CASSETTES = [
  "anthropic/thinking-tool-loop",
  "anthropic/thinking-tool-loop-stream",
  "bedrock/thinking-tool-loop",
  "bedrock/thinking-tool-loop-stream",
  "gemini/thinking-tool-loop",
  "gemini/thinking-streaming",
  "openai/deepseek-thinking-tool-loop",
  "openai/deepseek-thinking-tool-loop-stream",
  "azure/v1-tool-call",
  "azure/v1-tool-call-stream",
  "openai/responses-thinking-tool-loop",
  "openai/responses-thinking-tool-loop-stream",
  // 0.3's platforms: Claude and Gemini on Vertex AI, Claude Platform on AWS (SigV4 and a key).
  "vertex/claude-thinking-tool-loop-stream",
  "vertex/gemini-thinking-tool-loop",
  "anthropic-aws/thinking-tool-loop",
  "anthropic-aws/thinking-tool-loop-stream",
  "anthropic-bedrock/thinking-tool-loop",
  "anthropic-bedrock/thinking-tool-loop-stream",
  // Claude in Microsoft Foundry with an Entra ID token function.
  "anthropic-foundry/thinking-tool-loop-stream",
  // Claude Models on Google Cloud (Anthropic managed) with a Google token function.
  "anthropic-google-cloud/thinking-tool-loop-stream",
  // Cohere's Chat API v2: thinking items, a tool call, then a follow-up turn (three requests).
  "cohere/thinking-tool-loop",
  "cohere/thinking-tool-loop-stream",
  // 0.2's features, one each: parts from bytes (base64 in the runtime), structured output
  // through the agent, and cache breakpoints over a tool loop.
  "anthropic/media",
  "openai/responses-structured-output-stream",
  "anthropic/cache-tool-loop-stream",
] as const;

const FEATURES = new Set<string>(CASSETTES.slice(-3));

/** What one case produced; equal JSON in every runtime. */
export interface CaseResult {
  name: string;
  requests: number;
  deltas: number;
  messages: Message[];
  usage: unknown;
}

/** The whole matrix run: every case, and what the runtime says about itself. */
export interface MatrixResult {
  cases: CaseResult[];
  /** A Bedrock request signed at a fixed time (so equal everywhere), after golem's own check. */
  sigv4: { fixedTime: string };
  /** The model middleware seam and golem/sse (seam.ts). */
  seam: SeamResult;
  /** Calls recorded through golem/testing in the runtime, then replayed (files where there are). */
  recorder: RecorderResult[];
}

type Fetch = ReturnType<typeof replayFetch>;

/**
 * `tool()` over the built package with a Standard Schema written by hand (no schema library
 * runs in the matrix), validating asynchronously as some libraries do: the agent awaits it.
 */
const weather = tool({
  name: WEATHER_LOOP.tool.name,
  description: WEATHER_LOOP.tool.description,
  parameters: {
    "~standard": {
      version: 1,
      vendor: "golem-runtimes",
      types: undefined as unknown as { input: unknown; output: { location: string } },
      validate: async (value: unknown) => {
        await Promise.resolve();
        const location = (value as { location?: unknown }).location;
        return typeof location === "string"
          ? { value: { location } }
          : { issues: [{ message: "a city is needed", path: ["location"] }] };
      },
    },
  },
  jsonSchema: WEATHER_LOOP.tool.parameters,
  execute: (args) => WEATHER_LOOP.answer(JSON.stringify(args)),
});

/** A recorded conversation's tool as the agent runs it, answering as the recording did. */
const toolOf = (c: Conversation) =>
  jsonTool({ ...c.tool, execute: (args) => c.answer(JSON.stringify(args)) });

interface AgentCase {
  model: (fetch: typeof globalThis.fetch, streaming: boolean) => Model;
  tool: Tool;
  prompt: string;
  instructions?: string;
}

/** An agent case of a recorded conversation, with `tool` in place of its own. */
const agentOf = (c: Conversation, over: Partial<AgentCase> = {}) => ({
  tool: toolOf(c),
  prompt: c.prompt,
  ...(c.system === undefined ? {} : { instructions: c.system }),
  ...over,
});

const CREDENTIALS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  sessionToken: "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN",
};

/** The weather loop, its tool validating by a Standard Schema written by hand. */
const WEATHER = agentOf(WEATHER_LOOP, { tool: weather });

const AGENT_CASES: Record<string, AgentCase> = {
  anthropic: {
    ...WEATHER,
    model: (fetch) =>
      anthropic.create({ apiKey: "test-key-0123456789", ...CLAUDE_SONNET_4, fetch }),
  },
  bedrock: {
    ...agentOf(COUNTRY_LOOP),
    // Real SigV4: the signer runs on crypto.subtle in every runtime (see sigv4Probe).
    model: (fetch) =>
      bedrock.create({
        region: "us-east-1",
        ...BEDROCK_SONNET_3_7,
        credentials: CREDENTIALS,
        fetch,
      }),
  },
  gemini: {
    ...WEATHER,
    model: (fetch) =>
      autoToolChoice(gemini.create({ apiKey: "AIza-test-key", ...GEMINI_3_PRO, fetch })),
  },
  azure: {
    ...WEATHER,
    model: (fetch, streaming) =>
      autoToolChoice(azure.create({ ...AZURE_GPT_5_MINI, ...azureAuth(streaming), fetch })),
  },
};

const SONNET_4 = CLAUDE_SONNET_4;

/** The weather loop on Claude Platform on AWS, with `auth`. */
const claudeOnAws = (
  auth: { apiKey: string } | { credentials: () => Promise<typeof CREDENTIALS> },
): AgentCase => ({
  ...WEATHER,
  model: (fetch) =>
    anthropicAws.create({
      region: "us-west-2",
      workspaceId: "wrkspc1",
      ...SONNET_4,
      ...auth,
      fetch,
    }),
});

/** The platform cases, by cassette name (a platform folder holds more than one wire). */
const PLATFORM_CASES: Record<string, AgentCase> = {
  "vertex/claude-thinking-tool-loop-stream": {
    ...WEATHER,
    model: (fetch) =>
      vertex.create({
        project: "golem",
        location: "global",
        ...SONNET_4,
        model: "claude-sonnet-4@20250514",
        token: async () => "ya29.test-token-0123456789",
        fetch,
      }),
  },
  "vertex/gemini-thinking-tool-loop": {
    ...WEATHER,
    model: (fetch) =>
      autoToolChoice(
        vertex.create({
          project: "golem",
          ...GEMINI_3_PRO,
          token: async () => "ya29.test-token-0123456789",
          fetch,
        }),
      ),
  },
  // Real SigV4 for the aws-external-anthropic service, then a workspace key.
  "anthropic-aws/thinking-tool-loop": claudeOnAws({ credentials: async () => CREDENTIALS }),
  "anthropic-aws/thinking-tool-loop-stream": claudeOnAws({
    apiKey: "aws-workspace-key-0123456789",
  }),
  // Bedrock's Messages API: real SigV4 for service bedrock on bedrock-runtime, then Mantle
  // with a Bedrock API key.
  "anthropic-bedrock/thinking-tool-loop": {
    ...WEATHER,
    model: (fetch) =>
      anthropicBedrock.create({
        region: "us-east-1",
        ...SONNET_4,
        model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
        credentials: async () => CREDENTIALS,
        fetch,
      }),
  },
  "anthropic-bedrock/thinking-tool-loop-stream": {
    ...WEATHER,
    model: (fetch) =>
      anthropicBedrock.create({
        region: "us-east-1",
        service: "mantle",
        ...SONNET_4,
        model: "anthropic.claude-sonnet-4-20250514",
        apiKey: "bedrock-api-key-0123456789",
        fetch,
      }),
  },
  "anthropic-foundry/thinking-tool-loop-stream": {
    ...WEATHER,
    model: (fetch) =>
      anthropicFoundry.create({
        resource: "my-resource",
        ...SONNET_4,
        token: async () => ({ token: "entra-token-0123456789", expiresAt: Date.now() + 3_600_000 }),
        fetch,
      }),
  },
  "anthropic-google-cloud/thinking-tool-loop-stream": {
    ...WEATHER,
    model: (fetch) =>
      anthropicGoogleCloud.create({
        project: "golem",
        workspaceId: "wrkspc1",
        ...SONNET_4,
        token: async () => "ya29.test-token-0123456789",
        fetch,
      }),
  },
};

/** The recorded OpenAI Responses planning loop: encrypted reasoning replayed statelessly. */
function responsesCase(cassette: Cassette): AgentCase {
  return {
    ...agentOf(planLoop(cassette.interactions[0]?.request.body)),
    model: (fetch) =>
      autoToolChoice(
        openai.create({ apiKey: "sk-test-0123456789abcdef", ...RESPONSES_GPT_5, fetch }),
      ),
  };
}

/** A case's result, once its replay has served every recorded request. */
function caseResult(
  name: string,
  fetch: Fetch,
  deltas: number,
  messages: Message[],
  usage: unknown,
): CaseResult {
  fetch.assertDone();
  return { name, requests: fetch.requests.length, deltas, messages, usage };
}

/** Runs the two-step tool loop of a cassette through the agent (`run`, or `runStream`). */
async function agentCase(name: string, cassette: Cassette): Promise<CaseResult> {
  const fetch = replayFetch(cassette);
  const { result, deltas } = await runAgent(name, cassette, fetch);
  return caseResult(name, fetch, deltas, result.messages, result.usage);
}

/** The agent run of {@link agentCase} through any fetch (the recorder's, an opened cassette's). */
export async function runAgent(name: string, cassette: Cassette, fetch: typeof globalThis.fetch) {
  const c = name.startsWith("openai/responses-")
    ? responsesCase(cassette)
    : (PLATFORM_CASES[name] ?? AGENT_CASES[cassette.provider]);
  if (!c) throw new Error(`no agent case for ${cassette.provider}`);
  const agent = new Agent({
    model: c.model(fetch, cassette.streaming),
    tools: [c.tool],
    ...(c.instructions ? { instructions: c.instructions } : {}),
  });
  let deltas = 0;
  let result: Awaited<ReturnType<Agent["run"]>>;
  if (cassette.streaming) {
    const run = agent.runStream(c.prompt);
    for await (const event of run) if (event.type === "delta") deltas++;
    result = await run.result;
  } else {
    result = await agent.run(c.prompt);
  }
  if (result.steps !== 2) throw new Error(`${name}: ${result.steps} steps, expected 2`);
  return { result, deltas };
}

/**
 * The recorded three-turn DeepSeek loop (pydantic-ai's capability loading, then a dice roll),
 * driven turn by turn as scripts/scenarios/loops.ts replays it.
 */
async function deepseekCase(name: string, cassette: Cassette): Promise<CaseResult> {
  const fetch = replayFetch(cassette);
  const model = openai.create({ apiKey: "sk-test-0123456789abcdef", ...DEEPSEEK_REASONER, fetch });
  const { call, deltas } = turnCaller(model, cassette.streaming);
  const { messages, responses } = await deepseekLoop(
    cassette.interactions.map((i) => i.request.body),
    call,
  );
  return caseResult(
    name,
    fetch,
    deltas(),
    messages,
    responses.map((r) => r.usage),
  );
}

/** A recorded Anthropic request body, as far as the feature cases read it. */
interface AnthropicBody {
  system?: { text: string }[];
  tools?: { name: string; description: string; input_schema: object }[];
  messages: { content: AnthropicBlock[] }[];
}
interface AnthropicBlock {
  type: string;
  id?: string;
  name?: string;
  text?: string;
  title?: string;
  tool_use_id?: string;
  source?: { media_type: string; data: string };
  content?: AnthropicBlock[];
}

/** The request bodies of a cassette, in order. */
const bodies = <B>(cassette: Cassette) => cassette.interactions.map((i) => i.request.body as B);

/**
 * A recorded block as a golem part, made from its bytes with golem's own helpers so that
 * base64 decoding and encoding run in the runtime (`atob`, `btoa`; no `Buffer`).
 */
function partOf(block: AnthropicBlock): Part {
  if (block.type === "text") return { type: "text", text: block.text ?? "" };
  const bytes = base64ToBytes(block.source?.data ?? "");
  const mediaType = block.source?.media_type ?? "";
  return block.type === "image" ? imagePart(bytes) : filePart(bytes, mediaType, block.title);
}

/**
 * The recorded tools of an Anthropic conversation, each answering a call with the result the
 * recording sent back for it (as parts, where it holds an image).
 */
function recordedTools(cassette: Cassette) {
  const sent = bodies<AnthropicBody>(cassette);
  // Each tool is called once in these recordings: its result, found by the call's id.
  const names = new Map<string, string>();
  const results = new Map<string, AnthropicBlock[]>();
  for (const body of sent) {
    for (const m of body.messages) {
      for (const b of m.content) {
        if (b.type === "tool_use" && b.id && b.name) names.set(b.id, b.name);
        if (b.tool_use_id) results.set(names.get(b.tool_use_id) ?? "", b.content ?? []);
      }
    }
  }
  return (sent[0]?.tools ?? []).map((t) =>
    jsonTool({
      name: t.name,
      description: t.description,
      parameters: t.input_schema,
      execute: () => {
        const blocks = results.get(t.name) ?? [];
        return blocks.some((b) => b.type !== "text")
          ? blocks.map(partOf)
          : blocks.map((b) => b.text).join("");
      },
    }),
  );
}

/**
 * One case per 0.2 feature, through the agent: the Anthropic media turn (a prompt of parts made
 * from bytes, a tool answering with an image), the Responses structured answer (the agent's
 * output schema, streamed), and the Anthropic cache loop (`cache: "auto"` breakpoints, cache
 * counts summed).
 */
async function featureCase(name: string, cassette: Cassette): Promise<CaseResult> {
  const fetch = replayFetch(cassette);
  const first = cassette.interactions[0]?.request.body as Record<string, unknown>;
  let agent: Agent<unknown>;
  let prompt: string | Part[];
  if (name === "openai/responses-structured-output-stream") {
    const format = (first.text as { format: { schema: object; name: string; description: string } })
      .format;
    const model = openai.create({
      apiKey: "sk-test-0123456789abcdef",
      model: "gpt-5.4",
      api: "responses",
      reasoningEffort: "low",
      fetch,
    });
    agent = new Agent({
      // The recording names its schema; the agent sends only the schema.
      model: {
        provider: model.provider,
        model: model.model,
        generate: (req, opts) => model.generate(named(req, format), opts),
        stream: (req, opts) => model.stream(named(req, format), opts),
      },
      output: {
        "~standard": {
          version: 1,
          vendor: "golem-runtimes",
          validate: (value: unknown) => ({ value }),
        },
      },
      outputJsonSchema: format.schema,
    });
    prompt = (first.input as { content: string }[])[0]?.content ?? "";
  } else {
    const body = first as unknown as AnthropicBody;
    const cached = name === "anthropic/cache-tool-loop-stream";
    agent = new Agent({
      model: anthropic.create({
        apiKey: "test-key-0123456789",
        model: "claude-sonnet-4-6",
        maxTokens: cached ? 16000 : 1024,
        ...(cached ? { thinking: { adaptive: true }, cache: "auto" as const } : {}),
        fetch,
      }),
      tools: recordedTools(cassette),
      ...(body.system ? { instructions: body.system[0]?.text ?? "" } : {}),
    });
    prompt = (body.messages[0]?.content ?? []).map(partOf);
    if (cached) prompt = textOfParts(prompt);
  }
  let deltas = 0;
  let result: Awaited<ReturnType<Agent<unknown>["run"]>>;
  if (cassette.streaming) {
    const run = agent.runStream(prompt);
    for await (const event of run) if (event.type === "delta") deltas++;
    result = await run.result;
  } else {
    result = await agent.run(prompt);
  }
  return caseResult(name, fetch, deltas, result.messages, {
    ...result.usage,
    output: result.output,
  });
}

/** The request with the recorded schema's name and description. */
function named<R extends { output?: object }>(req: R, format: object): R {
  return req.output ? { ...req, output: { ...format, ...req.output } } : req;
}

/** A prompt of text parts as one string, as the cache loop's scenario sends it. */
function textOfParts(parts: Part[]): string {
  return parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

/**
 * A model's calls, streamed when the cassette was (each delta counted), for a case that drives
 * its conversation turn by turn.
 */
function turnCaller(model: Model, streaming: boolean) {
  let deltas = 0;
  const call = async (req: ModelRequest): Promise<ModelResponse> => {
    if (!streaming) return model.generate(req);
    const s = model.stream(req);
    for await (const _ of s) deltas++;
    return s.response;
  };
  return { call, deltas: () => deltas };
}

/**
 * The recorded Cohere loop, driven turn by turn (the agent would stop after two): the weather
 * call, its answer, then a follow-up question whose request replays both earlier turns'
 * thinking items in their places.
 */
async function cohereCase(name: string, cassette: Cassette): Promise<CaseResult> {
  const fetch = replayFetch(cassette);
  const model = cohere.create({
    apiKey: "co-test-key-0123456789abcdef",
    ...COHERE_REASONING,
    fetch,
  });
  const { call, deltas } = turnCaller(model, cassette.streaming);
  const { messages, responses } = await driveConversation(WEATHER_FOLLOW_UP_LOOP, call);
  return caseResult(name, fetch, deltas(), messages, responses.at(-1)?.usage);
}

/**
 * Runs every case; throws (loudly) on the first mismatch with the recordings. With a disk
 * (Node, Deno, Bun), the recorder case records to files and replays them by path.
 */
export async function runMatrix(
  cassettes: CassetteSet,
  disk?: CassetteDisk,
): Promise<MatrixResult> {
  const cases: CaseResult[] = [];
  for (const name of CASSETTES) {
    const cassette = parseCassette(cassettes[name]);
    cases.push(
      name.startsWith("openai/deepseek-")
        ? await deepseekCase(name, cassette)
        : name.startsWith("cohere/")
          ? await cohereCase(name, cassette)
          : FEATURES.has(name)
            ? await featureCase(name, cassette)
            : await agentCase(name, cassette),
    );
  }
  const converse = parseCassette(cassettes["bedrock/thinking-tool-loop"]);
  return {
    cases,
    sigv4: await sigv4Probe(converse),
    seam: await seamProbe(cassettes),
    recorder: await recorderProbe(cassettes, runAgent, disk),
  };
}

const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/(\d{8})\/us-east-1\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/;

/**
 * Makes one Bedrock call through a fetch that keeps the request, and checks its SigV4
 * `authorization` against aws4fetch's signer given the same request and `x-amz-date`: golem's
 * signing (crypto.subtle HMAC and SHA-256) really ran. The same request signed at a fixed time
 * goes into the result, so every runtime must compute the very same signature.
 */
async function sigv4Probe(cassette: Cassette): Promise<MatrixResult["sigv4"]> {
  let seen: { url: string; headers: Record<string, string>; body: string } | undefined;
  const keep = async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    seen = { url: String(input), headers, body: String(init?.body) };
    return new Response(JSON.stringify(cassette.interactions[0]?.response.body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
  const model = AGENT_CASES.bedrock?.model(keep as unknown as Fetch, false) as Model;
  await model.generate({ messages: [{ role: "user", content: "What is the largest city?" }] });
  if (!seen) throw new Error("bedrock: no request was made");
  const { authorization = "", "x-amz-date": date = "", ...rest } = seen.headers;
  if (!SIGV4.test(authorization)) throw new Error(`bedrock: not a SigV4 header: ${authorization}`);
  const sign = async (datetime: string) => {
    const signer = new AwsV4Signer({
      url: seen?.url ?? "",
      method: "POST",
      headers: Object.fromEntries(
        Object.entries(rest).filter(([k]) => k !== "x-amz-security-token"),
      ),
      body: seen?.body ?? "",
      ...CREDENTIALS,
      service: "bedrock",
      region: "us-east-1",
      datetime,
    });
    return (await signer.sign()).headers.get("authorization") ?? "";
  };
  const again = await sign(date);
  if (again !== authorization) {
    throw new Error(
      `bedrock: golem signed\n  ${authorization}\nbut the request signs as\n  ${again}`,
    );
  }
  return { fixedTime: await sign("20260101T000000Z") };
}
