/**
 * The next request's body for a provider whose wire binds reasoning to its prefix, built by
 * golem's own request builders from the history (as `generate` would build it), with the
 * wire's prefix definition the guard reads. Only these three wires have a prefix check
 * (docs/append-only.md); other providers get no guard verdict.
 */
import type { CallSettings, Message, ModelRequest, PrefixSetup } from "../core/types.js";
import type { PrefixWire } from "../kit/prefix/wire-prefix.js";
import { claudeBindsPrefix } from "../rules/append-only.js";
import { openaiBindsPrefix } from "../rules/openai-models.js";
import { CONVERSE_PREFIX } from "../wires/converse/prefix.js";
import { buildRequest as buildConverse } from "../wires/converse/request.js";
import { MESSAGES_PREFIX } from "../wires/messages/prefix.js";
import { buildRequest as buildMessages } from "../wires/messages/request.js";
import { responsesPrefix } from "../wires/openai-responses/prefix.js";
import { buildResponsesRequest } from "../wires/openai-responses/request.js";

/** A built body and the prefix definition the guard checks it with. */
export interface NextRequest {
  body: unknown;
  prefix: PrefixWire<unknown>;
}

/** How a target provider's next request is built. */
export interface PrefixTarget {
  /** The wire tag its prefix records carry. */
  wire: string;
  /** A model that binds reasoning to its prefix, when the caller names none. */
  model: string;
  binds(model: string): boolean;
  build(req: ModelRequest, provider: string, model: string): NextRequest;
}

/** What both Claude wires' builders take for a next request: no thinking, no effort. */
interface ClaudeBuild<S extends CallSettings> {
  model: string;
  provider: string;
  settings: S;
  thinking: undefined;
  effort: undefined;
}

/** A Claude wire's target: its builder, given the call settings the wire needs. */
function claudeTarget<S extends CallSettings>(
  wire: string,
  model: string,
  build: (req: ModelRequest, cfg: ClaudeBuild<S>, stream: false) => unknown,
  settings: S,
  prefix: PrefixWire<unknown>,
): PrefixTarget {
  return {
    wire,
    model,
    binds: claudeBindsPrefix,
    build: (req, provider, model) => ({
      body: build(
        req,
        { model, provider, settings, thinking: undefined, effort: undefined },
        false,
      ),
      prefix,
    }),
  };
}

// Messages requires `max_tokens`; Converse takes no setting.
const MESSAGES = claudeTarget(
  "anthropic",
  "claude-opus-5-5",
  buildMessages,
  { maxTokens: 1024 },
  MESSAGES_PREFIX as PrefixWire<unknown>,
);
const CONVERSE = claudeTarget(
  "bedrock",
  "anthropic.claude-opus-5-5-v1:0",
  buildConverse,
  {},
  CONVERSE_PREFIX as PrefixWire<unknown>,
);

const RESPONSES: PrefixTarget = {
  wire: "openai-responses",
  model: "gpt-6.2",
  binds: openaiBindsPrefix,
  build: (req, provider, model) => ({
    body: buildResponsesRequest(req, { provider, model }, false),
    prefix: responsesPrefix(model) as PrefixWire<unknown>,
  }),
};

/**
 * Each provider tag whose wire has a prefix check (Claude's platforms, Bedrock, OpenAI, Azure).
 * A Claude platform's entry is named `anthropic-<where>` and speaks the Messages wire, so its
 * tag is not listed: {@link prefixTarget} derives it.
 */
const TARGETS: Record<string, PrefixTarget> = {
  anthropic: MESSAGES,
  vertex: MESSAGES,
  bedrock: CONVERSE,
  openai: RESPONSES,
  azure: RESPONSES,
};

/** The prefix target of a provider tag, if its wire has a prefix check. */
export function prefixTarget(provider: string): PrefixTarget | undefined {
  if (Object.hasOwn(TARGETS, provider)) return TARGETS[provider];
  return provider.startsWith("anthropic-") ? MESSAGES : undefined;
}

/** A provider tag that speaks the wire a record names: the default target of a history. */
export function providerOfWire(wire: string): string | undefined {
  return Object.entries(TARGETS).find(([, t]) => t.wire === wire)?.[0];
}

/**
 * The request that would follow `history`: the system prompt and tools of its first recorded
 * turn (`PrefixRecord.setup`), its messages, and a user message after a last assistant turn
 * (what a next request holds).
 */
export function nextModelRequest(history: readonly Message[]): ModelRequest {
  const setup: PrefixSetup | undefined = history.find((m) => m.prefix?.setup)?.prefix?.setup;
  const messages = [...history];
  if (messages.at(-1)?.role === "assistant") messages.push({ role: "user", content: "…" });
  const req: ModelRequest = { messages };
  if (setup?.system !== undefined) req.system = setup.system;
  if (setup?.tools !== undefined) req.tools = setup.tools;
  return req;
}
