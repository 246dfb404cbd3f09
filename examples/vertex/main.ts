/**
 * Claude and Gemini on Vertex AI: the same weather conversation with each, streamed, thinking
 * on. golem picks the wire from the model id (claude-… speaks Anthropic's Messages API at
 * :streamRawPredict, gemini-… the Gemini API under publishers/google) and sends each turn's
 * thinking and signatures back on the next, exactly.
 *
 * With GOOGLE_CLOUD_PROJECT and either VERTEX_ACCESS_TOKEN (`gcloud auth print-access-token`)
 * or GOOGLE_APPLICATION_CREDENTIALS (a service-account key file, signed and exchanged by golem)
 * set, it calls Vertex AI. Without them it replays fixtures/vertex/*-thinking-tool-loop-stream.json,
 * checking that every request it sends is the recorded one.
 *
 *   npm run example:vertex
 */
import { readFileSync } from "node:fs";
import { partsOf } from "golem";
import { parseCassette, replayFetch } from "golem/testing";
import * as vertex from "golem/vertex";
import { type WeatherTurn, weatherLoop } from "../claude-platforms/weather-loop.js";

const project = process.env.GOOGLE_CLOUD_PROJECT;
const accessToken = process.env.VERTEX_ACCESS_TOKEN;
const keyFile = process.env.GOOGLE_APPLICATION_CREDENTIALS;
const live = Boolean(project && (accessToken || keyFile));

/** Credentials and fetch: live ones, or the recorded exchange of `file`. */
function connection(file: string) {
  if (live) {
    const auth = accessToken
      ? { token: async () => accessToken }
      : { serviceAccount: readFileSync(keyFile ?? "", "utf8") };
    return { project: project ?? "", ...auth };
  }
  const url = new URL(`../../fixtures/vertex/${file}.json`, import.meta.url);
  const fetch = replayFetch(parseCassette(readFileSync(url, "utf8")));
  return { project: "golem", token: async () => "offline", fetch };
}

const claude = vertex.create({
  ...connection("claude-thinking-tool-loop-stream"),
  location: "global",
  model: "claude-sonnet-4@20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
});
const gemini = vertex.create({
  ...connection("gemini-thinking-tool-loop-stream"),
  location: "us-central1",
  model: "gemini-3-pro-preview",
  thinking: { includeThoughts: true, level: "high" },
});

/** Vertex's turn line: the stream's size and which parts came signed. */
function signedParts({ turn, deltas, message }: WeatherTurn): string {
  // Claude signs its thinking blocks, Gemini the part it calls a function on: both go back.
  const signed = partsOf(message).filter((p) => "signature" in p && p.signature);
  const kinds = signed.map((p) => p.type).join(", ") || "none";
  return `turn ${turn}: ${deltas} deltas, signed parts: ${kinds}`;
}

// The conversation is the one the Claude platform examples run: ../claude-platforms/weather-loop.ts.
await weatherLoop(claude, { label: claude.model, summary: signedParts });
await weatherLoop(gemini, { label: gemini.model, summary: signedParts, toolChoice: "auto" });
