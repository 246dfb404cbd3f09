/**
 * Other clients on the same bodies, each given a fetch that serves the body: the Anthropic SDK
 * (raw event stream, and the accumulating `messages.stream()` with `finalMessage()`), Vercel's
 * `ai` `streamText` with `@ai-sdk/anthropic`, and `@google/genai` on the Gemini body. Each
 * returns a number that proves it read the whole stream (the answer's length).
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { streamText } from "ai";
import type { Fetch } from "./models.js";

const PROMPT = "What is the weather in Florence?";

/** `client.messages.create({ stream: true })`: the SDK's raw server-sent events. */
export function anthropicSdkRaw(fetch: Fetch): () => Promise<number> {
  const client = new Anthropic({ apiKey: "bench-key", fetch, maxRetries: 0 });
  return async () => {
    const stream = await client.messages.create({
      model: "claude-bench",
      max_tokens: 64_000,
      messages: [{ role: "user", content: PROMPT }],
      stream: true,
    });
    let text = 0;
    for await (const event of stream) {
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
        text += event.delta.text.length;
      }
    }
    return text;
  };
}

/** `client.messages.stream()`: every event, then the accumulated `finalMessage()`. */
export function anthropicSdkAccumulating(fetch: Fetch): () => Promise<number> {
  const client = new Anthropic({ apiKey: "bench-key", fetch, maxRetries: 0 });
  return async () => {
    const stream = client.messages.stream({
      model: "claude-bench",
      max_tokens: 64_000,
      messages: [{ role: "user", content: PROMPT }],
    });
    for await (const _ of stream) {
    }
    const message = await stream.finalMessage();
    const text = message.content.find((b) => b.type === "text");
    return text?.type === "text" ? text.text.length : 0;
  };
}

/** Vercel `ai` `streamText` over `@ai-sdk/anthropic`: every stream part, then the text. */
export function vercelStreamText(fetch: Fetch): () => Promise<number> {
  const provider = createAnthropic({ apiKey: "bench-key", fetch });
  return async () => {
    const result = streamText({ model: provider("claude-bench"), prompt: PROMPT, maxRetries: 0 });
    for await (const _ of result.fullStream) {
    }
    return (await result.text).length;
  };
}

/**
 * `@google/genai` `generateContentStream`. It takes no fetch of its own, so the global one is
 * swapped for the call (the benchmark process runs nothing else meanwhile).
 */
export function googleGenAI(fetch: Fetch): () => Promise<number> {
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
