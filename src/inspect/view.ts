/**
 * The data an inspector page is built from, apart from its HTML: what {@link buildView} reads
 * from a history, a run or a cassette. Every field holds what the page shows, already reduced
 * (digests for signatures and payloads, JSON with opaque values hidden); the HTML only escapes.
 */
import type { Usage } from "../core/types.js";
import type { Digest } from "./digest.js";

/** One part of a turn, as the page shows it. */
export interface PartView {
  kind:
    | "thinking"
    | "redacted"
    | "text"
    | "tool-call"
    | "tool-result"
    | "image"
    | "file"
    | "provider";
  /** Where the part is: `messages.3.content.0` (a history), or the wire path in a cassette. */
  path: string;
  /** Text, thinking text, a tool call's arguments, a tool result's text, a provider part's JSON. */
  text?: string;
  /** A tool call's name, or a provider part's type. */
  name?: string;
  /** A tool call's id, or the reasoning item's id. */
  id?: string;
  /** Which provider the part's evidence belongs to. */
  provider?: string;
  /** A signature that rode the part. */
  signature?: Digest;
  /** An encrypted payload (redacted thinking, an encrypted reasoning item). */
  payload?: Digest;
  /** An image or file: its media type, inline base64 data (a thumbnail), or a URL shown as text. */
  media?: { mediaType: string; data?: Digest; thumbnail?: string; url?: string; filename?: string };
  /** A cache marker rode the part (Anthropic `cache_control`). */
  cache?: boolean;
}

/** What the prefix guard would do with a signed turn on the next request to the target. */
export interface Verdict {
  outcome: "kept" | "dropped" | "refused" | "unknown";
  /** Why, in a sentence. */
  reason: string;
  /** The first path that differs (`system`, `tools[1]`, `messages.2.content.0`). */
  path?: string;
  /** The history index of the message that path is in, when it names one. */
  at?: number;
}

/** One message of the conversation. */
export interface TurnView {
  index: number;
  role: string;
  parts: PartView[];
  /** The provider whose evidence the turn carries (its signed parts, or its prefix record). */
  provider?: string;
  /** The model that answered, where the input tells (a cassette's response). */
  model?: string;
  /** A prompt-cache breakpoint after this message (`Message.cache`, or a wire marker). */
  cache: boolean;
  /** The turn carries signatures, encrypted reasoning or a prefix record. */
  signed: boolean;
  /** The wire its prefix record was made for. */
  record?: string;
  verdict?: Verdict;
  toolCallId?: string;
  isError?: boolean;
  /** An append-only update (tools, effort, output), as JSON. */
  update?: string;
}

/** One model call of a cassette (a request and its response), or a step of a run. */
export interface StepView {
  step: number;
  url?: string;
  status?: number;
  model?: string;
  usage?: Usage;
  /** Where the request's cache breakpoints are (wire paths). */
  breakpoints: string[];
  /** The cache-miss explainer against the request before (none for the first). */
  cache?:
    | { extends: true }
    | { extends: false; path: string; detail: string; before: string; after: string };
  /** Request headers as the recorder keeps them. */
  headers?: Record<string, string>;
}

/** One entry of what the provider (or golem) did to a request's input. */
export interface TransformationView {
  step?: number;
  action: string;
  by: string;
  reason: string;
  path?: string;
  index?: number;
  id?: string;
}

/** Everything one page shows. */
export interface InspectView {
  title: string;
  /** What the page was made from. */
  source: "history" | "run" | "cassette";
  /** The conversation's provider and model, where the input tells. */
  provider?: string;
  model?: string;
  /** The provider (and model) the verdicts are for: the next request's. */
  target: { provider: string; model: string; binds: boolean };
  /** The system prompt and tools of the conversation's first recorded turn, or of the last request. */
  system?: string;
  tools?: string;
  turns: TurnView[];
  steps: StepView[];
  transformations: TransformationView[];
  /** Usage over every step; absent when the input has none. */
  total?: Usage;
  /** Notes: where the input came from, what it cannot hold, an answer the wire did not read whole. */
  notes: string[];
}
