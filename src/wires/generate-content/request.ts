import { ConfigError, HistoryError } from "../../core/errors.js";
import { partsOf, textOf } from "../../core/parts.js";
import type { Message, ModelRequest, ToolCallPart } from "../../core/types.js";
import {
  BOTH,
  checkMedia,
  isMedia,
  MB,
  type MediaPart,
  type MediaRule,
  mediaError,
  USER,
} from "../../kit/media.js";
import { callSettings, wireFields, withExtraBody } from "../../kit/settings.js";
import { foldUpdates } from "../../kit/updates.js";
import { checkGeminiModel, isGemini3 } from "../../rules/gemini.js";
import type { ResolvedOptions } from "./options.js";
import { GENERATED_ID_PREFIX } from "./parts.js";
import type {
  Content,
  GenerateContentRequest,
  GenerationConfig,
  Part,
  ToolConfig,
} from "./wire.js";

/**
 * The documented dummy signature that turns Gemini 3's signature check off for one call:
 * base64 of `context_engineering_is_the_way_to_go`. Accepted live for a foreign call in
 * pydantic-ai's cassette test_thinking_with_tool_calls_from_other_model
 * (fixtures/gemini/cross-provider-tool-call.json).
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export const SKIP_SIGNATURE_VALIDATOR = "Y29udGV4dF9lbmdpbmVlcmluZ19pc190aGVfd2F5X3RvX2dv";

/**
 * Builds the `generateContent` body (the same for streams; only the URL differs). Replays each
 * assistant message as a `model` content whose parts go back in their order, each with the
 * signature it came with (docs/architecture.md, "Replay rules"). A content left with no parts
 * is left out, and the contents around it of the same role become one.
 */
export function buildRequest(
  request: ModelRequest,
  cfg: ResolvedOptions,
  _stream: boolean,
): GenerateContentRequest {
  // Gemini has no append-only form: updates fold into `tools`, the output schema and the
  // thinking level (`systemInstruction` takes the text), at the cost of the cached prefix.
  const folded = foldUpdates(request, cfg.provider ?? "gemini", GEMINI_LEVELS);
  const req = folded.request;
  const system: Part[] = req.system ? [{ text: req.system }] : [];
  const contents: Content[] = [];
  const callNames = new Map<string, string>();
  const gemini3 = isGemini3(cfg.model);
  const provider = cfg.provider ?? "gemini";
  let leftOut = false;
  let afterTool = false;
  // `join`: add to the last content even when nothing was left out before this one.
  const push = (role: "user" | "model", parts: Part[], join = false) => {
    if (parts.length === 0) {
      leftOut = true;
      return;
    }
    const last = contents[contents.length - 1];
    if ((leftOut || join) && last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
    leftOut = false;
  };
  req.messages.forEach((m, i) => {
    if (m.role === "tool") {
      // Consecutive tool results share one `user` content (the last content after a tool result).
      push("user", [buildFunctionResponse(m, i, callNames, gemini3, provider)], afterTool);
      afterTool = true;
      return;
    }
    if (m.role === "system") {
      // An update's message without text has nothing for the system instruction.
      const text = textOf(m);
      if (text !== "") system.push({ text });
      return;
    }
    if (m.role === "user") push("user", buildUserParts(m, i, provider));
    else {
      for (const p of partsOf(m)) if (p.type === "tool-call") callNames.set(p.id, p.name);
      // A message with nothing Gemini can take (only redacted or foreign parts) is left out.
      push("model", buildModelParts(m, i, gemini3, provider));
    }
    // A message left out keeps a run of tool results going.
    if (!leftOut) afterTool = false;
  });
  const body: GenerateContentRequest = { contents };
  if (system.length > 0) body.systemInstruction = { parts: system };
  const generationConfig = buildGenerationConfig(req, cfg, folded.effort);
  if (generationConfig) body.generationConfig = generationConfig;
  if (req.tools && req.tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: req.tools.map((t) => {
          // A function declaration has no strict flag; refused rather than dropped.
          if (t.strict) {
            throw new ConfigError(`gemini: tool ${t.name}: \`strict\` has no Gemini field`);
          }
          return { name: t.name, description: t.description, parametersJsonSchema: t.parameters };
        }),
      },
    ];
  }
  if (req.toolChoice !== undefined) body.toolConfig = buildToolConfig(req.toolChoice);
  if (cfg.cachedContent) {
    // The cache holds them: "Tool config, tools and system instruction should not be set in the
    // request when using cached content" (a 400). https://ai.google.dev/gemini-api/docs/caching
    if (body.systemInstruction || body.tools || body.toolConfig) {
      throw new ConfigError(
        "gemini: with `cachedContent`, the system prompt, tools and tool choice live in the cache; leave them off the request",
      );
    }
    body.cachedContent = cfg.cachedContent;
  }
  return withExtraBody(body, cfg.settings, req);
}

