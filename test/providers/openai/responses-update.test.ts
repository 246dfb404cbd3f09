import { describe, expect, it } from "vitest";
import { LOCAL_TIME, WEATHER } from "../../../scripts/scenarios/tool-loop.js";
import { HistoryError } from "../../../src/core/errors.js";
import type { ConversationUpdate, Message, ModelRequest } from "../../../src/core/types.js";
import * as azure from "../../../src/platforms/azure/index.js";
import { create } from "../../../src/platforms/openai/index.js";
import type { ResponsesOptions } from "../../../src/wires/openai-chat/options.js";
import { buildResponsesRequest } from "../../../src/wires/openai-responses/request.js";
import { runCassette } from "../../contract/table.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";
import { stubTool } from "../../helpers/tools.js";

// The append-only forms of https://developers.openai.com/api/docs/guides/keep-prefix-unchanged:
// an appended developer message, an `additional_tools` item (role developer, a tools array), a
// `configuration_update` item (reasoning effort, text.format), and tool_choice with
// allowed_tools to restrict tools.
const CFG: ResponsesOptions = { provider: "openai", model: "gpt-6.2", reasoningEffort: "medium" };
const tool = stubTool;
const wireTool = (name: string) => ({
  type: "function",
  name,
  description: `the ${name}`,
  parameters: { type: "object", properties: {} },
  strict: false,
});
const SCHEMA = { type: "object", properties: { c: { type: "number" } }, required: ["c"] };
const user: Message = { role: "user", content: "Weather in Oslo?" };
const system = (content: string, update: ConversationUpdate): Message => ({
  role: "system",
  content,
  update,
});
const inputOf = (messages: Message[], extra: Partial<ModelRequest> = {}) =>
  buildResponsesRequest({ tools: [tool("weather")], messages, ...extra }, CFG, false).input.slice(
    1,
  );

describe("a system message's update on the Responses API", () => {
  it.each<[string, Message, unknown[]]>([
    [
      "text, tools, effort and output: a developer message, additional_tools, one configuration_update",
      system("Also give the time.", {
        addTools: [tool("clock")],
        effort: "high",
        output: { schema: SCHEMA, name: "reading", strict: false },
      }),
      [
        { role: "developer", content: "Also give the time." },
        { type: "additional_tools", role: "developer", tools: [wireTool("clock")] },
        {
          type: "configuration_update",
          reasoning: { effort: "high" },
          text: { format: { type: "json_schema", name: "reading", schema: SCHEMA, strict: false } },
        },
      ],
    ],
    [
      "an empty text with an effort: the configuration_update alone",
      system("", { effort: "low" }),
      [{ type: "configuration_update", reasoning: { effort: "low" } }],
    ],
    [
      "output null: back to free text",
      system("", { output: null }),
      [{ type: "configuration_update", text: { format: { type: "text" } } }],
    ],
    [
      "text with an empty update: the developer message alone",
      system("Answer in French.", {}),
      [{ role: "developer", content: "Answer in French." }],
    ],
    ["an empty text and update: nothing", system("", { addTools: [] }), []],
  ])("%s", (_, message, items) => {
    expect(inputOf([user, message])).toEqual(items);
  });

  it("keeps the request's tools and instructions as they were", () => {
    const body = buildResponsesRequest(
      {
        system: "Be terse.",
        tools: [tool("weather")],
        messages: [user, system("", { addTools: [tool("clock")], effort: "high" })],
      },
      CFG,
      false,
    );
    expect(body.tools).toEqual([wireTool("weather")]);
    expect(body.instructions).toBe("Be terse.");
    expect(body.reasoning).toEqual({ effort: "medium" });
    expect(body).not.toHaveProperty("tool_choice");
    expect(body).not.toHaveProperty("text");
  });

  it("names the tools left after a removal in tool_choice allowed_tools, tools unchanged", () => {
    const messages = [
      user,
      system("", { addTools: [tool("clock"), tool("news")] }),
      system("", { removeTools: ["weather"] }),
    ];
    const body = buildResponsesRequest({ tools: [tool("weather")], messages }, CFG, false);
    expect(body.tools).toEqual([wireTool("weather")]);
    expect(body.tool_choice).toEqual({
      type: "allowed_tools",
      mode: "auto",
      tools: [
        { type: "function", name: "clock" },
        { type: "function", name: "news" },
      ],
    });
  });

  it.each<[string, ModelRequest["toolChoice"], unknown]>([
    [
      "required stays required",
      "required",
      { type: "allowed_tools", mode: "required", tools: [{ type: "function", name: "clock" }] },
    ],
    ["none stays none", "none", "none"],
    ["a named tool stays named", { name: "clock" }, { type: "function", name: "clock" }],
  ])("after a removal, toolChoice %s", (_, toolChoice, expected) => {
    const messages = [user, system("", { addTools: [tool("clock")], removeTools: ["weather"] })];
    const body = buildResponsesRequest(
      { tools: [tool("weather")], messages, ...(toolChoice && { toolChoice }) },
      CFG,
      false,
    );
    expect(body.tool_choice).toEqual(expected);
  });

  it("sends tool_choice none once every tool is removed", () => {
    const gone = buildResponsesRequest(
      { tools: [tool("weather")], messages: [user, system("", { removeTools: ["weather"] })] },
      CFG,
      false,
    );
    expect(gone.tool_choice).toBe("none");
  });

  it("takes an update's removals before its additions, as the folded wires do", () => {
    const messages = [user, system("", { removeTools: ["weather"], addTools: [tool("weather")] })];
    const body = buildResponsesRequest({ tools: [tool("weather")], messages }, CFG, false);
    expect(body.tool_choice).toEqual({
      type: "allowed_tools",
      mode: "auto",
      tools: [{ type: "function", name: "weather" }],
    });
  });
});

