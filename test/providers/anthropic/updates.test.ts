import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import type {
  ConversationUpdate,
  Message,
  ModelRequest,
  ToolSpec,
} from "../../../src/core/types.js";
import { create } from "../../../src/platforms/anthropic/index.js";
import { buildRequest } from "../../../src/wires/messages/request.js";
import { thrownAs } from "../../helpers/errors.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";
import { answer } from "./answer.js";

const tool = (name: string, description = `the ${name}`): ToolSpec => ({
  name,
  description,
  parameters: { type: "object", properties: {} },
});
const WEATHER = tool("weather");
const ASK: Message = { role: "user", content: "Weather in Oslo?" };
const cfg = (model: string, provider = "anthropic") => ({
  model,
  settings: { maxTokens: 4096 },
  thinking: undefined,
  effort: undefined,
  provider,
});
/** One request: the prompt, then a system message carrying `update` (and `text`). */
const request = (update: ConversationUpdate, text = ""): ModelRequest => ({
  tools: [WEATHER],
  messages: [ASK, { role: "system", content: text, update }],
});
const wireTool = (t: ToolSpec) => ({
  name: t.name,
  description: t.description,
  input_schema: t.parameters,
});

interface Row {
  name: string;
  update: ConversationUpdate;
  text?: string;
  /** The system message as sent, or `undefined` when nothing goes in place. */
  message: unknown;
  /** Top-level fields expected besides `messages`. */
  top?: Record<string, unknown>;
}

// On a model and platform that take every append-only form (Opus 5.5 on the Claude API).
const ROWS: Row[] = [
  {
    name: "an instruction with a tool defined by value",
    text: "Use the clock when asked the time.",
    update: { addTools: [tool("time")] },
    message: {
      role: "system",
      content: [
        { type: "text", text: "Use the clock when asked the time." },
        {
          type: "tool_addition",
          tool: { type: "tool_definition", definition: wireTool(tool("time")) },
        },
      ],
    },
  },
  {
    name: "a declared tool offered again, by reference",
    update: { addTools: [WEATHER] },
    message: {
      role: "system",
      content: [{ type: "tool_addition", tool: { type: "tool_reference", name: "weather" } }],
    },
  },
  {
    name: "a tool redefined under its name: by value",
    update: { addTools: [tool("weather", "the weather, in Kelvin")] },
    message: {
      role: "system",
      content: [
        {
          type: "tool_addition",
          tool: {
            type: "tool_definition",
            definition: wireTool(tool("weather", "the weather, in Kelvin")),
          },
        },
      ],
    },
  },
  {
    name: "a tool removed",
    update: { removeTools: ["weather"] },
    message: {
      role: "system",
      content: [{ type: "tool_removal", tool: { type: "tool_reference", name: "weather" } }],
    },
  },
  {
    name: "an effort change, on the message itself",
    update: { effort: "low" },
    message: { role: "system", content: [], output_config: { effort: "low" } },
  },
  {
    name: "an output schema, top-level (format is top-level only)",
    update: { output: { schema: { type: "object" } } },
    message: undefined,
    top: { output_config: { format: { type: "json_schema", schema: { type: "object" } } } },
  },
];

describe("anthropic append-only updates, compiled in place (Opus 5.5, Claude API)", () => {
  it.each(ROWS)("$name", ({ update, text, message, top }) => {
    const body = buildRequest(request(update, text), cfg("claude-opus-5-5"), false);
    expect(body.tools).toEqual([wireTool(WEATHER)]);
    expect(body.messages[0]).toEqual({
      role: "user",
      content: [{ type: "text", text: "Weather in Oslo?" }],
    });
    expect(body.messages[1]).toEqual(message);
    expect(body.messages).toHaveLength(message === undefined ? 1 : 2);
    for (const [key, value] of Object.entries(top ?? {})) expect(body).toHaveProperty(key, value);
    if (!top) expect(body.output_config).toBeUndefined();
  });

  it("an output of null after a schema returns to free text", () => {
    const req: ModelRequest = {
      output: { schema: { type: "object" } },
      messages: [ASK, { role: "system", content: "", update: { output: null } }],
    };
    expect(buildRequest(req, cfg("claude-opus-5-5"), false).output_config).toBeUndefined();
  });

  it("an effort-only message merges into the instruction just before it", () => {
    const req: ModelRequest = {
      messages: [
        ASK,
        { role: "system", content: "Be brief." },
        { role: "system", content: "", update: { effort: "max" } },
      ],
    };
    expect(buildRequest(req, cfg("claude-opus-5-5"), false).messages[1]).toEqual({
      role: "system",
      content: [{ type: "text", text: "Be brief." }],
      output_config: { effort: "max" },
    });
  });
});

const bad = (req: ModelRequest, config: ReturnType<typeof cfg>): HistoryError =>
  thrownAs(HistoryError, () => buildRequest(req, config, false));

