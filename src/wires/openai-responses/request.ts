import { partsOf, textOf } from "../../core/parts.js";
import type { Message, ModelRequest, Part } from "../../core/types.js";
import { checkMedia, isMedia, type MediaPart, urlOf } from "../../kit/media.js";
import { noteOrigins, type Origin } from "../../kit/prefix/wire-prefix.js";
import { callSettings, wireFields, withExtraBody } from "../../kit/settings.js";
import { checkSettings } from "../../rules/openai.js";
import { filenameOf, RESPONSES_MEDIA } from "../openai-chat/media.js";
import type { ResponsesOptions } from "../openai-chat/options.js";
import { promptCacheFields } from "../openai-chat/options.js";
import { jsonSchemaFormat } from "../openai-chat/settings.js";
import { markInput } from "./breakpoints.js";
import { responsesTag } from "./parts.js";
import { OPENAI_RESPONSES, type ResponsesServer } from "./servers.js";
import { buildTool, buildToolChoice } from "./tools.js";
import { buildUpdateItems } from "./update.js";
import type {
  InputContent,
  ProviderItemParam,
  ResponseCreateParams,
  ResponseInputItem,
  ResponseOutputMessageParam,
  ResponseReasoningItemParam,
  ResponseReasoningTextItemParam,
} from "./wire.js";

/** The Responses endpoint under a base URL (streaming uses the same one). */
export function responsesUrl(cfg: { baseURL: string }): string {
  return `${cfg.baseURL}/responses`;
}

/**
 * The Responses body for a request: stateless (`store: false`) with what the server's row asks
 * to include, `system` as `instructions`, and the history as `input` items in the server's form
 * (a system message's `update` as the append-only items of update.ts).
 */
export function buildResponsesRequest(
  req: ModelRequest,
  cfg: ResponsesOptions,
  stream: boolean,
  server: ResponsesServer = OPENAI_RESPONSES,
): ResponseCreateParams {
  const s = callSettings(cfg.provider, cfg.settings, req);
  checkSettings("responses", cfg, s);
  const input: ResponseInputItem[] = [];
  const origins: Origin[][] = [];
  const marked: [number, number][] = [];
  for (const [i, m] of req.messages.entries()) {
    const parts: number[] = [];
    const items =
      m.role === "system" && m.update
        ? buildUpdateItems({ ...m, update: m.update }, cfg, i)
        : buildInputItems(m, cfg.provider, i, parts, server);
    for (const [n, item] of items.entries()) {
      input.push(item);
      origins.push([[i, parts[n] ?? -1]]);
    }
    if (m.cache) marked.push([i, input.length]);
  }
  if (cfg.cache === "auto") markInput(input, marked);
  noteOrigins(input, origins);
  const body: ResponseCreateParams = {
    model: cfg.model,
    input,
  };
  if (server.include.length > 0) body.include = [...server.include];
  if (server.store === false) body.store = false;
  if (req.system !== undefined && req.system !== "") body.instructions = req.system;
  if (req.tools !== undefined && req.tools.length > 0) body.tools = req.tools.map(buildTool);
  const toolChoice = buildToolChoice(req);
  if (toolChoice !== undefined) body.tool_choice = toolChoice;
  if (cfg.reasoningEffort !== undefined || cfg.reasoningSummary !== undefined) {
    body.reasoning = {};
    if (cfg.reasoningEffort !== undefined) body.reasoning.effort = cfg.reasoningEffort;
    if (cfg.reasoningSummary !== undefined) body.reasoning.summary = cfg.reasoningSummary;
  }
  Object.assign(
    body,
    wireFields(s, { maxTokens: "max_output_tokens", temperature: "temperature", topP: "top_p" }),
  );
  if (req.output)
    body.text = { format: { type: "json_schema", ...jsonSchemaFormat(cfg.provider, req.output) } };
  Object.assign(body, promptCacheFields(cfg));
  if (stream) body.stream = true;
  return withExtraBody(body, cfg.settings, req);
}

