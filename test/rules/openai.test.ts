/**
 * The late-2026 OpenAI rules through `openai.create()`: effort `max`, the efforts each GPT-6
 * model takes, GPT-6 function tools on Chat Completions (a ConfigError naming
 * `api: "responses"`), sampling by parsed version; each refusal sends nothing, each allowed
 * neighbour goes out.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import type { ModelRequest } from "../../src/core/types.js";
import * as openai from "../../src/platforms/openai/index.js";
import { createModel } from "../contract/adapters.js";
import { WEATHER } from "../contract/table.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";

const MODELS = "https://developers.openai.com/api/docs/models";

async function call(config: Record<string, unknown>, req: Partial<ModelRequest> = {}) {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  const error = await (async () => {
    const model = await createModel("openai", { maxRetries: 0, ...config }, fetch);
    return model.generate({ messages: [{ role: "user", content: "Hi" }], ...req });
  })().catch((e: unknown) => e);
  const body = calls[0] ? (JSON.parse(calls[0].body) as Record<string, unknown>) : undefined;
  return { error, body, calls };
}

const tools = { tools: [WEATHER] };

/** A GPT-6 model given an effort it does not take: refused, naming the ones it takes. */
function effortRefused(
  name: string,
  config: { model: string; reasoningEffort: string; api?: string },
  date: string,
  takes = "low, medium, high, xhigh, max",
): [string, Record<string, unknown>, Partial<ModelRequest>, string] {
  const { model, reasoningEffort } = config;
  return [
    name,
    config,
    {},
    `openai: reasoningEffort "${reasoningEffort}" is not accepted by ${model}; it takes ${takes} (${MODELS}/${model}, ${date})`,
  ];
}

/**
 * A GPT-6 model given function tools on Chat Completions: refused, naming the Responses API
 * (and effort none, where that takes tools there), with the model page and date of its rule.
 */
function toolsOnChat(
  name: string,
  config: { model: string; reasoningEffort?: string },
  page: string,
  date: string,
  orNone = false,
): [string, Record<string, unknown>, Partial<ModelRequest>, string] {
  const none = orNone ? '(or reasoningEffort: "none") ' : "";
  return [
    name,
    config,
    tools,
    `openai: ${config.model} takes function tools on Chat Completions only through the Responses API; create it with api: "responses" ${none}(${MODELS}/${page}, ${date})`,
  ];
}

describe("OpenAI rules refuse before the request", () => {
  it.each<[string, Record<string, unknown>, Partial<ModelRequest>, string]>([
    effortRefused(
      "GPT-6.1 Sol dropped effort none",
      { model: "gpt-6.1-sol", reasoningEffort: "none" },
      "2026-12-01",
    ),
    effortRefused(
      "GPT-6.2 Astra dropped minimal (Responses API too)",
      { model: "gpt-6.2-astra", reasoningEffort: "minimal", api: "responses" },
      "2026-12-01",
    ),
    toolsOnChat(
      "GPT-6.1 Sol: tools on Chat Completions",
      { model: "gpt-6.1-sol", reasoningEffort: "high" },
      "gpt-6.1-sol",
      "2026-12-01",
    ),
    toolsOnChat(
      "GPT-6.2 Astra: tools on Chat Completions",
      { model: "gpt-6.2-astra" },
      "gpt-6.2-astra",
      "2026-12-01",
    ),
    toolsOnChat(
      "GPT-6 Sol: tools on Chat Completions at effort high",
      { model: "gpt-6-sol", reasoningEffort: "high" },
      "gpt-6-sol",
      "2026-12-01",
      true,
    ),
    toolsOnChat(
      "GPT-6 Luna: tools on Chat Completions at the default effort",
      { model: "gpt-6-luna" },
      "gpt-6-sol",
      "2026-12-01",
      true,
    ),
    effortRefused(
      "GPT-6.1 Terra takes no effort minimal",
      { model: "gpt-6.1-terra", reasoningEffort: "minimal", api: "responses" },
      "2026-12-06",
      "none, low, medium, high, xhigh, max",
    ),
    toolsOnChat(
      "GPT-6.1 Terra: tools on Chat Completions",
      { model: "gpt-6.1-terra", reasoningEffort: "none" },
      "gpt-6.1-terra",
      "2026-12-06",
    ),
    effortRefused(
      "GPT-6 Astra takes no effort none",
      { model: "gpt-6-astra", reasoningEffort: "none", api: "responses" },
      "2026-12-02",
    ),
    toolsOnChat(
      "GPT-6 Astra: tools on Chat Completions",
      { model: "gpt-6-astra", reasoningEffort: "high" },
      "gpt-6-astra",
      "2026-12-02",
    ),
    [
      "GPT-6 Sol: sampling without effort none",
      { model: "gpt-6-sol", reasoningEffort: "low" },
      { temperature: 0.2 },
      'openai: `temperature` is accepted by gpt-6-sol only with reasoningEffort "none"',
    ],
    [
      "an unknown effort",
      { model: "gpt-6-sol", reasoningEffort: "ultra" },
      {},
      'openai: reasoningEffort must be one of none, minimal, low, medium, high, xhigh, max; got "ultra"',
    ],
  ])("%s", async (_name, config, req, message) => {
    const { error, calls } = await call(config, req);
    expect(calls).toHaveLength(0);
    expect(error).toEqual(new ConfigError(message));
  });
});

