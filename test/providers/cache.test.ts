/**
 * Prompt-cache options of every adapter: where Anthropic's `cache_control` and Bedrock's
 * `cachePoint` go (one table over both, since one planner places them), and what OpenAI,
 * Azure and Gemini send; refusals come before any request.
 */
import { describe, expect, it, vi } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import type { Message, ModelRequest, Part, Usage } from "../../src/core/types.js";
import { resolveConfig as anthropicConfig } from "../../src/platforms/anthropic/config.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as azure from "../../src/platforms/azure/index.js";
import { resolveConfig as bedrockConfig } from "../../src/platforms/bedrock/config.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import { explainCacheMiss, replayFetch } from "../../src/testing/index.js";
import { buildRequest as bedrockBody } from "../../src/wires/converse/request.js";
import { parseUsage as bedrockUsage } from "../../src/wires/converse/response.js";
import { parseUsage as geminiUsage } from "../../src/wires/generate-content/response.js";
import { messagesHeaders as anthropicHeaders } from "../../src/wires/messages/headers.js";
import { buildRequest as anthropicBody } from "../../src/wires/messages/request.js";
import { parseUsage as anthropicUsage } from "../../src/wires/messages/response.js";
import { parseUsage as chatUsage } from "../../src/wires/openai-chat/response.js";
import { parseResponsesUsage } from "../../src/wires/openai-responses/response.js";
import { runCassette } from "../contract/table.js";
import { loadCassette } from "../helpers/cassettes.js";

type Body = Record<string, unknown>;
type Block = Record<string, unknown>;

/** The two adapters with explicit breakpoints: how to build a body, and read its markers. */
const EXPLICIT = {
  anthropic: {
    body: (req: ModelRequest, cache?: anthropic.CacheConfig) =>
      anthropicBody(
        req,
        anthropicConfig(
          { apiKey: "k", model: "claude-sonnet-4-6", maxTokens: 4096, ...(cache ? { cache } : {}) },
          {},
        ),
        false,
      ) as unknown as Body,
    /** Where `cache_control` sits, and each marker. */
    marks(body: Body): [string, unknown][] {
      const out: [string, unknown][] = [];
      const scan = (list: unknown, at: (i: number) => string) =>
        (list as Block[] | undefined)?.forEach((b, i) => {
          if (b.cache_control) out.push([at(i), b.cache_control]);
        });
      scan(body.tools, (i) => `tools[${i}]`);
      scan(body.system, (i) => `system[${i}]`);
      (body.messages as { content: Block[] }[]).forEach((m, t) => {
        scan(m.content, (i) => `messages[${t}].content[${i}]`);
      });
      return out;
    },
  },
  bedrock: {
    body: (req: ModelRequest, cache?: anthropic.CacheConfig) =>
      bedrockBody(
        req,
        bedrockConfig(
          { region: "us-east-1", model: "m", apiKey: "k", ...(cache ? { cache } : {}) },
          {},
        ),
        false,
      ) as unknown as Body,
    /** Where a `cachePoint` block sits, named by the block before it, and each point. */
    marks(body: Body): [string, unknown][] {
      const points = (list: unknown, name: string) => {
        const out: [string, unknown][] = [];
        (list as Block[] | undefined)?.forEach((b, i) => {
          if (b.cachePoint) out.push([`${name}[${i - 1 - out.length}]`, b.cachePoint]);
        });
        return out;
      };
      return [
        ...points((body.toolConfig as Body | undefined)?.tools, "tools"),
        ...points(body.system, "system"),
        ...(body.messages as { content: Block[] }[]).flatMap((m, t) =>
          points(m.content, `messages[${t}].content`),
        ),
      ];
    },
  },
};

const WEATHER = {
  name: "weather",
  description: "Get the weather",
  parameters: { type: "object", properties: { city: { type: "string" } } },
};
const thought = (provider: string, text: string): Part => ({
  type: "thinking",
  text,
  signature: `sig-${text}`,
  provider,
});
const call = (id: string): Part => ({
  type: "tool-call",
  id,
  name: "weather",
  arguments: '{"city":"Florence"}',
});

/** A tool loop with thinking, two steps in: [user, assistant(thinking, call), tool]. */
function loop(provider: string, extra: Partial<Message>[] = []): ModelRequest {
  const messages: Message[] = [
    { role: "user", content: "Weather in Florence?" },
    { role: "assistant", content: [thought(provider, "t1"), call("c1")] },
    { role: "tool", toolCallId: "c1", content: "40 C" },
  ];
  extra.forEach((e, i) => {
    messages[i] = { ...messages[i], ...e } as Message;
  });
  return { system: "Be brief.", tools: [WEATHER], messages };
}

