import type {
  Message,
  ModelRequest,
  ModelResponse,
  ToolCallPart,
  ToolSpec,
} from "../../src/index.js";
import { toolCallsOf } from "../../src/index.js";

/**
 * The media conversation every adapter records: a user message with an image and a PDF, then
 * (where the provider takes images in tool results) a tool whose result is an image. The bytes
 * are fixtures/media/*, base64 here so cassettes and rows hold them inline
 * (test/scripts/media.test.ts checks they are the same bytes).
 */

/** fixtures/media/red-square.png: a 16×16 red PNG. */
export const RED_SQUARE_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mO4IydHEmIY1TCqYfhqAACaMxgQdrf9VwAAAABJRU5ErkJggg==";
/** fixtures/media/blue-square.png: a 16×16 blue PNG. */
export const BLUE_SQUARE_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mOQs7lDEmIY1TCqYfhqAAAQ1jYQx1iH4wAAAABJRU5ErkJggg==";
/** fixtures/media/hello.pdf: a one-page PDF that says "Hello, golem". */
export const HELLO_PDF =
  "JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA2MTIgNzkyXSAvUmVzb3VyY2VzIDw8IC9Gb250IDw8IC9GMSA0IDAgUiA+PiA+PiAvQ29udGVudHMgNSAwIFIgPj4KZW5kb2JqCjQgMCBvYmoKPDwgL1R5cGUgL0ZvbnQgL1N1YnR5cGUgL1R5cGUxIC9CYXNlRm9udCAvSGVsdmV0aWNhID4+CmVuZG9iago1IDAgb2JqCjw8IC9MZW5ndGggNDMgPj4Kc3RyZWFtCkJUIC9GMSAyNCBUZiA3MiA3MjAgVGQgKEhlbGxvLCBnb2xlbSkgVGogRVQKZW5kc3RyZWFtCmVuZG9iagp4cmVmCjAgNgowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAwMDkgMDAwMDAgbiAKMDAwMDAwMDA1OCAwMDAwMCBuIAowMDAwMDAwMTE1IDAwMDAwIG4gCjAwMDAwMDAyNDEgMDAwMDAgbiAKMDAwMDAwMDMxMSAwMDAwMCBuIAp0cmFpbGVyCjw8IC9TaXplIDYgL1Jvb3QgMSAwIFIgPj4Kc3RhcnR4cmVmCjQwNAolJUVPRgo=";

/** The tool whose result is an image. */
export const LOGO: ToolSpec = {
  name: "logo",
  description: "Fetch the company logo as an image",
  parameters: { type: "object", properties: {} },
};

/** The user message: a question, the red square and hello.pdf. */
export function mediaPrompt(withTool: boolean): Message {
  const question = "What colour is this square, and what does the PDF say?";
  return {
    role: "user",
    content: [
      {
        type: "text",
        text: withTool
          ? `${question} Then look at our logo with the logo tool and tell me its colour.`
          : question,
      },
      { type: "image", mediaType: "image/png", data: RED_SQUARE_PNG },
      { type: "file", mediaType: "application/pdf", data: HELLO_PDF, filename: "hello.pdf" },
    ],
  };
}

/** The logo tool's result: a line of text and the blue square. */
export function logoResult(call: ToolCallPart): Message {
  return {
    role: "tool",
    toolCallId: call.id,
    content: [
      { type: "text", text: "logo.png" },
      { type: "image", mediaType: "image/png", data: BLUE_SQUARE_PNG },
    ],
  };
}

/**
 * Runs the conversation through `send` (a scenario's model call, or a contract row's): the
 * prompt, and with the tool, the logo call answered by the image and one more turn.
 */
export async function mediaConversation(
  send: (req: ModelRequest) => Promise<ModelResponse>,
  withTool: boolean,
): Promise<void> {
  const base = withTool ? { tools: [LOGO] } : {};
  const messages: Message[] = [mediaPrompt(withTool)];
  const first = await send({ ...base, messages: [...messages] });
  const calls = toolCallsOf(first.message);
  if (!withTool || calls.length === 0) return;
  messages.push(first.message, ...calls.map(logoResult));
  await send({ ...base, messages: [...messages] });
}
