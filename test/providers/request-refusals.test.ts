/**
 * Requests every provider refuses whatever the model are refused before any request, through
 * the public `create()`: a tool name outside the provider's pattern, an `output.schema` that is
 * not an object, tool-call arguments that are JSON but not an object where the wire takes an
 * object, a tool call left unanswered before the next user message. Each rule is a row with
 * its message, beside a row for the allowed neighbour. The tool rules hold on both paths a tool
 * takes: the request's `tools`, and a system message's `update.addTools` (a `HistoryError`
 * naming the message there).
 */
import { describe, expect, it } from "vitest";
import { ConfigError, HistoryError } from "../../src/core/errors.js";
import type { Message, ModelRequest, ToolSpec } from "../../src/core/types.js";
import { createModel, PROVIDERS, type Provider } from "../contract/adapters.js";
import { scriptedFetch } from "../helpers/fetch.js";
import { minimalConfig, WIRES, type Wire, wiresOf } from "../variants.js";

// The platforms check by the API they serve: by their default wire (Claude on Vertex), so
// Anthropic's rules there.
const CONFIG = (p: Provider) => minimalConfig(p);

const ASK: Message = { role: "user", content: "go" };
const tool = (name: string) => ({ name, description: "d", parameters: { type: "object" } });
const callWith = (args: string): Message[] => [
  ASK,
  { role: "assistant", content: [{ type: "tool-call", id: "c1", name: "f", arguments: args }] },
  { role: "tool", content: "ok", toolCallId: "c1" },
];

type Refusal = [
  name: string,
  providers: readonly Provider[],
  request: ModelRequest,
  error: typeof ConfigError | typeof HistoryError,
  message: (p: Provider) => string,
];

/** Where tool-call arguments travel as a JSON object, and where as text. */
const argumentsAs = (as: "object" | "text") =>
  PROVIDERS.filter((p) => WIRES[wiresOf(p)[0] as Wire].arguments === as);
const OBJECT_WIRES = argumentsAs("object");
const STRING_WIRES = argumentsAs("text");
/** The Messages wire refuses a tool's `input_schema` that is not `type: "object"`. */
const MESSAGES_WIRE = PROVIDERS.filter((p) => wiresOf(p)[0] === "messages");
const NOT_GEMINI: readonly Provider[] = PROVIDERS.filter((p) => p !== "gemini");
/** Cohere takes no `-` in a tool name, and no digit first (its own rule, below). */
const NOT_COHERE: readonly Provider[] = PROVIDERS.filter((p) => p !== "cohere");

/** The tool-name pattern each wire's refusal names. */
const TOOL_NAME_RULE = (p: Provider) =>
  p === "gemini"
    ? "^[a-zA-Z0-9_.:-]{1,64}$"
    : p === "cohere"
      ? "^[A-Za-z_][A-Za-z0-9_]{0,63}$"
      : "^[a-zA-Z0-9_-]{1,64}$";

/** A request that adds `tools` by an update in a system message after the user's (index 1). */
const viaUpdate = (tools: ToolSpec[]): ModelRequest => ({
  messages: [ASK, { role: "system", content: "", update: { addTools: tools } }],
});

/**
 * A tool rule as two rows: the tool in the request's `tools` (a `ConfigError`), and added by an
 * update (a `HistoryError` at the update's message), each message from `problem(p, where)`.
 */
function toolRows(
  name: string,
  providers: readonly Provider[],
  tools: ToolSpec[],
  problem: (p: Provider, where: string) => string,
): Refusal[] {
  return [
    [name, providers, { messages: [ASK], tools }, ConfigError, (p) => problem(p, "tools[0]")],
    [
      `${name}, added by an update`,
      providers,
      viaUpdate(tools),
      HistoryError,
      (p) => `messages[1]: ${problem(p, "update.addTools[0]")}`,
    ],
  ];
}