describe.each(Object.entries(EXPLICIT))("%s breakpoints", (provider, adapter) => {
  const ephemeral = provider === "anthropic" ? { type: "ephemeral" } : { type: "default" };

  it('"auto" marks the tools, the system prompt and the last message', () => {
    const body = adapter.body(loop(provider), "auto");
    expect(adapter.marks(body)).toEqual([
      ["tools[0]", ephemeral],
      ["system[0]", ephemeral],
      ["messages[2].content[0]", ephemeral],
    ]);
  });

  it("puts the ttl of { ttl } on every marker", () => {
    const body = adapter.body(loop(provider), { ttl: "1h" });
    expect(adapter.marks(body).map(([, m]) => m)).toEqual(
      Array(3).fill({ ...ephemeral, ttl: "1h" }),
    );
  });

  it("sends no marker without `cache` and no Message.cache", () => {
    expect(adapter.marks(adapter.body(loop(provider)))).toEqual([]);
  });

  it("honours Message.cache without `cache` config, on the message's last block", () => {
    const body = adapter.body(loop(provider, [{ cache: true }]));
    expect(adapter.marks(body)).toEqual([["messages[0].content[0]", ephemeral]]);
  });

  it("never marks thinking: a message ending in thinking is marked on its last other block", () => {
    const req = loop(provider);
    req.messages[1] = {
      role: "assistant",
      content: [call("c1"), thought(provider, "t2")],
      cache: true,
    };
    expect(adapter.marks(adapter.body(req))).toEqual([["messages[1].content[0]", ephemeral]]);
  });

  it("marks the block before a message that has only thinking", () => {
    const req: ModelRequest = {
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: [thought(provider, "t1")], cache: true },
        { role: "user", content: "Go on" },
      ],
    };
    expect(adapter.marks(adapter.body(req))).toEqual([["messages[0].content[0]", ephemeral]]);
  });

  it("gives the caller's marks first place, then the last message, the system prompt, the tools", () => {
    const twoMarks = adapter.body(
      {
        ...loop(provider),
        messages: [
          { role: "user", content: "a", cache: true },
          { role: "assistant", content: "b", cache: true },
          { role: "user", content: "c" },
        ],
      },
      "auto",
    );
    expect(adapter.marks(twoMarks).map(([p]) => p)).toEqual([
      "system[0]",
      "messages[0].content[0]",
      "messages[1].content[0]",
      "messages[2].content[0]",
    ]);
    const threeMarks = adapter.body(
      {
        ...loop(provider),
        messages: [
          { role: "user", content: "a", cache: true },
          { role: "assistant", content: "b", cache: true },
          { role: "user", content: "c", cache: true },
          { role: "assistant", content: "d" },
          { role: "user", content: "e" },
        ],
      },
      "auto",
    );
    expect(adapter.marks(threeMarks).map(([p]) => p)).toEqual([
      "messages[0].content[0]",
      "messages[1].content[0]",
      "messages[2].content[0]",
      "messages[4].content[0]",
    ]);
  });

  it("counts a caller's mark on the last message once", () => {
    const body = adapter.body(loop(provider, [{}, {}, { cache: true }]), "auto");
    expect(adapter.marks(body)).toHaveLength(3);
  });

  it("refuses a fifth caller mark with a HistoryError naming its message", () => {
    const messages: Message[] = ["a", "b", "c", "d", "e"].map((text, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: text,
      cache: true,
    }));
    expect(() => adapter.body({ messages })).toThrow(
      expect.objectContaining({ name: "HistoryError", index: 4 }),
    );
  });

  it("leaves the caller's messages and provider parts untouched", () => {
    const req = loop(provider);
    // A provider part as the marked block: its value is the caller's object.
    const value =
      provider === "anthropic"
        ? { type: "server_tool_use", id: "s1", name: "web_search", input: {} }
        : { text: "kept" };
    const marked = { ...req.messages[1], cache: true } as Message;
    marked.content = [...(marked.content as Part[]), { type: "provider", provider, value }];
    req.messages[1] = marked;
    const before = JSON.stringify(req);
    const body = adapter.body(req, "auto");
    expect(adapter.marks(body).map(([p]) => p)).toContain("messages[1].content[2]");
    expect(JSON.stringify(req)).toBe(before);
  });
});

