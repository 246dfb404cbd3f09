import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message, ModelRequest } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/gemini/config.js";
import { requestHeaders, requestUrl } from "../../../src/platforms/gemini/platform.js";
import {
  buildRequest,
  buildToolConfig,
  buildToolResult,
  isGeneratedId,
  SKIP_SIGNATURE_VALIDATOR,
} from "../../../src/wires/generate-content/request.js";
import { parseResponse } from "../../../src/wires/generate-content/response.js";
import { createStreamState } from "../../../src/wires/generate-content/stream.js";
import type { GenerateContentResponse } from "../../../src/wires/generate-content/wire.js";
import { loadCassette } from "../../helpers/cassettes.js";
import { thrownAs } from "../../helpers/errors.js";
import { amidForeignEvidence, callWithArguments } from "../../helpers/histories.js";

const cfg = (over: Partial<Config> = {}) =>
  resolveConfig({ apiKey: "AIza-test-key", model: "gemini-3-pro-preview", ...over }, {});

const user = (content: string): Message => ({ role: "user", content });

/** What the body sends of `reply`, an assistant turn after the user's word. */
const sentReply = (reply: Message) =>
  buildRequest({ messages: [user("Hi"), reply] }, cfg(), false).contents[1];

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe("requestUrl and requestHeaders", () => {
  it("posts to generateContent, or streamGenerateContent with alt=sse", () => {
    expect(requestUrl(cfg(), false)).toBe(
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-preview:generateContent",
    );
    expect(requestUrl(cfg(), true)).toBe(
      "https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse",
    );
    expect(
      requestUrl(cfg({ model: "tunedModels/x", baseURL: "http://127.0.0.1:9/v1beta" }), false),
    ).toBe("http://127.0.0.1:9/v1beta/tunedModels/x:generateContent");
  });

  it("sends the key in x-goog-api-key, never in the URL, plus the caller's headers", () => {
    expect(requestHeaders(cfg({ headers: { "X-Goog-Api-Key": "other" } }))).toEqual({
      "content-type": "application/json",
      "x-goog-api-key": "AIza-test-key",
    });
    expect(requestHeaders(cfg({ headers: { "x-team": "a" } }))).toEqual({
      "content-type": "application/json",
      "x-goog-api-key": "AIza-test-key",
      "x-team": "a",
    });
    expect(requestUrl(cfg(), true)).not.toContain("AIza");
  });
});

