import { HistoryError } from "../../core/errors.js";
import { partsOf, textOf } from "../../core/parts.js";
import type { Message, ModelRequest, ToolSpec } from "../../core/types.js";
import { type Mark, markAt, planBreakpoints, type ResolvedCache } from "../../kit/cache.js";
import {
  BOTH,
  checkMedia,
  isMedia,
  MB,
  type MediaPart,
  type MediaPlace,
  type MediaRule,
  mediaError,
} from "../../kit/media.js";
import { noteOrigins, type Origin } from "../../kit/prefix/wire-prefix.js";
import { callSettings, wireFields, withExtraBody } from "../../kit/settings.js";
import { appendTurn, originsFor } from "../../kit/turns.js";
import type { Effort } from "../../rules/claude.js";
import { checkSettings, type ResolvedOptions } from "./options.js";
import { compileConverseUpdates } from "./updates.js";
import type {
  CachePointBlock,
  ContentBlock,
  ConverseRequest,
  DocumentBlock,
  InferenceConfiguration,
  JsonDocument,
  MediaBlock,
  SystemContentBlock,
  ToolConfiguration,
  ToolResultBlock,
  ToolSpecification,
  Message as WireMessage,
} from "./wire.js";

/** The adapter name that parts this adapter produced carry in `provider`. */
const INFERENCE_FIELDS = {
  maxTokens: "maxTokens",
  temperature: "temperature",
  topP: "topP",
  stopSequences: "stopSequences",
};

/**
 * Builds the Converse body (the same for ConverseStream). An assistant message goes back part
 * for part, in its order; what Bedrock would refuse is left out: another provider's reasoning
 * and provider parts, and unsigned reasoning (Bedrock verifies every reasoning block it is sent).
 * A message left with nothing is left out, and same-role neighbours merge, since Converse wants
 * the roles to alternate and refuses empty content and blank text.
 */
export function buildRequest(
  request: ModelRequest,
  cfg: Omit<ResolvedOptions, "cache"> & Partial<Pick<ResolvedOptions, "cache">>,
  _stream: boolean,
): ConverseRequest {
  const provider = cfg.provider ?? "bedrock";
  // Append-only updates: in place on the models that take a system message in `messages`,
  // else folded into `toolConfig`, `outputConfig` and the system prompt (updates.ts).
  const compiled = compileConverseUpdates(request, cfg.model, provider);
  const req = compiled.request;
  // Checked against Claude's levels by the compiler.
  const effort = (compiled.effort as Effort | undefined) ?? cfg.effort;
  const s = callSettings(provider, cfg.settings, req);
  checkSettings(cfg.model, cfg.thinking, { ...req, ...s }, provider, effort, cfg.capabilities);
  const system: SystemContentBlock[] = req.system ? [{ text: req.system }] : [];
  const messages: WireMessage[] = [];
  const marks: Mark[] = [];
  const origins: Origin[][] = [];
  req.messages.forEach((m, i) => {
    if (m.role === "system" && (!compiled.inPlace || (messages.length === 0 && !m.update))) {
      // Leading system turns, and every one on a model without mid-conversation system
      // messages, join the system prompt in order. On a model that binds reasoning to its
      // prefix, one after a recorded turn changes that turn's `system`, which the prefix check
      // refuses (docs/append-only.md).
      const text = textOf(m);
      if (text !== "") system.push({ text });
      return;
    }
    if (m.role === "system") {
      const content = lateSystem(m, compiled.blocks.get(i) ?? [], messages, i);
      appendTurn(messages, "system", content, origins, originsFor(i, content.length));
      if (m.cache) marks.push(markAt(messages, i));
      return;
    }
    if (m.role === "user") checkAfterSystem(messages, i);
    const parts: number[] = [];
    const content =
      m.role === "assistant"
        ? buildAssistantContent(m, i, provider, parts)
        : m.role === "tool"
          ? [buildToolResult(m, i)]
          : buildUserContent(m, i);
    const role = m.role === "assistant" ? "assistant" : "user";
    const from = originsFor(i, content.length, m.role === "assistant" ? parts : undefined);
    appendTurn(messages, role, content, origins, from);
    if (m.cache) marks.push(markAt(messages, i));
  });
  noteOrigins(messages, origins);

  uniqueDocumentNames(messages, cfg.citations === true);
  const body: ConverseRequest = { messages };
  if (system.length > 0) body.system = system;
  // `InferenceConfiguration` names them as golem does; `topK` is Claude's own field below.
  const inference: InferenceConfiguration = wireFields(s, INFERENCE_FIELDS);
  if (Object.keys(inference).length > 0) body.inferenceConfig = inference;
  const toolConfig = buildToolConfig(req, messages);
  if (toolConfig) body.toolConfig = toolConfig;
  if (cfg.thinking || s.topK !== undefined) {
    body.additionalModelRequestFields = {};
    if (cfg.thinking) body.additionalModelRequestFields.thinking = cfg.thinking;
    if (s.topK !== undefined) body.additionalModelRequestFields.top_k = s.topK;
  }
  if (effort || req.output) {
    body.outputConfig = {};
    if (effort) body.outputConfig.effort = effort;
    if (req.output) {
      const { schema, name, description } = req.output;
      // `JsonSchemaDefinition.schema` is a string: the schema as JSON text.
      const jsonSchema: { schema: string; name?: string; description?: string } = {
        schema: JSON.stringify(schema),
      };
      if (name !== undefined) jsonSchema.name = name;
      if (description !== undefined) jsonSchema.description = description;
      body.outputConfig.textFormat = { type: "json_schema", structure: { jsonSchema } };
    }
  }
  placeCachePoints(body, req.messages, marks, cfg.cache);
  // Merged before index.ts serializes and signs the body, so the signature covers it.
  return withExtraBody(body, cfg.settings, req);
}

