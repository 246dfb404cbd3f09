/**
 * One reasoning tool loop per OpenAI-compatible server golem has a profile for
 * (src/wires/openai-chat/servers.ts): the weather in Florence (a tool call), its answer, then
 * "And in Rome?" (a second call). Turn 2 and turn 3 show what goes back of the turn before:
 * the reasoning of a tool-call turn, of an answer, or none. `npm run capture -- openai
 * <server>/thinking-tool-loop[-stream]` records it live (the server's key from its own
 * variable; `--base-url` for a self-hosted one). The same cases drive the contract rows and
 * scripts/synthesize-servers.ts, which wrote the committed cassettes from each server's docs.
 */
import type { Message, Model, ModelRequest, ModelResponse } from "../../src/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { call, toolResults, WEATHER, weather } from "./tool-loop.js";
import type { Scenario } from "./types.js";

/** Where a server writes an answer's reasoning. */
export type Arrives = "reasoning_content" | "reasoning" | "tags" | "reasoning_details";

/** One server's loop: golem's config, and what the server's docs say of its reasoning. */
export interface ServerCase {
  /** The server, also the folder under fixtures/openai/. */
  server: openai.ServerName;
  /** What golem is created with: only `baseURL` and `model` (and `server` for a self-hosted one). */
  config: {
    baseURL: string;
    model: string;
    server?: openai.ServerName;
    reasoningEffort?: "medium";
  };
  /** Self-hosted: a key it takes unless started with one. */
  local?: true;
  /** Where the answers' reasoning arrives. */
  arrives: Arrives;
  /** Which assistant turns the docs say go back with their reasoning, and in which field. */
  replay: "never" | "tool-calls" | "always";
  form: "reasoning_content" | "reasoning";
  /** The body fields the docs name for this model: effort, the preserved-thinking switch. */
  fields: Record<string, unknown>;
  /** The doc the case was read from, and what it says, for the cassette's `source`. */
  doc: string;
  says: string;
}

