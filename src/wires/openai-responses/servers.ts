/**
 * The servers golem knows on the Responses wire, each a row of data: what the request asks for
 * (`store`, `include`), what a reasoning item carries, how reasoning goes back, and which
 * streaming events to expect. Keyed by the same `ServerName` as the Chat Completions profiles
 * (openai-chat/servers.ts); the host of `baseURL` names the server, `server` names it where the
 * host cannot (a localhost port, a proxy). Each row names its source and the day it was read
 * (docs/adr/0041-responses-servers.md).
 * @module
 */
import { type ModelEfforts, XAI_EFFORTS } from "../../rules/reasoning-models.js";
import type { ServerName } from "../openai-chat/servers.js";

/**
 * How an assistant turn's reasoning goes back as `reasoning` items:
 * - `"signed"`: only items that came with `encrypted_content`, as `{ summary, encrypted_content }`
 *   without `id` (OpenAI's stateless replay; an unsigned part opens no item);
 * - `"items"`: every reasoning item, in its place, as `{ id, summary: [], content:
 *   [reasoning_text…], encrypted_content }` (servers that send raw reasoning text and take it back).
 */
export type ReasoningReplay = "signed" | "items";

/** What a reasoning item of the server's output carries. */
export type ReasoningCarrier = "summary" | "reasoning_text";

/** One server's Responses dialect. */
export interface ResponsesServer {
  name: ServerName | "bedrock-mantle";
  /** Host names (a leading `.` matches a suffix) that identify it in `baseURL`. */
  hosts: readonly string[];
  /**
   * Sent as `store` (golem keeps the history: every request is stateless); absent, not sent
   * (a server whose captured requests had none).
   */
  store?: false | undefined;
  /** Sent as `include` when not empty. */
  include: readonly "reasoning.encrypted_content"[];
  /** Where a reasoning item's text is: `summary` parts or `content` `reasoning_text` parts. */
  reasoning: ReasoningCarrier;
  /** Whether its reasoning items carry `encrypted_content` (or a reference standing for it). */
  encrypted: boolean;
  /** How reasoning goes back. */
  replay: ReasoningReplay;
  /**
   * Input messages as the Open Responses spec's `ItemParam` (`type: "message"` on every one):
   * off for OpenAI's own API, whose recorded requests send the short form.
   */
  messageType: boolean;
  /**
   * An assistant turn's `function_call` items go after its other items: the server refuses
   * assistant text between a call and its output (400).
   */
  callsLast: boolean;
  /** The reasoning and call events its streams carry, beside the common ones. */
  events: readonly string[];
  /** The `reasoningEffort` values its models take (rules/reasoning-models.ts), checked at `create()`. */
  efforts?: readonly ModelEfforts[];
  /** The doc or capture the row was read from, and when. */
  source: string;
  checked: string;
}

const SUMMARY_EVENTS = [
  "response.reasoning_summary_text.delta",
  "response.reasoning_summary_text.done",
  "response.function_call_arguments.delta",
  "response.function_call_arguments.done",
] as const;

const TEXT_EVENTS = [
  "response.reasoning_text.delta",
  "response.reasoning_text.done",
  "response.function_call_arguments.done",
] as const;

/**
 * OpenAI's own API (and Azure's), and the default of a server golem has no row for; the one
 * row golem/azure bundles.
 */
export const OPENAI_RESPONSES: ResponsesServer = {
  name: "openai",
  hosts: ["api.openai.com"],
  store: false,
  include: ["reasoning.encrypted_content"],
  reasoning: "summary",
  encrypted: true,
  replay: "signed",
  messageType: false,
  callsLast: false,
  events: SUMMARY_EVENTS,
  source: "https://developers.openai.com/api/docs/guides/reasoning (encrypted reasoning items)",
  checked: "2026-12-08",
};

/**
 * An OpenAI-compatible server golem has no row for: every field read, only reasoning that came
 * signed goes back (it replays nothing it was not given to replay), the request as OpenAI's (a
 * proxy in front of OpenAI is such a server).
 */
const COMPATIBLE: ResponsesServer = {
  ...OPENAI_RESPONSES,
  name: "compatible",
  hosts: [],
  encrypted: false,
  events: [...SUMMARY_EVENTS, ...TEXT_EVENTS],
  source: "https://www.openresponses.org/specification (2026-04-24)",
};

/** A server speaking the Open Responses spec with raw reasoning text, taken back as items. */
const OPEN_RESPONSES: Omit<ResponsesServer, "name" | "hosts" | "source"> = {
  ...COMPATIBLE,
  messageType: true,
  reasoning: "reasoning_text",
  replay: "items",
  events: TEXT_EVENTS,
  checked: "2026-12-08",
};

