/**
 * Seeded, generated provider bodies for the benchmarks: the same bytes every run, shaped like
 * the recorded fixtures (fixtures/<provider>/*), and the response each adapter must make of
 * them (test/bench/bodies.test.ts parses every body through its adapter and checks it).
 *
 * Every body carries the same conversation: `thinking` reasoning deltas, then a signature where
 * the provider has one, then `text` answer deltas. Pieces are produced lazily, so a 100 MB body
 * for the memory benchmark is never held whole.
 */
import type { Message, ModelResponse } from "../src/core/types.js";
import { encodeFrame } from "./frames.js";

export type Provider = "anthropic" | "bedrock" | "gemini" | "openai" | "azure" | "responses";
export const PROVIDERS: readonly Provider[] = [
  "anthropic",
  "bedrock",
  "gemini",
  "openai",
  "azure",
  "responses",
];

/** How many reasoning and answer deltas a body has, and the seed of their words. */
export interface BodySpec {
  thinking: number;
  text: number;
  seed: number;
}

/** The throughput body: 20k reasoning and 20k answer deltas (7.2 MB of Anthropic SSE). */
export const BENCH_SPEC: BodySpec = { thinking: 20_000, text: 20_000, seed: 1 };

/** A small deterministic PRNG (mulberry32), so bodies are identical across runs. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Multi-byte characters on purpose: chunks then split inside characters, as real bodies do.
const WORDS = [
  "the",
  "weather",
  "in",
  "Florence",
  "is",
  "warm",
  "so",
  "I",
  "should",
  "call",
  "the",
  "tool",
  "then",
  "answer",
  "naïve",
  "café",
  "→",
  "≈",
  "日本",
  "🙂",
  '"quoted"',
  "back\\slash",
  "new\nline",
];

/** The signature every body's reasoning block carries (opaque base64, like the fixtures'). */
export const SIGNATURE = "Eq".padEnd(600, "A+/");

/** One delta of the conversation: a reasoning piece or an answer piece. */
export interface Piece {
  kind: "thinking" | "text";
  text: string;
}

/** The conversation's deltas in order, generated as they are asked for. */
export function* pieces(spec: BodySpec): Generator<Piece> {
  const random = seeded(spec.seed);
  const phrase = () => {
    let out = "";
    for (let i = 0; i < 12; i++) out += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    return out;
  };
  for (let i = 0; i < spec.thinking; i++) yield { kind: "thinking", text: phrase() };
  for (let i = 0; i < spec.text; i++) yield { kind: "text", text: phrase() };
}

/** The whole reasoning text and answer text of a spec. */
export function conversation(spec: BodySpec): { thinking: string; text: string } {
  let thinking = "";
  let text = "";
  for (const p of pieces(spec)) {
    if (p.kind === "thinking") thinking += p.text;
    else text += p.text;
  }
  return { thinking, text };
}

const encoder = new TextEncoder();

/** A provider's wire events for a spec, each as its own bytes (an SSE event or a frame). */
export function* wireEvents(provider: Provider, spec: BodySpec): Generator<Uint8Array> {
  const events = EVENTS[provider](spec);
  for (const e of events) yield typeof e === "string" ? encoder.encode(e) : e;
}

/** A provider's whole body for a spec. */
export function body(provider: Provider, spec: BodySpec = BENCH_SPEC): Uint8Array {
  const parts = [...wireEvents(provider, spec)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The body's content type, as the provider sends it. */
export function contentType(provider: Provider): string {
  return provider === "bedrock" ? "application/vnd.amazon.eventstream" : "text/event-stream";
}

/** Bytes cut into network-sized chunks (16 KiB, as Node's fetch delivers a fast body). */
export function chunked(bytes: Uint8Array, size = 16 * 1024): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** A 200 Response whose body enqueues the given chunks, one per pull. */
export function streamResponse(chunks: readonly Uint8Array[], type: string): Response {
  let i = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(c) {
        const chunk = chunks[i++];
        if (chunk) c.enqueue(chunk);
        else c.close();
      },
    }),
    { status: 200, headers: { "content-type": type } },
  );
}

/**
 * A body made as it is read: each pull encodes events until a 16 KiB chunk is full, so memory
 * holds one chunk of it at a time. `onPull(bytesSoFar)` runs before each chunk.
 */
