/**
 * `countTokens` on Vertex AI for both publishers, through the public `create()`: the count
 * cassettes (fixtures/count/vertex) hold the request golem builds, and each count body is the
 * body `generate` sends on Vertex, field by field, minus what the count endpoint does not take.
 */
import { describe, expect, it } from "vitest";
import { create } from "../../../src/platforms/vertex/index.js";
import { GEMINI_COUNT_FIELDS } from "../../../src/platforms/vertex/platform.js";
import { replayFetch } from "../../../src/testing/index.js";
import { createModel } from "../../contract/adapters.js";
import { loadCassette } from "../../helpers/cassettes.js";
import { COUNT_REQUEST } from "../../helpers/count.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";

type Body = Record<string, unknown>;
const WHERE = { project: "golem", location: "us-east5" };
const CLAUDE = {
  ...WHERE,
  model: "claude-sonnet-4-5@20250929",
  maxTokens: 8000,
  thinking: { budgetTokens: 2048 },
};
const GEMINI = { ...WHERE, model: "gemini-3-pro-preview", thinking: { level: "low" } };

/** The body generate sends on Vertex for the count request. */
async function generateBody(config: Body): Promise<Body> {
  const { fetch, calls } = scriptedFetch([jsonResponse(400, { error: { message: "no" } })]);
  const model = await createModel("vertex", { maxRetries: 0, ...config }, fetch);
  await model.generate(COUNT_REQUEST).catch(() => {});
  return JSON.parse(calls[0]?.body ?? "{}") as Body;
}

/** The count body of a cassette. */
const countBody = (file: string) =>
  loadCassette("count/vertex", file).interactions[0]?.request.body as Body;

/** Each field `count` keeps equals generate's; the generate fields it leaves out, sorted. */
function leftOut(generate: Body, count: Body, except: string[] = []): string[] {
  for (const [k, v] of Object.entries(count)) {
    if (!except.includes(k)) expect(JSON.stringify(v), k).toBe(JSON.stringify(generate[k]));
  }
  return Object.keys(generate)
    .filter((k) => !(k in count))
    .sort();
}

describe.each([
  ["Claude", CLAUDE, "claude-count-tokens", 1838],
  ["Gemini", GEMINI, "gemini-count-tokens", 1705],
] as const)("vertex countTokens, %s", (_, config, file, tokens) => {
  it("sends the recorded count request and answers { inputTokens }", async () => {
    const fetch = replayFetch(loadCassette("count/vertex", file));
    const model = await createModel("vertex", config, fetch);
    expect(await model.countTokens?.(COUNT_REQUEST)).toEqual({ inputTokens: tokens });
    fetch.assertDone();
  });
});

describe("vertex count bodies are generate's bodies minus what the endpoint does not take", () => {
  it("Claude: count-tokens:rawPredict keeps `model` (the URL names none) and the version", async () => {
    const generate = await generateBody(CLAUDE);
    const count = countBody("claude-count-tokens");
    expect(generate.model).toBeUndefined();
    expect(count.model).toBe("claude-sonnet-4-5@20250929");
    expect(count.anthropic_version).toBe("vertex-2023-10-16");
    expect(leftOut(generate, count, ["model"])).toEqual(["max_tokens"]);
    expect(Object.keys(count)).toEqual(
      expect.arrayContaining(["messages", "system", "tools", "thinking", "output_config"]),
    );
  });

  it("Gemini: :countTokens takes the request's fields at the top level", async () => {
    const generate = await generateBody({ ...GEMINI });
    const count = countBody("gemini-count-tokens");
    expect(count.generateContentRequest).toBeUndefined();
    expect(leftOut(generate, count)).toEqual([]);
    expect(Object.keys(count).sort()).toEqual([...GEMINI_COUNT_FIELDS].sort());
  });

  it("Gemini: toolConfig and a cached content stay out of the count", async () => {
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, { totalTokens: 7 }),
      jsonResponse(200, { totalTokens: 5 }),
    ]);
    const model = await createModel("vertex", GEMINI, fetch);
    await model.countTokens?.({ ...COUNT_REQUEST, toolChoice: "required" });
    const cached = await createModel(
      "vertex",
      { ...GEMINI, cachedContent: "projects/p/locations/l/cachedContents/c1" },
      fetch,
    );
    await cached.countTokens?.({ messages: [{ role: "user", content: "Hi" }] });
    const [withChoice, withCache] = calls.map((c) => JSON.parse(c.body) as Body);
    expect(Object.keys(withChoice ?? {}).sort()).toEqual([...GEMINI_COUNT_FIELDS].sort());
    expect(withCache?.cachedContent).toBeUndefined();
    expect(withCache?.contents).toEqual([{ role: "user", parts: [{ text: "Hi" }] }]);
  });

  it("express mode counts at the global publisher URL with the key", async () => {
    const { fetch, calls } = scriptedFetch([jsonResponse(200, { totalTokens: 3 })]);
    const model = create({ model: "gemini-2.5-flash", apiKey: "AQ.express-key-0123456789", fetch });
    expect(await model.countTokens?.({ messages: [{ role: "user", content: "Hi" }] })).toEqual({
      inputTokens: 3,
    });
    expect(calls[0]?.url).toBe(
      "https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:countTokens",
    );
    expect(calls[0]?.headers.get("x-goog-api-key")).toBe("AQ.express-key-0123456789");
  });
});
