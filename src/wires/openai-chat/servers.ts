/**
 * The OpenAI-compatible servers golem knows, each a row of data: how reasoning is switched on
 * and how strong, how preserved thinking is asked for, where reasoning arrives, when and in
 * what form it goes back, and what the server refuses. The host of `baseURL` gives the
 * dialect (`server` names it where the host cannot); the model family gives the replay rule
 * (rules/, read by the request builder). Each row names its source and the day it was read.
 * @module
 */
import type { ThinkTags } from "../../kit/think-tags.js";

/** The servers a profile exists for; `"compatible"` is the generic default. */
export type ServerName =
  | "openai"
  | "deepseek"
  | "moonshot"
  | "dashscope"
  | "vllm"
  | "sglang"
  | "zai"
  | "cerebras"
  | "groq"
  | "together"
  | "fireworks"
  | "huggingface"
  | "ollama"
  | "lmstudio"
  | "llamacpp"
  | "xai"
  | "openrouter"
  | "mistral"
  | "compatible";

/** Where an answer's reasoning arrives; the first one present wins (never two, never doubled). */
export type ReasoningSource =
  | "reasoning_content"
  | "reasoning"
  | "reasoning_details"
  | "tags"
  | "thinking_chunks";

/** When a server wants an assistant turn's reasoning back. */
export type ReplayWhen = "never" | "tool-calls" | "always";

/** The form replayed reasoning takes on the wire. */
export type ReplayForm =
  | "reasoning_content"
  | "reasoning"
  | "reasoning_details"
  | "tags"
  | "thinking_chunks";

/** One server's reasoning dialect. */
export interface ServerProfile {
  name: ServerName;
  /** Host names (or their suffixes, `.groq.com`) that identify it in `baseURL`. */
  hosts: readonly string[];
  /** Where reasoning arrives, in order of preference. */
  reasoningIn: readonly ReasoningSource[];
  /** The tags of `"tags"` reasoning, when not `<think>…</think>`. */
  tags?: ThinkTags;
  /** When reasoning goes back unless the model family says more (rules/). */
  replay: ReplayWhen;
  /** The form it goes back in. */
  replayAs: ReplayForm;
  /** The doc or capture the row was read from, and when. */
  source: string;
  checked: string;
}
