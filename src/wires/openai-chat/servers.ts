/**
 * The OpenAI-compatible servers golem knows, each a row of data: how reasoning is switched on
 * and how strong, how preserved thinking is asked for, where reasoning arrives, when and in
 * what form it goes back, and what the server refuses. The host of `baseURL` gives the
 * dialect (`server` names it where the host cannot); the model family gives the replay rule
 * (rules/reasoning-families.ts). Each row names its source and the day it was read. The
 * request builder and the parts builder read a resolved row ({@link ChatServer}); no code
 * branches on a server's name.
 * @module
 */
import { ConfigError } from "../../core/errors.js";
import type { ThinkTags } from "../../kit/think-tags.js";
import type { ReasoningFamily } from "../../rules/reasoning-families.js";
import {
  MOONSHOT_EFFORTS,
  type ModelEfforts,
  XAI_EFFORTS,
  ZAI_EFFORTS,
} from "../../rules/reasoning-models.js";

/** The servers a profile exists for; `"compatible"` is the generic default. */
export type ServerName =
  | "openai"
  | "deepseek"
  | "moonshot"
  | "dashscope"
  | "vllm"
  | "sglang"
  | "zai"
  | "cerebras"
  | "groq"
  | "together"
  | "fireworks"
  | "huggingface"
  | "ollama"
  | "lmstudio"
  | "llamacpp"
  | "xai"
  | "openrouter"
  | "mistral"
  | "compatible";

/** Where an answer's reasoning arrives; the first one present wins (never two, never doubled). */
export type ReasoningSource =
  | "reasoning_content"
  | "reasoning"
  | "reasoning_details"
  | "encrypted_content"
  | "tags"
  | "thinking_chunks";

/**
 * The form replayed reasoning takes on the wire: a field of the assistant message, the tags
 * put back around it in `content`, or `content` as a list of thinking and text chunks (Mistral).
 */
export type ReplayForm = "reasoning_content" | "reasoning" | "tags" | "chunks";

/** Body fields, deep-merged into the request. */
export type WireFields = Readonly<Record<string, unknown>>;

/**
 * How `reasoningEffort` goes on the wire. An object: the effort as `field` (default
 * `reasoning_effort`), `off` sent instead of it for `"none"`, `on` beside it for any other.
 * `"template"`: an open-weight server's chat template switch,
 * `chat_template_kwargs: { <switch>: false }` for `"none"` (the switch is the family's,
 * `enable_thinking` by default), `reasoning_effort` for any other.
 */
export type EffortDialect =
  | {
      field?: "reasoning_effort" | "reasoning.effort";
      off?: WireFields;
      on?: WireFields;
    }
  | "template";

/** Something a server refuses, checked before the request (a `ConfigError`). */
export interface ServerRefusal {
  /** The family whose models it refuses it for. */
  family: ReasoningFamily;
  /** A tool choice that forces a call (`"required"` or a named tool) while the model reasons. */
  refuses: "forced-tool-choice";
  /** Why, as the server says it. */
  message: string;
}

/** One server's reasoning dialect. */
export interface ServerProfile {
  /** Host names that identify it in `baseURL`, each also matching its subdomains. */
  hosts: readonly string[];
  /** Where reasoning arrives. */
  reasoningIn: readonly ReasoningSource[];
  /** The tags of `"tags"` reasoning, when not `<think>…</think>`. */
  tags?: ThinkTags;
  /**
   * The form reasoning goes back in. When it goes back is the model family's rule
   * (rules/reasoning-families.ts) or `replayReasoning`'s; else never, but on a server that
   * runs only its vendor's own models, which says it in `replay`.
   */
  replayAs: ReplayForm;
  /** When reasoning goes back where no family rule says (a server of its vendor's own models). */
  replay?: "tool-calls" | "always";
  /** How `reasoningEffort` is sent. */
  effort: EffortDialect;
  /**
   * The fields that ask the server to keep earlier reasoning (preserved thinking), sent for a
   * family that wants it; `"template"`: the family's chat-template switch.
   */
  preserve?: WireFields | "template";
  /** What the server refuses, checked before each request. */
  refuse?: readonly ServerRefusal[];
  /**
   * The `reasoningEffort` values a model takes, as `[model id pattern, "value value …"]` (read
   * here) or a dated row of rules/reasoning-models.ts; the first row whose pattern the
   * (lowercased) id matches holds, and another value is a `ConfigError` before the request.
   * A model that always reasons takes no `"none"`; `""` takes no effort at all.
   */
  efforts?: readonly (readonly [RegExp, string] | ModelEfforts)[];
  /**
   * Body fields the server names otherwise (the new name) or refuses (`null`: left out),
   * applied to what golem builds (not to `extraBody`).
   */
  renames?: Readonly<Record<string, string | null>>;
  /**
   * Tool-call ids are exactly this many letters and digits: an id of another form (another
   * provider's) is sent as one, the same for its call and its result (call-ids.ts).
   */
  callIds?: number;
  /**
   * The environment variable the API key is read from; absent: `OPENAI_API_KEY` (OpenAI, and
   * servers whose key golem cannot name). A host with a key of its own never gets OpenAI's.
   */
  key?: string;
  /** The doc or capture the row was read from, and when. */
  source: string;
  checked: string;
}

