/**
 * Model ids as the vendors' SDKs list them, for an editor to offer: each union still takes any
 * string (`(string & {})`), so a newer model needs no golem release. The lists are values only so
 * that a test can hold them to the SDKs' own; no bundle keeps them (nothing at run time reads them).
 * @module
 */

/**
 * A Claude model id on the Claude API (and the platforms that take its ids): the `Model` type
 * of @anthropic-ai/sdk 1.17.0, which no longer lists retired models (Claude Sonnet 4.5, 1.15.0).
 */
export const CLAUDE_MODEL_IDS = [
  "claude-fable-5-2",
  "claude-mythos-5-2",
  "claude-haiku-5-5",
  "claude-sonnet-5-5",
  "claude-fable-5-1",
  "claude-opus-5-5",
  "claude-mythos-5-1",
  "claude-sonnet-5",
  "claude-fable-5",
  "claude-mythos-5",
  "claude-opus-5",
  "claude-opus-4-8",
  "claude-opus-4-7",
  "claude-opus-4-6",
  "claude-sonnet-4-6",
  "claude-haiku-4-5",
  "claude-haiku-4-5-20251001",
  "claude-opus-4-5",
  "claude-opus-4-5-20251101",
] as const;
/** A Claude model id: any of {@link CLAUDE_MODEL_IDS}, or any other string. */
export type ClaudeModelId = (typeof CLAUDE_MODEL_IDS)[number] | (string & {});

/**
 * An OpenAI model id: the reasoning models of the `ChatModel` type of openai 7.60.0 (GPT-5 and
 * later, the o-series), undated aliases only, and the two restricted-access models its
 * `ResponsesModel` adds in November 2026 (`gpt-6.2-astra-law`, `gpt-6-rosalind`: no public
 * model page says what they take, so no rule refuses anything on them, docs/models.md).
 */
export const OPENAI_MODEL_IDS = [
  "gpt-6.2-astra",
  "gpt-6.2-sol",
  "gpt-6.2-astra-law",
  "gpt-6-rosalind",
  "gpt-6.1-sol",
  "gpt-6.1-terra",
  "gpt-6-astra",
  "gpt-6-sol",
  "gpt-6-luna",
  "gpt-5.6-sol",
  "gpt-5.6-terra",
  "gpt-5.6-luna",
  "gpt-5.5",
  "gpt-5.4",
  "gpt-5.4-mini",
  "gpt-5.4-nano",
  "gpt-5.2",
  "gpt-5.2-pro",
  "gpt-5.1",
  "gpt-5.1-mini",
  "gpt-5.1-codex",
  "gpt-5",
  "gpt-5-mini",
  "gpt-5-nano",
  "o4-mini",
  "o3",
  "o3-mini",
  "o1",
] as const;
/** An OpenAI model id: any of {@link OPENAI_MODEL_IDS}, or any other string. */
export type OpenAIModelId = (typeof OPENAI_MODEL_IDS)[number] | (string & {});
