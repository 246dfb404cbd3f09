import { HistoryError } from "../../core/errors.js";
import { isNonEmptyString } from "../../core/issue.js";
import { base64ToBytes } from "../../core/media.js";
import { partsOf, textOf } from "../../core/parts.js";
import type { Message, ModelRequest, Part } from "../../core/types.js";
import { type Mark, markAt, planBreakpoints, type ResolvedCache } from "../../kit/cache.js";
import { checkMedia, isMedia, type MediaPart, type MediaPlace } from "../../kit/media.js";
import { noteOrigins, type Origin } from "../../kit/prefix/wire-prefix.js";
import { callSettings, wireFields, withExtraBody } from "../../kit/settings.js";
import { appendTurn, originsFor } from "../../kit/turns.js";
import { claudeBindsPrefix, claudeTakesMidSystem } from "../../rules/append-only.js";
import type { Capabilities } from "../../rules/capabilities.js";
import { type Effort, THINKING_OPTION } from "../../rules/claude.js";
import { claudeCapabilities } from "../../rules/claude-checks.js";
import { leftOutAfterFallback } from "./fallback-turn.js";
import { MEDIA } from "./media.js";
import { checkSettings, type ResolvedOptions } from "./options.js";
import { tool as buildTool, type CompiledUpdate, compileUpdates } from "./updates.js";
import type {
  BlockBinding,
  CacheControlEphemeral,
  ContentBlockParam,
  DocumentBlockParam,
  DocumentSource,
  FallbackModel,
  ImageMediaType,
  ImageSource,
  MediaBlockParam,
  MediaSource,
  MessageCreateParams,
  MessageParam,
  SystemBlockParam,
  TextBlockParam,
  ToolChoice,
  ToolResultBlockParam,
} from "./wire.js";

/** The call settings the Messages API has, by their wire names (`max_tokens` is set apart). */
const SETTING_FIELDS = {
  temperature: "temperature",
  topP: "top_p",
  topK: "top_k",
  stopSequences: "stop_sequences",
};

/** The beta `thinking.block_binding` needs. */
export const THINKING_BINDING_BETA = "thinking-binding-controls-2026-08-01";

/**
 * `thinking.block_binding` for `prefixCheck` on a model that binds thinking to its prefix:
 * "error" or "drop_block". It lives inside `thinking`, so it goes only with a `thinking` the
 * caller set (not `disabled`, where no block is produced), or where an unset `thinking` can
 * only mean adaptive: on a model whose one thinking mode is `adaptive` (the rules table or
 * the caller's capabilities). Elsewhere no `thinking` is no field, the model's default
 * (golem's own prefix check still runs on the turns it recorded).
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/fix-bound-to-a-different-conversation
 */
export function blockBinding(
  cfg: Partial<Pick<ResolvedOptions, "model" | "thinking" | "prefixCheck" | "capabilities">>,
): BlockBinding | undefined {
  const check = cfg.prefixCheck ?? "off";
  if (check === "off" || cfg.thinking?.type === "disabled") return undefined;
  if (!cfg.model || !claudeBindsPrefix(cfg.model)) return undefined;
  if (!cfg.thinking && !onlyAdaptive(claudeCapabilities(cfg.model, cfg.capabilities))) {
    return undefined;
  }
  return { prefix_mismatch_behavior: check === "drop" ? "drop_block" : "error" };
}

/** Whether `adaptive` is the model's one thinking mode, every other known to be refused. */
function onlyAdaptive(caps: Capabilities | undefined): boolean {
  const t = caps?.thinking;
  return (
    t?.adaptive === true &&
    Object.keys(THINKING_OPTION).every((mode) => mode === "adaptive" || t[mode] === false)
  );
}

/**
 * History -> Messages API body. An assistant message goes back part for part in its order
 * (Anthropic checks thinking blocks against their place in the turn); thinking from another
 * provider or without a signature and other providers' blocks are left out. A message left
 * with nothing to send is left out whole and its neighbours of one role merge, as the API
 * alternates roles; consecutive tool results share one user message.
 */