describe("buildRequest", () => {
  it("sends user turns, the system prompt and the generation config", () => {
    const body = buildRequest(
      { system: "You are terse.", messages: [user("Hi")] },
      cfg({ maxTokens: 100, thinking: { includeThoughts: true, level: "low" } }),
      false,
    );
    expect(body).toEqual({
      contents: [{ role: "user", parts: [{ text: "Hi" }] }],
      systemInstruction: { parts: [{ text: "You are terse." }] },
      generationConfig: {
        maxOutputTokens: 100,
        thinkingConfig: { includeThoughts: true, thinkingLevel: "LOW" },
      },
    });
  });

  it("adds system messages of the history to systemInstruction, in order", () => {
    const body = buildRequest(
      { system: "A", messages: [{ role: "system", content: "B" }, user("Hi")] },
      cfg(),
      true,
    );
    expect(body.systemInstruction).toEqual({ parts: [{ text: "A" }, { text: "B" }] });
    expect(body.contents).toEqual([{ role: "user", parts: [{ text: "Hi" }] }]);
  });

  it("replays the parts in their order, each with its own signature", () => {
    const assistant: Message = {
      role: "assistant",
      content: [
        { type: "thinking", text: "**Plan**", provider: "gemini" },
        { type: "thinking", text: "", signature: "c2lnVGhvdWdodA==", provider: "gemini" },
        { type: "text", text: "Checking ", signature: "c2lnVGV4dA==", provider: "gemini" },
        { type: "text", text: "both." },
        { type: "thinking", text: "mine, no provider" },
        {
          type: "tool-call",
          id: "fc_1",
          name: "lookup",
          arguments: '{"q":"A"}',
          signature: "c2lnRkMx",
          provider: "gemini",
        },
        { type: "tool-call", id: "fc_2", name: "lookup", arguments: '{"q":"B"}' },
      ],
    };
    expect(sentReply(assistant)).toEqual({
      role: "model",
      parts: [
        { text: "**Plan**", thought: true },
        { text: "", thought: true, thoughtSignature: "c2lnVGhvdWdodA==" },
        { text: "Checking ", thoughtSignature: "c2lnVGV4dA==" },
        { text: "both." },
        { text: "mine, no provider", thought: true },
        {
          functionCall: { name: "lookup", args: { q: "A" }, id: "fc_1" },
          thoughtSignature: "c2lnRkMx",
        },
        { functionCall: { name: "lookup", args: { q: "B" }, id: "fc_2" } },
      ],
    });
  });

  it("sends an empty text part when only its signature is there, and no unsigned empty one", () => {
    const reply: Message = {
      role: "assistant",
      content: [
        { type: "text", text: "" },
        { type: "text", text: "", signature: "c2ln", provider: "gemini" },
      ],
    };
    expect(sentReply(reply)).toEqual({
      role: "model",
      parts: [{ text: "", thoughtSignature: "c2ln" }],
    });
  });

  it("drops other providers' thinking and parts, leaves their signatures off, skips redacted", () => {
    const assistant = amidForeignEvidence("anthropic", [
      { type: "thinking", redacted: "ZW5jcnlwdGVk", provider: "openai" },
      { type: "thinking", redacted: "bm8gcHJvdmlkZXI=" },
      { type: "thinking", text: "ours", signature: "b3Vycw==", provider: "gemini" },
      { type: "text", text: " Truly.", signature: "Zm9yZWlnbg==", provider: "vertex-proxy" },
    ]);
    expect(sentReply(assistant)).toEqual({
      role: "model",
      parts: [
        { text: "ours", thought: true, thoughtSignature: "b3Vycw==" },
        { text: " Truly." },
        { text: "Done." },
        { text: " Really." },
        // The foreign signature is left off; Gemini 3 gets the validator-skip one instead.
        {
          functionCall: { name: "f", args: {}, id: "call_1" },
          thoughtSignature: SKIP_SIGNATURE_VALIDATOR,
        },
      ],
    });
  });

  it("replays Gemini's own provider parts verbatim, in place", () => {
    const code = {
      executableCode: { language: "PYTHON", code: "print(2 + 2)" },
      thoughtSignature: "Y29kZQ==",
    };
    const result = { codeExecutionResult: { outcome: "OUTCOME_OK", output: "4\n" } };
    const assistant: Message = {
      role: "assistant",
      content: [
        { type: "text", text: "Let me compute." },
        { type: "provider", provider: "gemini", value: code },
        { type: "provider", provider: "gemini", value: result },
        { type: "text", text: "It is 4." },
      ],
    };
    expect(sentReply(assistant)).toEqual({
      role: "model",
      parts: [
        { text: "Let me compute." },
        {
          executableCode: { language: "PYTHON", code: "print(2 + 2)" },
          thoughtSignature: "Y29kZQ==",
        },
        { codeExecutionResult: { outcome: "OUTCOME_OK", output: "4\n" } },
        { text: "It is 4." },
      ],
    });
  });

  it("leaves out a message that has nothing Gemini can take, merging its neighbours", () => {
    const body = buildRequest(
      {
        messages: [
          user("Hi"),
          {
            role: "assistant",
            content: [
              { type: "thinking", redacted: "eA==", provider: "bedrock" },
              { type: "provider", provider: "openai", value: { type: "web_search_call" } },
            ],
          },
          user("Again"),
          { role: "assistant", content: "" },
          {
            role: "user",
            content: [
              { type: "text", text: "And" },
              { type: "text", text: "" },
            ],
          },
        ],
      },
      cfg(),
      false,
    );
    expect(body.contents).toEqual([
      { role: "user", parts: [{ text: "Hi" }, { text: "Again" }, { text: "And" }] },
    ]);
  });

  it("keeps two user turns apart when nothing between them was left out", () => {
    const body = buildRequest({ messages: [user("Hi"), user("There")] }, cfg(), false);
    expect(body.contents).toEqual([
      { role: "user", parts: [{ text: "Hi" }] },
      { role: "user", parts: [{ text: "There" }] },
    ]);
  });

  it("gives the first unsigned call of each step the validator-skip signature on Gemini 3, once", () => {
    const messages: Message[] = [
      user("Go"),
      {
        role: "assistant",
        content: [
          { type: "text", text: "Calling." },
          { type: "tool-call", id: "call_a", name: "f", arguments: "{}" },
          { type: "tool-call", id: "call_b", name: "f", arguments: "{}" },
        ],
      },
      { role: "tool", toolCallId: "call_a", content: "1" },
      { role: "tool", toolCallId: "call_b", content: "2" },
      {
        role: "assistant",
        content: [{ type: "tool-call", id: "call_c", name: "g", arguments: "{}" }],
      },
      { role: "tool", toolCallId: "call_c", content: "3" },
    ];
    const body = buildRequest({ messages }, cfg(), false);
    expect(SKIP_SIGNATURE_VALIDATOR).toBe(btoa("context_engineering_is_the_way_to_go"));
    expect(body.contents[1]?.parts).toEqual([
      { text: "Calling." },
      {
        functionCall: { name: "f", args: {}, id: "call_a" },
        thoughtSignature: SKIP_SIGNATURE_VALIDATOR,
      },
      { functionCall: { name: "f", args: {}, id: "call_b" } },
    ]);
    expect(body.contents[3]?.parts).toEqual([
      {
        functionCall: { name: "g", args: {}, id: "call_c" },
        thoughtSignature: SKIP_SIGNATURE_VALIDATOR,
      },
    ]);
  });

  it("keeps a call's own signature and adds no dummy before other models than Gemini 3", () => {
    const messages: Message[] = [
      user("Go"),
      {
        role: "assistant",
        content: [
          { type: "tool-call", id: "call_a", name: "f", arguments: "{}", signature: "cmVhbA==" },
        ],
      },
    ];
    expect(buildRequest({ messages }, cfg(), false).contents[1]?.parts[0]?.thoughtSignature).toBe(
      "cmVhbA==",
    );
    const unsigned: Message[] = [
      user("Go"),
      {
        role: "assistant",
        content: [{ type: "tool-call", id: "call_a", name: "f", arguments: "{}" }],
      },
    ];
    const body = buildRequest({ messages: unsigned }, cfg({ model: "gemini-2.5-flash" }), false);
    expect(body.contents[1]?.parts).toEqual([
      { functionCall: { name: "f", args: {}, id: "call_a" } },
    ]);
  });

  it("puts consecutive tool results in one user content, named after their calls", () => {
    const messages: Message[] = [
      user("Go"),
      {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            id: "9d532gc9",
            name: "weather",
            arguments: '{"location":"Florence"}',
            signature: "c2ln",
            provider: "gemini",
          },
          { type: "tool-call", id: "golem_r1_1", name: "theme", arguments: "" },
        ],
      },
      { role: "tool", toolCallId: "9d532gc9", content: "40 C" },
      {
        role: "tool",
        toolCallId: "golem_r1_1",
        content: [{ type: "text", text: '{"theme":"dark"}' }],
      },
      user("Thanks"),
    ];
    const body = buildRequest({ messages }, cfg(), false);
    expect(body.contents.slice(1)).toEqual([
      {
        role: "model",
        parts: [
          {
            functionCall: { name: "weather", args: { location: "Florence" }, id: "9d532gc9" },
            thoughtSignature: "c2ln",
          },
          { functionCall: { name: "theme", args: {} } },
        ],
      },
      {
        role: "user",
        parts: [
          { functionResponse: { name: "weather", id: "9d532gc9", response: { result: "40 C" } } },
          { functionResponse: { name: "theme", response: { theme: "dark" } } },
        ],
      },
      { role: "user", parts: [{ text: "Thanks" }] },
    ]);
  });

  it("names a tool result after the latest call with its id", () => {
    const call = (name: string): Message => ({
      role: "assistant",
      content: [{ type: "tool-call", id: "golem_0", name, arguments: "{}" }],
    });
    const messages: Message[] = [
      user("Go"),
      call("first"),
      { role: "tool", toolCallId: "golem_0", content: "a" },
      call("second"),
      { role: "tool", toolCallId: "golem_0", content: "b" },
    ];
    const body = buildRequest({ messages }, cfg({ model: "gemini-2.5-pro" }), false);
    expect(body.contents[2]?.parts[0]?.functionResponse?.name).toBe("first");
    expect(body.contents[4]?.parts[0]?.functionResponse?.name).toBe("second");
  });

  it("refuses tool-call arguments that are not a JSON object, naming the message", () => {
    const build = () => buildRequest({ messages: callWithArguments("[1,2]") }, cfg(), false);
    expect(thrownAs(HistoryError, build).message).toContain(
      "messages[1]: content[1] arguments are not a JSON object (Gemini needs one)",
    );
  });

  it("declares tools with their JSON Schema and maps the tool choice", () => {
    const parameters = {
      type: "object",
      properties: { q: { type: "string" } },
      additionalProperties: false,
    };
    const req: ModelRequest = {
      messages: [user("Go")],
      tools: [{ name: "lookup", description: "Find", parameters }],
      toolChoice: { name: "lookup" },
    };
    const body = buildRequest(req, cfg(), false);
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: "lookup", description: "Find", parametersJsonSchema: parameters },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["lookup"] },
    });
    expect(buildRequest({ messages: [user("Go")], tools: [] }, cfg(), false)).toEqual({
      contents: [{ role: "user", parts: [{ text: "Go" }] }],
    });
  });

  it("does not change the request it is given", () => {
    const req = deepFreeze<ModelRequest>({
      system: "S",
      messages: [
        user("Go"),
        {
          role: "assistant",
          content: [
            { type: "thinking", text: "t", provider: "gemini" },
            { type: "text", text: "x" },
            { type: "tool-call", id: "c", name: "f", arguments: '{"a":{"b":1}}' },
            { type: "provider", provider: "gemini", value: { executableCode: { code: "1" } } },
          ],
        },
        { role: "tool", toolCallId: "c", content: "{}" },
      ],
      tools: [{ name: "f", description: "", parameters: { type: "object" } }],
    });
    expect(() => buildRequest(req, cfg(), true)).not.toThrow();
  });
});