describe("cache refusals come before any request", () => {
  const fetch = vi.fn();
  const cases: [string, () => unknown][] = [
    [
      "anthropic ttl 10m",
      () =>
        anthropic.create({ apiKey: "k", model: "m", maxTokens: 9, cache: { ttl: "10m" as "5m" } }),
    ],
    [
      "anthropic cache: true",
      () => anthropic.create({ apiKey: "k", model: "m", maxTokens: 9, cache: true as never }),
    ],
    [
      "bedrock cache: always",
      () =>
        bedrock.create({ region: "us-east-1", model: "m", apiKey: "k", cache: "always" as never }),
    ],
    [
      "gemini has no cache option",
      () => gemini.create({ apiKey: "k", model: "m", cache: "auto" } as never),
    ],
    [
      "openai cache with a lifetime (OpenAI's is promptCacheOptions.ttl)",
      () => openai.create({ apiKey: "k", model: "m", cache: { ttl: "5m" } } as never),
    ],
    [
      "openai cache on a compatible server",
      () =>
        openai.create({
          apiKey: "k",
          model: "m",
          baseURL: "http://localhost:8000/v1",
          cache: "auto",
        }),
    ],
    [
      "openai retention 1h",
      () => openai.create({ apiKey: "k", model: "m", promptCacheRetention: "1h" as "24h" }),
    ],
    [
      "azure empty promptCacheKey",
      () =>
        azure.create({
          endpoint: "https://r.openai.azure.com",
          deployment: "d",
          apiKey: "k",
          promptCacheKey: "",
        }),
    ],
    [
      "gemini empty cachedContent",
      () => gemini.create({ apiKey: "k", model: "m", cachedContent: "" }),
    ],
    [
      "anthropic contextManagement without edits",
      () =>
        anthropic.create({
          apiKey: "k",
          model: "m",
          maxTokens: 9,
          contextManagement: { edits: [] },
        }),
    ],
  ];
  it.each(cases)("%s is a ConfigError", (_, make) => {
    expect(make).toThrow(ConfigError);
  });

  it.each([
    ["no thinking", {}],
    ["thinking disabled", { thinking: { disabled: true as const } }],
  ])("anthropic: clearing old thinking with %s is a ConfigError that says why", (_, off) => {
    const edits = [{ type: "clear_thinking_20251015" as const }];
    const make = () =>
      anthropic.create({
        apiKey: "k",
        model: "m",
        maxTokens: 9,
        contextManagement: { edits },
        ...off,
      });
    expect(make).toThrow(/clear_thinking_20251015 edit needs thinking on/);
    const on = { thinking: { adaptive: true as const } };
    expect(() =>
      anthropic.create({
        apiKey: "k",
        model: "m",
        maxTokens: 9,
        contextManagement: { edits },
        ...on,
      }),
    ).not.toThrow();
  });

  it("gemini: cachedContent with a system prompt or tools fails the call before fetch", async () => {
    const model = gemini.create({
      apiKey: "k",
      model: "m",
      fetch,
      cachedContent: "cachedContents/a",
    });
    const messages: Message[] = [{ role: "user", content: "Hi" }];
    await expect(model.generate({ system: "Be brief.", messages })).rejects.toBeInstanceOf(
      ConfigError,
    );
    await expect(model.generate({ tools: [WEATHER], messages })).rejects.toBeInstanceOf(
      ConfigError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a fifth Message.cache fails the call before fetch", async () => {
    const model = anthropic.create({ apiKey: "k", model: "m", maxTokens: 9, fetch });
    const messages: Message[] = ["a", "b", "c", "d", "e"].map((text, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: text,
      cache: true,
    }));
    await expect(model.generate({ messages })).rejects.toBeInstanceOf(HistoryError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("cache options on the wire", () => {
  const req: ModelRequest = { messages: [{ role: "user", content: "Hi" }] };

  it("anthropic: contextManagement as context_management, with its beta header joined to the caller's", () => {
    const edits = [
      { type: "clear_thinking_20251015" as const, keep: "all" as const },
      {
        type: "clear_tool_uses_20250919" as const,
        trigger: { type: "input_tokens" as const, value: 30000 },
        keep: { type: "tool_uses" as const, value: 3 },
      },
    ];
    const cfg = anthropicConfig(
      {
        apiKey: "k",
        model: "m",
        maxTokens: 9,
        thinking: { adaptive: true },
        contextManagement: { edits },
        headers: { "Anthropic-Beta": "files-api-2025-04-14" },
      },
      {},
    );
    expect(anthropicBody(req, cfg, false).context_management).toEqual({ edits });
    expect(anthropicHeaders(cfg)["anthropic-beta"]).toBe(
      "files-api-2025-04-14,context-management-2025-06-27",
    );
  });

  it.each([
    [
      "openai chat",
      () =>
        openai.create({
          apiKey: "k",
          model: "m",
          fetch: spy,
          promptCacheKey: "user-7",
          promptCacheRetention: "24h",
        }),
    ],
    [
      "openai responses",
      () =>
        openai.create({
          apiKey: "k",
          model: "m",
          api: "responses",
          fetch: spy,
          promptCacheKey: "user-7",
          promptCacheRetention: "24h",
        }),
    ],
    [
      "azure",
      () =>
        azure.create({
          endpoint: "https://r.openai.azure.com",
          deployment: "d",
          apiKey: "k",
          fetch: spy,
          promptCacheKey: "user-7",
          promptCacheRetention: "24h",
        }),
    ],
  ])("%s: prompt_cache_key and prompt_cache_retention", async (_, make) => {
    spy.mockClear();
    await make()
      .generate(req)
      .catch(() => {});
    const body = JSON.parse(String(spy.mock.calls[0]?.[1]?.body));
    expect([body.prompt_cache_key, body.prompt_cache_retention]).toEqual(["user-7", "24h"]);
  });

  it("gemini: cachedContent", async () => {
    spy.mockClear();
    const model = gemini.create({
      apiKey: "k",
      model: "m",
      fetch: spy,
      cachedContent: "cachedContents/abc",
    });
    await model.generate(req).catch(() => {});
    expect(JSON.parse(String(spy.mock.calls[0]?.[1]?.body)).cachedContent).toBe(
      "cachedContents/abc",
    );
  });
});

/** Records the request and answers 400, which no adapter retries. */
const spy = vi.fn(
  async (_url: unknown, _init?: RequestInit) => new Response("{}", { status: 400 }),
);

describe.each([
  ["anthropic", "cache-tool-loop"],
  ["anthropic", "cache-tool-loop-stream"],
  ["bedrock", "cache-tool-loop"],
  ["bedrock", "cache-tool-loop-stream"],
] as const)("%s/%s cassette", (provider, file) => {
  const adapter = EXPLICIT[provider];

  it('replays a three-step loop with cache: "auto": markers after the tools, the system prompt and the last message', async () => {
    const r = await runCassette(provider, file);
    r.fetch.assertDone();
    expect(r.error).toBe(undefined);
    const bodies = r.fetch.requests.map((q) => q.body as Body);
    expect(bodies).toHaveLength(3);
    const lastBlock = (b: Body) => {
      const messages = b.messages as { content: Block[] }[];
      const t = messages.length - 1;
      return `messages[${t}].content[${(messages[t]?.content.filter((x) => !x.cachePoint).length ?? 0) - 1}]`;
    };
    for (const body of bodies) {
      expect(adapter.marks(body).map(([p]) => p)).toEqual([
        "tools[1]",
        "system[0]",
        lastBlock(body),
      ]);
    }
  });

  it("reads more from the cache on every step (usage as parsed)", async () => {
    const r = await runCassette(provider, file);
    const usage = r.turns.map((t) => t.response?.usage);
    expect(usage.map((u) => u?.cacheReadTokens)).toEqual([0, 1841, 2004]);
    expect(usage.map((u) => u?.cacheWriteTokens)).toEqual([1841, 163, 146]);
    // All input, cached parts included.
    expect(usage.map((u) => u?.inputTokens)).toEqual([1855, 2013, 2159]);
  });

  it("changes no earlier turn but the one whose breakpoint moved on, and that one only by its marker", async () => {
    const r = await runCassette(provider, file);
    const bodies = r.fetch.requests.map((q) => q.body as Body);
    for (const [n, body] of bodies.entries()) {
      const next = bodies[n + 1];
      if (!next) break;
      const before = body.messages as Block[];
      const after = (next.messages as Block[]).slice(0, before.length);
      const moved = before.length - 1;
      // Byte for byte, markers included, up to the turn that held the last-message marker.
      expect(JSON.stringify(after.slice(0, moved))).toBe(JSON.stringify(before.slice(0, moved)));
      expect(after[moved]).not.toEqual(before[moved]);
      expect(explainCacheMiss(body, next)).toEqual({ extends: true });
      // The tools and the system prompt, markers included, do not change at all.
      expect([next.tools, next.toolConfig, next.system]).toEqual([
        body.tools,
        body.toolConfig,
        body.system,
      ]);
    }
  });
});

describe("the agent over the cache-tool-loop cassette", () => {
  it("sums cache reads and writes over the run", async () => {
    const { Agent, tool } = await import("../../src/index.js");
    const { CACHE_PROMPT, CACHE_SYSTEM } = await import("../../scripts/scenarios/cache-loop.js");
    const { LOCAL_TIME } = await import("../../scripts/scenarios/tool-loop.js");
    const cassette = loadCassette("anthropic", "cache-tool-loop");
    const model = anthropic.create({
      apiKey: "sk-ant-test",
      model: "claude-sonnet-4-6",
      maxTokens: 16000,
      thinking: { adaptive: true },
      cache: "auto",
      fetch: replayFetch(cassette),
    });
    const schema = (key: string) => ({
      "~standard": {
        version: 1 as const,
        vendor: "test",
        validate: (v: unknown) => ({ value: v as Record<string, string> }),
        jsonSchema: { input: () => ({}), output: () => ({}) },
      },
      key,
    });
    const agent = new Agent({
      model,
      instructions: CACHE_SYSTEM,
      tools: [
        tool({
          name: "weather",
          description: "Get weather information for a location",
          parameters: schema("location"),
          jsonSchema: WEATHER_SCHEMA,
          execute: () => "40 C",
        }),
        tool({
          name: LOCAL_TIME.name,
          description: LOCAL_TIME.description,
          parameters: schema("city"),
          jsonSchema: LOCAL_TIME.parameters,
          execute: () => "14:05",
        }),
      ],
    });
    const result = await agent.run(CACHE_PROMPT);
    expect(result.steps).toBe(3);
    expect(result.usage).toEqual({
      inputTokens: 1855 + 2013 + 2159,
      outputTokens: 96 + 81 + 58,
      cacheReadTokens: 0 + 1841 + 2004,
      cacheWriteTokens: 1841 + 163 + 146,
    });
  });
});

const WEATHER_SCHEMA = {
  properties: { location: { description: "the city", type: "string" } },
  required: ["location"],
  type: "object",
};

describe("cache counts in usage", () => {
  // Each provider's usage with cache reads (and writes where it has them), as `read`/`write`.
  const cases: [string, (read: number, write: number) => unknown, (u: never) => Usage][] = [
    [
      "anthropic",
      (r, w) => ({
        input_tokens: 5,
        output_tokens: 1,
        cache_read_input_tokens: r,
        cache_creation_input_tokens: w,
      }),
      anthropicUsage,
    ],
    [
      "bedrock",
      (r, w) => ({
        inputTokens: 5,
        outputTokens: 1,
        cacheReadInputTokens: r,
        cacheWriteInputTokens: w,
      }),
      bedrockUsage,
    ],
    [
      "openai chat",
      (r, w) => ({
        prompt_tokens: 5 + r,
        completion_tokens: 1,
        prompt_tokens_details: { cached_tokens: r, cache_write_tokens: w },
      }),
      chatUsage,
    ],
    [
      "openai responses",
      (r, w) => ({
        input_tokens: 5 + r,
        output_tokens: 1,
        input_tokens_details: { cached_tokens: r, cache_write_tokens: w },
      }),
      parseResponsesUsage,
    ],
    [
      "gemini",
      (r) => ({ promptTokenCount: 5 + r, candidatesTokenCount: 1, cachedContentTokenCount: r }),
      geminiUsage,
    ],
  ];

  it.each(cases)(
    "%s: reads and writes parsed, a 0 kept, inputTokens all input",
    (name, wire, parse) => {
      const hit = parse(wire(30, 7) as never);
      expect(hit.cacheReadTokens).toBe(30);
      if (name !== "gemini") expect(hit.cacheWriteTokens).toBe(7);
      // Anthropic and Bedrock report the uncached rest; golem adds the cached parts back.
      expect(hit.inputTokens).toBe(name === "anthropic" || name === "bedrock" ? 42 : 35);
      const cold = parse(wire(0, 0) as never);
      expect(cold.cacheReadTokens).toBe(0);
    },
  );

  it.each(cases)("%s: no cache count sent, none reported", (_, __, parse) => {
    expect(parse({} as never)).not.toHaveProperty("cacheReadTokens");
  });
});
