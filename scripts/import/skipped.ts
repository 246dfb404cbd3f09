/**
 * Cassettes under fixtures/ that import-reference does not build, and why: written by hand
 * from documented wire formats, or derived from another cassette rather than from a capture
 * (their `source` says which).
 */
export const NOT_IMPORTED: Readonly<Record<string, string>> = {
  "anthropic/adaptive-effort-omitted-stream.json":
    "synthesized by hand from the documented wire format",
  "anthropic/error-event-stream.json": "synthesized by hand from the documented wire format",
  "anthropic/foreign-thinking-400.json":
    "synthesized by hand: golem's request and the error text quoted in the spec",
  "azure/v1-tool-call-stream.json":
    "derived from fixtures/azure/v1-tool-call.json, split into SSE at invented points",
  "bedrock/thinking-tool-loop-stream.json":
    "derived from fixtures/bedrock/thinking-tool-loop.json, re-encoded as event-stream frames",
  "gemini/missing-thought-signature.json":
    "synthesized by hand: golem's request and the error text quoted in the spec",
  "gemini/overloaded-retry.json": "synthesized by hand from the error bodies quoted in the spec",
  "openai/deepseek-thinking-tool-loop-stream.json":
    "derived from fixtures/openai/deepseek-thinking-tool-loop.json, split into SSE at invented points",
  "openai/tools-with-effort-400.json":
    "synthesized from documented wire formats (the error body reported upstream)",
  "openai/responses-text-stream.json":
    "derived from fixtures/openai/responses-modified-history.json, written out as an SSE stream",
  "openai/responses-thinking-tool-loop-stream.json":
    "derived from fixtures/openai/responses-thinking-tool-loop.json, written out as an SSE stream",
  "openai/responses-items-as-parts.json":
    "synthesized from the documented Responses wire format (made-up encrypted content)",
  "openai/responses-items-as-parts-stream.json":
    "synthesized: fixtures/openai/responses-items-as-parts.json written out as an SSE stream",
};

/** Files under fixtures/reference/ that no cassette is built from, and why. */
export const UNUSED_CAPTURES: Readonly<Record<string, string>> = {
  "README.md": "the provenance table and format notes, not a capture",
};