describe("anthropic append-only updates, by model and platform", () => {
  it("Google Cloud takes changes by reference, refuses a tool defined by value (index, the alternative)", () => {
    const ok = buildRequest(
      request({ removeTools: ["weather"] }),
      cfg("claude-opus-5-5", "vertex"),
      false,
    );
    expect(ok.messages[1]?.content).toEqual([
      { type: "tool_removal", tool: { type: "tool_reference", name: "weather" } },
    ]);
    const err = bad(request({ addTools: [tool("time")] }), cfg("claude-opus-5-5", "vertex"));
    expect(err.index).toBe(1);
    expect(err.message).toContain("declare it in the request's tools from the first call");
  });

  it("Claude Platform on AWS sends effort top-level: no per-message effort there", () => {
    const body = buildRequest(
      request({ effort: "low" }),
      cfg("claude-opus-5-5", "anthropic-aws"),
      false,
    );
    expect(body.messages).toHaveLength(1);
    expect(body.output_config).toEqual({ effort: "low" });
  });

  it("Sonnet 5.5 takes tool changes but not per-message effort: effort goes top-level", () => {
    const body = buildRequest(
      request({ effort: "high", removeTools: ["weather"] }),
      cfg("claude-sonnet-5-5"),
      false,
    );
    expect(body.messages[1]).toEqual({
      role: "system",
      content: [{ type: "tool_removal", tool: { type: "tool_reference", name: "weather" } }],
    });
    expect(body.output_config).toEqual({ effort: "high" });
  });

  it("Sonnet 5 (no mid-conversation system messages, no binding) folds the update top-level", () => {
    const body = buildRequest(
      request(
        { addTools: [tool("time")], removeTools: ["weather"], effort: "low" },
        "Use the clock.",
      ),
      cfg("claude-sonnet-5"),
      false,
    );
    expect(body.tools).toEqual([wireTool(tool("time"))]);
    expect(body.system).toEqual([{ type: "text", text: "Use the clock." }]);
    expect(body.messages).toHaveLength(1);
    expect(body.output_config).toEqual({ effort: "low" });
  });

  it.each([
    ["an effort Claude does not take", { effort: "minimal" }, 'the update\'s effort "minimal"'],
    ["removing a tool that is not there", { removeTools: ["time"] }, 'removes tool "time"'],
  ])("refuses %s, naming the message", (_, update, text) => {
    const err = bad(request(update), cfg("claude-opus-5-5"));
    expect(err.index).toBe(1);
    expect(err.message).toContain(text);
  });

  it("refuses a user message right after a system message with content; an effort-only one may precede it", () => {
    const followed = (update: ConversationUpdate, text = ""): ModelRequest => ({
      tools: [WEATHER],
      messages: [
        ASK,
        { role: "system", content: text, update },
        { role: "user", content: "Go on." },
      ],
    });
    expect(bad(followed({ removeTools: ["weather"] }), cfg("claude-opus-5-5")).index).toBe(2);
    const ok = buildRequest(followed({ effort: "low" }), cfg("claude-opus-5-5"), false);
    expect(ok.messages.map((m) => m.role)).toEqual(["user", "system", "user"]);
  });

  it("refuses an update right after an assistant turn (the API's placement rule)", () => {
    const req: ModelRequest = {
      messages: [
        ASK,
        { role: "assistant", content: "Cold." },
        { role: "system", content: "", update: { effort: "low" } },
      ],
    };
    expect(bad(req, cfg("claude-opus-5-5")).index).toBe(2);
  });
});

describe("anthropic append-only updates, sent", () => {
  const MODEL = "claude-opus-5-5";

  it("passes the prefix check after an update and records it; betas per body", async () => {
    const { fetch, calls } = scriptedFetch([
      jsonResponse(
        200,
        answer([
          { type: "thinking", thinking: "t", signature: "s1" },
          { type: "text", text: "Cold." },
        ]),
      ),
      jsonResponse(
        200,
        answer([
          { type: "thinking", thinking: "u", signature: "s2" },
          { type: "text", text: "12:00" },
        ]),
      ),
      jsonResponse(200, answer([{ type: "text", text: "ok" }])),
    ]);
    const model = create({ apiKey: "k", model: MODEL, maxTokens: 4096, fetch });
    const history: Message[] = [ASK];
    const first = await model.generate({ system: "Terse.", tools: [WEATHER], messages: history });
    history.push(first.message, { role: "user", content: "And the time?" });
    history.push({
      role: "system",
      content: "",
      update: { addTools: [tool("time")], effort: "low" },
    });
    const second = await model.generate({ system: "Terse.", tools: [WEATHER], messages: history });
    expect(second.message.prefix?.count).toBe(4);
    history.push(
      second.message,
      { role: "user", content: "Thanks." },
      { role: "system", content: "", update: { removeTools: ["time"] } },
    );
    await model.generate({ system: "Terse.", tools: [WEATHER], messages: history });
    const betas = calls.map((c) => c.headers.get("anthropic-beta"));
    expect(betas).toEqual([
      "thinking-binding-controls-2026-08-01",
      "thinking-binding-controls-2026-08-01,inline-tools-2026-09-15,mid-conversation-output-config-2026-07-01",
      "thinking-binding-controls-2026-08-01,inline-tools-2026-09-15,mid-conversation-output-config-2026-07-01",
    ]);
    // Each request is the one before plus the new turns: the update never rewrote the prefix.
    const bodies = calls.map((c) => JSON.parse(c.body));
    expect(bodies[2].messages.slice(0, 4)).toEqual(bodies[1].messages);
    expect(bodies[2].tools).toEqual(bodies[0].tools);
  });

  it("refuses a bad update before any request", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = create({ apiKey: "k", model: MODEL, maxTokens: 4096, fetch });
    const req = request({ effort: "minimal" });
    await expect(model.generate(req)).rejects.toBeInstanceOf(HistoryError);
    await expect(model.stream(req).response).rejects.toBeInstanceOf(HistoryError);
    expect(calls).toHaveLength(0);
  });
});