describe("buildToolConfig", () => {
  it("maps auto, none and required to AUTO, NONE and ANY", () => {
    expect(buildToolConfig("auto")).toEqual({ functionCallingConfig: { mode: "AUTO" } });
    expect(buildToolConfig("none")).toEqual({ functionCallingConfig: { mode: "NONE" } });
    expect(buildToolConfig("required")).toEqual({ functionCallingConfig: { mode: "ANY" } });
  });
});

describe("buildToolResult", () => {
  it("sends a JSON object as itself and anything else as {result}", () => {
    expect(buildToolResult({ role: "tool", toolCallId: "c", content: '{"a":1}' })).toEqual({
      a: 1,
    });
    expect(buildToolResult({ role: "tool", toolCallId: "c", content: "[1]" })).toEqual({
      result: "[1]",
    });
    expect(buildToolResult({ role: "tool", toolCallId: "c", content: "42" })).toEqual({
      result: "42",
    });
    expect(buildToolResult({ role: "tool", toolCallId: "c", content: "{broken" })).toEqual({
      result: "{broken",
    });
  });

  it("puts a failed tool's content under error", () => {
    expect(
      buildToolResult({ role: "tool", toolCallId: "c", content: "boom", isError: true }),
    ).toEqual({
      error: "boom",
    });
    expect(
      buildToolResult({ role: "tool", toolCallId: "c", content: '{"code":7}', isError: true }),
    ).toEqual({ error: { code: 7 } });
  });
});

