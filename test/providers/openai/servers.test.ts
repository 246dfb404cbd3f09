/**
 * Server profiles (wires/openai-chat/servers.ts): which server a config names (the host of
 * `baseURL`, or `server`), which family rule the model follows, and what a request then
 * carries: the reasoning of an earlier turn in the server's form, the effort in the server's
 * field, the preserve switch. The cassettes of each server run in test/contract/.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/openai/config.js";
import * as openai from "../../../src/platforms/openai/index.js";
import { familyRule } from "../../../src/rules/reasoning-families.js";
import { buildRequest } from "../../../src/wires/openai-chat/request.js";
import { SERVERS, type ServerName } from "../../../src/wires/openai-chat/servers.js";

const KEY = { apiKey: "sk-test-0123456789abcdef" };
const resolve = (config: Omit<Config, "apiKey">) => resolveConfig({ ...KEY, ...config }, {});

type Detection = [
  baseURL: string,
  model: string,
  options: Partial<Config>,
  server: ServerName,
  replay: "never" | "tool-calls" | "always",
  form: string,
];

const LOCAL = "http://localhost:8000/v1";
const PROXY = "https://llm-proxy.example.com/v1";

/** baseURL, model, options → the server, when reasoning goes back and in what form. */
const DETECTION: Detection[] = [
  [
    "https://api.deepseek.com",
    "deepseek-v4-pro",
    {},
    "deepseek",
    "tool-calls",
    "reasoning_content",
  ],
  [
    "https://api.deepseek.com/v1",
    "deepseek-reasoner",
    {},
    "deepseek",
    "tool-calls",
    "reasoning_content",
  ],
  ["https://api.moonshot.ai/v1", "kimi-k2.6", {}, "moonshot", "tool-calls", "reasoning_content"],
  ["https://api.moonshot.cn/v1", "moonshot-v1-8k", {}, "moonshot", "never", "reasoning_content"],
  [
    "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
    "qwen3.6-plus",
    {},
    "dashscope",
    "always",
    "reasoning_content",
  ],
  [
    "https://dashscope.aliyuncs.com/compatible-mode/v1",
    "qwen3-max",
    {},
    "dashscope",
    "never",
    "reasoning_content",
  ],
  ["https://api.z.ai/api/paas/v4", "glm-5.1", {}, "zai", "always", "reasoning_content"],
  ["https://api.z.ai/api/coding/paas/v4", "glm-4.7", {}, "zai", "always", "reasoning_content"],
  ["https://open.bigmodel.cn/api/paas/v4", "glm-4.5-air", {}, "zai", "always", "reasoning_content"],
  ["https://api.cerebras.ai/v1", "zai-glm-4.7", {}, "cerebras", "always", "reasoning"],
  ["https://api.cerebras.ai/v1", "gpt-oss-120b", {}, "cerebras", "never", "reasoning"],
  ["https://api.groq.com/openai/v1", "qwen/qwen3-32b", {}, "groq", "never", "tags"],
  [
    "https://api.together.xyz/v1",
    "deepseek-ai/DeepSeek-V4-Pro",
    {},
    "together",
    "tool-calls",
    "reasoning",
  ],
  [
    "https://api.fireworks.ai/inference/v1",
    "accounts/fireworks/models/kimi-k2p5",
    {},
    "fireworks",
    "tool-calls",
    "reasoning_content",
  ],
  [
    "https://router.huggingface.co/v1",
    "moonshotai/Kimi-K2.5:together",
    {},
    "huggingface",
    "tool-calls",
    "reasoning_content",
  ],
  [
    "https://openrouter.ai/api/v1",
    "deepseek/deepseek-v4-pro",
    {},
    "openrouter",
    "tool-calls",
    "reasoning",
  ],
  ["https://ollama.com/v1", "gpt-oss:120b", {}, "ollama", "never", "reasoning"],
  ["https://api.x.ai/v1", "grok-3-mini", {}, "xai", "never", "reasoning_content"],
  [LOCAL, "Qwen/Qwen3.6-35B-A3B", { server: "vllm" }, "vllm", "always", "reasoning"],
  [
    "http://localhost:30000/v1",
    "zai-org/GLM-4.7",
    { server: "sglang" },
    "sglang",
    "always",
    "reasoning_content",
  ],
  [
    "http://localhost:8080/v1",
    "gpt-oss-20b",
    { server: "llamacpp" },
    "llamacpp",
    "never",
    "reasoning_content",
  ],
  [
    "http://localhost:1234/v1",
    "qwen/qwen3-8b",
    { server: "lmstudio" },
    "lmstudio",
    "never",
    "reasoning_content",
  ],
  [
    "http://localhost:11434/v1",
    "deepseek-v4-flash",
    { server: "ollama" },
    "ollama",
    "tool-calls",
    "reasoning",
  ],
  // A family that refuses a loop without its reasoning gets it back behind any host.
  [PROXY, "deepseek-v4-flash", {}, "compatible", "tool-calls", "reasoning_content"],
  // One that only reasons better with it needs a server known to keep it.
  [PROXY, "qwen3.6-plus", {}, "compatible", "never", "reasoning_content"],
  [PROXY, "my-own-model", {}, "compatible", "never", "reasoning_content"],
  // `server` over the host; replayReasoning and reasoningFormat over the row and the family.
  [
    "https://api.deepseek.com",
    "deepseek-v4-pro",
    { server: "compatible" },
    "compatible",
    "tool-calls",
    "reasoning_content",
  ],
  [
    "https://api.deepseek.com",
    "deepseek-v4-pro",
    { replayReasoning: false },
    "deepseek",
    "never",
    "reasoning_content",
  ],
  [
    "https://api.deepseek.com",
    "deepseek-v4-pro",
    { replayReasoning: true },
    "deepseek",
    "always",
    "reasoning_content",
  ],
  [PROXY, "my-own-model", { replayReasoning: true }, "compatible", "always", "reasoning_content"],
  [
    LOCAL,
    "Qwen/Qwen3.6-35B-A3B",
    { server: "vllm", reasoningFormat: "reasoning_content" },
    "vllm",
    "always",
    "reasoning_content",
  ],
  [
    LOCAL,
    "Qwen/Qwen3-8B",
    { replayReasoning: true, reasoningFormat: "reasoning" },
    "compatible",
    "always",
    "reasoning",
  ],
];

