import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/anthropic-foundry/config.js";
import { APIError, create } from "../../../src/platforms/anthropic-foundry/index.js";
import { countBody } from "../../../src/wires/messages/count.js";
import { itRefusesEach } from "../../helpers/config-refusals.js";
import { HI, jsonReply, usePlatformServer } from "../claude-platforms/helpers.js";

const BASE = { model: "claude-sonnet-4-6", maxTokens: 1024 };
const KEY = "foundry-key-0123456789abcdef";

/** A loopback server standing in for `https://{resource}.services.ai.azure.com/anthropic/v1`. */
// A 401 quotes the token it got: it must not reach the error.
const { lb, ok, unauthorized, serve } = usePlatformServer("/anthropic/v1", "authorization");

describe("Claude in Microsoft Foundry", () => {
  it("sends a resource key as x-api-key to /anthropic/v1/messages with the first-party headers", async () => {
    const baseURL = await serve(ok);
    const { message } = await create({ ...BASE, apiKey: KEY, baseURL }).generate(HI);
    expect(message.content).toEqual([{ type: "text", text: "Hi!" }]);
    const seen = lb.server?.requests[0];
    expect(seen?.url).toBe("/anthropic/v1/messages");
    expect(seen?.headers["x-api-key"]).toBe(KEY);
    expect(seen?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(seen?.headers.authorization).toBeUndefined();
    expect(JSON.parse(seen?.body ?? "{}").model).toBe("claude-sonnet-4-6");
  });

  it("sends an Entra ID token as a bearer, asking the function before every attempt", async () => {
    const baseURL = await serve(ok);
    let asked = 0;
    const model = create({ ...BASE, baseURL, token: async () => `entra-${++asked}` });
    await model.generate(HI);
    await model.generate(HI);
    expect(lb.server?.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer entra-1",
      "Bearer entra-2",
    ]);
    expect(lb.server?.requests[0]?.headers["x-api-key"]).toBeUndefined();
  });

  it("a second 401 is the APIError, with no token in it", async () => {
    const baseURL = await serve(unauthorized);
    const model = create({ ...BASE, baseURL, token: async () => "entra-secret-token" });
    const err = (await model.generate(HI).catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.provider).toBe("anthropic-foundry");
    expect(err.status).toBe(401);
    expect(lb.server?.requests).toHaveLength(2);
    expect(err.message).not.toContain("entra-secret-token");
    expect(JSON.stringify(err.body)).not.toContain("entra-secret-token");
  });

  it("keeps a token that says when it expires, one fetch for concurrent calls", async () => {
    const baseURL = await serve(ok);
    let asked = 0;
    const token = async () => {
      asked++;
      await new Promise((r) => setTimeout(r, 10));
      return { token: "entra-kept", expiresAt: Date.now() + 3_600_000 };
    };
    const model = create({ ...BASE, baseURL, token });
    await Promise.all([model.generate(HI), model.generate(HI), model.generate(HI)]);
    expect(asked).toBe(1);
    expect(lb.server?.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer entra-kept",
      "Bearer entra-kept",
      "Bearer entra-kept",
    ]);
  });

  it("counts tokens at /messages/count_tokens with the body generate would send, minus what count refuses", async () => {
    const baseURL = await serve([ok, jsonReply({ input_tokens: 11 })]);
    const model = create({ ...BASE, apiKey: KEY, baseURL });
    await model.generate(HI);
    expect(await model.countTokens?.(HI)).toEqual({ inputTokens: 11 });
    const [generate, count] = lb.server?.requests ?? [];
    expect(count?.url).toBe("/anthropic/v1/messages/count_tokens");
    expect(count?.headers["x-api-key"]).toBe(KEY);
    expect(JSON.parse(count?.body ?? "")).toEqual(countBody(JSON.parse(generate?.body ?? "")));
    expect(JSON.parse(count?.body ?? "").max_tokens).toBeUndefined();
  });

  it("replays its own thinking and leaves out another platform's (a block is bound to its platform)", async () => {
    const baseURL = await serve(ok);
    const turn = (provider: string, text: string): Message => ({
      role: "assistant",
      content: [
        { type: "thinking", text, signature: `sig-${provider}`, provider },
        { type: "text", text: `answer on ${provider}` },
      ],
    });
    const messages: Message[] = [
      { role: "user", content: "one" },
      turn("vertex", "thought on Vertex"),
      { role: "user", content: "two" },
      turn("anthropic-foundry", "thought on Foundry"),
      { role: "user", content: "three" },
    ];
    await create({ ...BASE, apiKey: KEY, baseURL }).generate({ messages });
    const sent = JSON.parse(lb.server?.requests[0]?.body ?? "{}").messages;
    expect(sent[1].content).toEqual([{ type: "text", text: "answer on vertex" }]);
    expect(sent[3].content).toEqual([
      { type: "thinking", thinking: "thought on Foundry", signature: "sig-anthropic-foundry" },
      { type: "text", text: "answer on anthropic-foundry" },
    ]);
  });
});

describe("anthropic-foundry config", () => {
  it("calls the resource's endpoint and reads the resource and key from the environment", () => {
    const cfg = resolveConfig(
      { ...BASE },
      { ANTHROPIC_FOUNDRY_RESOURCE: "my-resource", ANTHROPIC_FOUNDRY_API_KEY: "key-from-env" },
    );
    expect(cfg.baseURL).toBe("https://my-resource.services.ai.azure.com/anthropic/v1");
    expect(cfg.auth).toEqual({ apiKey: "key-from-env" });
    const given = resolveConfig({ ...BASE, resource: "other", apiKey: "k" }, {});
    expect(given.baseURL).toBe("https://other.services.ai.azure.com/anthropic/v1");
    const gateway = resolveConfig(
      { ...BASE, baseURL: "https://gw.example/claude/", apiKey: "k" },
      {},
    );
    expect(gateway.baseURL).toBe("https://gw.example/claude");
  });

  itRefusesEach<Config>(resolveConfig, [
    ["no resource", { ...BASE, apiKey: "k" }, /`resource` is required/],
    [
      "a resource that is not a host label",
      { ...BASE, resource: "a.b/c", apiKey: "k" },
      /`resource` is required/,
    ],
    [
      "resource and baseURL",
      { ...BASE, resource: "r", baseURL: "https://x.example", apiKey: "k" },
      /not both/,
    ],
    ["no credentials", { ...BASE, resource: "r" }, /no credentials; pass `apiKey`/],
    [
      "both kinds of credentials",
      { ...BASE, resource: "r", apiKey: "k", token: async () => "t" },
      /not both/,
    ],
    [
      "a token that is not a function",
      { ...BASE, resource: "r", token: "t" },
      /`token` must be a function/,
    ],
    ["an empty key", { ...BASE, resource: "r", apiKey: "" }, /`apiKey` must be a non-empty string/],
    ["no model", { resource: "r", apiKey: "k", maxTokens: 1 }, /`model` is required/],
    ["an unknown option", { ...BASE, resource: "r", apiKey: "k", region: "eastus2" }, /region/],
    [
      "thinking over maxTokens (the Anthropic wire's rule)",
      { ...BASE, resource: "r", apiKey: "k", thinking: { budgetTokens: 4000 } },
      /budgetTokens/,
    ],
  ]);
});
