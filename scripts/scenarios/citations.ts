import type { Message, ModelRequest, ModelResponse } from "../../src/index.js";

/**
 * The cited conversation (fixtures/bedrock/citations*.json): a plain-text note as a document
 * the model may cite, a question it answers from the note, then a second question with the
 * cited answer in the history, so the citations go back as they came.
 */

/** "Golem notes.\nThe golem is made of river clay.\nRabbi Loew shaped it in Prague.\n", base64. */
export const GOLEM_NOTE =
  "R29sZW0gbm90ZXMuClRoZSBnb2xlbSBpcyBtYWRlIG9mIHJpdmVyIGNsYXkuClJhYmJpIExvZXcgc2hhcGVkIGl0IGluIFByYWd1ZS4K";

/** The user message: the note, and a question about it. */
export const CITED_PROMPT: Message = {
  role: "user",
  content: [
    { type: "file", mediaType: "text/plain", data: GOLEM_NOTE, filename: "golem-notes.txt" },
    { type: "text", text: "What is the golem made of? Answer from the note." },
  ],
};

/** Two turns: the cited answer goes back in the second request as it came. */
export async function citedConversation(
  send: (req: ModelRequest) => Promise<ModelResponse>,
): Promise<void> {
  const first = await send({ messages: [CITED_PROMPT] });
  await send({
    messages: [CITED_PROMPT, first.message, { role: "user", content: "Who shaped it?" }],
  });
}