const CHECKED = "2026-12-06";
const OFF_THINKING = { off: { thinking: { type: "disabled" } } } as const;

/**
 * Every server profile, by name (`openai.servers`). Read by `openai.create`: `server`, or the
 * row whose `hosts` hold `baseURL`'s host, else `compatible`.
 */
export const SERVERS: Readonly<Record<ServerName, ServerProfile>> = {
  openai: {
    hosts: ["api.openai.com"],
    // OpenAI's models return no reasoning text on Chat Completions (the Responses API does).
    reasoningIn: [],
    replayAs: "reasoning_content",
    effort: {},
    source: "https://platform.openai.com/docs/api-reference/chat/create",
    checked: CHECKED,
  },
  deepseek: {
    hosts: ["api.deepseek.com"],
    reasoningIn: ["reasoning_content"],
    replayAs: "reasoning_content",
    // Thinking is on by default; `reasoning_effort` low, high, max (others mapped by DeepSeek).
    effort: OFF_THINKING,
    key: "DEEPSEEK_API_KEY",
    source: "https://api-docs.deepseek.com/guides/thinking_mode",
    checked: CHECKED,
  },
  moonshot: {
    hosts: ["api.moonshot.ai", "api.moonshot.cn", "api.kimi.com"],
    reasoningIn: ["reasoning_content"],
    replayAs: "reasoning_content",
    // K2.5/K2.6 think by default, `thinking.type: "disabled"` turns it off; K3 takes
    // `reasoning_effort` low, high, max.
    effort: OFF_THINKING,
    efforts: MOONSHOT_EFFORTS,
    refuse: [
      {
        family: "kimi",
        refuses: "forced-tool-choice",
        message:
          'Kimi refuses a forced tool_choice while thinking; use "auto" or reasoningEffort "none"',
      },
    ],
    key: "MOONSHOT_API_KEY",
    source: "https://platform.moonshot.ai/docs/guide/use-kimi-k2-thinking-model",
    checked: CHECKED,
  },
  dashscope: {
    hosts: ["dashscope.aliyuncs.com", "dashscope-intl.aliyuncs.com", "dashscope-us.aliyuncs.com"],
    // With `thinking_display: "summarized"` a summary in reasoning_content and the whole
    // reasoning encrypted (docs/openai.md, DashScope).
    reasoningIn: ["reasoning_content", "encrypted_content"],
    replayAs: "reasoning_content",
    effort: { off: { enable_thinking: false }, on: { enable_thinking: true } },
    preserve: { preserve_thinking: true },
    key: "DASHSCOPE_API_KEY",
    source: "https://www.alibabacloud.com/help/en/model-studio/deep-thinking",
    checked: CHECKED,
  },
  vllm: {
    hosts: [],
    // `reasoning` with a reasoning parser (`reasoning_content` before 0.11), tags without one.
    reasoningIn: ["reasoning", "tags"],
    // 0.16 and later read only `reasoning` back (vllm-project/vllm#38488).
    replayAs: "reasoning",
    effort: "template",
    preserve: "template",
    source: "https://docs.vllm.ai/en/stable/features/reasoning_outputs/",
    checked: CHECKED,
  },
  sglang: {
    hosts: [],
    reasoningIn: ["reasoning_content", "tags"],
    replayAs: "reasoning_content",
    effort: "template",
    preserve: "template",
    source: "https://docs.sglang.io/docs/advanced_features/separate_reasoning",
    checked: CHECKED,
  },
  zai: {
    // The coding endpoint is the same host (`/api/coding/paas/v4`).
    hosts: ["api.z.ai", "open.bigmodel.cn"],
    reasoningIn: ["reasoning_content"],
    replayAs: "reasoning_content",
    effort: { off: { thinking: { type: "disabled" } }, on: { thinking: { type: "enabled" } } },
    preserve: { thinking: { type: "enabled", clear_thinking: false } },
    efforts: ZAI_EFFORTS,
    key: "ZAI_API_KEY",
    source: "https://docs.z.ai/guides/capabilities/thinking-mode",
    checked: CHECKED,
  },
  cerebras: {
    hosts: ["api.cerebras.ai"],
    // `reasoning` (format `parsed`, GLM's and gpt-oss's default), tags (`raw`, Qwen3's).
    reasoningIn: ["reasoning", "tags"],
    // An assistant `reasoning` went back with a 200 (fixtures/reference/compat/cerebras/).
    replayAs: "reasoning",
    // `reasoning_effort: "none"` turns GLM's reasoning off.
    effort: {},
    preserve: { clear_thinking: false },
    key: "CEREBRAS_API_KEY",
    source: "https://inference-docs.cerebras.ai/capabilities/reasoning",
    checked: CHECKED,
  },
  groq: {
    hosts: ["api.groq.com"],
    // `reasoning_format` parsed: `reasoning`; raw (the default without tools): tags.
    reasoningIn: ["reasoning", "tags"],
    // Groq refuses a reasoning field on an assistant message ("property 'reasoning' is
    // unsupported"); the tags go back in `content`.
    replayAs: "tags",
    effort: {},
    key: "GROQ_API_KEY",
    source: "https://console.groq.com/docs/reasoning",
    checked: CHECKED,
  },
  together: {
    hosts: ["api.together.xyz", "api.together.ai"],
    reasoningIn: ["reasoning", "tags"],
    replayAs: "reasoning",
    // Hybrid models switch with `reasoning.enabled`; gpt-oss takes `reasoning_effort`.
    effort: { off: { reasoning: { enabled: false } } },
    key: "TOGETHER_API_KEY",
    source: "https://docs.together.ai/docs/inference/chat/reasoning",
    checked: CHECKED,
  },
  fireworks: {
    hosts: ["api.fireworks.ai"],
    // "For some models, the reasoning content may instead be included directly in the
    // content field itself" (in tags).
    reasoningIn: ["reasoning_content", "tags"],
    replayAs: "reasoning_content",
    effort: {},
    key: "FIREWORKS_API_KEY",
    source: "https://docs.fireworks.ai/guides/reasoning",
    checked: CHECKED,
  },
  huggingface: {
    hosts: ["router.huggingface.co"],
    // The router forwards each provider's own answer.
    reasoningIn: ["reasoning_content", "reasoning", "tags"],
    replayAs: "reasoning_content",
    effort: {},
    key: "HF_TOKEN",
    source: "https://huggingface.co/docs/inference-providers/tasks/chat-completion",
    checked: CHECKED,
  },
  ollama: {
    // Ollama's cloud; a local server (`localhost:11434`) is named with `server: "ollama"`.
    hosts: ["ollama.com"],
    reasoningIn: ["reasoning", "tags"],
    // An assistant `reasoning` went back with a 200 (fixtures/reference/compat/ollama/).
    replayAs: "reasoning",
    // `reasoning_effort: "none"` is what turns thinking off on /v1 (ollama/ollama#14820).
    effort: {},
    key: "OLLAMA_API_KEY",
    source: "https://docs.ollama.com/api/openai-compatibility",
    checked: CHECKED,
  },
  lmstudio: {
    hosts: [],
    // `reasoning_content` when its server separates reasoning, tags in `content` otherwise.
    reasoningIn: ["reasoning_content", "tags"],
    replayAs: "reasoning_content",
    effort: {},
    source: "https://lmstudio.ai/docs/developer/openai-compat/chat-completions",
    checked: CHECKED,
  },
  llamacpp: {
    hosts: [],
    // `--reasoning-format deepseek` (the default, auto): reasoning_content; `none`: tags.
    reasoningIn: ["reasoning_content", "tags"],
    // An assistant reasoning_content went back with a 200 (fixtures/reference/compat/llama-cpp/).
    replayAs: "reasoning_content",
    effort: "template",
    preserve: "template",
    source: "https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md",
    checked: CHECKED,
  },
  xai: {
    hosts: ["api.x.ai"],
    // grok-3-mini returns reasoning_content; Grok 4 returns none on Chat Completions.
    reasoningIn: ["reasoning_content"],
    // An assistant reasoning_content went back with a 200 (fixtures/reference/compat/xai/).
    replayAs: "reasoning_content",
    effort: {},
    efforts: XAI_EFFORTS,
    key: "XAI_API_KEY",
    source: "https://docs.x.ai/docs/guides/reasoning",
    checked: CHECKED,
  },
  openrouter: {
    hosts: ["openrouter.ai"],
    // `reasoning_details` always go back as they came (docs/adr/0012-reasoning-dialects.md).
    reasoningIn: ["reasoning_details", "reasoning"],
    replayAs: "reasoning",
    effort: { field: "reasoning.effort" },
    key: "OPENROUTER_API_KEY",
    source: "https://openrouter.ai/docs/use-cases/reasoning-tokens",
    checked: CHECKED,
  },
  mistral: {
    hosts: ["api.mistral.ai"],
    // `content` as chunks, `{ type: "thinking", thinking: [{ type: "text", text }] }` and
    // `{ type: "text", text }`, taken back in the same form (chunks.ts).
    reasoningIn: ["thinking_chunks"],
    replayAs: "chunks",
    // Mistral runs only its own models, whose thinking goes back in its place on every turn.
    replay: "always",
    effort: {},
    // Magistral always reasons; Small 4 and Medium 3.5 take none or high; Large 4 low, medium,
    // high (the docs' model list).
    efforts: [
      [/magistral/, "high"],
      [/mistral-large-4/, "low medium high"],
      [/mistral-(?:small-(?:latest|2603|4)|medium-(?:latest|2604|3[.-]5))/, "none high"],
    ],
    // Its API refuses a field it does not know (422 "Extra inputs are not permitted"), and
    // sends usage in a stream unasked.
    renames: { max_completion_tokens: "max_tokens", seed: "random_seed", stream_options: null },
    // "Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9" (a 400).
    callIds: 9,
    key: "MISTRAL_API_KEY",
    source: "https://docs.mistral.ai/capabilities/reasoning/",
    checked: CHECKED,
  },
  compatible: {
    hosts: [],
    // Every field is read; what it does not say is not assumed: no tags, nothing sent back.
    reasoningIn: ["reasoning_content", "reasoning", "reasoning_details", "encrypted_content"],
    replayAs: "reasoning_content",
    effort: {},
    source: "https://platform.openai.com/docs/api-reference/chat/create",
    checked: CHECKED,
  },
};

/** The server a `baseURL`'s host names, else `"compatible"`. */
export function serverOf(baseURL: string): ServerName {
  const host = new URL(baseURL).hostname;
  const row = Object.entries(SERVERS).find(([, s]) =>
    s.hosts.some((h) => host === h || host.endsWith(`.${h}`)),
  );
  return (row?.[0] as ServerName | undefined) ?? "compatible";
}

/** Checks `server`; undefined when not given. */
export function checkServerName(server: unknown, provider: string): ServerName | undefined {
  const names = Object.keys(SERVERS);
  if (server === undefined) return undefined;
  if (typeof server !== "string" || !names.includes(server)) {
    throw new ConfigError(
      `${provider}: server must be one of ${names.join(", ")}; got ${JSON.stringify(server)}`,
    );
  }
  return server as ServerName;
}
