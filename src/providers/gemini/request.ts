import { HistoryError } from "../../core/errors.js";
import type { Message, ModelRequest, ThinkingBlock, ToolCall } from "../../core/types.js";
import { isGemini3, modelPath, type ResolvedConfig } from "./config.js";
import { GENERATED_ID_PREFIX } from "./parts.js";
import type { Content, GenerateContentRequest, Part, ToolConfig } from "./wire.js";

/**
 * The documented dummy signature that turns Gemini 3's signature check off for one call:
 * base64 of `context_engineering_is_the_way_to_go`. Accepted live for a foreign call in
 * pydantic-ai's cassette test_thinking_with_tool_calls_from_other_model
 * (fixtures/gemini/cross-provider-tool-call.json).
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export const SKIP_SIGNATURE_VALIDATOR = "Y29udGV4dF9lbmdpbmVlcmluZ19pc190aGVfd2F5X3RvX2dv";

/** `{base}/models/{model}:generateContent`, or `:streamGenerateContent?alt=sse` for streams. */
export function requestUrl(cfg: ResolvedConfig, stream: boolean): string {
  const method = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  return `${cfg.baseURL}/${modelPath(cfg.model)}:${method}`;
}

/**
 * The headers of every call: the caller's, then ours (which they cannot replace). The key
 * travels in `x-goog-api-key`, never in the URL.
 */
export function requestHeaders(cfg: ResolvedConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(cfg.headers)) {
    if (!OWN_HEADERS.has(name.toLowerCase())) headers[name] = value;
  }
  headers["content-type"] = "application/json";
  headers["x-goog-api-key"] = cfg.apiKey;
  return headers;
}

const OWN_HEADERS = new Set(["content-type", "x-goog-api-key"]);

/**
 * Builds the `generateContent` body (the same for streams; only the URL differs). Replays each
 * assistant message as a `model` content: its thinking blocks as thought parts, then the text,
 * then the function calls, each with the signature it came with (docs/architecture.md, "Replay rules").
 */
export function buildRequest(
  req: ModelRequest,
  cfg: ResolvedConfig,
  _stream: boolean,
): GenerateContentRequest {
  const system: Part[] = req.system ? [{ text: req.system }] : [];
  const contents: Content[] = [];
  const callNames = new Map<string, string>();
  let toolResults: Part[] | undefined;
  req.messages.forEach((m, i) => {
    if (m.role === "tool") {
      const part = buildFunctionResponse(m, callNames);
      // Consecutive tool results share one `user` content.
      if (toolResults) toolResults.push(part);
      else {
        toolResults = [part];
        contents.push({ role: "user", parts: toolResults });
      }
      return;
    }
    toolResults = undefined;
    if (m.role === "system") system.push({ text: m.content });
    else if (m.role === "user") contents.push({ role: "user", parts: [{ text: m.content }] });
    else {
      for (const call of m.toolCalls ?? []) callNames.set(call.id, call.name);
      const parts = buildModelParts(m, i, isGemini3(cfg.model));
      // A message with nothing Gemini can take (only redacted or foreign blocks) is left out.
      if (parts.length > 0) contents.push({ role: "model", parts });
    }
  });
  const body: GenerateContentRequest = { contents };
  if (system.length > 0) body.systemInstruction = { parts: system };
  if (cfg.generationConfig) body.generationConfig = cfg.generationConfig;
  if (req.tools && req.tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: req.tools.map((t) => ({
          name: t.name,
          description: t.description,
          parametersJsonSchema: t.parameters,
        })),
      },
    ];
  }
  if (req.toolChoice !== undefined) body.toolConfig = buildToolConfig(req.toolChoice);
  return body;
}

/** The parts of one assistant message, in the replay order of docs/architecture.md. */
export function buildModelParts(m: Message, index: number, gemini3: boolean): Part[] {
  const parts: Part[] = [];
  for (const block of m.thinking ?? []) {
    const part = buildThoughtPart(block);
    if (part) parts.push(part);
  }
  if (m.content !== "" || m.contentSignature !== undefined) {
    parts.push(withSignature({ text: m.content }, m.contentSignature));
  }
  (m.toolCalls ?? []).forEach((call, j) => {
    // Gemini 3 rejects a step whose first call has no signature; a call golem did
    // not get from Gemini (another provider's, hand-made) gets the documented dummy instead.
    // Later calls of a parallel batch are legitimately unsigned and stay so.
    const signature = call.signature ?? (gemini3 && j === 0 ? SKIP_SIGNATURE_VALIDATOR : undefined);
    parts.push(withSignature({ functionCall: buildFunctionCall(call, index, j) }, signature));
  });
  return parts;
}

function buildThoughtPart(block: ThinkingBlock): Part | undefined {
  // Redacted blocks have no Gemini form; another provider's blocks would not verify here.
  if (block.text === undefined || block.redacted !== undefined) return undefined;
  if (block.provider !== undefined && block.provider !== "gemini") return undefined;
  return withSignature({ text: block.text, thought: true }, block.signature);
}

function buildFunctionCall(call: ToolCall, index: number, j: number) {
  const fc: { name: string; args: Record<string, unknown>; id?: string } = {
    name: call.name,
    args: parseArguments(call.arguments, index, j),
  };
  if (!isGeneratedId(call.id)) fc.id = call.id;
  return fc;
}

function buildFunctionResponse(m: Message, callNames: Map<string, string>): Part {
  const id = m.toolCallId as string;
  const functionResponse: NonNullable<Part["functionResponse"]> = {
    // validateHistory guarantees the call exists; the latest call with this id wins.
    name: callNames.get(id) ?? "",
    response: buildToolResult(m),
  };
  if (!isGeneratedId(id)) functionResponse.id = id;
  return { functionResponse };
}

/**
 * A tool message's content as the `response` object: a JSON object as itself, anything else
 * as `{ result: content }` (what fixtures/gemini/thinking-streaming.json sent, accepted live).
 * A failed tool's content goes under `error`, the key the API docs name for error details.
 */
export function buildToolResult(m: Message): Record<string, unknown> {
  const object = parseObject(m.content);
  if (m.isError) return { error: object ?? m.content };
  return object ?? { result: m.content };
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
  throw new HistoryError(
    `toolCalls[${j}] arguments are not a JSON object (Gemini needs one)`,
    index,
  );
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