export function buildRequest(
  request: ModelRequest,
  cfg: Pick<ResolvedOptions, "model" | "settings" | "thinking" | "effort"> &
    Partial<
      Pick<
        ResolvedOptions,
        | "cache"
        | "contextManagement"
        | "provider"
        | "capabilities"
        | "prefixCheck"
        | "fallbacks"
        | "fields"
      >
    >,
  stream: boolean,
): MessageCreateParams {
  const provider = cfg.provider ?? "anthropic";
  // Append-only updates: in their system messages, or folded top-level (updates.ts).
  const compiled = compileUpdates(request, cfg.model, provider);
  const req = compiled.request;
  const s = callSettings(provider, cfg.settings, req);
  checkSettings(cfg, { ...req, ...s }, provider);
  const marks: Mark[] = [];
  const hoisted = hoistedSystem(req.messages, claudeTakesMidSystem(cfg.model));
  const body: MessageCreateParams = {
    model: cfg.model,
    max_tokens: s.maxTokens ?? cfg.settings.maxTokens,
    messages: buildMessages(
      req.messages,
      marks,
      { provider, fallbacks: !!cfg.fallbacks },
      hoisted,
      compiled.updates,
    ),
  };
  const system = [req.system, ...[...hoisted].map((i) => textOf(req.messages[i] as Message))];
  const texts = system.filter(isNonEmptyString);
  if (texts.length > 0) body.system = texts.map((text) => ({ type: "text", text }));
  if (cfg.thinking) body.thinking = cfg.thinking;
  const binding = blockBinding(cfg);
  // Without `thinking`, only a model that thinks adaptively alone has a binding: `adaptive`
  // is what its unset field meant.
  if (binding)
    body.thinking = { ...(cfg.thinking ?? { type: "adaptive" }), block_binding: binding };
  // Structured output shares `output_config` with effort (name and description have no field).
  // An update's effort was checked against Claude's levels (updates.ts).
  const effort = (compiled.effort as Effort | undefined) ?? cfg.effort;
  if (effort || req.output) {
    body.output_config = {};
    if (effort) body.output_config.effort = effort;
    if (req.output) {
      const schema = req.output.schema as Record<string, unknown>;
      body.output_config.format = { type: "json_schema", schema };
    }
  }
  if (req.tools && req.tools.length > 0) body.tools = req.tools.map(buildTool);
  if (req.toolChoice !== undefined) body.tool_choice = buildToolChoice(req.toolChoice);
  Object.assign(body, wireFields(s, SETTING_FIELDS));
  if (cfg.contextManagement) body.context_management = cfg.contextManagement;
  // The caller's list, as given (the API reads it, golem does not change it).
  if (cfg.fallbacks) body.fallbacks = cfg.fallbacks as FallbackModel[];
  Object.assign(body, cfg.fields);
  if (stream) body.stream = true;
  placeCacheControl(body, req.messages, marks, cfg.cache, hoisted);
  return withExtraBody(body, cfg.settings, req);
}

/**
 * The system messages that go into the top-level `system`: those before the first other
 * message, and on a model without mid-conversation system messages all of them (a model that
 * binds reasoning to its prefix takes them, so hoisting never rewrites a bound prefix). A
 * message with an update stays in place: its blocks have no top-level form.
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
function hoistedSystem(messages: readonly Message[], midSystem: boolean): Set<number> {
  const hoisted = new Set<number>();
  let leading = true;
  for (const [i, m] of messages.entries()) {
    if (m.role !== "system") leading = false;
    else if ((leading || !midSystem) && m.update === undefined) hoisted.add(i);
  }
  return hoisted;
}

/**
 * Whose blocks go back, and whether `fallback` blocks do: they parse only under the
 * server-side fallback beta, which golem sends with `fallbacks`, so a request without it would
 * be a 400 (the SDK's refusal-fallback middleware strips them for the same reason). Either
 * way, what came before a turn's final `fallback` block goes back as fallback-turn.ts says.
 */
interface Replay {
  provider: string;
  fallbacks: boolean;
}

function buildMessages(
  messages: readonly Message[],
  marks: Mark[],
  replay: Replay,
  hoisted: ReadonlySet<number>,
  updates: ReadonlyMap<number, CompiledUpdate>,
): MessageParam[] {
  const out: MessageParam[] = [];
  const origins: Origin[][] = [];
  const add = (
    role: MessageParam["role"],
    content: ContentBlockParam[],
    index: number,
    parts?: number[],
  ) => appendTurn(out, role, content, origins, originsFor(index, content.length, parts));
  // Tool calls left out after a fallback boundary: their results are left out too.
  const unsent = new Set<string>();
  for (const [index, m] of messages.entries()) {
    if (m.role === "user") {
      checkAfterSystem(out, index);
      add("user", userContent(m, index), index);
    } else if (m.role === "assistant") {
      const parts: number[] = [];
      add("assistant", assistantContent(m, index, replay, parts, unsent), index, parts);
    } else if (m.role === "tool") {
      if (!unsent.has(m.toolCallId ?? "")) add("user", [toolResult(m, index)], index);
    } else if (!hoisted.has(index)) {
      const update = updates.get(index);
      const clearAt = m.update?.clearAt;
      const content = [...systemContent(m, out, index), ...(update?.blocks ?? [])];
      const last = out[out.length - 1];
      // Merged with a system message next to it, both texts would share one `clear_at`.
      if (last?.role === "system" && (last.clear_at || clearAt)) {
        throw new HistoryError(
          "update.clearAt: join this system message with the one next to it",
          index,
        );
      }
      if (update?.effort === undefined) add("system", content, index);
      else addEffort(out, origins, content, index, update.effort as Effort);
      const sent = out[out.length - 1];
      if (clearAt && sent?.role === "system") sent.clear_at = clearAt;
    }
    if (m.cache && !hoisted.has(index)) marks.push(markAt(out, index));
  }
  noteOrigins(out, origins);
  return out;
}