export const SERVER_CASES: readonly ServerCase[] = [
  {
    server: "deepseek",
    config: { baseURL: "https://api.deepseek.com", model: "deepseek-v4-pro" },
    arrives: "reasoning_content",
    replay: "tool-calls",
    form: "reasoning_content",
    fields: {},
    doc: "https://api-docs.deepseek.com/guides/thinking_mode",
    says: "thinking mode returns reasoning_content; for turns that performed tool calls it must be passed back in all subsequent requests (else a 400), for other turns it is ignored; thinking is on by default",
  },
  {
    server: "moonshot",
    config: { baseURL: "https://api.moonshot.ai/v1", model: "kimi-k2.6" },
    arrives: "reasoning_content",
    replay: "tool-calls",
    form: "reasoning_content",
    fields: {},
    doc: "https://platform.moonshot.ai/docs/guide/use-kimi-k2-thinking-model",
    says: 'Kimi K2.5 and later think by default and return reasoning_content; an assistant tool-call message without it is refused ("thinking is enabled but reasoning_content is missing in assistant tool call message at index N")',
  },
  {
    server: "dashscope",
    config: {
      baseURL: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
      model: "qwen3.6-plus",
    },
    arrives: "reasoning_content",
    replay: "always",
    form: "reasoning_content",
    fields: { preserve_thinking: true },
    doc: "https://www.alibabacloud.com/help/en/model-studio/deep-thinking",
    says: "Qwen returns reasoning_content; from Qwen3.6, preserve_thinking: true keeps earlier turns' reasoning, which then goes back on every assistant message",
  },
  {
    server: "vllm",
    config: { baseURL: "http://localhost:8000/v1", model: "Qwen/Qwen3.6-35B-A3B", server: "vllm" },
    local: true,
    arrives: "reasoning",
    replay: "always",
    form: "reasoning",
    fields: { chat_template_kwargs: { preserve_thinking: true } },
    doc: "https://docs.vllm.ai/en/stable/features/reasoning_outputs/",
    says: "with a reasoning parser vLLM returns `reasoning` (reasoning_content before), reads only `reasoning` on assistant messages since 0.16 (vllm-project/vllm#38488), and passes chat_template_kwargs to the template, where Qwen3.6 takes preserve_thinking",
  },
  {
    server: "sglang",
    config: { baseURL: "http://localhost:30000/v1", model: "zai-org/GLM-4.7", server: "sglang" },
    local: true,
    arrives: "reasoning_content",
    replay: "always",
    form: "reasoning_content",
    fields: { chat_template_kwargs: { clear_thinking: false } },
    doc: "https://docs.sglang.io/docs/advanced_features/separate_reasoning",
    says: "SGLang's reasoning parser returns reasoning_content and passes chat_template_kwargs to the template; GLM-4.7's template keeps earlier reasoning with clear_thinking false (docs.z.ai preserved thinking)",
  },
  {
    server: "zai",
    config: { baseURL: "https://api.z.ai/api/paas/v4", model: "glm-5.1" },
    arrives: "reasoning_content",
    replay: "always",
    form: "reasoning_content",
    fields: { thinking: { type: "enabled", clear_thinking: false } },
    doc: "https://docs.z.ai/guides/capabilities/thinking-mode",
    says: 'preserved thinking is asked for with thinking: { type: "enabled", clear_thinking: false }, and the reasoning_content of every earlier turn goes back complete and unmodified',
  },
  {
    server: "cerebras",
    config: { baseURL: "https://api.cerebras.ai/v1", model: "zai-glm-4.7" },
    arrives: "reasoning",
    replay: "always",
    form: "reasoning",
    fields: { clear_thinking: false },
    doc: "https://inference-docs.cerebras.ai/capabilities/reasoning",
    says: "GLM's default reasoning format is parsed: reasoning in the `reasoning` field; clear_thinking false keeps it across turns (Cerebras GLM 4.7 migration guide); an assistant `reasoning` went back with a 200 in fixtures/reference/compat/cerebras/",
  },
  {
    server: "groq",
    config: {
      baseURL: "https://api.groq.com/openai/v1",
      model: "openai/gpt-oss-120b",
      reasoningEffort: "medium",
    },
    arrives: "reasoning",
    replay: "never",
    form: "reasoning",
    fields: { reasoning_effort: "medium" },
    doc: "https://console.groq.com/docs/reasoning",
    says: "with tools the reasoning format is parsed: reasoning in message.reasoning; Groq refuses a reasoning field on an assistant message (\"property 'reasoning' is unsupported\"), so nothing goes back",
  },
  {
    server: "together",
    config: { baseURL: "https://api.together.xyz/v1", model: "deepseek-ai/DeepSeek-V4-Pro" },
    arrives: "reasoning",
    replay: "tool-calls",
    form: "reasoning",
    fields: {},
    doc: "https://docs.together.ai/docs/inference/chat/reasoning",
    says: "DeepSeek-V4-Pro is hybrid, on by default, its reasoning in the `reasoning` field; DeepSeek's own rule wants it back on tool-call turns (api-docs.deepseek.com thinking mode)",
  },
  {
    server: "fireworks",
    config: {
      baseURL: "https://api.fireworks.ai/inference/v1",
      model: "accounts/fireworks/models/kimi-k2p5",
    },
    arrives: "reasoning_content",
    replay: "tool-calls",
    form: "reasoning_content",
    fields: {},
    doc: "https://docs.fireworks.ai/guides/reasoning",
    says: "Fireworks returns reasoning_content for reasoning models; Kimi's own rule wants it back on tool-call turns (platform.moonshot.ai)",
  },
  {
    server: "huggingface",
    config: { baseURL: "https://router.huggingface.co/v1", model: "zai-org/GLM-4.7:novita" },
    arrives: "reasoning_content",
    replay: "always",
    form: "reasoning_content",
    fields: {},
    doc: "https://huggingface.co/docs/inference-providers/tasks/chat-completion",
    says: "the router forwards the provider's OpenAI-compatible answer (reasoning_content here); GLM's own rule wants every turn's reasoning back (docs.z.ai), with no preserve switch on the router",
  },
  {
    server: "ollama",
    config: { baseURL: "https://ollama.com/v1", model: "kimi-k2-thinking:cloud" },
    arrives: "reasoning",
    replay: "tool-calls",
    form: "reasoning",
    fields: {},
    doc: "https://docs.ollama.com/api/openai-compatibility",
    says: "Ollama's /v1 returns reasoning in `reasoning` and took an assistant `reasoning` back with a 200 (fixtures/reference/compat/ollama/); Kimi's own rule wants it on tool-call turns",
  },
  {
    server: "lmstudio",
    config: { baseURL: "http://localhost:1234/v1", model: "qwen/qwen3-8b", server: "lmstudio" },
    local: true,
    arrives: "tags",
    replay: "never",
    form: "reasoning_content",
    fields: {},
    doc: "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1569",
    says: "without its reasoning separated, LM Studio streams the model's <think>…</think> inside content; Qwen3 before 3.6 has no rule to send it back, and the answer goes back without the tags",
  },
  {
    server: "llamacpp",
    config: { baseURL: "http://localhost:8080/v1", model: "qwen3.6-35b-a3b", server: "llamacpp" },
    local: true,
    arrives: "reasoning_content",
    replay: "always",
    form: "reasoning_content",
    fields: { chat_template_kwargs: { preserve_thinking: true } },
    doc: "https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md",
    says: "llama-server's default reasoning format puts thoughts in reasoning_content and it takes chat_template_kwargs; an assistant reasoning_content went back with a 200 (fixtures/reference/compat/llama-cpp/)",
  },
  {
    server: "xai",
    config: { baseURL: "https://api.x.ai/v1", model: "grok-3-mini" },
    arrives: "reasoning_content",
    replay: "never",
    form: "reasoning_content",
    fields: {},
    doc: "https://docs.x.ai/docs/guides/reasoning",
    says: "grok-3-mini returns reasoning_content; nothing asks for it back (it is accepted when sent, fixtures/reference/compat/xai/)",
  },
  {
    server: "openrouter",
    config: { baseURL: "https://openrouter.ai/api/v1", model: "moonshotai/kimi-k2.6" },
    arrives: "reasoning_details",
    replay: "tool-calls",
    form: "reasoning",
    fields: {},
    doc: "https://openrouter.ai/docs/use-cases/reasoning-tokens",
    says: "reasoning comes as `reasoning` and reasoning_details; the details go back on every assistant message exactly as they came, and then no `reasoning`",
  },
  {
    server: "compatible",
    config: { baseURL: "https://llm.example.com/v1", model: "house-reasoner-2" },
    arrives: "reasoning_content",
    replay: "never",
    form: "reasoning_content",
    fields: {},
    doc: "https://platform.openai.com/docs/api-reference/chat/create",
    says: "an unknown host with a model no family rule names: its reasoning_content is read and kept, and nothing is sent back unasked",
  },
];

