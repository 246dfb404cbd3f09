import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { type Config, resolveConfig } from "../../../src/platforms/vertex/config.js";
import { claudeUrl, geminiUrl } from "../../../src/platforms/vertex/platform.js";
import { itRefusesEach } from "../../helpers/config-refusals.js";

const token = async () => "ya29.token";
const CLAUDE = { model: "claude-sonnet-4-5@20250929", maxTokens: 1024, token } as const;

function urls(config: Config, env: Record<string, string> = {}) {
  const cfg = resolveConfig(config, env);
  if (cfg.publisher === "anthropic") return [claudeUrl(cfg, false), claudeUrl(cfg, true)];
  return [geminiUrl(cfg, false), geminiUrl(cfg, true)];
}

describe("vertex URLs", () => {
  it.each([
    [
      "Claude on the global endpoint",
      { ...CLAUDE, project: "p1", location: "global" },
      "https://aiplatform.googleapis.com/v1/projects/p1/locations/global/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict",
      ":streamRawPredict",
    ],
    [
      "Claude in a region",
      { ...CLAUDE, project: "p1", location: "us-east5" },
      "https://us-east5-aiplatform.googleapis.com/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict",
      ":streamRawPredict",
    ],
    [
      "Gemini in a region",
      { model: "gemini-2.5-pro", token, project: "p1", location: "europe-west4" },
      "https://europe-west4-aiplatform.googleapis.com/v1/projects/p1/locations/europe-west4/publishers/google/models/gemini-2.5-pro:generateContent",
      ":streamGenerateContent?alt=sse",
    ],
    [
      "Gemini in express mode (no project, no location)",
      { model: "gemini-2.5-flash", apiKey: "AIza-express" },
      "https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:generateContent",
      ":streamGenerateContent?alt=sse",
    ],
    [
      "a gateway's baseURL before /projects",
      { ...CLAUDE, project: "p1", location: "us-east5", baseURL: "https://gw.example/vertex/v1/" },
      "https://gw.example/vertex/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict",
      ":streamRawPredict",
    ],
  ] as [string, Config, string, string][])("%s", (_, config, generate, streamSuffix) => {
    const [g, s] = urls(config);
    expect(g).toBe(generate);
    expect(s).toBe(generate.replace(/:[A-Za-z]+$/, streamSuffix));
  });

  it("takes project and location from GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION, location global by default", () => {
    const env = { GOOGLE_CLOUD_PROJECT: "from-env", GOOGLE_CLOUD_LOCATION: "us-east5" };
    expect(urls(CLAUDE, env)[0]).toContain(
      "https://us-east5-aiplatform.googleapis.com/v1/projects/from-env/locations/us-east5/",
    );
    expect(urls(CLAUDE, { GOOGLE_CLOUD_PROJECT: "p" })[0]).toContain("/locations/global/");
  });

  it("refuses `fallbacks`, which Vertex AI answers with a 400, before any request", () => {
    const config = { ...CLAUDE, project: "p", fallbacks: "default" } as const;
    expect(() => resolveConfig(config, {})).toThrow(ConfigError);
    expect(() => resolveConfig(config, {})).toThrow(/`fallbacks`.*not served on Vertex AI/);
  });

  it("checks the publisher's own options with its wire's rules", () => {
    const cfg = resolveConfig(
      { ...CLAUDE, maxTokens: 4096, project: "p", thinking: { budgetTokens: 1024 } },
      {},
    );
    expect(cfg.publisher === "anthropic" && cfg.wire.thinking).toEqual({
      type: "enabled",
      budget_tokens: 1024,
    });
  });
});

describe("vertex config errors", () => {
  const SA = {
    client_email: "a@b.iam.gserviceaccount.com",
    private_key: "-----BEGIN PRIVATE KEY-----",
  };
  itRefusesEach<Config>(resolveConfig, [
    ["no credentials", { model: "gemini-2.5-pro", project: "p" }, /no credentials; pass `token`/],
    [
      "two kinds of credentials",
      { model: "gemini-2.5-pro", project: "p", token, serviceAccount: SA },
      /one of .* not token and serviceAccount/,
    ],
    [
      "a token that is not a function",
      { model: "gemini-2.5-pro", project: "p", token: "ya29" },
      /`token` must be a function/,
    ],
    ["no project", { model: "gemini-2.5-pro", token }, /`project` is required/],
    [
      "a location that is not a region",
      { model: "gemini-2.5-pro", token, project: "p", location: "us/east" },
      /`location` must be "global" or a region/,
    ],
    [
      "a model of another publisher",
      { model: "llama-4-maverick", token, project: "p" },
      /cannot tell the publisher of model "llama-4-maverick"/,
    ],
    ["no model", { token, project: "p" }, /`model` is required/],
    [
      "Claude in express mode",
      { model: "claude-sonnet-4-5@20250929", maxTokens: 1, apiKey: "k" },
      /express mode .* Gemini models only/,
    ],
    [
      "express mode with a project",
      { model: "gemini-2.5-pro", apiKey: "k", project: "p" },
      /leave them out/,
    ],
    [
      "a service account without client_email",
      { model: "gemini-2.5-pro", project: "p", serviceAccount: { private_key: "x" } },
      /has no client_email/,
    ],
    [
      "Claude without maxTokens (the Anthropic wire's rule)",
      { model: "claude-sonnet-4-5@20250929", token, project: "p" },
      /maxTokens/,
    ],
    [
      "an option neither wire knows",
      { model: "gemini-2.5-pro", token, project: "p", region: "us" },
      /unknown option `region`/,
    ],
  ]);
});