export function lazyBody(
  provider: Provider,
  spec: BodySpec,
  onPull?: (bytesSoFar: number) => void,
): ReadableStream<Uint8Array> {
  const events = wireEvents(provider, spec);
  const size = 16 * 1024;
  let sent = 0;
  let carry: Uint8Array | undefined;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      onPull?.(sent);
      const chunk = new Uint8Array(size);
      let filled = 0;
      while (filled < size) {
        let next = carry;
        carry = undefined;
        if (next === undefined) {
          const r = events.next();
          if (r.done) break;
          next = r.value;
        }
        const take = Math.min(next.length, size - filled);
        chunk.set(next.subarray(0, take), filled);
        filled += take;
        if (take < next.length) carry = next.subarray(take);
      }
      if (filled === 0) c.close();
      else {
        sent += filled;
        c.enqueue(chunk.subarray(0, filled));
      }
    },
  });
}

/** What the adapter must make of `body(provider, spec)`: one thinking part, then one text part. */
export function expected(provider: Provider, spec: BodySpec): ModelResponse {
  const { thinking, text } = conversation(spec);
  const deltas = spec.thinking + spec.text;
  // Chat Completions reasoning carries no signature.
  const signed = provider === "openai" || provider === "azure" ? {} : { signature: SIGNATURE };
  // The Responses body is read by golem/openai with api: "responses", whose parts carry the
  // Responses tag (docs/adr/0019-a-tag-per-openai-wire.md).
  const adapter = provider === "responses" ? "openai-responses" : provider;
  const message: Message = {
    role: "assistant",
    content: [
      { type: "thinking", text: thinking, ...signed, provider: adapter },
      { type: "text", text },
    ],
  };
  switch (provider) {
    case "anthropic": {
      // The body sends both cache counts as 0: a count sent is kept.
      const usage = {
        inputTokens: 100,
        outputTokens: deltas,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      };
      return { message, usage, stopReason: "end_turn", id: "msg_bench", model: "claude-bench" };
    }
    case "bedrock":
      return { message, usage: { inputTokens: 100, outputTokens: deltas }, stopReason: "end_turn" };
    case "gemini": {
      const usage = { inputTokens: 100, outputTokens: deltas, reasoningTokens: spec.thinking };
      return {
        message,
        usage,
        stopReason: "STOP",
        id: "bench-response",
        model: "gemini-3-pro-preview",
      };
    }
    case "openai":
    case "azure": {
      const usage = { inputTokens: 100, outputTokens: deltas, reasoningTokens: spec.thinking };
      const { id, model } = provider === "openai" ? OPENAI_HEAD : AZURE_HEAD;
      return { message, usage, stopReason: "stop", id, model };
    }
    case "responses": {
      const usage = { inputTokens: 100, outputTokens: deltas, reasoningTokens: spec.thinking };
      return { message, usage, stopReason: "completed", id: "resp_bench", model: "gpt-5.4" };
    }
  }
}

/** The response id and model every Gemini chunk restates. */
const GEMINI_IDENTITY = { modelVersion: "gemini-3-pro-preview", responseId: "bench-response" };

type EventSource = (spec: BodySpec) => Iterable<string | Uint8Array>;

const sse = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

// Anthropic Messages: fixtures/anthropic/thinking-tool-loop-stream.json.
function* anthropicEvents(spec: BodySpec): Generator<string> {
  yield sse("message_start", {
    type: "message_start",
    message: {
      id: "msg_bench",
      type: "message",
      role: "assistant",
      model: "claude-bench",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: 100,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 1,
      },
    },
  });
  yield sse("content_block_start", {
    type: "content_block_start",
    index: 0,
    content_block: { type: "thinking", thinking: "", signature: "" },
  });
  let inText = false;
  for (const p of pieces(spec)) {
    if (p.kind === "thinking") {
      yield sse("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "thinking_delta", thinking: p.text },
      });
      continue;
    }
    if (!inText) {
      inText = true;
      yield* anthropicThinkingEnd();
    }
    yield sse("content_block_delta", {
      type: "content_block_delta",
      index: 1,
      delta: { type: "text_delta", text: p.text },
    });
  }
  if (!inText) yield* anthropicThinkingEnd();
  yield sse("content_block_stop", { type: "content_block_stop", index: 1 });
  yield sse("message_delta", {
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: spec.thinking + spec.text },
  });
  yield sse("message_stop", { type: "message_stop" });
}

function* anthropicThinkingEnd(): Generator<string> {
  yield sse("content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "signature_delta", signature: SIGNATURE },
  });
  yield sse("content_block_stop", { type: "content_block_stop", index: 0 });
  yield sse("content_block_start", {
    type: "content_block_start",
    index: 1,
    content_block: { type: "text", text: "" },
  });
}

/**
 * Gemini writes `"key": value` with a space after each colon and CRLF line ends
 * (fixtures/gemini/thinking-streaming.json); this serializer does the same.
 */
