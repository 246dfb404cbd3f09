import { ConfigError } from "../../core/errors.js";
import { partsOf, textOf } from "../../core/parts.js";
import type { Message, ModelRequest, Part, ToolSpec } from "../../core/types.js";
import { checkMedia, isMedia, urlOf } from "../../kit/media.js";
import { callSettings, wireFields, withExtraBody } from "../../kit/settings.js";
import { foldUpdates } from "../../kit/updates.js";
import { COHERE_MEDIA } from "./media.js";
import type { ResolvedOptions } from "./options.js";
import { checkCapabilities, checkCohereSettings } from "./settings.js";
import type {
  CohereAssistantContent,
  CohereAssistantMessage,
  CohereChatRequest,
  CohereMessage,
  CohereTool,
  CohereUserContent,
} from "./wire.js";

/** `POST /v2/chat` under a base URL; a stream is the same URL with `stream: true`. */
export function chatUrl(cfg: { baseURL: string }): string {
  return `${cfg.baseURL}/v2/chat`;
}

/** Cohere has no reasoning effort levels, so an update that sets one is refused. */
const NO_EFFORTS: readonly string[] = [];

/**
 * The Chat API v2 body for a request: `system` first (role `"system"`), then the messages in
 * order; each assistant turn goes back with its own thinking items in their places
 * ({@link buildAssistantMessage}). Cohere has no append-only form for tools and output, so
 * updates fold into the top-level fields. A message with nothing to send is left out.
 * @see https://docs.cohere.com/reference/chat
 */
export function buildRequest(
  request: ModelRequest,
  cfg: ResolvedOptions,
  stream: boolean,
): CohereChatRequest {
  const { provider } = cfg;
  const req = foldUpdates(request, provider, NO_EFFORTS).request;
  const s = checkCohereSettings(provider, callSettings(provider, cfg.settings, req));
  checkCapabilities(provider, cfg.model, cfg.capabilities, s, req, cfg.thinking);
  const messages: CohereMessage[] = [];
  if (req.system !== undefined && req.system !== "") {
    messages.push({ role: "system", content: req.system });
  }
  for (const [i, m] of req.messages.entries()) {
    const out = buildMessage(m, i, provider);
    if (out) messages.push(out);
  }
  const body: CohereChatRequest = { model: cfg.model, messages };
  const tools = req.tools ?? [];
  if (tools.length > 0) {
    body.tools = tools.map(buildTool);
    if (strictTools(provider, tools)) body.strict_tools = true;
  }
  const choice = buildToolChoice(provider, req.toolChoice);
  if (choice !== undefined) body.tool_choice = choice;
  if (cfg.thinking !== undefined) body.thinking = { ...cfg.thinking };
  Object.assign(
    body,
    wireFields(s, {
      maxTokens: "max_tokens",
      temperature: "temperature",
      topP: "p",
      topK: "k",
      stopSequences: "stop_sequences",
      seed: "seed",
    }),
  );
  if (req.output) {
    // "The parameter is not supported when used in combinations with the documents or tools
    // parameters" (API reference, `response_format`): refused here rather than a 400.
    if (tools.length > 0) {
      throw new ConfigError(
        `${provider}: structured output (response_format) cannot be combined with tools on Cohere`,
      );
    }
    body.response_format = { type: "json_object", json_schema: req.output.schema };
  }
  if (stream) body.stream = true;
  return withExtraBody(body, cfg.settings, req);
}