describe("OpenAI rules allow what the provider allows", () => {
  it.each<[string, Record<string, unknown>, Partial<ModelRequest>, object]>([
    [
      "GPT-5.6 takes effort max",
      { model: "gpt-5.6", reasoningEffort: "max" },
      {},
      { reasoning_effort: "max" },
    ],
    [
      "GPT-6 Sol takes tools on Chat Completions with effort none",
      { model: "gpt-6-sol", reasoningEffort: "none" },
      tools,
      { reasoning_effort: "none", tools: [{ type: "function" }] },
    ],
    [
      "GPT-6.1 Sol takes tools on the Responses API",
      { model: "gpt-6.1-sol", api: "responses", reasoningEffort: "max" },
      tools,
      { reasoning: { effort: "max" }, tools: [{ type: "function" }] },
    ],
    [
      "GPT-6 Astra takes tools on the Responses API at effort max",
      { model: "gpt-6-astra", api: "responses", reasoningEffort: "max" },
      tools,
      { reasoning: { effort: "max" }, tools: [{ type: "function" }] },
    ],
    [
      "GPT-6.1 Terra takes effort none, and tools on the Responses API",
      { model: "gpt-6.1-terra", api: "responses", reasoningEffort: "none" },
      tools,
      { reasoning: { effort: "none" }, tools: [{ type: "function" }] },
    ],
    [
      "GPT-6.1 Sol takes Chat Completions without tools",
      { model: "gpt-6.1-sol", reasoningEffort: "low" },
      {},
      { reasoning_effort: "low" },
    ],
    [
      "GPT-6 Sol takes sampling with effort none",
      { model: "gpt-6-sol", reasoningEffort: "none" },
      { temperature: 0.2 },
      { temperature: 0.2 },
    ],
    [
      "an unknown GPT (gpt-7) is sent as asked",
      { model: "gpt-7", reasoningEffort: "none" },
      tools,
      { reasoning_effort: "none", tools: [{ type: "function" }] },
    ],
  ])("%s", async (_name, config, req, wire) => {
    const { body, calls } = await call(config, req);
    expect(calls).toHaveLength(1);
    expect(body).toMatchObject(wire);
  });
});

describe("openai.capabilities: OpenAI's published data, dated", () => {
  it("is the table row for a known model, undefined for one it does not know", async () => {
    expect(await openai.capabilities("gpt-6.1-sol")).toMatchObject({
      model: "gpt-6.1-sol",
      source: "table",
      checked: "2026-12-01",
      chatTools: false,
      effort: { none: false, minimal: false, low: true, max: true },
    });
    expect(await openai.capabilities("gpt-7")).toBeUndefined();
  });

  // openai 7.60.0 types gpt-6.2-astra-law and gpt-6-rosalind (ResponsesModel, not ChatModel);
  // no model page or other source was found for what they take, so the table names neither.
  it.each([
    ["gpt-6.2-astra-law", undefined],
    ["gpt-6-rosalind", undefined],
    ["gpt-6.2-astra-2026-11-17", "https://developers.openai.com/api/docs/models/gpt-6.2-astra"],
    ["gpt-6.2-astra", "https://developers.openai.com/api/docs/models/gpt-6.2-astra"],
  ])("%s: a tier's row holds for the tier and its dated snapshots only", async (id, reference) => {
    expect((await openai.capabilities(id))?.reference).toBe(reference);
  });

  it("passed to create(), rules an id the table does not know (a deployment alias)", async () => {
    const capabilities = await openai.capabilities("gpt-6.1-sol");
    const config = { model: "team-sol", reasoningEffort: "low", capabilities };
    const refused = await call(config, tools);
    expect(refused.calls).toHaveLength(0);
    expect((refused.error as Error).message).toMatch(/create it with api: "responses"/);
    const allowed = await call(config);
    expect(allowed.calls).toHaveLength(1);
  });
});
