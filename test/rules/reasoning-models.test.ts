import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import { resolveConfig } from "../../src/platforms/openai/config.js";
import * as openai from "../../src/platforms/openai/index.js";
import {
  effortsOf,
  MOONSHOT_EFFORTS,
  XAI_EFFORTS,
  ZAI_EFFORTS,
} from "../../src/rules/reasoning-models.js";
import type { ReasoningEffort } from "../../src/wires/openai-chat/options.js";
import { buildRequest } from "../../src/wires/openai-chat/request.js";

const HOSTS = {
  xai: "https://api.x.ai/v1",
  zai: "https://api.z.ai/api/paas/v4",
  moonshot: "https://api.moonshot.ai/v1",
  together: "https://api.together.xyz/v1",
} as const;

/** The Chat Completions body golem would send `model` on `host` at `effort`. */
const send = (host: keyof typeof HOSTS, model: string, reasoningEffort: ReasoningEffort) => () =>
  buildRequest(
    { messages: [{ role: "user", content: "Hi" }] },
    resolveConfig({ apiKey: "k", baseURL: HOSTS[host], model, reasoningEffort }, {}),
    false,
  );

describe("the dated effort rows of xAI, Z.ai and Moonshot models", () => {
  it.each([
    ["xai", "grok-4.3", "none"],
    ["xai", "grok-4.3", "medium"],
    ["xai", "grok-3-mini", "high"],
    ["zai", "glm-5.3", "low"],
    ["zai", "glm-5.3", "max"],
    ["zai", "glm-5.1", "none"],
    ["zai", "glm-5.1", "high"],
    ["moonshot", "kimi-k3", "max"],
    ["moonshot", "kimi-k2.5", "none"],
    ["moonshot", "kimi-k2.6", "high"],
    // A proxy maps efforts its own way: Together documents medium for GLM-5.3.
    ["together", "zai-org/GLM-5.3", "medium"],
  ] as const)("%s: %s takes reasoningEffort %s", (host, model, effort) => {
    expect(send(host, model, effort)).not.toThrow();
  });

  it.each([
    ["xai", "grok-4", "high", "takes no reasoningEffort"],
    ["xai", "grok-4-1-fast-reasoning", "low", "takes no reasoningEffort"],
    ["xai", "grok-4.20-reasoning", "none", "takes no reasoningEffort"],
    ["xai", "grok-4.3", "xhigh", "takes reasoningEffort none, low, medium, high"],
    ["xai", "grok-3-mini", "medium", "takes reasoningEffort low, high"],
    ["zai", "glm-5.3", "medium", "takes reasoningEffort low, high, max"],
    ["zai", "glm-5.3", "none", "always reasons"],
    ["moonshot", "kimi-k3", "medium", "takes reasoningEffort low, high, max"],
    ["moonshot", "kimi-k3", "none", "always reasons"],
    ["moonshot", "kimi-k2.7-code", "high", "takes no reasoningEffort"],
  ] as const)(
    "%s: %s refuses reasoningEffort %s before any request",
    (host, model, effort, why) => {
      expect(send(host, model, effort)).toThrow(ConfigError);
      expect(send(host, model, effort)).toThrow(why);
    },
  );

  it.each([
    ["grok-4.20-reasoning", "high", "takes no reasoningEffort"],
    ["grok-4.3", "max", "takes reasoningEffort none, low, medium, high"],
  ] as const)(
    "xai on the Responses API: %s refuses reasoningEffort %s at create()",
    (model, effort, why) => {
      const make = () =>
        openai.create({
          apiKey: "k",
          baseURL: HOSTS.xai,
          api: "responses",
          model,
          reasoningEffort: effort,
        });
      expect(make).toThrow(ConfigError);
      expect(make).toThrow(why);
    },
  );

  it("xai on the Responses API: grok-4.3 takes reasoningEffort medium", () => {
    const make = () =>
      openai.create({
        apiKey: "k",
        baseURL: HOSTS.xai,
        api: "responses",
        model: "grok-4.3",
        reasoningEffort: "medium",
      });
    expect(make).not.toThrow();
  });

  it("names the row's own source in the refusal", () => {
    expect(send("zai", "glm-5.3", "medium")).toThrow("openrouter.ai/z-ai/glm-5.3");
  });

  it("gives every row a source URL and a checked date", () => {
    for (const row of [...XAI_EFFORTS, ...ZAI_EFFORTS, ...MOONSHOT_EFFORTS]) {
      expect(row.source).toMatch(/^https:\/\//);
      expect(row.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("matches an id in any case, and no row for a model it does not name", () => {
    expect(effortsOf(ZAI_EFFORTS, "GLM-5.3")?.efforts).toBe("low high max");
    expect(effortsOf(XAI_EFFORTS, "grok-code-fast-1")).toBeUndefined();
  });
});