/** The user's turns and the system prompt of the loop. */
export const SERVER_LOOP = {
  system: "You are a helpful assistant",
  first: "What's the weather in Florence, Italy?",
  next: "And in Rome?",
};

/**
 * The three calls: the question (a tool call), the tool's answer (a text answer), then one
 * more question (a tool call again).
 */
export async function serverLoop(
  send: (req: ModelRequest) => Promise<ModelResponse>,
): Promise<void> {
  const req = (messages: Message[]): ModelRequest => ({
    system: SERVER_LOOP.system,
    tools: [WEATHER],
    messages: [...messages],
  });
  const history: Message[] = [{ role: "user", content: SERVER_LOOP.first }];
  const first = await send(req(history));
  history.push(first.message, ...toolResults(first, weather));
  const second = await send(req(history));
  history.push(second.message, { role: "user", content: SERVER_LOOP.next });
  await send(req(history));
}

/** The scenario of one case, streamed or not. */
function scenario(c: ServerCase, stream: boolean): Scenario {
  return {
    description: `${c.server}: ${c.config.model}'s reasoning through a weather tool loop, sent back as the server takes it${stream ? ", streamed" : ""}`,
    streaming: stream,
    defaultModel: c.config.model,
    create: (ctx) =>
      openai.create({
        ...c.config,
        model: ctx.model ?? c.config.model,
        ...(ctx.baseURL ? { baseURL: ctx.baseURL } : {}),
        // A self-hosted server takes any key unless started with one.
        ...(c.local ? { apiKey: ctx.env.OPENAI_API_KEY ?? "EMPTY" } : {}),
        fetch: ctx.fetch,
      }),
    run: (model: Model) => serverLoop((r) => call(model, r, stream)),
  };
}

/** `<server>/thinking-tool-loop` and its `-stream` twin, for every case. */
export const serverScenarios: Record<string, Scenario> = Object.fromEntries(
  SERVER_CASES.flatMap((c) => [
    [`${c.server}/thinking-tool-loop`, scenario(c, false)],
    [`${c.server}/thinking-tool-loop-stream`, scenario(c, true)],
  ]),
);