function geminiJSON(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(geminiJSON).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const fields = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${geminiJSON(v)}`);
    return `{${fields.join(",")}}`;
  }
  return JSON.stringify(value);
}

// Gemini streamGenerateContent?alt=sse: one part per chunk, the signature closing the thoughts.
function* geminiEvents(spec: BodySpec): Generator<string> {
  const chunk = (part: object, extra: object = {}) =>
    `data: ${geminiJSON({
      candidates: [{ content: { parts: [part], role: "model" }, index: 0, ...extra }],
      usageMetadata: { promptTokenCount: 100, totalTokenCount: 100 },
      ...GEMINI_IDENTITY,
    })}\r\n\r\n`;
  let left = spec.thinking;
  for (const p of pieces(spec)) {
    if (p.kind === "thinking") {
      left--;
      yield chunk(
        left === 0
          ? { text: p.text, thought: true, thoughtSignature: SIGNATURE }
          : { text: p.text, thought: true },
      );
    } else yield chunk({ text: p.text });
  }
  yield `data: ${geminiJSON({
    candidates: [
      { content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 },
    ],
    usageMetadata: {
      promptTokenCount: 100,
      candidatesTokenCount: spec.text,
      totalTokenCount: 100 + spec.thinking + spec.text,
      thoughtsTokenCount: spec.thinking,
    },
    ...GEMINI_IDENTITY,
  })}\r\n\r\n`;
}

// OpenAI-compatible Chat Completions with reasoning_content:
// fixtures/openai/deepseek-thinking-tool-loop-stream.json.
const OPENAI_HEAD = {
  id: "0841b0a3-0321-47fa-a8a5-f08e5a4b3cb3",
  object: "chat.completion.chunk",
  created: 1781082253,
  model: "deepseek-v4-flash",
  system_fingerprint: "fp_8b330d02d0_prod0820_fp8_kvcache_20260402",
};

function* openaiEvents(spec: BodySpec): Generator<string> {
  const head = OPENAI_HEAD;
  const chunk = (delta: object, finish: string | null = null, usage: object | null = null) =>
    `data: ${JSON.stringify({
      ...head,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage,
    })}\n\n`;
  yield chunk({ role: "assistant", content: null, reasoning_content: "" });
  for (const p of pieces(spec)) {
    yield p.kind === "thinking"
      ? chunk({ content: null, reasoning_content: p.text })
      : chunk({ content: p.text, reasoning_content: null });
  }
  yield chunk({ content: "", reasoning_content: null }, "stop", openaiUsage(spec));
  yield "data: [DONE]\n\n";
}

function openaiUsage(spec: BodySpec) {
  return {
    completion_tokens: spec.thinking + spec.text,
    completion_tokens_details: { reasoning_tokens: spec.thinking },
    prompt_tokens: 100,
    total_tokens: 100 + spec.thinking + spec.text,
  };
}

// Azure OpenAI v1 Chat Completions (a reasoning deployment): content_filter_results on every
// choice, prompt_filter_results first, usage in a last chunk without choices
// (fixtures/azure/v1-tool-call-stream.json).
const AZURE_HEAD = {
  created: 1782321630,
  id: "chatcmpl-DuLZ0dgARywxlk2z1MS2qGUsf5mIi",
  model: "deepseek-r1",
  object: "chat.completion.chunk",
  system_fingerprint: null,
};

function* azureEvents(spec: BodySpec): Generator<string> {
  const head = AZURE_HEAD;
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({
      choices: [
        { content_filter_results: {}, delta, finish_reason: finish, index: 0, logprobs: null },
      ],
      ...head,
    })}\n\n`;
  yield `data: ${JSON.stringify({
    choices: [],
    created: 0,
    id: "",
    model: "",
    object: "",
    prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }],
  })}\n\n`;
  for (const p of pieces(spec)) {
    yield p.kind === "thinking"
      ? chunk({ content: null, reasoning_content: p.text })
      : chunk({ content: p.text });
  }
  yield chunk({}, "stop");
  yield `data: ${JSON.stringify({ choices: [], ...head, usage: openaiUsage(spec) })}\n\n`;
  yield "data: [DONE]\n\n";
}

const PAD = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A ConverseStream event frame, with the `p` padding field Bedrock adds (spec 2.4). */
function bedrockFrame(type: string, payload: Record<string, unknown>, n: number): Uint8Array {
  return encodeFrame(
    { ":event-type": type, ":content-type": "application/json", ":message-type": "event" },
    encoder.encode(JSON.stringify({ ...payload, p: PAD.slice(0, 20 + (n % 40)) })),
  );
}