/**
 * A mid-conversation system message, in its place: the API takes one right after a user turn
 * (a prompt or tool results), so one anywhere else is refused here rather than by a 400.
 */
function systemContent(m: Message, out: readonly MessageParam[], index: number): TextBlockParam[] {
  if (out.length === 0 || out[out.length - 1]?.role === "assistant") {
    throw new HistoryError(
      "a system message in the middle of the conversation must follow a user message or tool result on this model; put it after the next user message",
      index,
    );
  }
  const text = textOf(m);
  return text === "" ? [] : [{ type: "text", text }];
}

/**
 * A system message with content must end the messages or be followed by the assistant's turn
 * (a 400 otherwise); one with only `output_config` may come before a user message.
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
function checkAfterSystem(out: readonly MessageParam[], index: number): void {
  const last = out[out.length - 1];
  if (last?.role === "system" && last.content.length > 0) {
    throw new HistoryError(
      "a user message right after a system message is refused by this model: the system message must end the request or be followed by the assistant's turn; put it after this user message",
      index,
    );
  }
}

/**
 * A system message that carries `output_config.effort`: merged into a system message just
 * before it that has none, else its own (an effort-only message has empty content, which the
 * API takes there: "a message with neither content nor output_config fields is rejected").
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/change-tools-or-instructions
 */
function addEffort(
  out: MessageParam[],
  origins: Origin[][],
  content: SystemBlockParam[],
  index: number,
  effort: Effort,
): void {
  const last = out[out.length - 1];
  const from = originsFor(index, content.length);
  if (last?.role === "system" && last.output_config === undefined) {
    last.content.push(...content);
    last.output_config = { effort };
    origins[origins.length - 1]?.push(...from);
  } else {
    out.push({ role: "system", content, output_config: { effort } });
    origins.push(from);
  }
}

/**
 * Writes `cache_control` where {@link planBreakpoints} says: on the block itself (a copy, so
 * the caller's provider parts stay untouched), never on a thinking block, which the API
 * refuses ("Extra inputs are not permitted").
 * @see https://platform.claude.com/docs/en/build-with-claude/prompt-caching
 */
function placeCacheControl(
  body: MessageCreateParams,
  messages: readonly Message[],
  marks: readonly Mark[],
  cache: ResolvedCache | undefined,
  hoisted: ReadonlySet<number>,
): void {
  const plan = planBreakpoints(
    body.messages,
    marks,
    (b) => !b.type.endsWith("thinking"),
    cache?.auto,
    [...hoisted].some((i) => messages[i]?.cache),
    !!body.system,
    !!body.tools,
  );
  const cache_control: CacheControlEphemeral = cache?.ttl
    ? { type: "ephemeral", ttl: cache.ttl }
    : { type: "ephemeral" };
  const mark = <B>(list: B[] | undefined, i = (list?.length ?? 0) - 1) => {
    if (list?.[i]) list[i] = { ...list[i], cache_control };
  };
  for (const [content, i] of plan.spots) mark(content, i);
  if (plan.system) mark(body.system);
  if (plan.tools) mark(body.tools);
}

/** A user message's or tool result's parts in order; empty text is left out (the API refuses it). */
function userContent(
  m: Message,
  index: number,
  place: MediaPlace = "user",
): (TextBlockParam | MediaBlockParam)[] {
  const content: (TextBlockParam | MediaBlockParam)[] = [];
  for (const [j, part] of partsOf(m).entries()) {
    if (isMedia(part)) content.push(mediaBlock(part, j, index, place));
    else if (part.type === "text" && part.text !== "") {
      content.push({ type: "text", text: part.text });
    }
  }
  return content;
}

