/**
 * Other clients on the same bodies, each given a fetch (or, for the AWS SDK, a request
 * handler) that serves the body: the Anthropic SDK (raw event stream, and the accumulating
 * `messages.stream()` with `finalMessage()`), Vercel's `ai` `streamText` with
 * `@ai-sdk/anthropic`, `@google/genai`, the `openai` SDK on the Chat, Azure and Responses
 * bodies, and
 * `@aws-sdk/client-bedrock-runtime` ConverseStream. Each returns the length of the answer it
 * read, which the bench checks before it reports the peer.
 *
 * The peers are not dev dependencies: they are the pinned `bench` tool group
 * (scripts/tools/bench), loaded with `requireTool`, and only the slice of each API used here
 * is declared, so this file typechecks without them.
 */
import { Readable } from "node:stream";
import { requireTool } from "../scripts/tools.js";
import type { Fetch } from "./models.js";

const PROMPT = "What is the weather in Florence?";

function peer<T>(name: string): T {
  return requireTool<T>("bench", name);
}

/** The slice of `@anthropic-ai/sdk` used here. */
interface AnthropicSdk {
  Anthropic: new (options: {
    apiKey: string;
    fetch: Fetch;
    maxRetries: number;
  }) => {
    messages: {
      create(params: object): Promise<AsyncIterable<AnthropicEvent>>;
      stream(params: object): AsyncIterable<unknown> & {
        finalMessage(): Promise<{ content: { type: string; text?: string }[] }>;
      };
    };
  };
}

interface AnthropicEvent {
  type: string;
  delta?: { type: string; text?: string };
}

const ANTHROPIC_PARAMS = {
  model: "claude-bench",
  max_tokens: 64_000,
  messages: [{ role: "user", content: PROMPT }],
};

function anthropicClient(fetch: Fetch) {
  const { Anthropic } = peer<AnthropicSdk>("@anthropic-ai/sdk");
  return new Anthropic({ apiKey: "bench-key", fetch, maxRetries: 0 });
}

/** `client.messages.create({ stream: true })`: the SDK's raw server-sent events. */
export function anthropicSdkRaw(fetch: Fetch): () => Promise<number> {
  const client = anthropicClient(fetch);
  return async () => {
    const stream = await client.messages.create({ ...ANTHROPIC_PARAMS, stream: true });
    let text = 0;
    for await (const event of stream) {
      if (event.type === "content_block_delta" && event.delta?.type === "text_delta") {
        text += event.delta.text?.length ?? 0;
      }
    }
    return text;
  };
}

/** `client.messages.stream()`: every event, then the accumulated `finalMessage()`. */
export function anthropicSdkAccumulating(fetch: Fetch): () => Promise<number> {
  const client = anthropicClient(fetch);
  return async () => {
    const stream = client.messages.stream(ANTHROPIC_PARAMS);
    for await (const _ of stream) {
    }
    const message = await stream.finalMessage();
    return message.content.find((b) => b.type === "text")?.text?.length ?? 0;
  };
}

/** The slices of `ai` and `@ai-sdk/anthropic` used here. */
interface VercelAi {
  streamText(options: { model: unknown; prompt: string; maxRetries: number }): {
    fullStream: AsyncIterable<unknown>;
    text: PromiseLike<string>;
  };
}
interface VercelAnthropic {
  createAnthropic(options: { apiKey: string; fetch: Fetch }): (model: string) => unknown;
}

/** Vercel `ai` `streamText` over `@ai-sdk/anthropic`: every stream part, then the text. */
export function vercelStreamText(fetch: Fetch): () => Promise<number> {
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  const { streamText } = peer<VercelAi>("ai");
  const provider = peer<VercelAnthropic>("@ai-sdk/anthropic").createAnthropic({
    apiKey: "bench-key",
    fetch,
  });
  return async () => {
    const result = streamText({ model: provider("claude-bench"), prompt: PROMPT, maxRetries: 0 });
    for await (const _ of result.fullStream) {
    }
    return (await result.text).length;
  };
}

/** The slice of `@google/genai` used here. */
interface GoogleGenAISdk {
  GoogleGenAI: new (options: {
    apiKey: string;
  }) => {
    models: {
      generateContentStream(params: object): Promise<
        AsyncIterable<{
          candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] } }[];
        }>
      >;
    };
  };
}

/**
 * `@google/genai` `generateContentStream`. It takes no fetch of its own, so the global one is
 * swapped for the call (the benchmark process runs nothing else meanwhile).
 */
export function googleGenAI(fetch: Fetch): () => Promise<number> {
  const { GoogleGenAI } = peer<GoogleGenAISdk>("@google/genai");
  const client = new GoogleGenAI({ apiKey: "bench-key" });
  return async () => {
    const original = globalThis.fetch;
    globalThis.fetch = fetch as typeof globalThis.fetch;
    try {
      const stream = await client.models.generateContentStream({
        model: "gemini-3-pro-preview",
        contents: PROMPT,
      });
      let text = 0;
      for await (const chunk of stream) {
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
          if (!part.thought) text += part.text?.length ?? 0;
        }
      }
      return text;
    } finally {
      globalThis.fetch = original;
    }
  };
}

