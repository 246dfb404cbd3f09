/**
 * The same conversation on every platform of a wire: the recorded request bodies of a
 * conversation on a platform equal the first-party API's, but for that platform's documented
 * differences. Each cassette is also a contract row, so these are the bodies golem builds.
 */
import { describe, expect, it } from "vitest";
import { DEPLOYMENTS, deployed } from "../variants.js";
import { loadCassette } from "./table.js";

type Body = Record<string, unknown>;

interface PlatformRow {
  /** The first-party cassette (provider folder / file) and the platform's. */
  from: [string, string];
  to: [string, string];
  /** The documented differences, applied to a first-party body. */
  patch(body: Body): Body;
}

/** Claude on Vertex: no `model` (it is in the URL), `anthropic_version` in the body. */
function vertexClaude(body: Body): Body {
  const { model: _, ...rest } = body;
  return { ...rest, anthropic_version: "vertex-2023-10-16" };
}

/** Claude on Bedrock's Messages API: `model` is the Bedrock model id; the rest as sent to Anthropic. */
function bedrockModel(model: string): (body: Body) => Body {
  return (body) => ({ ...body, model });
}

/** No difference: the platform takes the first-party body as it is. */
const same = (body: Body): Body => body;

/**
 * A platform's two rows for Anthropic's thinking loop, whole and streamed: `name` and `name,
 * streamed`, its cassettes named `{prefix}thinking-tool-loop[-stream]` in `provider`.
 */
function claudeLoop(
  name: string,
  provider: string,
  patch: (body: Body) => Body = same,
  prefix = "",
  firstParty = "anthropic",
): Record<string, PlatformRow> {
  const row = (file: string): PlatformRow => ({
    from: [firstParty, file],
    to: [provider, `${prefix}${file}`],
    patch,
  });
  return {
    [name]: row("thinking-tool-loop"),
    [`${name}, streamed`]: row("thinking-tool-loop-stream"),
  };
}

/** The platforms whose bodies differ from the first-party API's, and Vertex's two wires. */
const OWN_ROWS: Record<string, PlatformRow> = {
  "Claude on Bedrock's Messages API (bedrock-runtime)": {
    from: ["anthropic", "thinking-tool-loop"],
    to: ["anthropic-bedrock", "thinking-tool-loop"],
    patch: bedrockModel("us.anthropic.claude-sonnet-4-20250514-v1:0"),
  },
  "Claude on Bedrock's Messages API (bedrock-mantle), streamed": {
    from: ["anthropic", "thinking-tool-loop-stream"],
    to: ["anthropic-bedrock", "thinking-tool-loop-stream"],
    patch: bedrockModel("anthropic.claude-sonnet-4-20250514"),
  },
  ...claudeLoop("Claude on Vertex AI", "vertex", vertexClaude, "claude-"),
  "Gemini on Vertex AI": {
    from: ["gemini", "thinking-tool-loop"],
    to: ["vertex", "gemini-thinking-tool-loop"],
    patch: same,
  },
  "Gemini on Vertex AI, streamed": {
    from: ["gemini", "thinking-streaming"],
    to: ["vertex", "gemini-thinking-tool-loop-stream"],
    patch: same,
  },
};

/**
 * Every deployment (test/variants.ts) without rows above: its recorded loop is the first-party
 * one's, bodies and answers, with no difference.
 */
const ROWS: Record<string, PlatformRow> = {
  ...OWN_ROWS,
  ...Object.assign(
    {},
    ...DEPLOYMENTS.filter((d) => !Object.values(OWN_ROWS).some((r) => r.to[0] === d)).map((d) =>
      claudeLoop(`golem/${d}`, d, same, "", deployed(d)),
    ),
  ),
};

describe.each(Object.entries(ROWS))("%s", (_, row) => {
  const first = loadCassette(...row.from);
  const platform = loadCassette(...row.to);

  it("sends the first-party bodies with only the platform's documented differences", () => {
    expect(platform.interactions).toHaveLength(first.interactions.length);
    for (const [i, interaction] of platform.interactions.entries()) {
      const expected = row.patch(first.interactions[i]?.request.body as Body);
      expect(interaction.request.body).toEqual(expected);
    }
  });

  it("gets the same answers, so thinking and signatures replay the same way", () => {
    const answers = (c: typeof first) =>
      c.interactions.map((x) => x.response.body ?? x.response.chunks);
    expect(answers(platform)).toEqual(answers(first));
  });
});
