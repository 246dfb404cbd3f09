import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/core/types.js";
import { resolveConfig } from "../../../src/platforms/azure/config.js";
import { requestIdOf, requestUrl } from "../../../src/platforms/azure/platform.js";
import { buildRequest } from "../../../src/wires/openai-chat/request.js";

const ENDPOINT = "https://my-resource.openai.azure.com";

describe("azure requestUrl", () => {
  it("builds the v1 URL without an apiVersion", () => {
    expect(requestUrl({ endpoint: ENDPOINT, deployment: "gpt-5-mini" })).toBe(
      "https://my-resource.openai.azure.com/openai/v1/chat/completions",
    );
  });

  it("builds the deployment URL with an apiVersion, encoding both", () => {
    expect(
      requestUrl({ endpoint: ENDPOINT, deployment: "my deploy", apiVersion: "2024-12-01-preview" }),
    ).toBe(
      "https://my-resource.openai.azure.com/openai/deployments/my%20deploy/chat/completions?api-version=2024-12-01-preview",
    );
  });

  it("puts /chat/completions under a baseURL, keeping the apiVersion", () => {
    expect(requestUrl({ baseURL: "https://gw.example.com/openai/v1", deployment: "d" })).toBe(
      "https://gw.example.com/openai/v1/chat/completions",
    );
    expect(
      requestUrl({
        baseURL: "https://gw.example.com/x",
        deployment: "d",
        apiVersion: "2025-04-01-preview",
      }),
    ).toBe("https://gw.example.com/x/chat/completions?api-version=2025-04-01-preview");
  });
});

describe("azure requestIdOf", () => {
  it("reads x-request-id, else apim-request-id", () => {
    expect(requestIdOf(new Headers({ "x-request-id": "a", "apim-request-id": "b" }))).toBe("a");
    expect(requestIdOf(new Headers({ "apim-request-id": "b" }))).toBe("b");
    expect(requestIdOf(new Headers())).toBe(undefined);
  });
});

describe("azure bodies (openai's buildRequest with an azure config)", () => {
  const key = "azure-key-0123456789abcdef";
  const history: Message[] = [
    { role: "user", content: "Hi" },
    {
      role: "assistant",
      content: [
        { type: "thinking", text: "mine", provider: "azure" },
        { type: "thinking", text: "theirs", provider: "openai" },
        { type: "text", text: "Hello." },
      ],
    },
  ];

  it("names the deployment as model on v1 and replays only azure blocks", () => {
    const cfg = resolveConfig(
      { endpoint: ENDPOINT, deployment: "deepseek-v4-pro", apiKey: key, replayReasoning: true },
      {},
    );
    expect(buildRequest({ messages: history }, cfg, false)).toEqual({
      model: "deepseek-v4-pro",
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello.", reasoning_content: "mine" },
      ],
    });
  });

  it("sends no model with an apiVersion", () => {
    const cfg = resolveConfig(
      { endpoint: ENDPOINT, deployment: "o4-mini", apiVersion: "2024-12-01-preview", apiKey: key },
      {},
    );
    expect(buildRequest({ messages: history }, cfg, false)).toEqual({
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello." },
      ],
    });
  });
});