function buildMessage(m: Message, i: number, provider: string): CohereMessage | undefined {
  const parts = partsOf(m);
  const who = `${provider} Chat`;
  const place = m.role === "user" ? "user" : m.role === "tool" ? "tool" : "assistant";
  for (const [j, p] of parts.entries())
    if (isMedia(p)) checkMedia(who, COHERE_MEDIA, p, j, i, place);
  switch (m.role) {
    case "assistant":
      return buildAssistantMessage(parts, provider);
    // No error flag on the wire: the content says what failed. Sent even when empty: its call
    // needs an answer.
    case "tool":
      return { role: "tool", tool_call_id: m.toolCallId ?? "", content: textOf(m) };
    case "user": {
      if (!parts.some(isMedia)) {
        const content = textOf(m);
        return content === "" ? undefined : { role: "user", content };
      }
      const content: CohereUserContent[] = [];
      for (const p of parts) {
        if (p.type === "image") content.push({ type: "image_url", image_url: { url: urlOf(p) } });
        else if (p.type === "text" && p.text !== "") content.push({ type: "text", text: p.text });
      }
      return { role: "user", content };
    }
    default: {
      const content = textOf(m);
      return content === "" ? undefined : { role: "system", content };
    }
  }
}

/**
 * An assistant turn as Cohere takes it back: its own (and untagged) thinking parts as
 * `thinking` items and its text as `text` items, each in its place, in `content`; tool calls
 * as `tool_calls`, their arguments as the model sent them. Beside tool calls Cohere refuses
 * text in `content` ("text content is not allowed when tool_calls are provided ... use
 * 'tool_plan'", vercel/ai#5794), so there the text goes as `tool_plan`, which is where
 * Cohere's own plan came from (parts.ts). Another provider's thinking (and any redacted
 * payload) has no place on this wire and is left out.
 * @see https://docs.cohere.com/docs/reasoning
 */
function buildAssistantMessage(
  parts: readonly Part[],
  provider: string,
): CohereAssistantMessage | undefined {
  const calls = parts.filter((p) => p.type === "tool-call");
  const content: CohereAssistantContent[] = [];
  let plan = "";
  for (const p of parts) {
    if (p.type === "thinking") {
      const own = p.provider === undefined || p.provider === provider;
      if (own && p.redacted === undefined && p.text) {
        content.push({ type: "thinking", thinking: p.text });
      }
    } else if (p.type === "text" && p.text !== "") {
      if (calls.length > 0) plan += p.text;
      else content.push({ type: "text", text: p.text });
    }
  }
  if (content.length === 0 && calls.length === 0) return undefined;
  const out: CohereAssistantMessage = { role: "assistant" };
  if (content.length > 0) out.content = content;
  if (plan !== "") out.tool_plan = plan;
  if (calls.length > 0) {
    out.tool_calls = calls.map((c) => ({
      id: c.id,
      type: "function",
      // A call streamed without arguments has "", which is no JSON object.
      function: { name: c.name, arguments: c.arguments === "" ? "{}" : c.arguments },
    }));
  }
  return out;
}

function buildTool(t: ToolSpec): CohereTool {
  return {
    type: "function",
    function: { name: t.name, description: t.description, parameters: t.parameters },
  };
}

/**
 * `strict_tools` holds every tool of the request to its definition: on when every tool asks
 * for `strict`; tools that disagree cannot be sent as they ask.
 */
function strictTools(provider: string, tools: readonly ToolSpec[]): boolean {
  const strict = tools.filter((t) => t.strict === true).length;
  if (strict === 0 || strict === tools.length) return strict > 0;
  throw new ConfigError(
    `${provider}: \`strict\` is one switch for all tools on Cohere (strict_tools); set it on every tool or on none`,
  );
}

/**
 * `tool_choice`: `"REQUIRED"` or `"NONE"`; `"auto"` is the default and sends nothing. Cohere
 * cannot be made to call one named tool.
 */
function buildToolChoice(
  provider: string,
  choice: ModelRequest["toolChoice"],
): CohereChatRequest["tool_choice"] {
  if (choice === undefined || choice === "auto") return undefined;
  if (choice === "required") return "REQUIRED";
  if (choice === "none") return "NONE";
  throw new ConfigError(
    `${provider}: toolChoice { name } has no Cohere form (tool_choice takes only "REQUIRED" or "NONE"); use "required" with only that tool`,
  );
}