describe("openai server detection", () => {
  it("leaves OpenAI's own endpoint without a profile: its wire as it always was", () => {
    expect(resolve({ model: "gpt-5.4" }).server).toBe(undefined);
    expect(resolve({ baseURL: "https://api.openai.com/v1", model: "gpt-5.4" }).server).toBe(
      undefined,
    );
  });

  it.each(DETECTION)(
    "%s with %s %j is %s, replaying on %s as %s",
    (baseURL, model, options, server, replay, form) => {
      const cfg = resolve({ baseURL, model, ...options });
      expect(cfg.server?.profile).toBe(SERVERS[server]);
      expect(cfg.server?.replay).toBe(replay);
      expect(cfg.server?.replayAs).toBe(form);
    },
  );

  it("refuses a server it has no profile for, naming the ones it has", () => {
    expect(() => resolve({ model: "m", server: "vllm2" as ServerName })).toThrow(ConfigError);
    expect(() => resolve({ model: "m", server: "vllm2" as ServerName })).toThrow(
      /server must be one of openai, deepseek, .*compatible; got "vllm2"/,
    );
  });

  it("reads the key of a known host from its own variable, never OpenAI's", () => {
    const env = { OPENAI_API_KEY: "sk-openai", DEEPSEEK_API_KEY: "sk-deepseek" };
    const ds = resolveConfig(
      { baseURL: "https://api.deepseek.com", model: "deepseek-v4-pro" },
      env,
    );
    expect(ds.apiKey).toBe("sk-deepseek");
    expect(() =>
      resolveConfig(
        { baseURL: "https://api.deepseek.com", model: "deepseek-v4-pro" },
        {
          OPENAI_API_KEY: "sk-openai",
        },
      ),
    ).toThrow("openai: no API key; pass apiKey or set DEEPSEEK_API_KEY");
    expect(resolveConfig({ baseURL: PROXY, model: "m" }, env).apiKey).toBe("sk-openai");
    expect(resolveConfig({ model: "gpt-5.4" }, env).apiKey).toBe("sk-openai");
  });
});

