/**
 * Every platform that serves Claude's Messages API sends the beta a body field needs: a body
 * with `thinking.block_binding` (a binding model with the prefix check on) goes with
 * `thinking-binding-controls-2026-08-01`, whatever the platform (Vertex and Claude Platform on
 * AWS once left it out, so the API would refuse the field), and a compaction edit goes with
 * `compact-2026-01-12` (issue 27).
 */
import { describe, expect, it } from "vitest";
import { createModel, type Provider } from "../../contract/adapters.js";
import { everyVariant } from "../../variants.js";

const NO_MESSAGES = "it serves no Claude Messages API, whose betas these are";
const CLAUDE_PLATFORMS = everyVariant(
  [
    ["anthropic", "claude-opus-5-5"],
    ["vertex", "claude-opus-5-5@20261001"],
    ["anthropic-aws", "claude-opus-5-5"],
    ["anthropic-bedrock", "anthropic.claude-opus-5-5-v1:0"],
    ["anthropic-foundry", "claude-opus-5-5"],
    ["anthropic-google-cloud", "claude-opus-5-5"],
  ],
  {
    bedrock: "Converse has no anthropic-beta header, and golem sends it none of these fields",
    gemini: NO_MESSAGES,
    openai: NO_MESSAGES,
    azure: NO_MESSAGES,
    cohere: NO_MESSAGES,
  },
);

interface Seen {
  headers: Record<string, string>;
  body: { thinking?: { block_binding?: unknown } };
}

async function firstRequest(provider: Provider, config: Record<string, unknown>): Promise<Seen> {
  let seen: Seen | undefined;
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    seen = { headers, body: (await request.json()) as Seen["body"] };
    throw new Error("stop here");
  };
  const model = await createModel(provider, config, fetch);
  await model.generate({ messages: [{ role: "user", content: "hi" }] }).catch(() => {});
  if (!seen) throw new Error(`${provider} sent nothing`);
  return seen;
}

describe.each(CLAUDE_PLATFORMS)("%s", (provider, model) => {
  const thinking = { model, maxTokens: 2048, thinking: { adaptive: true } };

  it("sends the binding beta with the body's block_binding", async () => {
    const { headers, body } = await firstRequest(provider, thinking);
    expect(body.thinking?.block_binding).toEqual({ prefix_mismatch_behavior: "error" });
    expect(headers["anthropic-beta"]?.split(",")).toContain("thinking-binding-controls-2026-08-01");
  });

  it("sends the compaction beta with a compaction edit, and the edit in the body", async () => {
    const { headers, body } = await firstRequest(provider, {
      ...thinking,
      contextManagement: { edits: [{ type: "compact_20260112" }] },
    });
    expect((body as { context_management?: unknown }).context_management).toEqual({
      edits: [{ type: "compact_20260112" }],
    });
    expect(headers["anthropic-beta"]?.split(",")).toContain("compact-2026-01-12");
  });

  it("sends neither with the prefix check off", async () => {
    const { headers, body } = await firstRequest(provider, { ...thinking, prefixCheck: "off" });
    expect(body.thinking?.block_binding).toBeUndefined();
    expect(headers["anthropic-beta"] ?? "").not.toContain("thinking-binding-controls");
  });
});

/**
 * No `thinking` asked: the field is left out, so the model's default applies
 * (docs/anthropic.md), and with it `block_binding` and its beta. The one exception is a model
 * whose only thinking mode is adaptive (Opus 5.5, Fable and Mythos 5.1 on, per the rules
 * table): there `{ type: "adaptive" }` is what an unset field means, so golem sends it to carry
 * `block_binding`. Sonnet 5.5 also thinks `between_tools` and Haiku 5.5's `disabled` is not
 * known, so filling in `adaptive` there could change what the model does.
 */
describe.each<[Provider, string, string, unknown]>([
  ["anthropic", "claude-sonnet-5-5", "Sonnet 5.5", undefined],
  ["anthropic", "claude-haiku-5-5", "Haiku 5.5", undefined],
  ["vertex", "claude-sonnet-5-5@20261001", "Sonnet 5.5", undefined],
  [
    "anthropic",
    "claude-opus-5-5",
    "Opus 5.5",
    { type: "adaptive", block_binding: { prefix_mismatch_behavior: "error" } },
  ],
  [
    "anthropic",
    "claude-fable-5-1",
    "Fable 5.1",
    { type: "adaptive", block_binding: { prefix_mismatch_behavior: "error" } },
  ],
])("%s %s without thinking", (provider, model, _, thinking) => {
  it(`sends ${thinking ? "adaptive thinking with block_binding" : "no thinking field and no binding beta"}`, async () => {
    const { headers, body } = await firstRequest(provider, { model, maxTokens: 2048 });
    expect(body.thinking).toEqual(thinking);
    const betas = headers["anthropic-beta"] ?? "";
    if (thinking) expect(betas).toContain("thinking-binding-controls-2026-08-01");
    else expect(betas).not.toContain("thinking-binding-controls");
  });
});
