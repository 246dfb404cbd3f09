import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message, ModelRequest, ToolSpec } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/bedrock/config.js";
import { buildRequest } from "../../../src/wires/converse/request.js";

// Converse's own append-only form (client-bedrock-runtime 3.1178.0): a `system`-role message in
// `messages`, with `toolAddition` / `toolRemoval` blocks naming tools of `toolConfig.tools`.

const CREDS = { accessKeyId: "AKID", secretAccessKey: "secret-0123456789" };
const cfg = (model: string, c: Partial<Config> = {}) =>
  resolveConfig({ region: "us-east-1", model, credentials: CREDS, ...c }, {});
/** Takes mid-conversation system messages (Opus 4.8 and later). */
const OPUS_55 = "us.anthropic.claude-opus-5-5-v1";
/** Takes none: its updates fold into the top-level fields. */
const SONNET_45 = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";

const tool = (name: string): ToolSpec => ({
  name,
  description: `the ${name}`,
  parameters: { type: "object", properties: {} },
});
const WEATHER = tool("weather");
const CLOCK = tool("clock");
const user = (content: string): Message => ({ role: "user", content });
const base = (messages: Message[]): ModelRequest => ({
  system: "Be terse.",
  tools: [WEATHER, CLOCK],
  messages: [user("Weather in Oslo?"), ...messages],
});

describe("Converse append-only updates on a model that takes mid-conversation system messages", () => {
  it("sends a late instruction as a system message in place, not in the system prompt", () => {
    const body = buildRequest(
      base([{ role: "system", content: "Use Celsius." }]),
      cfg(OPUS_55),
      false,
    );
    expect(body.system).toEqual([{ text: "Be terse." }]);
    expect(body.messages.at(-1)).toEqual({ role: "system", content: [{ text: "Use Celsius." }] });
  });

  it("sends tool changes as toolRemoval then toolAddition blocks, toolConfig unchanged", () => {
    const body = buildRequest(
      base([
        {
          role: "system",
          content: "Tell the time too.",
          update: { removeTools: ["weather"], addTools: [CLOCK] },
        },
      ]),
      cfg(OPUS_55),
      false,
    );
    expect(body.messages.at(-1)).toEqual({
      role: "system",
      content: [
        { text: "Tell the time too." },
        { toolRemoval: { tool: { type: "tool_reference", name: "weather" } } },
        { toolAddition: { tool: { type: "tool_reference", name: "clock" } } },
      ],
    });
    expect(body.toolConfig?.tools).toEqual([
      {
        toolSpec: {
          name: "weather",
          description: "the weather",
          inputSchema: { json: WEATHER.parameters },
        },
      },
      {
        toolSpec: {
          name: "clock",
          description: "the clock",
          inputSchema: { json: CLOCK.parameters },
        },
      },
    ]);
  });

  it("puts an update's effort top-level and sends no empty system message", () => {
    const body = buildRequest(
      base([{ role: "system", content: "", update: { effort: "low" } }]),
      cfg(OPUS_55),
      false,
    );
    expect(body.outputConfig).toEqual({ effort: "low" });
    expect(body.messages.map((m) => m.role)).toEqual(["user"]);
  });

  it("keeps a leading system message in the system prompt", () => {
    const body = buildRequest(
      { messages: [{ role: "system", content: "Be kind." }, user("Hi")] },
      cfg(OPUS_55),
      false,
    );
    expect(body.system).toEqual([{ text: "Be kind." }]);
    expect(body.messages.map((m) => m.role)).toEqual(["user"]);
  });

  it.each<[string, Message[], number]>([
    [
      "adding a tool the request's tools do not declare (Converse adds by name only)",
      [{ role: "system", content: "", update: { addTools: [tool("stocks")] } }],
      1,
    ],
    [
      "a system message right after the assistant's turn",
      [
        { role: "assistant", content: "Cold." },
        { role: "system", content: "Use Celsius." },
      ],
      2,
    ],
    [
      "a user message right after a system message",
      [{ role: "system", content: "Use Celsius." }, user("And Bergen?")],
      2,
    ],
  ])("refuses %s before any request, naming the message", (_, messages, index) => {
    const err = (() => {
      try {
        return buildRequest(base(messages), cfg(OPUS_55), false);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as HistoryError).index).toBe(index);
  });
});

describe("Converse updates on a model without mid-conversation system messages", () => {
  it("still fold into the system prompt and the top-level tools", () => {
    const body = buildRequest(
      base([{ role: "system", content: "Use Celsius.", update: { removeTools: ["clock"] } }]),
      cfg(SONNET_45),
      false,
    );
    expect(body.system).toEqual([{ text: "Be terse." }, { text: "Use Celsius." }]);
    expect(body.messages.map((m) => m.role)).toEqual(["user"]);
    expect(body.toolConfig?.tools.map((t) => ("toolSpec" in t ? t.toolSpec.name : ""))).toEqual([
      "weather",
    ]);
  });
});
