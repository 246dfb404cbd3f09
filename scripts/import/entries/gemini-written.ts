import type { Exchange, Json, JsonObject } from "../upstream.js";

// The parts of the Gemini cassettes that Vercel's chunk files do not store (requests, and
// the answers to turn 2), written by hand as golem builds them. Turn 2 requests take the
// recorded thought text and signatures from the capture, so they stay byte-identical.

/** A hand-written first request, the second built from the capture, and the second answer. */
export interface WrittenTurns {
  first: Json;
  second: (capture: readonly Exchange[]) => Json;
  answer: string[];
}

/** Every part the recorded stream sent, in order (Vercel `.chunks.txt` lines). */
function recordedParts(capture: readonly Exchange[]): JsonObject[] {
  const body = capture[0]?.response.body;
  if (!body || !("lines" in body)) throw new Error("expected a Vercel chunk file");
  return body.lines.flatMap((line) => {
    const chunk = JSON.parse(line) as { candidates: { content: { parts: JsonObject[] } }[] };
    return chunk.candidates[0]?.content.parts ?? [];
  });
}

/** The one recorded part that carries a thoughtSignature: its signature. */
function recordedSignature(capture: readonly Exchange[]): string {
  const signed = recordedParts(capture).filter((p) => typeof p.thoughtSignature === "string");
  if (signed.length !== 1) throw new Error(`expected one signed part, found ${signed.length}`);
  return signed[0]?.thoughtSignature as string;
}

const user = (text: string): JsonObject => ({ role: "user", parts: [{ text }] });

/** One SSE event per chunk, as Gemini frames them. */
const sse = (event: Json): string => `data: ${JSON.stringify(event)}\r\n\r\n`;

/** An unsigned, hand-written final answer. */
function answer(model: string, text: string, usageMetadata: JsonObject): string[] {
  return [
    sse({
      candidates: [
        { content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 },
      ],
      usageMetadata,
      modelVersion: model,
      responseId: "synthesized-turn-2",
    }),
  ];
}

const STRAWBERRY = user("How many r's are in strawberry?");

/** text-signature-on-empty-part: the recorded answer, then a follow-up question. */
export const STRAWBERRY_TURNS: WrittenTurns = {
  first: { contents: [STRAWBERRY] },
  second: (capture: readonly Exchange[]): Json => ({
    contents: [
      STRAWBERRY,
      {
        role: "model",
        parts: [
          {
            text: recordedParts(capture)
              .map((p) => p.text ?? "")
              .join(""),
            thoughtSignature: recordedSignature(capture),
          },
        ],
      },
      user("And in raspberry?"),
    ],
  }),
  answer: answer(
    "gemini-3-pro-preview",
    'Also **3**: r**a**spbe**rr**y has one "r" at the start and two together.',
    {
      promptTokenCount: 41,
      candidatesTokenCount: 22,
      thoughtsTokenCount: 180,
      totalTokenCount: 243,
    },
  ),
};

const SCREENS_PROMPT = user("Read the theme, then screen A, then screens B and C in parallel.");
const SCREENS_CONFIG = {
  generationConfig: { thinkingConfig: { includeThoughts: true } },
  tools: [
    {
      functionDeclarations: [
        {
          name: "read_theme",
          description: "Read the app's theme",
          parametersJsonSchema: { type: "object", properties: {} },
        },
        {
          name: "read_screen",
          description: "Read one screen",
          parametersJsonSchema: {
            type: "object",
            properties: { id: { type: "string" } },
            required: ["id"],
          },
        },
      ],
    },
  ],
};

const readScreen = (id: string): JsonObject => ({
  functionCall: { name: "read_screen", args: { id } },
});
const result = (name: string, response: JsonObject): JsonObject => ({
  functionResponse: { name, response },
});

/** parallel-calls-one-signature: four parallel calls, only the first signed, then results. */
export const SCREENS_TURNS: WrittenTurns = {
  first: { contents: [SCREENS_PROMPT], ...SCREENS_CONFIG },
  second: (capture: readonly Exchange[]): Json => ({
    contents: [
      SCREENS_PROMPT,
      {
        role: "model",
        parts: [
          { text: recordedParts(capture)[0]?.text as string, thought: true },
          {
            functionCall: { name: "read_theme", args: {} },
            thoughtSignature: recordedSignature(capture),
          },
          readScreen("A"),
          readScreen("B"),
          readScreen("C"),
        ],
      },
      {
        role: "user",
        parts: [
          result("read_theme", { theme: "dark" }),
          result("read_screen", { result: "Screen A: a login form" }),
          result("read_screen", { error: "screen B not found" }),
          result("read_screen", { result: "Screen C: the settings page" }),
        ],
      },
    ],
    ...SCREENS_CONFIG,
  }),
  answer: answer(
    "gemini-3-flash-preview",
    "The theme is dark. Screen A is a login form, screen C the settings page; screen B was not found.",
    { promptTokenCount: 402, candidatesTokenCount: 27, totalTokenCount: 429 },
  ),
};