const REFUSED: Refusal[] = [
  ...toolRows(
    "a tool name with a space",
    PROVIDERS,
    [tool("get weather")],
    (p, where) =>
      `${p}: ${where} is named "get weather"; ${p} takes tool names matching ${TOOL_NAME_RULE(p)}`,
  ),
  ...toolRows(
    "a tool name with a hyphen, on Cohere (letters, digits and _ only)",
    ["cohere"],
    [tool("get-weather")],
    (p, where) =>
      `${p}: ${where} is named "get-weather"; ${p} takes tool names matching ${TOOL_NAME_RULE(p)}`,
  ),
  ...toolRows(
    "a tool name starting with a digit, on Cohere",
    ["cohere"],
    [tool("2weather")],
    (p, where) =>
      `${p}: ${where} is named "2weather"; ${p} takes tool names matching ${TOOL_NAME_RULE(p)}`,
  ),
  ...toolRows(
    "a tool name longer than 64 characters",
    PROVIDERS,
    [tool("t".repeat(65))],
    (p, where) => `${p}: ${where} is named "${"t".repeat(56)}...`,
  ),
  ...toolRows(
    "a tool name with a dot, outside Gemini",
    NOT_GEMINI,
    [tool("weather.get")],
    (p, where) => `${p}: ${where} is named "weather.get"`,
  ),
  [
    "tool parameters that are not an object",
    PROVIDERS,
    { messages: [ASK], tools: [{ name: "f", description: "d", parameters: "object" as never }] },
    ConfigError,
    (p) => `${p}: tool f: parameters must be a JSON Schema object`,
  ],
  ...toolRows(
    'tool parameters without type "object", on the Messages wire (Anthropic\'s input_schema)',
    MESSAGES_WIRE,
    [{ name: "f", description: "d", parameters: { properties: {} } }],
    (p) =>
      `${p}: tool f: parameters must be a JSON Schema with type "object" (the API's input_schema takes no other)`,
  ),
  [
    "an output.schema that is a string (JS callers)",
    PROVIDERS,
    { messages: [ASK], output: { schema: '{"type":"object"}' as never } },
    ConfigError,
    (p) => `${p}: output.schema must be a JSON Schema object, got "{\\"type\\":\\"object\\"}"`,
  ],
  [
    "an output without a schema",
    PROVIDERS,
    { messages: [ASK], output: {} as never },
    ConfigError,
    (p) => `${p}: output.schema must be a JSON Schema object, got undefined`,
  ],
  [
    "tool-call arguments that are a JSON array",
    OBJECT_WIRES,
    { messages: callWith("[1]") },
    HistoryError,
    (p) =>
      `messages[1]: content[0] tool call "f" has arguments "[1]"; ${p} takes only a JSON object`,
  ],
  [
    "tool-call arguments that are a JSON string",
    OBJECT_WIRES,
    { messages: callWith('"x"') },
    HistoryError,
    (p) =>
      `messages[1]: content[0] tool call "f" has arguments "\\"x\\""; ${p} takes only a JSON object`,
  ],
  [
    "a tool call unanswered before the next user message",
    PROVIDERS,
    {
      messages: [
        ASK,
        {
          role: "assistant",
          content: [{ type: "tool-call", id: "c1", name: "f", arguments: "{}" }],
        },
        { role: "user", content: "never mind" },
      ],
    },
    HistoryError,
    () =>
      'messages[2]: tool call "c1" of messages[1] has no tool message answering it before this user message',
  ],
];

/** The allowed neighbours: these reach the network. */
const ALLOWED: [name: string, providers: readonly Provider[], request: ModelRequest][] = [
  [
    "a tool name of letters, digits, _ and -",
    NOT_COHERE,
    { messages: [ASK], tools: [tool("get_weather-2")] },
  ],
  [
    "a tool name of letters, digits, _ and -, added by an update",
    NOT_COHERE,
    viaUpdate([tool("get_weather-2")]),
  ],
  [
    'a tool schema without type "object" outside the Messages wire (each API says its own rule)',
    PROVIDERS.filter((p) => !MESSAGES_WIRE.includes(p)),
    { messages: [ASK], tools: [{ name: "f", description: "d", parameters: { properties: {} } }] },
  ],
  [
    "a Cohere tool name of letters, digits and _",
    ["cohere"],
    { messages: [ASK], tools: [tool("_get_weather_2")] },
  ],
  [
    "a Gemini tool name with a dot and a colon",
    ["gemini"],
    { messages: [ASK], tools: [tool("ns:weather.get")] },
  ],
  [
    "a Gemini tool name with a dot and a colon, added by an update",
    ["gemini"],
    viaUpdate([tool("ns:weather.get")]),
  ],
  ["object arguments with space before them", PROVIDERS, { messages: callWith(' \n{"a":1}') }],
  ["empty arguments (a call without any)", PROVIDERS, { messages: callWith("") }],
  ["array arguments where the wire carries a string", STRING_WIRES, { messages: callWith("[1]") }],
];