/**
 * The rows, one per `ServerName` (a name with no Responses API of its own behaves as
 * `"compatible"`), and Bedrock's OpenAI-compatible "mantle" endpoint, which its host names.
 */
export const RESPONSES_SERVERS: Readonly<Record<ServerName | "bedrock-mantle", ResponsesServer>> = {
  openai: OPENAI_RESPONSES,
  xai: {
    ...OPENAI_RESPONSES,
    name: "xai",
    hosts: ["api.x.ai"],
    efforts: XAI_EFFORTS,
    // Grok keeps reasoning only when each item goes back in its original place; dropped or
    // moved, later rounds stop reasoning with HTTP 200 still.
    source:
      "https://docs.x.ai/developers/advanced-api-usage/troubleshooting-reasoning; fixtures/openai/xai-responses-reasoning-stream.json (captured)",
  },
  ollama: {
    ...COMPATIBLE,
    name: "ollama",
    hosts: ["ollama.com"],
    // Its reasoning item holds the thinking as `summary` and again, plain, as
    // `encrypted_content`, which is what it reads back.
    encrypted: true,
    messageType: true,
    events: SUMMARY_EVENTS,
    source: "ollama/ollama openai/responses.go (ToResponse, FromResponsesRequest)",
  },
  deepseek: {
    ...OPEN_RESPONSES,
    name: "deepseek",
    hosts: ["api.deepseek.com"],
    // `encrypted_content` is null, or a short reference: kept as the signature when a string.
    encrypted: true,
    // The captured requests send messages in OpenAI's short form, without store or include.
    messageType: false,
    store: undefined,
    include: [],
    callsLast: true,
    source:
      "fixtures/openai/deepseek-responses-tool-loop.json (captured: the reasoning item with its id, content and encrypted_content null went back, 200)",
  },
  vllm: {
    ...OPEN_RESPONSES,
    name: "vllm",
    hosts: [],
    source:
      "vllm-project/vllm#28248 (reasoning items with id and reasoning_text content parsed as input)",
  },
  lmstudio: {
    ...OPEN_RESPONSES,
    name: "lmstudio",
    hosts: [],
    source:
      "fixtures/openai/lmstudio-responses-tool-loop-stream.json (captured stream: reasoning_text items, arguments only in .done)",
  },
  "bedrock-mantle": {
    ...OPEN_RESPONSES,
    name: "bedrock-mantle",
    hosts: [".api.aws"],
    encrypted: true,
    source:
      "fixtures/openai/bedrock-mantle-responses.json (captured: gpt-oss reasoning item with reasoning_text content)",
  },
  openrouter: { ...COMPATIBLE, name: "openrouter", hosts: ["openrouter.ai", ".openrouter.ai"] },
  compatible: COMPATIBLE,
  moonshot: { ...COMPATIBLE, name: "moonshot" },
  dashscope: { ...COMPATIBLE, name: "dashscope" },
  sglang: { ...COMPATIBLE, name: "sglang" },
  zai: { ...COMPATIBLE, name: "zai" },
  cerebras: { ...COMPATIBLE, name: "cerebras" },
  groq: { ...COMPATIBLE, name: "groq" },
  together: { ...COMPATIBLE, name: "together" },
  fireworks: { ...COMPATIBLE, name: "fireworks" },
  huggingface: { ...COMPATIBLE, name: "huggingface" },
  llamacpp: { ...COMPATIBLE, name: "llamacpp" },
  mistral: { ...COMPATIBLE, name: "mistral" },
};

const matches = (host: string, pattern: string) =>
  pattern.startsWith(".") ? host.endsWith(pattern) : host === pattern;

/**
 * The row for a deployment: the one `server` names, else the one whose host `baseURL` has
 * (Bedrock's only on its `bedrock-mantle.` hosts), else `"compatible"`. No `baseURL` (Azure):
 * OpenAI's.
 */
export function responsesServer(baseURL?: string, server?: ServerName): ResponsesServer {
  if (server !== undefined) return RESPONSES_SERVERS[server];
  if (baseURL === undefined) return OPENAI_RESPONSES;
  const host = new URL(baseURL).hostname;
  for (const row of Object.values(RESPONSES_SERVERS)) {
    if (row.name === "bedrock-mantle" && !host.startsWith("bedrock-mantle.")) continue;
    if (row.hosts.some((h) => matches(host, h))) return row;
  }
  return COMPATIBLE;
}