describe("removing a tool that is not in effect", () => {
  // As on Anthropic and Bedrock Converse (anthropic/updates.test.ts, update-folds.test.ts).
  it.each<[string, Message[]]>([
    ["never given", [user, system("", { removeTools: ["clock"] })]],
    [
      "removed by an earlier update",
      [user, system("", { removeTools: ["weather"] }), system("", { removeTools: ["weather"] })],
    ],
  ])("(%s) is a HistoryError naming the message, before any request", async (_, messages) => {
    const { fetch, calls } = scriptedFetch([]);
    const model = create({ apiKey: "k", model: "gpt-6.2", api: "responses", fetch });
    for (const toolChoice of [undefined, "none", { name: "weather" }] as const) {
      const err = await model
        .generate({ tools: [tool("weather")], messages, ...(toolChoice && { toolChoice }) })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HistoryError);
      expect((err as HistoryError).index).toBe(messages.length - 1);
      expect((err as Error).message).toContain("removes tool");
      expect((err as Error).message).toContain("which is not among the tools in effect here");
    }
    expect(calls).toHaveLength(0);
  });
});

describe("an update's effort the model does not take", () => {
  it("is a HistoryError naming the message and the efforts it takes, before any request", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = create({ apiKey: "k", model: "gpt-6.2-sol", api: "responses", fetch });
    const messages = [user, system("", { effort: "minimal" })];
    const err = await model.generate({ messages }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect(err).toMatchObject({ index: 1, path: "messages.1.update.effort" });
    expect((err as Error).message).toMatch(
      /"minimal" is not accepted by gpt-6\.2-sol; it takes low/,
    );
    expect(calls).toHaveLength(0);
  });

  it("is sent as asked to a model golem has no row for", async () => {
    const done = { id: "r", object: "response", status: "completed", model: "m", output: [] };
    const { fetch, calls } = scriptedFetch([jsonResponse(200, done)]);
    const model = create({ apiKey: "k", model: "gpt-9-nova", api: "responses", fetch });
    await model.generate({ messages: [user, system("", { effort: "minimal" })] });
    expect(JSON.parse(calls[0]?.body ?? "{}").input[1]).toEqual({
      type: "configuration_update",
      reasoning: { effort: "minimal" },
    });
  });
});

describe("the append-only updates cassette (gpt-6.2, prefixCheck error by default)", () => {
  // Its replay and prefix counts: the table of responses-prefix.test.ts.

  it.each<[string, ConversationUpdate]>([
    ["its effort", { addTools: [LOCAL_TIME], effort: "low" }],
    ["its tools", { addTools: [], effort: "high" }],
  ])(
    "refuses a later request whose earlier update changed %s, before any request",
    async (_, update) => {
      const r = await runCassette("openai", "responses-append-only-updates");
      const turns = r.turns.map((t) => t.request.messages);
      const last = r.turns[2];
      if (!last?.response) throw new Error("the cassette's last turn has no answer");
      const history = [...(turns[2] ?? []), last.response.message, user];
      const edited = history.map((m, i) => (i === 3 ? { ...m, update } : m));
      const { fetch, calls } = scriptedFetch([]);
      const model = create({ apiKey: "k", model: "gpt-6.2", api: "responses", fetch });
      const err = await model
        .generate({ system: "You are a helpful assistant", tools: [WEATHER], messages: edited })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HistoryError);
      expect(err).toMatchObject({ index: 3 });
      expect(calls).toHaveLength(0);
    },
  );
});

describe("an update on Azure's Responses API (the same wire)", () => {
  it("goes as the same items, in place", async () => {
    const done = { id: "r", object: "response", status: "completed", model: "m", output: [] };
    const { fetch, calls } = scriptedFetch([jsonResponse(200, done)]);
    const model = azure.create({
      endpoint: "https://example-resource.openai.azure.com",
      deployment: "gpt-6-2-prod",
      apiKey: "k",
      api: "responses",
      fetch,
    });
    await model.generate({
      tools: [tool("weather")],
      messages: [user, system("Use metric.", { addTools: [tool("clock")], effort: "high" })],
    });
    const body = JSON.parse(calls[0]?.body ?? "{}");
    expect(body.input.slice(1)).toEqual([
      { role: "developer", content: "Use metric." },
      { type: "additional_tools", role: "developer", tools: [wireTool("clock")] },
      { type: "configuration_update", reasoning: { effort: "high" } },
    ]);
    expect(body.tools).toEqual([wireTool("weather")]);
  });
});