/**
 * A mid-conversation system message's text, in its place: Claude takes one right after a user
 * turn (a prompt or tool results), so one anywhere else is refused here rather than by a 400.
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
function lateSystem(
  m: Message,
  changes: readonly ContentBlock[],
  messages: readonly WireMessage[],
  index: number,
): ContentBlock[] {
  const text = textOf(m);
  const content = text === "" ? [...changes] : [{ text }, ...changes];
  // A message of effort or output schema alone sends nothing here (they go top-level).
  if (content.length > 0 && messages[messages.length - 1]?.role !== "user") {
    throw new HistoryError(
      "a system message in the middle of the conversation must follow a user message or tool result on this model; put it after the next user message",
      index,
    );
  }
  return content;
}

/** A system message with content must end the messages or be followed by the assistant's turn. */
function checkAfterSystem(messages: readonly WireMessage[], index: number): void {
  if (messages[messages.length - 1]?.role === "system") {
    throw new HistoryError(
      "a user message right after a system message is refused by this model: the system message must end the request or be followed by the assistant's turn; put it after this user message",
      index,
    );
  }
}

/**
 * Inserts `cachePoint` blocks where {@link planBreakpoints} says: after the chosen block (never
 * right after reasoning, as Anthropic refuses a breakpoint on thinking), at the end of
 * `system` and of `toolConfig.tools`.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 */
function placeCachePoints(
  body: ConverseRequest,
  messages: readonly Message[],
  marks: readonly Mark[],
  cache: ResolvedCache | undefined,
): void {
  const plan = planBreakpoints(
    body.messages,
    marks,
    (b) => !("reasoningContent" in b),
    cache?.auto,
    messages.some((m) => m.role === "system" && m.cache),
    !!body.system,
    !!body.toolConfig,
  );
  const point = (): CachePointBlock => ({
    cachePoint: cache?.ttl ? { type: "default", ttl: cache.ttl } : { type: "default" },
  });
  // Last first, so the earlier positions in a content list still hold.
  for (const [content, i] of plan.spots) content.splice(i + 1, 0, point());
  if (plan.system) body.system?.push(point());
  if (plan.tools) body.toolConfig?.tools.push(point());
}

/** Document formats by media type (DocumentBlock `format`, which also names the extension). */
const DOCUMENT_FORMATS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "text/csv": "csv",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/html": "html",
  "text/plain": "txt",
  "text/markdown": "md",
};

