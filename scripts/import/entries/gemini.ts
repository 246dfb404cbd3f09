import { omit, omitEmpty, openApiToJsonSchema, rename, transform } from "../edits.js";
import type { Entry, InteractionPlan } from "../plan.js";
import { geminiUnary, HEADERS } from "./common.js";
import { SCREENS_TURNS, STRAWBERRY_TURNS, type WrittenTurns } from "./gemini-written.js";

const FANTASY = "charmbracelet/fantasy@f6d4d1e3022229bd6e77717416336bf50e1693ad";
const FANTASY_FILE =
  "providertests/testdata/TestGoogleThinking/gemini-3-pro-preview/thinking-streaming.yaml";
const VERCEL = "vercel/ai@ed857f50f112e23930b0c2dd8d532cc8bebbc911";
const VERCEL_DIR = "packages/google/src/__fixtures__";
const BASE = "https://generativelanguage.googleapis.com/v1beta/models";
const SSE_HEADERS = { "content-type": "text/event-stream" };
const REFRAMED =
  "re-framed as one `data: <line>\\r\\n\\r\\n` SSE event per chunk, lines unchanged.";

const FANTASY_LOOP = { file: "google/thinking-streaming.yaml", format: "fantasy" } as const;

/** fantasy's request as golem builds it: systemInstruction without role, JSON Schema tools. */
const FANTASY_EDITS = [
  omit("systemInstruction.role"),
  transform("tools.*.functionDeclarations.*.parameters", openApiToJsonSchema),
  rename("tools.*.functionDeclarations.*.parameters", "parametersJsonSchema"),
];

const fantasyTurn = (i: number, streamed: boolean): InteractionPlan => ({
  request: streamed
    ? { recorded: i, headers: HEADERS.gemini, edits: FANTASY_EDITS }
    : { recorded: i, headers: HEADERS.gemini, url: geminiUnary, edits: FANTASY_EDITS },
  response: streamed
    ? { recorded: i, shape: "oneChunk" }
    : {
        recorded: i,
        shape: "geminiResponse",
        headers: { "content-type": "application/json; charset=UTF-8" },
      },
});

/** A hand-written turn 2 after a recorded turn 1 from a Vercel chunk file. */
function vercelLoop(model: string, turns: WrittenTurns): InteractionPlan[] {
  const url = `${BASE}/${model}:streamGenerateContent?alt=sse`;
  return [
    {
      request: { written: { url, headers: HEADERS.gemini, body: turns.first } },
      response: { recorded: 0, shape: "geminiSSE", headers: SSE_HEADERS },
    },
    {
      request: { written: { url, headers: HEADERS.gemini, body: turns.second } },
      response: { written: { status: 200, headers: SSE_HEADERS, chunks: turns.answer } },
    },
  ];
}