/**
 * The `input` items of one message, in wire order; `index` is the message's place in the
 * history, named by a HistoryError. `parts` gets the part each assistant item starts at.
 */
export function buildInputItems(
  m: Message,
  provider: string,
  index = 0,
  parts?: number[],
  server: ResponsesServer = OPENAI_RESPONSES,
): ResponseInputItem[] {
  const place = m.role === "user" ? "user" : m.role === "tool" ? "tool" : "assistant";
  for (const [j, p] of partsOf(m).entries()) {
    if (isMedia(p)) checkMedia(`${provider} Responses`, RESPONSES_MEDIA, p, j, index, place);
  }
  if (m.role === "assistant") {
    const items = buildAssistantItems(m, provider, parts, server.replay);
    return server.callsLast ? callsLast(items, parts) : items;
  }
  // The wire has no error flag for a tool result: the output itself says what failed.
  if (m.role === "tool") {
    // Text alone stays a string; with images or files the output is an array of input parts.
    const output = partsOf(m).some(isMedia) ? buildContent(m, index) : textOf(m);
    return [{ type: "function_call_output", call_id: m.toolCallId ?? "", output }];
  }
  const type = server.messageType ? ({ type: "message" } as const) : {};
  if (typeof m.content === "string")
    return m.content === "" ? [] : [{ ...type, role: m.role, content: m.content }];
  const content = buildContent(m, index);
  return content.length === 0 ? [] : [{ ...type, role: m.role, content }];
}

/**
 * An assistant turn's items with its `function_call` items after the others, each group in its
 * order (`parts`, the part each item starts at, follows): DeepSeek answers 400 to assistant text
 * between a call and its output, and one Chat Completions message (content, then tool calls)
 * is the order its models were trained on (docs/adr/0041-responses-servers.md).
 */
function callsLast(items: ResponseInputItem[], parts: number[] = []): ResponseInputItem[] {
  const isCall = (item: ResponseInputItem) => (item as { type?: unknown }).type === "function_call";
  const order = [...items.keys()].sort((a, b) => {
    const ca = isCall(items[a] as ResponseInputItem);
    return ca === isCall(items[b] as ResponseInputItem) ? a - b : ca ? 1 : -1;
  });
  const starts = order.map((k) => parts[k] ?? -1);
  if (parts.length === items.length) parts.splice(0, parts.length, ...starts);
  return order.map((k) => items[k] as ResponseInputItem);
}

/** A message's text, image and file parts as input parts, in order. */
function buildContent(m: Message, index: number): InputContent[] {
  const content: InputContent[] = [];
  for (const [j, p] of partsOf(m).entries()) {
    if (p.type === "text") content.push({ type: "input_text", text: p.text });
    else if (isMedia(p)) content.push(buildMedia(p, index, j));
  }
  return content;
}

function buildMedia(p: MediaPart, index: number, j: number): InputContent {
  if (p.type === "image") return { type: "input_image", image_url: urlOf(p), detail: "auto" };
  if (p.url !== undefined) return { type: "input_file", file_url: p.url };
  return { type: "input_file", file_data: urlOf(p), filename: filenameOf(p, index, j) };
}

/**
 * An assistant message's parts as items, in their order (docs/adr/0007-responses-items-as-parts.md):
 * a signed thinking part of this wire ({@link ownTags}; or untagged) opens a `reasoning` item whose
 * `encrypted_content` is its signature, and the unsigned ones right after it are its further
 * summary parts; an unsigned part opening no item is left out (stateless replay needs the
 * encrypted content). Consecutive text parts with the same phase are one message item; a call
 * is a `function_call`; an own provider part is the item it was. Foreign thinking, provider
 * parts and phases are left out. No item gets an `id`: under `store: false` none is needed,
 * and Azure refuses reasoning ids (ADR 0003).
 *
 * `replay: "items"` (servers that send raw reasoning text, servers.ts): a thinking part of this
 * wire with an `id` or a signature opens a reasoning item of `reasoning_text` content (its id,
 * its signature as `encrypted_content`, else null), and the unsigned parts right after it are
 * its further content; an unsigned part without an id that opens nothing is left out, as above.
 */
