/**
 * What a provider cannot take of image and file parts is refused before any request, through
 * the public `create()`: a HistoryError naming the message, the part and the reason, never a
 * silent drop and never a provider 400. One table over every adapter.
 */
import { describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import type { Message } from "../../src/core/types.js";
import { createModel, type Provider } from "../contract/adapters.js";
import { scriptedFetch } from "../helpers/fetch.js";
import { toolResult, user } from "../helpers/media.js";

const PNG = "iVBORw0KGgo=";
/** Base64 of `n` zero bytes (a part over a size limit). */
const bytes = (n: number) => "A".repeat(Math.ceil(n / 3) * 4);
const MB = 1024 * 1024;

const CONFIG: Record<string, Record<string, unknown>> = {
  anthropic: { model: "claude-sonnet-4-6", maxTokens: 1024 },
  bedrock: { model: "anthropic.claude-sonnet-4-6" },
  gemini: { model: "gemini-2.5-flash" },
  gemini3: { model: "gemini-3-pro-preview" },
  chat: { model: "gpt-5.1" },
  responses: { model: "gpt-5.1", api: "responses" },
  azure: { endpoint: "https://example.openai.azure.com", deployment: "gpt-5-mini" },
};

type Case = [
  name: string,
  adapter: keyof typeof CONFIG,
  messages: Message[],
  index: number,
  message: string,
];

const CASES: Case[] = [
  [
    "anthropic: an image type it does not read",
    "anthropic",
    [user({ type: "image", mediaType: "image/bmp", data: PNG })],
    0,
    "messages[0]: content[0] (image image/bmp): anthropic does not accept this media type in image parts (it accepts image/jpeg, image/png, image/gif, image/webp)",
  ],
  [
    "anthropic: a plain text document from a URL (text travels inline only)",
    "anthropic",
    [user({ type: "file", mediaType: "text/plain", url: "https://example.com/a.txt" })],
    0,
    "messages[0]: content[0] (file text/plain): anthropic takes this part only as inline data, not as a url",
  ],
  [
    "anthropic: an image over 5 MB",
    "anthropic",
    [user({ type: "image", mediaType: "image/png", data: bytes(6 * MB) })],
    0,
    "messages[0]: content[0] (image image/png): anthropic accepts at most 5 MB per part; this one is 6 MB",
  ],
  [
    "anthropic: an image in an assistant message (no wire form back)",
    "anthropic",
    [
      user({ type: "text", text: "Draw." }),
      { role: "assistant", content: [{ type: "image", mediaType: "image/png", data: PNG }] },
      user({ type: "text", text: "Again." }),
    ],
    1,
    "messages[1]: content[0] (image image/png): anthropic does not accept image parts in assistant messages",
  ],
  [
    "bedrock: an https URL (Converse fetches s3:// only)",
    "bedrock",
    [user({ type: "image", mediaType: "image/png", url: "https://example.com/a.png" })],
    0,
    "messages[0]: content[0] (image image/png): bedrock does not fetch this kind of url; send the bytes as data",
  ],
  [
    "bedrock: a document over 4.5 MB in a tool result",
    "bedrock",
    toolResult({ type: "file", mediaType: "application/pdf", data: bytes(5 * MB) }),
    2,
    "messages[2]: content[0] (file application/pdf): bedrock accepts at most 4.5 MB per part; this one is 5 MB",
  ],
  [
    "bedrock: a document without text beside it",
    "bedrock",
    [user({ type: "file", mediaType: "application/pdf", data: "JVBERi0=" })],
    0,
    "messages[0]: content[0] (file application/pdf): bedrock needs a text part in the same message",
  ],
  [
    "bedrock: a file type Converse has no format for",
    "bedrock",
    [
      user(
        { type: "text", text: "Read it." },
        { type: "file", mediaType: "application/zip", data: "UEs=" },
      ),
    ],
    0,
    "messages[0]: content[1] (file application/zip): bedrock does not accept this media type in file parts (it accepts application/pdf, text/csv, application/msword, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/vnd.ms-excel, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/html, text/plain, text/markdown)",
  ],
  [
    "gemini: an image in a tool result before Gemini 3",
    "gemini",
    toolResult(
      { type: "text", text: "done" },
      { type: "image", mediaType: "image/png", data: PNG },
    ),
    2,
    "messages[2]: content[1] (image image/png): gemini takes images and files in tool results only on Gemini 3 models",
  ],
  [
    "gemini 3: a HEIC image in a tool result (function responses take PNG, JPEG, WebP)",
    "gemini3",
    toolResult({ type: "image", mediaType: "image/heic", data: PNG }),
    2,
    "messages[2]: content[0] (image image/heic): gemini does not accept image parts in tool messages",
  ],
  [
    "gemini: a data: URL (fileData.fileUri takes no inline bytes)",
    "gemini",
    [user({ type: "image", mediaType: "image/png", url: `data:image/png;base64,${PNG}` })],
    0,
    "messages[0]: content[0] (image image/png): gemini does not fetch this kind of url; send the bytes as data",
  ],
  [
    "gemini: an inline PDF over 50 MB",
    "gemini",
    [user({ type: "file", mediaType: "application/pdf", data: bytes(51 * MB) })],
    0,
    "messages[0]: content[0] (file application/pdf): gemini accepts at most 50 MB per part; this one is 51 MB",
  ],
  [
    "openai chat: an image in a tool message (tool messages are text only)",
    "chat",
    toolResult({ type: "image", mediaType: "image/png", data: PNG }),
    2,
    "messages[2]: content[0] (image image/png): openai Chat Completions does not accept image parts in tool messages",
  ],
  [
    "openai chat: a file from a URL (file_data or file_id only)",
    "chat",
    [user({ type: "file", mediaType: "application/pdf", url: "https://example.com/a.pdf" })],
    0,
    "messages[0]: content[0] (file application/pdf): openai Chat Completions takes this part only as inline data, not as a url",
  ],
  [
    "openai chat: a file that is not a PDF",
    "chat",
    [user({ type: "file", mediaType: "text/plain", data: "aGk=" })],
    0,
    "messages[0]: content[0] (file text/plain): openai Chat Completions does not accept this media type in file parts (it accepts application/pdf)",
  ],
  [
    "azure (openai's code): an image in a Chat Completions tool message",
    "azure",
    toolResult({ type: "image", mediaType: "image/png", data: PNG }),
    2,
    "messages[2]: content[0] (image image/png): azure Chat Completions does not accept image parts in tool messages",
  ],
  [
    "openai responses: an image type it does not read",
    "responses",
    toolResult({ type: "image", mediaType: "image/tiff", data: PNG }),
    2,
    "messages[2]: content[0] (image image/tiff): openai Responses does not accept this media type in image parts (it accepts image/png, image/jpeg, image/webp, image/gif)",
  ],
  [
    "openai responses: an image over 20 MB",
    "responses",
    [user({ type: "image", mediaType: "image/png", data: bytes(21 * MB) })],
    0,
    "messages[0]: content[0] (image image/png): openai Responses accepts at most 20 MB per part; this one is 21 MB",
  ],
];

const providerOf = (adapter: string): Provider =>
  adapter === "chat" || adapter === "responses"
    ? "openai"
    : adapter === "gemini3"
      ? "gemini"
      : (adapter as Provider);

describe.each(CASES)("%s", (_, adapter, messages, index, message) => {
  it.each(["generate", "stream"] as const)(
    "%s: throws HistoryError before any request",
    async (how) => {
      const { fetch, calls } = scriptedFetch([]);
      const model = await createModel(providerOf(adapter), CONFIG[adapter] ?? {}, fetch);
      const run =
        how === "generate"
          ? model.generate({ messages })
          : (async () => {
              for await (const _ of model.stream({ messages })) break;
            })();
      const error = await run.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HistoryError);
      expect((error as HistoryError).index).toBe(index);
      expect((error as HistoryError).message).toBe(message);
      expect(calls).toEqual([]);
    },
  );
});