/** The slice of `openai` used here: Chat Completions streaming, on OpenAI and on Azure. */
interface OpenAISdk {
  OpenAI: new (options: {
    apiKey: string;
    baseURL: string;
    fetch: Fetch;
    maxRetries: number;
  }) => OpenAIClient;
  AzureOpenAI: new (options: {
    endpoint: string;
    deployment: string;
    apiVersion: string;
    apiKey: string;
    fetch: Fetch;
    maxRetries: number;
  }) => OpenAIClient;
}
interface OpenAIClient {
  responses: {
    create(params: object): Promise<AsyncIterable<{ type: string; delta?: string }>>;
  };
  chat: {
    completions: {
      create(
        params: object,
      ): Promise<AsyncIterable<{ choices: { delta?: { content?: string | null } }[] }>>;
    };
  };
}

function chatStream(client: OpenAIClient, model: string): () => Promise<number> {
  return async () => {
    const stream = await client.chat.completions.create({
      model,
      messages: [{ role: "user", content: PROMPT }],
      stream: true,
    });
    let text = 0;
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content?.length ?? 0;
    return text;
  };
}

/** The `openai` SDK's `chat.completions.create({ stream: true })` on the Chat body. */
export function openaiSdkChat(fetch: Fetch): () => Promise<number> {
  const { OpenAI } = peer<OpenAISdk>("openai");
  const client = new OpenAI({
    apiKey: "bench-key",
    baseURL: "https://api.deepseek.com",
    fetch,
    maxRetries: 0,
  });
  return chatStream(client, "deepseek-v4-flash");
}

/** The `openai` SDK's `responses.create({ stream: true })` on the Responses body. */
export function openaiSdkResponses(fetch: Fetch): () => Promise<number> {
  const { OpenAI } = peer<OpenAISdk>("openai");
  const client = new OpenAI({
    apiKey: "bench-key",
    baseURL: "https://api.openai.com/v1",
    fetch,
    maxRetries: 0,
  });
  return async () => {
    const stream = await client.responses.create({ model: "gpt-5.4", input: PROMPT, stream: true });
    let text = 0;
    for await (const event of stream) {
      if (event.type === "response.output_text.delta") text += event.delta?.length ?? 0;
    }
    return text;
  };
}

/** The `openai` SDK's `AzureOpenAI` client, the same call, on the Azure body. */
export function openaiSdkAzure(fetch: Fetch): () => Promise<number> {
  const { AzureOpenAI } = peer<OpenAISdk>("openai");
  const client = new AzureOpenAI({
    endpoint: "https://bench.openai.azure.com",
    deployment: "deepseek-r1",
    apiVersion: "2024-10-21",
    apiKey: "bench-key",
    fetch,
    maxRetries: 0,
  });
  return chatStream(client, "deepseek-r1");
}

/** The slice of `@aws-sdk/client-bedrock-runtime` used here. */
interface BedrockSdk {
  BedrockRuntimeClient: new (options: {
    region: string;
    credentials: { accessKeyId: string; secretAccessKey: string };
    maxAttempts: number;
    requestHandler: { handle(request: unknown): Promise<{ response: SmithyResponse }> };
  }) => { send(command: unknown): Promise<{ stream?: AsyncIterable<ConverseStreamEvent> }> };
  ConverseStreamCommand: new (input: object) => unknown;
}
interface SmithyResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: Readable;
}
interface ConverseStreamEvent {
  contentBlockDelta?: { delta?: { text?: string } };
}

/**
 * `@aws-sdk/client-bedrock-runtime` `ConverseStreamCommand`: the SDK signs the request as
 * usual, and its request handler answers with the body's chunks as a Node stream (the SDK's
 * own handler is a Node `http` client, which takes no fetch).
 */
export function bedrockSdk(chunks: readonly Uint8Array[]): () => Promise<number> {
  const { BedrockRuntimeClient, ConverseStreamCommand } = peer<BedrockSdk>(
    "@aws-sdk/client-bedrock-runtime",
  );
  const client = new BedrockRuntimeClient({
    region: "us-east-1",
    credentials: {
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    },
    maxAttempts: 1,
    requestHandler: {
      handle: async () => ({
        response: {
          statusCode: 200,
          headers: { "content-type": "application/vnd.amazon.eventstream" },
          body: Readable.from(chunks, { objectMode: false }),
        },
      }),
    },
  });
  return async () => {
    const { stream } = await client.send(
      new ConverseStreamCommand({
        modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        messages: [{ role: "user", content: [{ text: PROMPT }] }],
      }),
    );
    let text = 0;
    for await (const event of stream ?? [])
      text += event.contentBlockDelta?.delta?.text?.length ?? 0;
    return text;
  };
}