/**
 * What Converse takes, in user messages and inside `toolResult`: images of 3.75 MB and
 * documents of 4.5 MB at most, as bytes or from S3 (`s3://` URLs only).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageBlock.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html
 */
const MEDIA: readonly MediaRule[] = [
  {
    part: "image",
    types: ["image/png", "image/jpeg", "image/gif", "image/webp"],
    maxBytes: 3.75 * MB,
    url: /^s3:\/\//,
    where: BOTH,
  },
  {
    part: "file",
    types: /* @__PURE__ */ Object.keys(DOCUMENT_FORMATS),
    maxBytes: 4.5 * MB,
    url: /^s3:\/\//,
    where: BOTH,
  },
];

/** A user message's parts in order, blank text left out. */
function buildUserContent(m: Message, index: number): ContentBlock[] {
  const content: ContentBlock[] = [];
  let text = false;
  const parts = partsOf(m);
  for (const [j, part] of parts.entries()) {
    if (isMedia(part)) content.push(buildMedia(part, j, index, "user"));
    else if (part.type !== "text") throw unsupported(part.type, index);
    else if (part.text !== "") {
      content.push({ text: part.text });
      text = true;
    }
  }
  // "If you include a ContentBlock with a document field, you must also include one with a
  // text field" (API_runtime_Message.html).
  const j = parts.findIndex((p) => p.type === "file");
  const doc = parts[j];
  if (doc && !text) {
    throw mediaError(
      "bedrock",
      doc as MediaPart,
      j,
      index,
      "needs a text part in the same message",
    );
  }
  return content;
}

/** An `image` or `document` block; a document's `name` is its filename in the allowed characters. */
function buildMedia(p: MediaPart, j: number, index: number, place: MediaPlace): MediaBlock {
  checkMedia("bedrock", MEDIA, p, j, index, place);
  const source = p.url !== undefined ? { s3Location: { uri: p.url } } : { bytes: p.data ?? "" };
  if (p.type === "image") return { image: { format: p.mediaType.slice(6), source } };
  const format = DOCUMENT_FORMATS[p.mediaType] ?? "";
  return { document: { format, name: documentName(p.filename, index, j), source } };
}

/**
 * A DocumentBlock name: alphanumerics, single white space, hyphens, parentheses and square
 * brackets, 1 to 200 characters. The filename without its extension, other characters as
 * hyphens; `document-<message>-<part>` when there is none.
 */
function documentName(filename: string | undefined, index: number, j: number): string {
  const name = (filename ?? "")
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9\s\-()[\]]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
  return name || `document-${index}-${j}`;
}

/**
 * Converse refuses a request whose documents share a name, case aside ("Messages can't contain
 * duplicate document names": vercel/ai#20366, maximhq/bifrost#7003): a repeat gets " (2)", " (3)".
 * With `cite`, a user message's documents may be cited (`citations: { enabled: true }`).
 */
function uniqueDocumentNames(messages: WireMessage[], cite: boolean): void {
  const seen = new Set<string>();
  for (const m of messages) {
    if (m.role !== "user") continue;
    for (const b of m.content) {
      const inner = (b as Partial<{ toolResult: ToolResultBlock }>).toolResult?.content;
      for (const d of inner ?? [b]) {
        const doc = (d as Partial<{ document: DocumentBlock }>).document;
        if (!doc) continue;
        let name = doc.name;
        for (let n = 2; seen.has(name.toLowerCase()); n++)
          name = `${doc.name.slice(0, 190)} (${n})`;
        seen.add(name.toLowerCase());
        doc.name = name;
        if (cite && !inner) doc.citations = { enabled: true };
      }
    }
  }
}

function buildToolResult(m: Message, index: number): ContentBlock {
  const content: ({ text: string } | MediaBlock)[] = [];
  if (typeof m.content === "string") content.push({ text: m.content });
  else {
    for (const [j, part] of m.content.entries()) {
      if (isMedia(part)) content.push(buildMedia(part, j, index, "tool"));
      else if (part.type !== "text") throw unsupported(part.type, index);
      else content.push({ text: part.text });
    }
  }
  return {
    toolResult: {
      toolUseId: m.toolCallId as string,
      content,
      status: m.isError ? "error" : "success",
    },
  };
}

