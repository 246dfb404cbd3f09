/**
 * The wire form of each kind of image and file part, per adapter, through `create()`: the forms
 * the media cassettes do not show (URLs, S3, plain text documents, names made for files sent
 * without one, a document in a tool result). One table; each row names the part of the body
 * it reads.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/core/types.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { CALL, toolResult, user } from "../helpers/media.js";

type Body = Record<string, unknown[]>;
const last = (key: string) => (b: Body) => b[key]?.at(-1);

type Case = [
  name: string,
  provider: Provider,
  config: Record<string, unknown>,
  messages: Message[],
  read: (body: Body) => unknown,
  expected: unknown,
];

const CASES: Case[] = [
  [
    // 100 MB of base64 per request since January 2026, not 20 (ai.google.dev/gemini-api/docs/file-input-methods).
    "gemini: an inline image of 30 MB",
    "gemini",
    { model: "gemini-2.5-flash" },
    [user({ type: "image", mediaType: "image/png", data: "A".repeat(40 * 1024 * 1024) })],
    (b) =>
      (last("contents")(b) as { parts: { inlineData: { data: string } }[] }).parts[0]?.inlineData
        .data.length,
    40 * 1024 * 1024,
  ],
  [
    "anthropic: URL sources, and a plain text document as its text",
    "anthropic",
    { model: "claude-sonnet-4-6", maxTokens: 1024 },
    [
      user(
        { type: "image", mediaType: "image/jpeg", url: "https://example.com/a.jpg" },
        { type: "file", mediaType: "text/plain", data: "aMOpbGxv" },
        {
          type: "file",
          mediaType: "application/pdf",
          url: "https://example.com/r.pdf",
          filename: "r.pdf",
        },
      ),
    ],
    last("messages"),
    {
      role: "user",
      content: [
        { type: "image", source: { type: "url", url: "https://example.com/a.jpg" } },
        { type: "document", source: { type: "text", media_type: "text/plain", data: "héllo" } },
        {
          type: "document",
          source: { type: "url", url: "https://example.com/r.pdf" },
          title: "r.pdf",
        },
      ],
    },
  ],
  [
    "anthropic: a PDF inside tool_result",
    "anthropic",
    { model: "claude-sonnet-4-6", maxTokens: 1024 },
    toolResult({ type: "file", mediaType: "application/pdf", data: "JVBERi0=" }),
    last("messages"),
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "call_1",
          content: [
            {
              type: "document",
              source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" },
            },
          ],
        },
      ],
    },
  ],
  [
    "bedrock: an S3 image, a document name in Bedrock's characters, a name made for a file without one",
    "bedrock",
    { model: "anthropic.claude-sonnet-4-6" },
    [
      user(
        { type: "text", text: "Compare." },
        { type: "image", mediaType: "image/webp", url: "s3://bucket/a.webp" },
        {
          type: "file",
          mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          data: "UEs=",
          filename: "Q3  report_(final)!.docx",
        },
        { type: "file", mediaType: "text/csv", data: "YSxi" },
      ),
    ],
    last("messages"),
    {
      role: "user",
      content: [
        { text: "Compare." },
        { image: { format: "webp", source: { s3Location: { uri: "s3://bucket/a.webp" } } } },
        { document: { format: "docx", name: "Q3 report-(final)-", source: { bytes: "UEs=" } } },
        { document: { format: "csv", name: "document-0-3", source: { bytes: "YSxi" } } },
      ],
    },
  ],
  [
    // "Messages can't contain duplicate document names" (a ValidationException; vercel/ai#20366,
    // maximhq/bifrost#7003): names are unique over the whole request, case aside.
    "bedrock: document names made unique over the request (tool results included)",
    "bedrock",
    { model: "anthropic.claude-sonnet-4-6" },
    [
      user(
        { type: "text", text: "Compare." },
        { type: "file", mediaType: "application/pdf", data: "JVBERi0=", filename: "report.pdf" },
        { type: "file", mediaType: "text/plain", data: "YSxi", filename: "Report.txt" },
      ),
      CALL,
      {
        role: "tool",
        toolCallId: "call_1",
        content: [{ type: "file", mediaType: "text/csv", data: "YSxi", filename: "report.csv" }],
      },
    ],
    (b) =>
      JSON.stringify(b.messages)
        .match(/"format":"\w+","name":"[^"]*"/g)
        ?.join(),
    '"format":"pdf","name":"report","format":"txt","name":"Report (2)","format":"csv","name":"report (3)"',
  ],
  [
    "gemini: a URL as fileData; a PDF in a Gemini 3 function response's parts",
    "gemini",
    { model: "gemini-3-pro-preview" },
    [
      user({ type: "file", mediaType: "application/pdf", url: "gs://bucket/a.pdf" }),
      ...toolResult(
        { type: "text", text: "the page" },
        { type: "file", mediaType: "application/pdf", data: "JVBERi0=" },
      ).slice(1),
    ],
    (b) => b.contents,
    [
      {
        role: "user",
        parts: [{ fileData: { mimeType: "application/pdf", fileUri: "gs://bucket/a.pdf" } }],
      },
      {
        role: "model",
        parts: [
          {
            functionCall: { name: "shot", args: {}, id: "call_1" },
            thoughtSignature: "Y29udGV4dF9lbmdpbmVlcmluZ19pc190aGVfd2F5X3RvX2dv",
          },
        ],
      },
      {
        role: "user",
        parts: [
          {
            functionResponse: {
              name: "shot",
              response: { result: "the page" },
              id: "call_1",
              parts: [{ inlineData: { mimeType: "application/pdf", data: "JVBERi0=" } }],
            },
          },
        ],
      },
    ],
  ],
  [
    "openai chat: an image URL as it is; a PDF without a filename gets one",
    "openai",
    { model: "gpt-5-mini" },
    [
      user(
        { type: "text", text: "" },
        { type: "image", mediaType: "image/gif", url: "https://example.com/a.gif" },
        { type: "file", mediaType: "application/pdf", data: "JVBERi0=" },
      ),
    ],
    last("messages"),
    {
      role: "user",
      content: [
        { type: "image_url", image_url: { url: "https://example.com/a.gif" } },
        {
          type: "file",
          file: { file_data: "data:application/pdf;base64,JVBERi0=", filename: "file-0-2.pdf" },
        },
      ],
    },
  ],
  [
    "openai responses: a file URL as file_url; a text file without a filename gets one",
    "openai",
    { model: "gpt-5-mini", api: "responses" },
    [
      user(
        { type: "file", mediaType: "application/pdf", url: "https://example.com/r.pdf" },
        { type: "file", mediaType: "text/plain", data: "aGk=" },
        { type: "image", mediaType: "image/jpeg", url: "https://example.com/a.jpg" },
      ),
    ],
    last("input"),
    {
      role: "user",
      content: [
        { type: "input_file", file_url: "https://example.com/r.pdf" },
        { type: "input_file", file_data: "data:text/plain;base64,aGk=", filename: "file-0-1.txt" },
        { type: "input_image", image_url: "https://example.com/a.jpg", detail: "auto" },
      ],
    },
  ],
  [
    "openai responses: text alone stays a string output; with an image, an array",
    "openai",
    { model: "gpt-5-mini", api: "responses" },
    toolResult({ type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" }),
    last("input"),
    {
      type: "function_call_output",
      call_id: "call_1",
      output: [
        { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=", detail: "auto" },
      ],
    },
  ],
];

describe.each(CASES)("%s", (_, provider, config, messages, read, expected) => {
  it("sends the documented wire form", async () => {
    const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "stop" } })]);
    const model = await createModel(provider, { ...config, maxRetries: 0 }, fetch);
    await model.generate({ messages }).catch(() => undefined);
    expect(calls).toHaveLength(1);
    expect(read(JSON.parse(calls[0]?.body ?? "{}") as Body)).toEqual(expected);
  });
});