/**
 * `generationConfig`: the call's settings (Gemini has a field for each), structured output as
 * `responseMimeType` + `responseJsonSchema`, and the thinking options.
 */
function buildGenerationConfig(
  req: ModelRequest,
  cfg: ResolvedOptions,
  level: string | undefined,
): GenerationConfig | undefined {
  const provider = cfg.provider ?? "gemini";
  const s = callSettings(provider, cfg.settings, req);
  checkGeminiModel({ ...cfg, thinking: cfg.thinks === true }, s, req.messages, provider);
  const out: GenerationConfig = wireFields(s, {
    maxTokens: "maxOutputTokens",
    temperature: "temperature",
    topP: "topP",
    topK: "topK",
    stopSequences: "stopSequences",
    seed: "seed",
  });
  if (req.output) {
    out.responseMimeType = "application/json";
    out.responseJsonSchema = req.output.schema;
  }
  if (cfg.generationConfig) Object.assign(out, cfg.generationConfig);
  if (level !== undefined) out.thinkingConfig = withLevel(out.thinkingConfig, level, provider);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Gemini's thinking levels: an update's effort is sent as `thinkingLevel`. */
const GEMINI_LEVELS: readonly string[] = ["minimal", "low", "medium", "high"];

/** The thinking config with an update's level; with a `thinkingBudget` it is refused (a 400). */
function withLevel(
  thinking: GenerationConfig["thinkingConfig"],
  level: string,
  provider: string,
): NonNullable<GenerationConfig["thinkingConfig"]> {
  if (thinking?.thinkingBudget !== undefined) {
    throw new HistoryError(
      `${provider}: an update's effort is sent as thinkingLevel, which the API refuses beside the model's thinking.budget; create the model with thinking.level instead`,
    );
  }
  return {
    ...thinking,
    thinkingLevel: level.toUpperCase() as NonNullable<
      NonNullable<typeof thinking>["thinkingLevel"]
    >,
  };
}

/**
 * `fileData` takes Files API URIs, `gs://` and web URLs: any scheme but `data:`, whose bytes
 * belong in `inlineData`.
 */
const ANY_URL = /^(?!data:)[a-z][a-z0-9+.-]*:/i;
/** 100 MB of base64. */
const INLINE = 75 * MB;

/**
 * What Gemini takes: in user messages, images, PDFs, text, audio and video, inline (100 MB of
 * base64 per request since January 2026, PDFs 50 MB:
 * https://ai.google.dev/gemini-api/docs/file-input-methods) or as `fileData` URIs
 * (https://ai.google.dev/gemini-api/docs/image-understanding,
 * https://ai.google.dev/gemini-api/docs/document-processing); in a function response (Gemini 3
 * only), PNG, JPEG and WebP images, PDFs and plain text
 * (https://ai.google.dev/gemini-api/docs/function-calling#multimodal).
 */
const MEDIA: readonly MediaRule[] = [
  {
    part: "image",
    types: ["image/png", "image/jpeg", "image/webp"],
    maxBytes: INLINE,
    url: ANY_URL,
    where: BOTH,
  },
  {
    part: "image",
    types: ["image/heic", "image/heif"],
    maxBytes: INLINE,
    url: ANY_URL,
    where: USER,
  },
  {
    part: "file",
    types: ["application/pdf", "text/plain"],
    maxBytes: 50 * MB,
    url: ANY_URL,
    where: BOTH,
  },
  {
    part: "file",
    types: ["text/*", "audio/*", "video/*"],
    maxBytes: INLINE,
    url: ANY_URL,
    where: USER,
  },
];

/** An image or file as an `inlineData` (bytes) or `fileData` (URI) part. */
function buildMedia(p: MediaPart): Part {
  return p.url !== undefined
    ? { fileData: { mimeType: p.mediaType, fileUri: p.url } }
    : { inlineData: { mimeType: p.mediaType, data: p.data ?? "" } };
}

/** A user message's parts in order; `""` is left out, as Gemini takes no empty text part. */
function buildUserParts(m: Message, index: number, provider: string): Part[] {
  const parts: Part[] = [];
  for (const [j, p] of partsOf(m).entries()) {
    if (isMedia(p)) {
      checkMedia(provider, MEDIA, p, j, index, "user");
      parts.push(buildMedia(p));
    } else if (p.type === "text" && p.text !== "") parts.push({ text: p.text });
  }
  return parts;
}

/**
 * The parts of one assistant message, in their order: thinking as thought parts, text,
 * function calls and Gemini's own provider parts, each with its signature. Another provider's
 * thinking and provider parts are left out and its signatures left off (the text and calls
 * themselves are sent); a redacted part has no Gemini form.
 */
export function buildModelParts(
  m: Message,
  index: number,
  gemini3: boolean,
  provider = "gemini",
): Part[] {
  const parts: Part[] = [];
  let previousCall = false;
  partsOf(m).forEach((p, j) => {
    let part: Part | undefined;
    switch (p.type) {
      case "thinking":
        if (p.text !== undefined && p.redacted === undefined && isOwn(p.provider, provider)) {
          part = withSignature({ text: p.text, thought: true }, p.signature);
        }
        break;
      case "text": {
        const signature = isOwn(p.provider, provider) ? p.signature : undefined;
        // An empty text part with no signature carries nothing Gemini would take.
        if (p.text !== "" || signature !== undefined) {
          part = withSignature({ text: p.text }, signature);
        }
        break;
      }
      case "tool-call": {
        // Gemini 3 rejects a step whose first call has no signature; a call golem did not get
        // from Gemini (another provider's, hand-made) gets the documented dummy instead. Later
        // calls of a parallel batch are legitimately unsigned and stay so.
        const own = isOwn(p.provider, provider) ? p.signature : undefined;
        const signature = own ?? (gemini3 && !previousCall ? SKIP_SIGNATURE_VALIDATOR : undefined);
        part = withSignature({ functionCall: buildFunctionCall(p, index, j) }, signature);
        break;
      }
      case "provider":
        // Gemini's own part goes back as it came (signature included).
        if (p.provider === provider) part = p.value as Part;
        break;
      default:
        checkMedia(provider, MEDIA, p, j, index, "assistant");
    }
    if (part) {
      parts.push(part);
      previousCall = p.type === "tool-call";
    }
  });
  return parts;
}

/** A part with no `provider` is the caller's own, trusted as Gemini's. */
function isOwn(tag: string | undefined, provider: string): boolean {
  return tag === undefined || tag === provider;
}

function buildFunctionCall(call: ToolCallPart, index: number, j: number) {
  const fc: { name: string; args: Record<string, unknown>; id?: string } = {
    name: call.name,
    args: parseArguments(call.arguments, index, j),
  };
  if (!isGeneratedId(call.id)) fc.id = call.id;
  return fc;
}

/**
 * A tool message as a `functionResponse`: its text as `response`, its images and files as
 * `parts`, which only Gemini 3 takes (older models are refused rather than sent a part they
 * would answer with a 400).
 */
function buildFunctionResponse(
  m: Message,
  index: number,
  callNames: Map<string, string>,
  gemini3: boolean,
  provider: string,
): Part {
  const id = m.toolCallId as string;
  const functionResponse: NonNullable<Part["functionResponse"]> = {
    // validateHistory guarantees the call exists; the latest call with this id wins.
    name: callNames.get(id) ?? "",
    response: buildToolResult(m),
  };
  const media: Part[] = [];
  for (const [j, p] of partsOf(m).entries()) {
    if (!isMedia(p)) continue;
    if (!gemini3) {
      throw mediaError(
        provider,
        p,
        j,
        index,
        "takes images and files in tool results only on Gemini 3 models",
      );
    }
    checkMedia(provider, MEDIA, p, j, index, "tool");
    media.push(buildMedia(p));
  }
  if (!isGeneratedId(id)) functionResponse.id = id;
  if (media.length > 0) functionResponse.parts = media;
  return { functionResponse };
}

/**
 * A tool message's content as the `response` object: a JSON object as itself, anything else
 * as `{ result: content }` (what fixtures/gemini/thinking-streaming.json sent, accepted live).
 * A failed tool's content goes under `error`, the key the API docs name for error details.
 */
export function buildToolResult(m: Message): Record<string, unknown> {
  const content = textOf(m);
  const object = parseObject(content);
  if (m.isError) return { error: object ?? content };
  return object ?? { result: content };
}

/** Maps golem's tool choice to `functionCallingConfig`. */
export function buildToolConfig(choice: NonNullable<ModelRequest["toolChoice"]>): ToolConfig {
  if (typeof choice === "object") {
    return { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [choice.name] } };
  }
  const mode = choice === "auto" ? "AUTO" : choice === "none" ? "NONE" : "ANY";
  return { functionCallingConfig: { mode } };
}

/** True for an id golem made up for a call Gemini sent without one (it is not replayed). */
export function isGeneratedId(id: string): boolean {
  return id.startsWith(GENERATED_ID_PREFIX);
}

function parseArguments(text: string, index: number, j: number): Record<string, unknown> {
  if (text.trim() === "") return {};
  const object = parseObject(text);
  if (object) return object;
  throw new HistoryError(`content[${j}] arguments are not a JSON object (Gemini needs one)`, index);
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.trimStart().startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function withSignature(part: Part, signature: string | undefined): Part {
  if (signature !== undefined) part.thoughtSignature = signature;
  return part;
}

/** The model's resource path: ids get `models/`, paths such as `tunedModels/x` stay as given. */
export function modelPath(model: string): string {
  return model.includes("/") ? model : `models/${model}`;
}
