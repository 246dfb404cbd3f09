import { HistoryError } from "../../core/errors.js";
import type { Message, ModelRequest, ThinkingBlock, ToolSpec } from "../../core/types.js";
import type { ResolvedConfig } from "./config.js";
import type {
  ContentBlock,
  ConverseRequest,
  ReasoningContentBlock,
  SystemContentBlock,
  ToolConfiguration,
  Message as WireMessage,
} from "./wire.js";

/** The adapter name that `ThinkingBlock.provider` carries for blocks this adapter produced. */
export const PROVIDER = "bedrock";

/**
 * The Converse URL; the model id (foundation id, inference profile or ARN) is one path label,
 * so `:` and `/` are percent-encoded (a literal `/` routes to another operation: vercel/ai#17523).
 */
export function requestUrl(cfg: ResolvedConfig, stream: boolean): string {
  const op = stream ? "converse-stream" : "converse";
  return `${cfg.baseURL}/model/${encodeURIComponent(cfg.model)}/${op}`;
}

/**
 * Builds the Converse body (the same for ConverseStream). Thinking blocks go first in each
 * assistant message, byte for byte; blocks of other providers and unsigned text blocks are
 * dropped, since Bedrock verifies every block it is sent.
 */
export function buildRequest(
  req: ModelRequest,
  cfg: ResolvedConfig,
  _stream: boolean,
): ConverseRequest {
  const system: SystemContentBlock[] = req.system ? [{ text: req.system }] : [];
  const messages: WireMessage[] = [];
  req.messages.forEach((m, i) => {
    if (m.role === "system") {
      // Converse has no system role in `messages`; system turns join the system prompt in order.
      if (m.content !== "") system.push({ text: m.content });
      return;
    }
    const content = m.role === "assistant" ? buildAssistantContent(m, i) : buildUserContent(m);
    // An assistant turn left empty by dropping foreign blocks has nothing to send.
    if (content.length === 0) return;
    const role = m.role === "assistant" ? "assistant" : "user";
    const last = messages[messages.length - 1];
    // Bedrock wants turns to alternate: tool results and a following prompt share one user turn.
    if (role === "user" && last?.role === "user") last.content.push(...content);
    else messages.push({ role, content });
  });

  const body: ConverseRequest = { messages };
  if (system.length > 0) body.system = system;
  if (cfg.maxTokens !== undefined) body.inferenceConfig = { maxTokens: cfg.maxTokens };
  const toolConfig = buildToolConfig(req, messages);
  if (toolConfig) body.toolConfig = toolConfig;
  if (cfg.thinking) body.additionalModelRequestFields = { thinking: cfg.thinking };
  if (cfg.effort) body.outputConfig = { effort: cfg.effort };
  return body;
}

function buildUserContent(m: Message): ContentBlock[] {
  if (m.role === "tool") {
    return [
      {
        toolResult: {
          toolUseId: m.toolCallId as string,
          content: [{ text: m.content }],
          status: m.isError ? "error" : "success",
        },
      },
    ];
  }
  return [{ text: m.content }];
}

/** Reasoning (provider order), then the text, then the tool calls (docs/architecture.md, "Replay rules"). */
function buildAssistantContent(m: Message, index: number): ContentBlock[] {
  const content: ContentBlock[] = [];
  for (const block of m.thinking ?? []) {
    const reasoning = buildReasoning(block);
    if (reasoning) content.push({ reasoningContent: reasoning });
  }
  if (m.content !== "") content.push({ text: m.content });
  for (const [j, call] of (m.toolCalls ?? []).entries()) {
    content.push({
      toolUse: {
        toolUseId: call.id,
        name: call.name,
        input: parseArguments(call.arguments, index, j),
      },
    });
  }
  return content;
}

function buildReasoning(block: ThinkingBlock): ReasoningContentBlock | undefined {
  if (block.provider !== undefined && block.provider !== PROVIDER) return undefined;
  if (block.redacted !== undefined) return { redactedContent: block.redacted };
  // Bedrock accepts reasoning only with the signature that proves it: unsigned text is dropped.
  if (block.signature === undefined || block.text === undefined) return undefined;
  return { reasoningText: { text: block.text, signature: block.signature } };
}

/** Converse wants the tool input as a JSON document, not text. */
function parseArguments(args: string, index: number, j: number): unknown {
  if (args.trim() === "") return {};
  try {
    return JSON.parse(args);
  } catch (cause) {
    throw new HistoryError(`toolCalls[${j}] arguments are not valid JSON`, index, { cause });
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

function buildTool(tool: ToolSpec): { toolSpec: ToolConfiguration["tools"][number]["toolSpec"] } {
  // Bedrock refuses an empty description (minimum length 1); leaving it out is allowed.
  return tool.description
    ? {
        toolSpec: {
          name: tool.name,
          description: tool.description,
          inputSchema: { json: tool.parameters },
        },
      }
    : { toolSpec: { name: tool.name, inputSchema: { json: tool.parameters } } };
}

function hasToolBlocks(messages: WireMessage[]): boolean {
  return messages.some((m) => m.content.some((b) => "toolUse" in b || "toolResult" in b));
}