// Bedrock ConverseStream: fixtures/bedrock/thinking-stream.json.
function* bedrockEvents(spec: BodySpec): Generator<Uint8Array> {
  let n = 0;
  yield bedrockFrame("messageStart", { role: "assistant" }, n++);
  let inText = false;
  for (const p of pieces(spec)) {
    if (p.kind === "thinking") {
      yield bedrockFrame(
        "contentBlockDelta",
        { contentBlockIndex: 0, delta: { reasoningContent: { text: p.text } } },
        n++,
      );
      continue;
    }
    if (!inText) {
      inText = true;
      yield* bedrockThinkingEnd(n++);
    }
    yield bedrockFrame("contentBlockDelta", { contentBlockIndex: 1, delta: { text: p.text } }, n++);
  }
  if (!inText) yield* bedrockThinkingEnd(n++);
  yield bedrockFrame("contentBlockStop", { contentBlockIndex: 1 }, n++);
  yield bedrockFrame("messageStop", { stopReason: "end_turn" }, n++);
  yield bedrockFrame(
    "metadata",
    {
      metrics: { latencyMs: 1999 },
      usage: {
        inputTokens: 100,
        outputTokens: spec.thinking + spec.text,
        totalTokens: 100 + spec.thinking + spec.text,
      },
    },
    n++,
  );
}

function* bedrockThinkingEnd(n: number): Generator<Uint8Array> {
  yield bedrockFrame(
    "contentBlockDelta",
    { contentBlockIndex: 0, delta: { reasoningContent: { signature: SIGNATURE } } },
    n,
  );
  yield bedrockFrame("contentBlockStop", { contentBlockIndex: 0 }, n);
}

// OpenAI Responses API (fixtures/openai/responses-thinking-tool-loop-stream.json): a reasoning
// item whose summary streams as deltas, then a message item; every `.done` event and
// `response.completed` repeat the whole text, so the body ends in events megabytes long.
function* responsesEvents(spec: BodySpec): Generator<string> {
  const { thinking, text } = conversation(spec);
  let n = 0;
  const event = (type: string, fields: object) =>
    sse(type, { type, sequence_number: n++, ...fields });
  const reasoning = (summary: string, encrypted: string) => ({
    id: "rs_bench",
    type: "reasoning",
    summary: summary === "" ? [] : [{ type: "summary_text", text: summary }],
    encrypted_content: encrypted,
  });
  const message = (content: string, status: string) => ({
    id: "msg_bench",
    type: "message",
    status,
    role: "assistant",
    content: content === "" ? [] : [{ type: "output_text", text: content, annotations: [] }],
  });
  const response = (status: string, output: object[], usage: object | null) => ({
    id: "resp_bench",
    object: "response",
    created_at: 1782321630,
    status,
    model: "gpt-5.4",
    output,
    usage,
  });
  yield event("response.created", { response: response("in_progress", [], null) });
  yield event("response.in_progress", { response: response("in_progress", [], null) });
  const item = { item_id: "rs_bench", output_index: 0, summary_index: 0 };
  yield event("response.output_item.added", { output_index: 0, item: reasoning("", "gAAAA") });
  yield event("response.reasoning_summary_part.added", {
    ...item,
    part: { type: "summary_text", text: "" },
  });
  const part = { item_id: "msg_bench", output_index: 1, content_index: 0 };
  let inText = false;
  for (const p of pieces(spec)) {
    if (p.kind === "thinking") {
      yield event("response.reasoning_summary_text.delta", { ...item, delta: p.text });
      continue;
    }
    if (!inText) {
      inText = true;
      yield event("response.reasoning_summary_text.done", { ...item, text: thinking });
      yield event("response.reasoning_summary_part.done", {
        ...item,
        part: { type: "summary_text", text: thinking },
      });
      yield event("response.output_item.done", {
        output_index: 0,
        item: reasoning(thinking, SIGNATURE),
      });
      yield event("response.output_item.added", {
        output_index: 1,
        item: message("", "in_progress"),
      });
      yield event("response.content_part.added", {
        ...part,
        part: { type: "output_text", text: "", annotations: [] },
      });
    }
    yield event("response.output_text.delta", { ...part, delta: p.text, logprobs: [] });
  }
  yield event("response.output_text.done", { ...part, text, logprobs: [] });
  yield event("response.content_part.done", {
    ...part,
    part: { type: "output_text", text, annotations: [] },
  });
  yield event("response.output_item.done", { output_index: 1, item: message(text, "completed") });
  yield event("response.completed", {
    response: response("completed", [reasoning(thinking, SIGNATURE), message(text, "completed")], {
      input_tokens: 100,
      output_tokens: spec.thinking + spec.text,
      output_tokens_details: { reasoning_tokens: spec.thinking },
      total_tokens: 100 + spec.thinking + spec.text,
    }),
  });
}

const EVENTS: Record<Provider, EventSource> = {
  responses: responsesEvents,
  anthropic: anthropicEvents,
  bedrock: bedrockEvents,
  gemini: geminiEvents,
  openai: openaiEvents,
  azure: azureEvents,
};