describe("openai.servers", () => {
  it("is the table, exported as it is", () => {
    expect(openai.servers).toBe(SERVERS);
  });

  it.each(Object.entries(SERVERS))("%s: a source URL and a date", (_, row) => {
    expect(row.source).toMatch(/^https:\/\//);
    expect(row.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("gives each host to one server only", () => {
    const hosts = Object.values(SERVERS).flatMap((s) => s.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
  });
});

describe("the family rules", () => {
  it.each([
    ["deepseek-v4-pro", "deepseek"],
    ["deepseek-ai/DeepSeek-V3.2-Exp", "deepseek"],
    ["accounts/fireworks/models/deepseek-v3p2", "deepseek"],
    ["deepseek-reasoner", "deepseek"],
    ["kimi-k2.5", "kimi"],
    ["moonshotai/Kimi-K2.6", "kimi"],
    ["kimi-k2-thinking", "kimi"],
    ["kimi-k3", "kimi"],
    ["glm-4.5-air", "glm"],
    ["zai-org/GLM-5.1", "glm"],
    ["Qwen/Qwen3.6-35B-A3B", "qwen"],
    ["qwen3.6-plus", "qwen"],
  ])("%s follows the %s rule", (model, family) => {
    expect(familyRule(model)?.family).toBe(family);
  });

  it.each([
    "deepseek-r1",
    "deepseek-ai/DeepSeek-V3.1",
    "deepseek-chat",
    "kimi-k2-0905-preview",
    "glm-4-9b-chat",
    "qwen3-max",
    "Qwen/Qwen3-8B",
    "gpt-oss-120b",
    "gpt-5.4",
  ])("%s follows none", (model) => {
    expect(familyRule(model)).toBe(undefined);
  });
});

// ---- what a request carries ----

const ASK: Message = { role: "user", content: "Weather in Oslo?" };
const THOUGHT = "Need the weather tool for Oslo.";
const CALLED: Message = {
  role: "assistant",
  content: [
    { type: "thinking", text: THOUGHT, provider: "openai" },
    { type: "text", text: "Checking." },
    { type: "tool-call", id: "call_1", name: "weather", arguments: '{"city":"Oslo"}' },
  ],
};
const RESULT: Message = { role: "tool", toolCallId: "call_1", content: "4 C" };
const ANSWERED: Message = {
  role: "assistant",
  content: [
    { type: "thinking", text: "It is cold.", provider: "openai" },
    { type: "text", text: "4 C in Oslo." },
  ],
};
const LOOP: ModelRequest = {
  messages: [ASK, CALLED, RESULT, ANSWERED, { role: "user", content: "And Bergen?" }],
};
const CALL_WIRE = {
  tool_calls: [
    { id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } },
  ],
};

type Body = { messages: Record<string, unknown>[] } & Record<string, unknown>;
const bodyFor = (config: Omit<Config, "apiKey">, req: ModelRequest = LOOP) =>
  buildRequest(req, resolve(config), false) as unknown as Body;
const assistants = (body: Body) => body.messages.filter((m) => m.role === "assistant");

describe("openai requests by server", () => {
  it("DeepSeek V4: reasoning_content on the tool-call turn only", () => {
    const [called, answered] = assistants(
      bodyFor({ baseURL: "https://api.deepseek.com", model: "deepseek-v4-pro" }),
    );
    expect(called).toEqual({
      role: "assistant",
      content: "Checking.",
      ...CALL_WIRE,
      reasoning_content: THOUGHT,
    });
    expect(answered).toEqual({ role: "assistant", content: "4 C in Oslo." });
  });

  it("Kimi: an empty reasoning_content on a tool-call turn that has none", () => {
    const bare: Message = {
      role: "assistant",
      content: [{ type: "tool-call", id: "call_1", name: "weather", arguments: "{}" }],
    };
    const [called] = assistants(
      bodyFor(
        { baseURL: "https://api.moonshot.ai/v1", model: "kimi-k2.6" },
        { messages: [ASK, bare, RESULT] },
      ),
    );
    expect(called?.reasoning_content).toBe("");
  });

  it("GLM on Z.ai: preserved thinking asked for, reasoning_content on every turn", () => {
    const body = bodyFor({ baseURL: "https://api.z.ai/api/paas/v4", model: "glm-5.1" });
    expect(body.thinking).toEqual({ type: "enabled", clear_thinking: false });
    expect(assistants(body).map((m) => m.reasoning_content)).toEqual([THOUGHT, "It is cold."]);
  });

  it("Qwen 3.6 on DashScope: preserve_thinking, reasoning_content on every turn", () => {
    const body = bodyFor({
      baseURL: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
      model: "qwen3.6-plus",
    });
    expect(body.preserve_thinking).toBe(true);
    expect(assistants(body).map((m) => m.reasoning_content)).toEqual([THOUGHT, "It is cold."]);
  });

  it("Qwen 3.6 on vLLM: the template's preserve switch, `reasoning` on every turn", () => {
    const body = bodyFor({ baseURL: LOCAL, server: "vllm", model: "Qwen/Qwen3.6-35B-A3B" });
    expect(body.chat_template_kwargs).toEqual({ preserve_thinking: true });
    expect(assistants(body).map((m) => m.reasoning)).toEqual([THOUGHT, "It is cold."]);
  });

  it("GLM on Cerebras: clear_thinking false, `reasoning` on every turn", () => {
    const body = bodyFor({ baseURL: "https://api.cerebras.ai/v1", model: "zai-glm-4.7" });
    expect(body.clear_thinking).toBe(false);
    expect(assistants(body).map((m) => m.reasoning)).toEqual([THOUGHT, "It is cold."]);
  });

  it("Groq, asked to replay: the tags back in content, no reasoning field", () => {
    const [called] = assistants(
      bodyFor({
        baseURL: "https://api.groq.com/openai/v1",
        model: "qwen/qwen3-32b",
        replayReasoning: true,
      }),
    );
    expect(called).toEqual({
      role: "assistant",
      content: `<think>${THOUGHT}</think>Checking.`,
      ...CALL_WIRE,
    });
  });

  it("an unknown host and model: nothing sent back, no field added", () => {
    const body = bodyFor({ baseURL: PROXY, model: "my-own-model", reasoningEffort: "low" });
    expect(assistants(body)).toEqual([
      { role: "assistant", content: "Checking.", ...CALL_WIRE },
      { role: "assistant", content: "4 C in Oslo." },
    ]);
    expect(Object.keys(body).sort()).toEqual(["messages", "model", "reasoning_effort"]);
  });

  it("OpenAI: as before, reasoning_effort and nothing sent back", () => {
    const body = bodyFor({ model: "gpt-5.4", reasoningEffort: "low" });
    expect(body.reasoning_effort).toBe("low");
    expect(assistants(body).every((m) => !("reasoning_content" in m))).toBe(true);
  });
});

type EffortRow = [name: string, config: Omit<Config, "apiKey">, fields: Record<string, unknown>];
const noTools = (config: Omit<Config, "apiKey">) => {
  const { messages: _, model: __, ...rest } = bodyFor(config, { messages: [ASK] });
  return rest;
};

describe("openai reasoningEffort by server", () => {
  it.each<EffortRow>([
    [
      "DeepSeek off",
      { baseURL: "https://api.deepseek.com", model: "deepseek-v4-pro", reasoningEffort: "none" },
      { thinking: { type: "disabled" } },
    ],
    [
      "DeepSeek max",
      { baseURL: "https://api.deepseek.com", model: "deepseek-v4-pro", reasoningEffort: "max" },
      { reasoning_effort: "max" },
    ],
    [
      "Kimi off",
      { baseURL: "https://api.moonshot.ai/v1", model: "kimi-k2.6", reasoningEffort: "none" },
      { thinking: { type: "disabled" } },
    ],
    [
      "DashScope off",
      {
        baseURL: "https://dashscope.aliyuncs.com/compatible-mode/v1",
        model: "qwen3-max",
        reasoningEffort: "none",
      },
      { enable_thinking: false },
    ],
    [
      "DashScope on",
      {
        baseURL: "https://dashscope.aliyuncs.com/compatible-mode/v1",
        model: "qwen3-max",
        reasoningEffort: "high",
      },
      { reasoning_effort: "high", enable_thinking: true },
    ],
    [
      "Z.ai GLM off, preserve left out",
      { baseURL: "https://api.z.ai/api/paas/v4", model: "glm-5.1", reasoningEffort: "none" },
      { thinking: { type: "disabled" } },
    ],
    [
      "Z.ai GLM high",
      { baseURL: "https://api.z.ai/api/paas/v4", model: "glm-5.2", reasoningEffort: "high" },
      { reasoning_effort: "high", thinking: { type: "enabled", clear_thinking: false } },
    ],
    [
      "vLLM Qwen off",
      { baseURL: LOCAL, server: "vllm", model: "Qwen/Qwen3-8B", reasoningEffort: "none" },
      { chat_template_kwargs: { enable_thinking: false } },
    ],
    [
      "vLLM DeepSeek on, its own switch",
      {
        baseURL: LOCAL,
        server: "vllm",
        model: "deepseek-ai/DeepSeek-V3.2",
        reasoningEffort: "high",
      },
      { reasoning_effort: "high", chat_template_kwargs: { thinking: true } },
    ],
    [
      "Cerebras off",
      { baseURL: "https://api.cerebras.ai/v1", model: "zai-glm-4.7", reasoningEffort: "none" },
      { reasoning_effort: "none" },
    ],
    [
      "Together off",
      { baseURL: "https://api.together.xyz/v1", model: "zai-org/GLM-5", reasoningEffort: "none" },
      { reasoning: { enabled: false } },
    ],
    [
      "OpenRouter",
      { baseURL: "https://openrouter.ai/api/v1", model: "z-ai/glm-4.7", reasoningEffort: "medium" },
      { reasoning: { effort: "medium" } },
    ],
    [
      "a proxy of OpenRouter",
      { baseURL: PROXY, model: "x", reasoningFormat: "openrouter", reasoningEffort: "low" },
      { reasoning: { effort: "low" } },
    ],
    [
      "unknown",
      { baseURL: PROXY, model: "x", reasoningEffort: "none" },
      { reasoning_effort: "none" },
    ],
  ])("%s", (_, config, fields) => {
    expect(noTools(config)).toEqual(fields);
  });
});

type RefusalRow = [
  name: string,
  config: Omit<Config, "apiKey">,
  req: ModelRequest,
  message: string | undefined,
];
const TOOL = { name: "weather", description: "d", parameters: { type: "object" } };
const KIMI = { baseURL: "https://api.moonshot.ai/v1", model: "kimi-k2.6" };

describe("openai server refusals, each beside its allowed neighbour", () => {
  it.each<RefusalRow>([
    [
      "Kimi thinking with tool_choice required",
      KIMI,
      { messages: [ASK], tools: [TOOL], toolChoice: "required" },
      'openai: Kimi refuses a forced tool_choice while thinking; use "auto" or reasoningEffort "none"',
    ],
    [
      "Kimi thinking with a named tool",
      KIMI,
      { messages: [ASK], tools: [TOOL], toolChoice: { name: "weather" } },
      'openai: Kimi refuses a forced tool_choice while thinking; use "auto" or reasoningEffort "none"',
    ],
    [
      "Kimi thinking with auto",
      KIMI,
      { messages: [ASK], tools: [TOOL], toolChoice: "auto" },
      undefined,
    ],
    [
      "Kimi not thinking, required",
      { ...KIMI, reasoningEffort: "none" },
      { messages: [ASK], tools: [TOOL], toolChoice: "required" },
      undefined,
    ],
    [
      "Moonshot v1 (no thinking), required",
      { ...KIMI, model: "moonshot-v1-8k" },
      { messages: [ASK], tools: [TOOL], toolChoice: "required" },
      undefined,
    ],
    [
      "GLM-5.3 with reasoning off",
      { baseURL: "https://api.z.ai/api/paas/v4", model: "glm-5.3", reasoningEffort: "none" },
      { messages: [ASK] },
      'openai: glm-5.3 always reasons; reasoningEffort "none" is refused (https://docs.z.ai/guides/capabilities/thinking-mode)',
    ],
    [
      "GLM-5.1 with reasoning off",
      { baseURL: "https://api.z.ai/api/paas/v4", model: "glm-5.1", reasoningEffort: "none" },
      { messages: [ASK] },
      undefined,
    ],
    [
      "Kimi K3 with reasoning off",
      { ...KIMI, model: "kimi-k3", reasoningEffort: "none" },
      { messages: [ASK] },
      'openai: kimi-k3 always reasons; reasoningEffort "none" is refused (https://platform.moonshot.ai/docs/guide/use-kimi-k2-thinking-model)',
    ],
  ])("%s", (_, config, req, message) => {
    const build = () => buildRequest(req, resolve(config), false);
    if (message === undefined) expect(build).not.toThrow();
    else expect(build).toThrow(new ConfigError(message));
  });
});