/** Gemini cassettes made from reference captures. */
export const GEMINI: readonly Entry[] = [
  {
    provider: "gemini",
    scenario: "thinking-streaming",
    streaming: true,
    capture: FANTASY_LOOP,
    interactions: [fantasyTurn(0, true), fantasyTurn(1, true)],
    source:
      `synthesized from ${FANTASY} ${FANTASY_FILE} (a live two-turn capture: turn 2 replays ` +
      "turn 1's functionCall with its thoughtSignature and got 200). Response bodies are the " +
      "recorded SSE bytes unchanged, each served as one chunk. Requests adjusted to what golem " +
      "builds, signatures and contents byte-identical: systemInstruction without role, and the " +
      "tool's `parameters` (OpenAPI types STRING/OBJECT) sent as the equivalent JSON Schema in " +
      "`parametersJsonSchema`. The x-goog-api-key header is added (redacted); the recording " +
      "scrubbed its credentials.",
  },
  {
    provider: "gemini",
    scenario: "thinking-tool-loop",
    streaming: false,
    capture: FANTASY_LOOP,
    interactions: [fantasyTurn(0, false), fantasyTurn(1, false)],
    source:
      `synthesized from a live capture: the streamed exchange of ${FANTASY} ${FANTASY_FILE} ` +
      "(Apache-2.0, Copyright 2025-2026 Charmbracelet, Inc.; also " +
      "fixtures/gemini/thinking-streaming.json), re-assembled into non-streamed generateContent " +
      "answers: every chunk's parts concatenated in order (signatures stay on their parts, " +
      "byte-identical), usage, finish reason and ids from the last chunk. Requests as in that " +
      "cassette, sent to :generateContent.",
  },
  {
    provider: "gemini",
    scenario: "cross-provider-tool-call",
    streaming: false,
    capture: {
      file: "google/test_thinking_with_tool_calls_from_other_model.yaml",
      format: "pydantic",
    },
    interactions: [
      {
        request: {
          recorded: 2,
          headers: HEADERS.gemini,
          edits: [
            omit("generationConfig.responseModalities"),
            omitEmpty("generationConfig"),
            omit("toolConfig.functionCallingConfig.allowedFunctionNames"),
            rename("tools.*.functionDeclarations.*.parameters_json_schema", "parametersJsonSchema"),
            rename("contents.*.parts.*.functionResponse.response.return_value", "result"),
          ],
        },
        response: { recorded: 2, shape: "json" },
      },
    ],
    source:
      "synthesized from pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491 " +
      "tests/models/cassettes/test_google/test_thinking_with_tool_calls_from_other_model.yaml, " +
      "interaction 3 (a live gemini-3-pro-preview call whose history holds a gpt-5 function " +
      "call replayed with the dummy thoughtSignature " +
      "Y29udGV4dF9lbmdpbmVlcmluZ19pc190aGVfd2F5X3RvX2dv, answered 200). Response body as " +
      "recorded (parsed_body; other headers dropped). The request is adjusted to what golem " +
      "builds, the call id and the dummy signature unchanged: no " +
      "generationConfig.responseModalities, toolConfig mode ANY without allowedFunctionNames " +
      '(golem\'s toolChoice "required"; pydantic listed every tool), parameters_json_schema ' +
      "spelled parametersJsonSchema, and the tool result sent as {result} instead of " +
      "pydantic's {return_value}. The recording stored no key; x-goog-api-key is added " +
      "(redacted).",
  },
  {
    provider: "gemini",
    scenario: "parallel-calls-one-signature",
    streaming: true,
    capture: { file: "google/google-stream-no-args-tool-call.chunks.txt", format: "vercel" },
    interactions: vercelLoop("gemini-3-flash-preview", SCREENS_TURNS),
    source:
      `synthesized. Interaction 1's response: the ${VERCEL} fixture ${VERCEL_DIR}/` +
      "google-stream-no-args-tool-call.chunks.txt (a live Vertex stream of " +
      "gemini-3-flash-preview: a thought part, then four parallel function calls of which only " +
      "the first, read_theme, is signed; the later ones stream partialArgs/willContinue), " +
      `${REFRAMED} It is served at the Gemini API URL; Vertex's streamFunctionCallArguments ` +
      "option, which produced the partialArgs, is not something golem sends. The fixture " +
      "stores no request: both requests are written by hand as golem builds them (prompt and " +
      "tool declarations inferred from the thought text). Interaction 2's request replays turn " +
      "1 (the thought part, read_theme with its recorded thoughtSignature byte for byte, the " +
      "three unsigned calls, no ids since the server sent none); its response is a hand-written " +
      "unsigned answer.",
  },
  {
    provider: "gemini",
    scenario: "text-signature-on-empty-part",
    streaming: true,
    capture: { file: "google/google-reasoning-gemini3.chunks.txt", format: "vercel" },
    interactions: vercelLoop("gemini-3-pro-preview", STRAWBERRY_TURNS),
    source:
      `synthesized. Interaction 1's response: the ${VERCEL} fixture ${VERCEL_DIR}/` +
      "google-reasoning-gemini3.chunks.txt (a live gemini-3-pro-preview text answer whose " +
      'thoughtSignature arrives on a final `"text":""` part with finishReason), ' +
      `${REFRAMED} The fixture stores no request: both requests are written by hand as golem ` +
      "builds them (no thinkingConfig; the model thinks by default, as thoughtsTokenCount " +
      "shows). Interaction 2's request replays the answer as one text part carrying that " +
      "signature byte for byte; its response is a hand-written unsigned answer.",
  },
];