async function attempt(provider: Provider, req: ModelRequest, how: "generate" | "stream") {
  const { fetch, calls } = scriptedFetch([]);
  const model = await createModel(provider, CONFIG(provider), fetch);
  const run =
    how === "generate"
      ? model.generate(req)
      : (async () => {
          for await (const _ of model.stream(req)) break;
        })();
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, calls };
}

const refusals = REFUSED.flatMap(([name, providers, req, error, message]) =>
  providers.map((p) => [`${p}: ${name}`, p, req, error, message(p)] as const),
);

describe.each(refusals)("%s", (_, provider, req, errorClass, message) => {
  it.each(["generate", "stream"] as const)("%s: is refused before any request", async (how) => {
    const { error, calls } = await attempt(provider, req, how);
    expect(error).toBeInstanceOf(errorClass);
    expect((error as Error).message.slice(0, message.length)).toBe(message);
    expect(calls).toEqual([]);
  });
});

const allowed = ALLOWED.flatMap(([name, providers, req]) =>
  providers.map((p) => [`${p}: ${name}`, p, req] as const),
);

describe.each(allowed)("%s", (_, provider, req) => {
  it("goes out", async () => {
    const { calls } = await attempt(provider, req, "generate");
    expect(calls).toHaveLength(1);
  });
});

describe("Gemini on Vertex", () => {
  it("takes Gemini's tool names (a dot and a colon), as the generateContent API does", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = await createModel("vertex", { model: "gemini-2.5-flash" }, fetch);
    await model.generate({ messages: [ASK], tools: [tool("ns:weather.get")] }).catch(() => {});
    expect(calls).toHaveLength(1);
  });

  /** The two paths a tool takes, and how each names a refused one. */
  const PATHS = [
    [
      "tools",
      (name: string) => ({ messages: [ASK], tools: [tool(name)] }),
      ConfigError,
      "vertex: tools[0]",
    ],
    [
      "update.addTools",
      (name: string) => viaUpdate([tool(name)]),
      HistoryError,
      "messages[1]: vertex: update.addTools[0]",
    ],
  ] as const;
  const VERTEX_NAME = "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$";

  describe.each(PATHS)("in %s", (_, request, errorClass, where) => {
    it.each(["1weather", "-weather", ".weather", ":weather"])(
      "refuses %s, whose first character is not a letter or an underscore, before any request",
      async (name) => {
        const { fetch, calls } = scriptedFetch([]);
        const model = await createModel("vertex", { model: "gemini-2.5-flash" }, fetch);
        const error = await model.generate(request(name)).catch((e) => e);
        expect(error).toBeInstanceOf(errorClass);
        expect((error as Error).message).toBe(
          `${where} is named "${name}"; vertex takes tool names matching ${VERTEX_NAME}`,
        );
        expect(calls).toEqual([]);
      },
    );

    it.each(["_weather", "Weather:v1.get"])("takes %s", async (name) => {
      const { fetch, calls } = scriptedFetch([]);
      const model = await createModel("vertex", { model: "gemini-2.5-flash" }, fetch);
      await model.generate(request(name)).catch(() => {});
      expect(calls).toHaveLength(1);
    });

    it("leaves the Gemini API's own rule as it is: a name may start with a digit there", async () => {
      const { fetch, calls } = scriptedFetch([]);
      const model = await createModel("gemini", CONFIG("gemini"), fetch);
      await model.generate(request("1weather")).catch(() => {});
      expect(calls).toHaveLength(1);
    });
  });
});
