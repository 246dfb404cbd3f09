import type { Entry } from "../plan.js";
import { HEADERS } from "./common.js";

const VERCEL = "vercel/ai@ed857f50f112e23930b0c2dd8d532cc8bebbc911";

/** Cassettes built from the Cohere capture in fixtures/reference/cohere/. */
export const COHERE: readonly Entry[] = [
  {
    provider: "cohere",
    scenario: "reasoning-capture-stream",
    streaming: true,
    capture: { file: "cohere/cohere-reasoning.chunks.txt", format: "vercel" },
    interactions: [
      {
        request: {
          written: {
            url: "https://api.cohere.com/v2/chat",
            headers: HEADERS.cohere,
            body: {
              model: "command-a-reasoning-08-2025",
              messages: [{ role: "user", content: "What is 2 + 2?" }],
              stream: true,
            },
          },
        },
        response: {
          recorded: 0,
          shape: "dataSSE",
          headers: { "content-type": "text/event-stream" },
        },
      },
    ],
    source:
      `synthesized from ${VERCEL} packages/cohere/src/__fixtures__/cohere-reasoning.chunks.txt ` +
      "(Apache-2.0, Copyright 2023 Vercel, Inc.), the decoded events of a live Cohere v2 stream " +
      "from a reasoning model (a thinking item, then a text item, then message-end with usage): " +
      "re-framed as one `data: <line>\\n\\n` SSE event per chunk, lines unchanged. The fixture " +
      "stores no request and names no model: the request is what golem builds for the question " +
      "the thinking restates, written by hand; the model id is a guess, and the recorded request " +
      "may have carried tools (the thinking says it needs none).",
  },
];