function unsupported(type: string, index: number): HistoryError {
  return new HistoryError(`${type} parts cannot be sent to bedrock`, index);
}

/** The parts in their order (docs/architecture.md, "Replay rules"). */
/** An assistant message's blocks in order; `parts` gets the part index of each block. */
function buildAssistantContent(
  m: Message,
  index: number,
  provider: string,
  parts: number[] = [],
): ContentBlock[] {
  const content: ContentBlock[] = [];
  for (const [j, part] of partsOf(m).entries()) {
    while (parts.length < content.length) parts.push(j - 1);
    switch (part.type) {
      case "text":
        // A signature or phase another provider put on the text stays behind; the text goes.
        if (part.text !== "") content.push({ text: part.text });
        break;
      case "thinking":
        if (part.provider !== undefined && part.provider !== provider) break;
        if (part.redacted !== undefined) {
          content.push({ reasoningContent: { redactedContent: part.redacted } });
        } else if (part.signature !== undefined && part.text !== undefined) {
          content.push({
            reasoningContent: { reasoningText: { text: part.text, signature: part.signature } },
          });
        }
        break;
      case "tool-call":
        content.push({
          toolUse: {
            toolUseId: part.id,
            name: part.name,
            input: parseArguments(part.arguments, index, j),
          },
        });
        break;
      case "provider":
        if (part.provider === provider) content.push(part.value as ContentBlock);
        break;
      default:
        checkMedia("bedrock", MEDIA, part, j, index, "assistant");
    }
  }
  while (parts.length < content.length) parts.push(partsOf(m).length - 1);
  return content;
}

/** Converse wants the tool input as a JSON document, not text; "" means {}. */
function parseArguments(args: string, index: number, j: number): JsonDocument {
  if (args === "") return {};
  try {
    return JSON.parse(args);
  } catch (cause) {
    throw new HistoryError(`content[${j}] arguments are not valid JSON`, index, { cause });
  }
}

/**
 * `auto` -> `{auto:{}}`, `required` -> `{any:{}}`, `{name}` -> `{tool:{name}}`. Tool choice
 * `none` has no Converse form, so it leaves `toolConfig` out; but Bedrock refuses
 * toolUse/toolResult blocks without a `toolConfig`, so when the history holds some, the tools
 * are sent without a `toolChoice` (the model may then still call one).
 */
function buildToolConfig(
  req: ModelRequest,
  messages: WireMessage[],
): ToolConfiguration | undefined {
  const tools = req.tools ?? [];
  if (tools.length === 0) return undefined;
  const choice = req.toolChoice;
  if (choice === "none" && !hasToolBlocks(messages)) return undefined;
  const config: ToolConfiguration = { tools: tools.map(buildTool) };
  // No choice given: no `toolChoice`, and Bedrock's default (auto) applies.
  if (choice === "auto") config.toolChoice = { auto: {} };
  else if (choice === "required") config.toolChoice = { any: {} };
  else if (typeof choice === "object") config.toolChoice = { tool: { name: choice.name } };
  return config;
}

function buildTool(tool: ToolSpec): { toolSpec: ToolSpecification } {
  // Bedrock refuses an empty description (minimum length 1); leaving it out is allowed. A JSON
  // Schema is a JSON document; golem sends the caller's as given.
  const toolSpec: ToolSpecification = tool.description
    ? {
        name: tool.name,
        description: tool.description,
        inputSchema: { json: tool.parameters as JsonDocument },
      }
    : { name: tool.name, inputSchema: { json: tool.parameters as JsonDocument } };
  // `ToolSpecification.strict`: structured output enforcement on the tool's input.
  if (tool.strict !== undefined) toolSpec.strict = tool.strict;
  return { toolSpec };
}

function hasToolBlocks(messages: WireMessage[]): boolean {
  return messages.some((m) => m.content.some((b) => "toolUse" in b || "toolResult" in b));
}