/** An `image` or `document` block with a base64, URL or (plain text) text source. */
function mediaBlock(p: MediaPart, j: number, index: number, place: MediaPlace): MediaBlockParam {
  // Past checkMedia, the media type is one of MEDIA's: an image's for an image, else a
  // document's, so each source below is of its block's kind.
  checkMedia("anthropic", MEDIA, p, j, index, place);
  const source: MediaSource =
    p.url !== undefined
      ? { type: "url", url: p.url }
      : p.mediaType === "text/plain"
        ? { type: "text", media_type: p.mediaType, data: decodeText(p.data ?? "") }
        : {
            type: "base64",
            media_type: p.mediaType as ImageMediaType | "application/pdf",
            data: p.data ?? "",
          };
  if (p.type === "image") return { type: "image", source: source as ImageSource };
  const block: DocumentBlockParam = { type: "document", source: source as DocumentSource };
  if (p.filename !== undefined) block.title = p.filename;
  return block;
}

const decodeText = (data: string) => new TextDecoder().decode(base64ToBytes(data));

/**
 * An assistant message's blocks in order; `parts` gets the part index of each block, `unsent`
 * the ids of tool calls left out after a fallback boundary.
 */
function assistantContent(
  m: Message,
  index: number,
  replay: Replay,
  parts?: number[],
  unsent?: Set<string>,
): ContentBlockParam[] {
  const content: ContentBlockParam[] = [];
  const all = partsOf(m);
  const leftOut = leftOutAfterFallback(all, replay.provider);
  for (const id of leftOut.toolCalls) unsent?.add(id);
  for (const [j, part] of all.entries()) {
    if (leftOut.parts.has(j)) continue;
    const block = assistantBlock(part, j, index, replay);
    if (block) {
      content.push(block);
      parts?.push(j);
    }
  }
  return content;
}

function assistantBlock(
  part: Part,
  j: number,
  index: number,
  { provider, fallbacks }: Replay,
): ContentBlockParam | undefined {
  switch (part.type) {
    case "text":
      // A foreign signature or phase stays behind; the text goes.
      return part.text === "" ? undefined : { type: "text", text: part.text };
    case "thinking":
      if (part.provider !== undefined && part.provider !== provider) return undefined;
      if (part.redacted !== undefined) return { type: "redacted_thinking", data: part.redacted };
      // Anthropic verifies every thinking block; one without a signature can only fail.
      if (part.signature === undefined || part.text === undefined) return undefined;
      return { type: "thinking", thinking: part.text, signature: part.signature };
    case "tool-call":
      return {
        type: "tool_use",
        id: part.id,
        name: part.name,
        input: parseArguments(part.arguments, index),
      };
    case "provider":
      // Server tool use and its result are one provider part each: both go, or neither. A
      // `fallback` block goes back in its place under the fallbacks beta, else not at all
      // (docs/adr/0029-fallback-replay-and-responses-updates.md; what precedes it: fallback-turn.ts).
      if (part.provider !== provider) return undefined;
      if (!fallbacks && (part.value as { type?: unknown } | null)?.type === "fallback") {
        return undefined;
      }
      return part.value as ContentBlockParam;
    default:
      // Images and files the model sent (none today) have no way back in an assistant turn.
      checkMedia("anthropic", MEDIA, part, j, index, "assistant");
      return undefined;
  }
}

function toolResult(m: Message, index: number): ToolResultBlockParam {
  if (!m.toolCallId) throw new HistoryError("a tool message needs a toolCallId", index);
  const block: ToolResultBlockParam = { type: "tool_result", tool_use_id: m.toolCallId };
  const text = textOf(m);
  // Text alone is one text block, as before; with images or documents, every part in order.
  if (partsOf(m).some(isMedia)) block.content = userContent(m, index, "tool");
  // The API refuses empty text blocks, so an empty result is sent without content.
  else if (text !== "") block.content = [{ type: "text", text }];
  if (m.isError) block.is_error = true;
  return block;
}

/** Tool arguments are JSON text in golem and a JSON object on the wire; `""` means `{}`. */
function parseArguments(args: string, index: number): unknown {
  if (args.trim() === "") return {};
  try {
    return JSON.parse(args);
  } catch {
    throw new HistoryError(`tool call arguments are not JSON: ${args.slice(0, 80)}`, index);
  }
}

function buildToolChoice(choice: NonNullable<ModelRequest["toolChoice"]>): ToolChoice {
  if (choice === "auto") return { type: "auto" };
  if (choice === "none") return { type: "none" };
  if (choice === "required") return { type: "any" };
  return { type: "tool", name: choice.name };
}
