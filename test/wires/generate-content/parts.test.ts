/**
 * generateContent parts → golem parts, through parseResponse (one answer) and the stream
 * machine (streamGenerateContent: the same parts, one chunk each, the last with finishReason).
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
import { APIError } from "../../../src/core/errors.js";
import type { Part as GolemPart } from "../../../src/core/types.js";
import { parseResponse } from "../../../src/wires/generate-content/response.js";
import { createStreamState } from "../../../src/wires/generate-content/stream.js";
import type { GenerateContentResponse, Part } from "../../../src/wires/generate-content/wire.js";
import { type PartsRow, partsTable } from "../parts-table.js";

/** A text part with its thought signature, tagged as Gemini's. */
const signedText = (text: string, signature: string): GolemPart => ({
  type: "text",
  text,
  signature,
  provider: "gemini",
});

/** An answer of `parts`, whole or one chunk of a stream (`finishReason` on the last). */
const answer = (parts: Part[], finishReason?: string): GenerateContentResponse => ({
  candidates: [
    { content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}), index: 0 },
  ],
  responseId: "resp1",
});

const CODE = {
  executableCode: { language: "PYTHON", code: "print(sum(range(10)))" },
  thoughtSignature: "Y29kZQ==",
};
const RESULT = { codeExecutionResult: { outcome: "OUTCOME_OK", output: "45\n" } };
const IMAGE = { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } };

const ROWS: PartsRow<Part>[] = [
  {
    name: "thought parts as a thinking part, and a text part's signature kept on it",
    blocks: [
      { text: "**Weighing the stops**\n\nI compare distances first...", thought: true },
      { text: "Go A → C → B.", thoughtSignature: "CiQB4x9...sigA==" },
    ],
    parts: [
      {
        type: "thinking",
        text: "**Weighing the stops**\n\nI compare distances first...",
        provider: "gemini",
      },
      signedText("Go A → C → B.", "CiQB4x9...sigA=="),
    ],
  },
  {
    name: "the server's call id and signature kept, a stable id made up where there is none",
    blocks: [
      {
        functionCall: { name: "lookup", args: { q: "A" }, id: "9d532gc9" },
        thoughtSignature: "EqoB",
      },
      { functionCall: { name: "lookup", args: { q: "B" } } },
      { functionCall: { name: "ping" } },
    ],
    parts: [
      {
        type: "tool-call",
        id: "9d532gc9",
        name: "lookup",
        arguments: '{"q":"A"}',
        signature: "EqoB",
        provider: "gemini",
      },
      { type: "tool-call", id: "golem_resp1_1", name: "lookup", arguments: '{"q":"B"}' },
      { type: "tool-call", id: "golem_resp1_2", name: "ping", arguments: "{}" },
    ],
  },
  {
    name: "consecutive thought parts merged until a signature closes the part, in place",
    blocks: [
      { text: "a", thought: true },
      { text: "b", thought: true, thoughtSignature: "c2lnMQ==" },
      { text: "c", thought: true },
      { text: "", thought: true, thoughtSignature: "c2lnMg==" },
      { text: "", thought: true, thoughtSignature: "c2lnMw==" },
      { text: "d", thought: true },
      { text: "answer" },
      { text: "e", thought: true },
    ],
    parts: [
      { type: "thinking", text: "ab", signature: "c2lnMQ==", provider: "gemini" },
      { type: "thinking", text: "c", signature: "c2lnMg==", provider: "gemini" },
      { type: "thinking", text: "", signature: "c2lnMw==", provider: "gemini" },
      { type: "thinking", text: "d", provider: "gemini" },
      { type: "text", text: "answer" },
      { type: "thinking", text: "e", provider: "gemini" },
    ],
  },
  {
    name: "a trailing empty text part's signature on the unsigned text before it",
    blocks: [{ text: "There are 3 " }, { text: "r's." }, { text: "", thoughtSignature: "EvsF" }],
    parts: [signedText("There are 3 r's.", "EvsF")],
  },
  {
    name: "a signature-only text part kept apart where the text before it is signed or not text",
    blocks: [
      { text: "One.", thoughtSignature: "c2lnMQ==" },
      { text: "", thoughtSignature: "c2lnMg==" },
      { functionCall: { name: "f", args: {}, id: "x" } },
      { thoughtSignature: "c2lnMw==" },
    ],
    parts: [
      signedText("One.", "c2lnMQ=="),
      signedText("", "c2lnMg=="),
      { type: "tool-call", id: "x", name: "f", arguments: "{}" },
      signedText("", "c2lnMw=="),
    ],
  },
  {
    name: "a signature on a middle text part, and a new part for the text after it",
    blocks: [
      { text: "First, " },
      { text: "the plan.", thoughtSignature: "bWlkZGxl" },
      { text: " Then" },
      { text: " the rest." },
    ],
    parts: [signedText("First, the plan.", "bWlkZGxl"), { type: "text", text: " Then the rest." }],
  },
  {
    name: "code execution and any part it does not model as provider parts, as sent",
    blocks: [{ text: "Summing." }, CODE, RESULT, IMAGE, { text: "It is 45." }] as Part[],
    parts: [
      { type: "text", text: "Summing." },
      { type: "provider", provider: "gemini", value: CODE },
      { type: "provider", provider: "gemini", value: RESULT },
      { type: "provider", provider: "gemini", value: IMAGE },
      { type: "text", text: "It is 45." },
    ],
  },
];

partsTable("generate-content", ROWS, {
  response: (parts) => parseResponse(answer(parts, "STOP")).message.content,
  stream: (parts) => {
    const machine = createStreamState((f) => new APIError(f));
    parts.forEach((p, i) => {
      const chunk = answer([p], i === parts.length - 1 ? "STOP" : undefined);
      machine.push({ data: JSON.stringify(chunk), event: undefined, id: undefined });
    });
    return machine.finish().message.content;
  },
});
