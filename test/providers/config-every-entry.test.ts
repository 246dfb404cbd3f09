/**
 * The two config rules of issue 27, over every adapter and platform entry through the public
 * `create()`: a key one level down in an option that is an object of known keys is refused as
 * one at the top is, and two kinds of credentials at once are a ConfigError naming both. Both
 * throw from `create`, so nothing reaches `fetch`. Each table has rows for every variant of
 * test/variants.ts or says why it has none.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import { AWS_KEYS, createModel, type Provider } from "../contract/adapters.js";
import { authOf, everyVariant, minimalConfig } from "../variants.js";

const VERTEX_GEMINI = minimalConfig("vertex", "generate-content");

/** Creates `provider` with `config` over its base, counting what reaches fetch. */
async function refusal(provider: Provider, config: Record<string, unknown>) {
  let requests = 0;
  const fetch = (async () => {
    requests++;
    return new Response("{}");
  }) as typeof globalThis.fetch;
  const error = await createModel(provider, { ...minimalConfig(provider), ...config }, fetch).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, requests };
}

// The Claude options every Messages entry takes, each with a key it does not.
const CLAUDE_NESTED: [Record<string, unknown>, string][] = [
  [{ thinking: { budgetTokens: 1024, budget: 1024 } }, "thinking.budget"],
  [{ cache: { ttl: "1h", type: "ephemeral" } }, "cache.type"],
  [{ contextManagement: { edits: [], edit: [] } }, "contextManagement.edit"],
];
const MISSPELT_SESSION = { credentials: { ...AWS_KEYS, sessiontoken: "IQoJ" } };

const claudeNested = <P extends Provider>(p: P) =>
  CLAUDE_NESTED.map(([c, key]): [P, Record<string, unknown>, string] => [p, c, key]);

const NESTED = everyVariant(
  [
    ...claudeNested("anthropic"),
    ...claudeNested("anthropic-aws"),
    ...claudeNested("anthropic-bedrock"),
    ...claudeNested("vertex"),
    [
      "vertex",
      { ...VERTEX_GEMINI, thinking: { budget: 1024, budgetTokens: 1 } },
      "thinking.budgetTokens",
    ],
    ["bedrock", { thinking: { budgetTokens: 1024, budget: 1024 } }, "thinking.budget"],
    ["bedrock", { cache: { ttl: "1h", type: "ephemeral" } }, "cache.type"],
    ["bedrock", { thinking: { adaptive: true, level: "high" } }, "thinking.level"],
    ["bedrock", MISSPELT_SESSION, "credentials.sessiontoken"],
    ["anthropic-aws", MISSPELT_SESSION, "credentials.sessiontoken"],
    ["anthropic-bedrock", MISSPELT_SESSION, "credentials.sessiontoken"],
    ["gemini", { thinking: { budget: 1024, budgetTokens: 1024 } }, "thinking.budgetTokens"],
    ["cohere", { thinking: { budgetTokens: 1024, budget: 1024 } }, "thinking.budget"],
  ],
  {
    openai:
      "it takes no option that is an object of known keys (headers, extraBody and capabilities are free-form)",
    azure:
      "it takes no option that is an object of known keys (headers, extraBody and capabilities are free-form)",
  },
);

describe.each(NESTED)("%s.create with %o", (provider, config, key) => {
  it(`refuses \`${key}\` as it refuses an unknown key at the top, before any request`, async () => {
    const { error, requests } = await refusal(provider, config);
    expect(error).toBeInstanceOf(ConfigError);
    const option = key.split(".")[0];
    expect((error as Error).message).toMatch(
      new RegExp(
        `^${provider}: unknown option \`${key.replace(".", "\\.")}\`; \`${option}\` accepts `,
      ),
    );
    expect(requests).toBe(0);
  });
});

const token = async () => "ya29.test-token";
const SERVICE_ACCOUNT = '{"type":"service_account"}';

/** Two kinds of credentials given at once, and the two names the refusal gives. */
type Mixed<P extends Provider> = [P, Record<string, unknown>, [string, string]];
const mixed = <P extends Provider>(...row: Mixed<P>): Mixed<P> => row;

/**
 * A deployment's row: its first two kinds of credentials in the registry (test/variants.ts)
 * that differ in their key, given at once.
 */
function mixedCredentials<P extends Provider>(provider: P): Mixed<P>[] {
  const [first, ...rest] = authOf(provider).map(([, auth]) => auth.config);
  const key = (config: object | undefined) => Object.keys(config ?? {})[0] ?? "";
  const other = rest.find((config) => key(config) !== key(first));
  return first && other ? [mixed(provider, { ...first, ...other }, [key(first), key(other)])] : [];
}

const MIXED = everyVariant(
  [
    mixed("bedrock", { apiKey: "k", credentials: AWS_KEYS }, ["apiKey", "credentials"]),
    mixed("azure", { apiKey: "k", token }, ["apiKey", "token"]),
    mixed("vertex", { token, serviceAccount: SERVICE_ACCOUNT }, ["token", "serviceAccount"]),
    mixed("vertex", { ...VERTEX_GEMINI, apiKey: "k", token }, ["token", "apiKey"]),
    mixed("vertex", { ...VERTEX_GEMINI, apiKey: "k", serviceAccount: SERVICE_ACCOUNT }, [
      "apiKey",
      "serviceAccount",
    ]),
  ],
  {
    anthropic: "it takes one kind of credentials",
    gemini: "it takes one kind of credentials",
    openai: "it takes one kind of credentials",
    cohere: "it takes one kind of credentials",
  },
  mixedCredentials,
);

describe.each(MIXED)("%s.create with %o", (provider, config, [one, other]) => {
  it(`refuses ${one} and ${other} together (no silent preference), before any request`, async () => {
    const { error, requests } = await refusal(provider, config);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`${provider}: pass `)).toBe(true);
    expect(message).toContain(one);
    expect(message).toContain(other);
    expect(requests).toBe(0);
  });
});
