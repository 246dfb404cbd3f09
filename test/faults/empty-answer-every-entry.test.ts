/**
 * A 200 whose JSON body holds no candidate, choice or message (`{}`), on every adapter and
 * platform entry through the public `create()` (issue 36): each refuses it the same way, a
 * StreamError naming the entry and the field its wire reads the reply from, where Gemini once
 * made it an empty reply (no part, stop reason "") that an agent ended on. The fault matrix
 * plays the same answer (and its stream form) over the wires through a real socket.
 */
import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import { bodyFetch, createModel } from "../contract/adapters.js";
import { everyWire, minimalConfig, type Wire } from "../variants.js";

/** The field each wire reads the reply from, and refuses an answer without. */
const FIELD: Record<Wire, string> = {
  messages: "content",
  converse: "output.message.content",
  "generate-content": "candidates",
  "openai-chat": "choices[0].message",
  "openai-responses": "output",
  cohere: "message",
};

/** Every variant of the registry over every wire it serves. */
const ENTRIES = everyWire().map(([v, wire]) => [`${v} over ${wire}`, v, wire] as const);

const REQUEST = { messages: [{ role: "user" as const, content: "What's the weather in Paris?" }] };

describe.each(ENTRIES)("%s", (_, provider, wire) => {
  it.each(["{}", '{"candidates":[],"choices":[],"usageMetadata":{"promptTokenCount":9}}'])(
    "refuses the 200 body %s as a StreamError naming the missing field",
    async (body) => {
      const fetch = bodyFetch(body, { headers: { "content-type": "application/json" } });
      const model = await createModel(provider, minimalConfig(provider, wire), fetch);
      const error = await model.generate(REQUEST).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StreamError);
      expect((error as Error).message).toBe(`${provider} answered without ${FIELD[wire]}`);
    },
  );
});