describe("isGeneratedId", () => {
  it("recognises the ids golem makes up and nothing else", () => {
    expect(isGeneratedId("golem_TeAgaaKoDO-tz7IPmu30uQo_0")).toBe(true);
    expect(isGeneratedId("9d532gc9")).toBe(false);
    expect(isGeneratedId("call_1w9YRdMtRTRucwZShoZYlLJp")).toBe(false);
  });
});

describe("cassette turns", () => {
  /** Turn 1's answer as golem parses it (streamed or not), turn 2's body as golem builds it. */
  function turnTwo(scenario: string) {
    const cassette = loadCassette("gemini", scenario);
    const [first, second] = cassette.interactions;
    if (!first || !second) throw new Error(`${scenario} has fewer than two turns`);
    const recorded = first.request.body as { contents: { parts: { text: string }[] }[] };
    let message: Message;
    if (cassette.streaming) {
      const state = createStreamState((fields) => new Error(fields.message));
      for (const event of (first.response.chunks ?? []).join("").split("\r\n\r\n")) {
        if (event.startsWith("data: "))
          state.push({ data: event.slice(6), event: undefined, id: undefined });
      }
      message = state.finish().message;
    } else message = parseResponse(first.response.body as GenerateContentResponse).message;
    const next = (second.request.body as { contents: { parts: { text: string }[] }[] }).contents;
    const messages = [
      user(recorded.contents[0]?.parts[0]?.text ?? ""),
      message,
      user(next[2]?.parts[0]?.text ?? ""),
    ];
    const built = buildRequest({ messages }, cfg({ model: "gemini-3-flash-preview" }), false);
    return { message, built, recorded: second.request.body };
  }

  it.each(["middle-text-signature", "middle-text-signature-stream"])(
    "%s: keeps the signed middle text part apart and replays it in place",
    (scenario) => {
      const { message, built, recorded } = turnTwo(scenario);
      const signature = btoa("golem made-up thought signature: middle text part");
      expect(message.content).toEqual([
        {
          type: "text",
          text: "Plan: pack sandwiches, fruit and a blanket, and reach the park by noon.",
          signature,
          provider: "gemini",
        },
        { type: "text", text: "\n\nTip: bring a bag for your rubbish so the spot stays clean." },
      ]);
      expect(built).toEqual(recorded);
    },
  );

  it("code-execution: keeps the code parts as provider parts and replays them verbatim", () => {
    const { message, built, recorded } = turnTwo("code-execution");
    const content = message.content as { type: string; value?: Record<string, unknown> }[];
    expect(content.map((p) => p.type)).toEqual(["text", "provider", "provider", "text"]);
    expect(content[1]?.value?.thoughtSignature).toBe(
      btoa("golem made-up thought signature: executableCode part"),
    );
    expect(content[2]?.value).toEqual({
      codeExecutionResult: { outcome: "OUTCOME_OK", output: "Sum of the first 50 primes: 5117\n" },
    });
    // golem declares no built-in tools: the recording's `codeExecution` tool is added on capture.
    const { tools, ...rest } = recorded as { tools: unknown };
    expect(tools).toEqual([{ codeExecution: {} }]);
    expect(built).toEqual(rest);
  });
});
