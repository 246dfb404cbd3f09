/**
 * A 200 whose JSON body holds no candidate, choice or message (`{}`), on every adapter and
 * platform entry through the public `create()` (issue 36): each refuses it the same way, a
 * StreamError naming the entry and the field its wire reads the reply from, where Gemini once
 * made it an empty reply (no part, stop reason "") that an agent ended on. The fault matrix
 * plays the same answer (and its stream form) over the wires through a real socket.
 */
import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import { bodyFetch, createModel, type Provider } from "../contract/adapters.js";
import { SPECS } from "../contract/rows/index.js";

/** An entry, the contract row whose config makes it, and the field its wire refuses without. */
const ENTRIES: [label: string, provider: Provider, row: string, field: string][] = [
  ["anthropic", "anthropic", "thinking-tool-loop", "content"],
  ["bedrock", "bedrock", "thinking-tool-loop", "output.message.content"],
  ["gemini", "gemini", "thinking-tool-loop", "candidates"],
  ["openai (chat)", "openai", "deepseek-thinking-tool-loop", "choices[0].message"],
  ["openai (responses)", "openai", "responses-thinking-tool-loop", "output"],
  ["azure", "azure", "v1-tool-call", "choices[0].message"],
  ["vertex (claude)", "vertex", "claude-thinking-tool-loop", "content"],
  ["vertex (gemini)", "vertex", "gemini-thinking-tool-loop", "candidates"],
  ["anthropic-aws", "anthropic-aws", "thinking-tool-loop", "content"],
  ["anthropic-bedrock", "anthropic-bedrock", "thinking-tool-loop", "content"],
  ["anthropic-foundry", "anthropic-foundry", "thinking-tool-loop", "content"],
  ["anthropic-google-cloud", "anthropic-google-cloud", "thinking-tool-loop", "content"],
  ["cohere", "cohere", "thinking-tool-loop", "message"],
];

const REQUEST = { messages: [{ role: "user" as const, content: "What's the weather in Paris?" }] };

describe.each(ENTRIES)("%s", (_, provider, row, field) => {
  it.each(["{}", '{"candidates":[],"choices":[],"usageMetadata":{"promptTokenCount":9}}'])(
    "refuses the 200 body %s as a StreamError naming the missing field",
    async (body) => {
      const spec = SPECS[provider][row];
      if (!spec) throw new Error(`no row spec for ${provider}/${row}`);
      const fetch = bodyFetch(body, { headers: { "content-type": "application/json" } });
      const model = await createModel(provider, spec.config, fetch);
      const error = await model.generate(REQUEST).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StreamError);
      expect((error as Error).message).toBe(`${provider} answered without ${field}`);
    },
  );
});