function buildAssistantItems(
  m: Message,
  provider: string,
  starts: number[] = [],
  replay: ResponsesServer["replay"] = "signed",
): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  let reasoning: ResponseReasoningItemParam | ResponseReasoningTextItemParam | undefined;
  let message: ResponseOutputMessageParam | undefined;
  const tags = ownTags(partsOf(m), provider);
  for (const [j, p] of partsOf(m).entries()) {
    // The part each new item starts at, for the prefix check's paths.
    while (starts.length < items.length) starts.push(j - 1);
    // Untagged or this wire's (images and files were refused before).
    const tag = (p as { provider?: string }).provider;
    const own = tag === undefined || tags.includes(tag);
    if (p.type === "text") {
      if (p.text === "") continue;
      reasoning = undefined;
      const phase = own ? p.phase : undefined;
      if (message === undefined || message.phase !== phase) {
        message = { type: "message", role: "assistant", content: [] };
        if (phase !== undefined) message.phase = phase;
        items.push(message);
      }
      message.content.push({ type: "output_text", text: p.text });
      continue;
    }
    message = undefined;
    if (p.type === "thinking" && own && p.text !== undefined) {
      const signed = p.signature !== undefined && p.signature !== "";
      if (replay === "items") {
        if (signed || p.id !== undefined) {
          const item: ResponseReasoningTextItemParam = {
            type: "reasoning",
            summary: [],
            content: [],
            encrypted_content: p.signature ?? null,
          };
          if (p.id !== undefined) item.id = p.id;
          reasoning = item;
          items.push(item);
        }
        if (p.text !== "" && reasoning && "content" in reasoning) {
          reasoning.content.push({ type: "reasoning_text", text: p.text });
        }
        continue;
      }
      if (signed) {
        reasoning = { type: "reasoning", summary: [], encrypted_content: p.signature as string };
        items.push(reasoning);
      }
      // An item that came with `summary: []` is one signed part with text "": it goes back
      // with `summary: []`, as it came (fixtures/openai/responses-empty-summary.json).
      if (p.text !== "") reasoning?.summary.push({ type: "summary_text", text: p.text });
      continue;
    }
    reasoning = undefined;
    if (p.type === "tool-call") {
      items.push({ type: "function_call", call_id: p.id, name: p.name, arguments: p.arguments });
    } else if (p.type === "provider" && own) items.push(p.value as ProviderItemParam);
  }
  while (starts.length < items.length) starts.push(partsOf(m).length - 1);
  // A reasoning item needs the item it produced after it, or the API answers 400 "…of type
  // 'reasoning' was provided without its required following item"
  // (fixtures/openai/responses-modified-history.json).
  while ((items.at(-1) as { type?: unknown } | undefined)?.type === "reasoning") items.pop();
  starts.length = Math.min(starts.length, items.length);
  return items;
}

/**
 * The tags whose parts are this wire's in one message: the Responses tag, and the adapter's
 * bare name that 0.2 gave Responses and Chat Completions parts alike, unless the message holds
 * an OpenRouter `reasoning.*` entry. Such a message came from Chat Completions, whose thinking
 * signatures and entries the Responses API refuses as reasoning items (ADR 0019).
 */
function ownTags(parts: readonly Part[], provider: string): string[] {
  const chat = parts.some((p) => p.type === "provider" && isChatEntry(p.value));
  return chat ? [responsesTag(provider)] : [responsesTag(provider), provider];
}

/** An OpenRouter `reasoning_details` entry (`reasoning.text`, `.summary`, `.encrypted`). */
function isChatEntry(value: unknown): boolean {
  return `${(value as { type?: unknown } | null)?.type}`.startsWith("reasoning.");
}
