/**
 * The bodies golem builds for Gemini, checked against @google/genai 3.6.1's own types (pinned
 * as a dev dependency, for its types only): at compile time (tsc covers test/), the body is
 * assigned to the request the SDK sends; at run time, the fields are there. The SDK's request
 * type is `GenerateContentParameters` (`{ model, contents, config }`); its converter lifts
 * `systemInstruction`, `tools`, `toolConfig`, `cachedContent` and `continuationToken` out of
 * `config` to the top of the REST body and puts the rest under `generationConfig`, which
 * {@link SdkRequest} writes out. Enums are written as their string values (the JSON).
 */

import type * as genai from "@google/genai";
import { describe, expect, it } from "vitest";
import type { ModelRequest } from "../../src/core/types.js";
import { resolveOptions } from "../../src/wires/generate-content/options.js";
import { buildRequest } from "../../src/wires/generate-content/request.js";
import { parseResponse } from "../../src/wires/generate-content/response.js";
import type { Candidate } from "../../src/wires/generate-content/wire.js";
import { wholeTurns } from "./whole-turns.js";

/**
 * An SDK type as its JSON: each enum as the union of its string values (a string enum member
 * is not assignable from the same string), `"NULL_VALUE"` also as the `null` protobuf's JSON
 * writes for a NullValue, everything else as it is.
 */
type Json<T> = T extends "NULL_VALUE"
  ? T | null
  : T extends string
    ? `${T}`
    : T extends readonly (infer U)[]
      ? Json<U>[]
      : T extends object
        ? { [K in keyof T]: Json<T[K]> }
        : T;

/** The REST body @google/genai 3.6.1 sends for `models.generateContent`. */
type SdkRequest = Json<{
  contents: genai.Content[];
  systemInstruction?: genai.Content;
  generationConfig?: genai.GenerationConfig;
  tools?: genai.Tool[];
  toolConfig?: genai.ToolConfig;
  cachedContent?: genai.GenerateContentConfig["cachedContent"];
  /** `GenerateContentConfig.continuationToken`, sent at the top level. */
  continuationToken?: genai.GenerateContentConfig["continuationToken"];
}>;

const request: ModelRequest = {
  system: "Be rigorous.",
  messages: [{ role: "user", content: "Prove the prime number theorem." }],
  tools: [
    {
      name: "save_document",
      description: "Save a document",
      parameters: { type: "object", properties: { title: { type: "string" } } },
    },
  ],
  toolChoice: "auto",
};

const cfg = resolveOptions("gemini", "gemini-4-hydrogen", {
  maxTokens: 200_000,
  thinking: { includeThoughts: true, level: "xhigh" },
});

describe("the Gemini body against @google/genai 3.6.1's types", () => {
  it("a long-decode hop's body (continuationToken at the top, XHIGH) is the SDK's request", () => {
    const token = "Q29udGludWF0aW9uVG9rZW4=";
    const sdk: SdkRequest = buildRequest(
      { ...request, extraBody: { continuationToken: token } },
      cfg,
      false,
    );
    expect(sdk.continuationToken).toBe(token);
    expect(sdk.generationConfig?.thinkingConfig?.thinkingLevel).toBe("XHIGH");
    expect(sdk.generationConfig?.maxOutputTokens).toBe(200_000);
    // The hop is the first request plus the token, nothing else changed.
    const first: SdkRequest = buildRequest(request, cfg, false);
    expect(JSON.stringify(sdk)).toBe(JSON.stringify({ ...first, continuationToken: token }));
  });

  it("reads the SDK's Candidate: finishReason CONTINUATION and its continuationToken", () => {
    const candidate: genai.Candidate = {
      content: { role: "model", parts: [{ text: "Part one […]" }] },
      finishReason: "CONTINUATION" as genai.FinishReason.CONTINUATION,
      continuationToken: "dG9rZW4tMQ==",
      index: 0,
    };
    // Compile time: the fields golem's wire type reads take the SDK's values.
    const token: Candidate["continuationToken"] = candidate.continuationToken;
    const reason: Candidate["finishReason"] = candidate.finishReason;
    expect([token, reason]).toEqual(["dG9rZW4tMQ==", "CONTINUATION"]);
    // Through JSON, as it arrives: the SDK's `role` is any string, golem's wire type names two.
    const response = parseResponse(
      JSON.parse(JSON.stringify({ candidates: [candidate] })),
      "gemini",
    );
    expect(response.stopReason).toBe("CONTINUATION");
    expect(response.continuationToken).toBe("dG9rZW4tMQ==");
  });
});

describe("the whole Gemini body", () => {
  it("a whole history's body is the SDK's request, streamed or not", () => {
    const whole: ModelRequest = {
      ...request,
      messages: wholeTurns({
        provider: "gemini",
        said: "Florence; saving it.",
        call: { type: "tool-call", id: "c1", name: "save_document", arguments: '{"title":"F"}' },
        answer: "saved",
      }),
    };
    for (const stream of [false, true]) {
      // Compile time: the whole body, every part golem builds.
      const sdk: SdkRequest = buildRequest(whole, cfg, stream);
      expect(sdk.contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
      expect(sdk.contents[0]?.parts?.[1]).toEqual({
        inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" },
      });
      expect(sdk.contents[2]?.parts?.[0]?.functionResponse?.name).toBe("save_document");
      expect(sdk.tools?.[0]?.functionDeclarations?.[0]?.name).toBe("save_document");
      expect(sdk.generationConfig?.thinkingConfig?.thinkingLevel).toBe("XHIGH");
    }
  });
});
