import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { capture } from "../../scripts/capture.js";
import {
  type Cassette,
  type CassetteResponse,
  parseCassette,
  responseBytes,
  responseChunks,
} from "../../src/testing/index.js";
import { loadCassette } from "../helpers/cassettes.js";

/** A loopback server that plays a provider: interaction i answers request i, chunk by chunk. */
function playServer(
  cassette: Cassette,
): Promise<{ server: Server; url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  let next = 0;
  const server = createServer(async (req, res) => {
    for await (const _ of req) {
      // Read the whole request before answering, as a provider does.
    }
    seen.push(req.headers);
    const interaction = cassette.interactions[next++];
    if (!interaction) {
      res.writeHead(500).end("no more interactions");
      return;
    }
    res.socket?.setNoDelay(true);
    res.writeHead(interaction.response.status, interaction.response.headers);
    for (const chunk of responseChunks(interaction.response)) {
      res.write(chunk);
      // Real chunk timing: the client reads each write on its own.
      await new Promise((r) => setTimeout(r, 4));
    }
    res.end();
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen });
    });
  });
}

/** Offsets where chunks end; a recording can merge writes but never split one. */
function boundaries(chunks: Uint8Array[]): number[] {
  let at = 0;
  return chunks.map((c) => (at += c.length));
}

/** The response body's chunks as bytes (SSE text and base64 frames alike). */
const chunksOf = (res: CassetteResponse) =>
  res.chunks || res.chunksBase64 ? responseChunks(res) : [];

const AWS = {
  AWS_ACCESS_KEY_ID: "AKIAFAKECAPTURE0001",
  AWS_SECRET_ACCESS_KEY: "fAkE/capture+Secret0123456789abcdefGHIJKL",
  AWS_SESSION_TOKEN: "FwoFAKEcaptureSessionToken0123456789abcdef",
  AWS_REGION: "us-east-1",
  AWS_BEARER_TOKEN_BEDROCK: "",
};

/**
 * One loopback capture: the environment the scenario runs with (fake credentials), the
 * --base-url path that stands for the provider's endpoint, the model the source names, and
 * what the provider must have received (each fake secret, in its header).
 */
interface Case {
  env: Record<string, string>;
  basePath: string;
  model: string;
  received: (headers: IncomingHttpHeaders) => void;
  /** Request header values that must be `<redacted>` in the file. */
  redacted: string[];
}

const ANTHROPIC: Case = {
  env: { ANTHROPIC_API_KEY: "sk-ant-FAKE-capture-key-9f8e7d6c5b4a" },
  basePath: "/v1",
  model: "claude-sonnet-4-20250514",
  received: (h) => expect(h["x-api-key"]).toBe("sk-ant-FAKE-capture-key-9f8e7d6c5b4a"),
  redacted: ["x-api-key"],
};

const BEDROCK_SIGV4: Case = {
  env: AWS,
  basePath: "",
  model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
  received: (h) => {
    expect(h.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${AWS.AWS_ACCESS_KEY_ID}/\\d{8}/us-east-1/bedrock/`),
    );
    expect(h["x-amz-security-token"]).toBe(AWS.AWS_SESSION_TOKEN);
    expect(h["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
  },
  redacted: ["authorization", "x-amz-security-token"],
};

const GEMINI: Case = {
  env: { GEMINI_API_KEY: "AIzaFAKEcaptureGeminiKey0123456789", GOOGLE_API_KEY: "" },
  basePath: "/v1beta",
  model: "gemini-3-pro-preview",
  received: (h) => expect(h["x-goog-api-key"]).toBe("AIzaFAKEcaptureGeminiKey0123456789"),
  redacted: ["x-goog-api-key"],
};

const DEEPSEEK: Case = {
  env: { DEEPSEEK_API_KEY: "sk-FAKEcaptureDeepSeekKey0123456789" },
  basePath: "",
  model: "deepseek-reasoner",
  received: (h) => expect(h.authorization).toBe("Bearer sk-FAKEcaptureDeepSeekKey0123456789"),
  redacted: ["authorization"],
};

const OPENAI: Case = {
  env: { OPENAI_API_KEY: "sk-proj-FAKEcaptureOpenAIKey0123456789" },
  basePath: "/v1",
  model: "gpt-5.4",
  received: (h) => expect(h.authorization).toBe("Bearer sk-proj-FAKEcaptureOpenAIKey0123456789"),
  redacted: ["authorization"],
};

const OPENROUTER: Case = {
  env: { OPENROUTER_API_KEY: "sk-or-v1-FAKEcaptureOpenRouterKey0123456789" },
  basePath: "/api/v1",
  model: "anthropic/claude-sonnet-4.5",
  received: (h) =>
    expect(h.authorization).toBe("Bearer sk-or-v1-FAKEcaptureOpenRouterKey0123456789"),
  redacted: ["authorization"],
};

const VLLM: Case = {
  env: { VLLM_API_KEY: "vllm-FAKEcaptureKey0123456789" },
  basePath: "/v1",
  model: "Qwen/Qwen3-8B",
  received: (h) => expect(h.authorization).toBe("Bearer vllm-FAKEcaptureKey0123456789"),
  redacted: ["authorization"],
};

const DASHSCOPE: Case = {
  env: { DASHSCOPE_API_KEY: "sk-FAKEcaptureDashScopeKey0123456789" },
  basePath: "/compatible-mode/v1",
  model: "qwen4-max",
  received: (h) => expect(h.authorization).toBe("Bearer sk-FAKEcaptureDashScopeKey0123456789"),
  redacted: ["authorization"],
};

const VERTEX: Case = {
  env: {
    GOOGLE_CLOUD_PROJECT: "golem",
    VERTEX_ACCESS_TOKEN: "ya29.FAKEcaptureVertexToken0123",
  },
  basePath: "/v1",
  model: "",
  received: (h) => expect(h.authorization).toBe("Bearer ya29.FAKEcaptureVertexToken0123"),
  redacted: ["authorization"],
};

/** Claude Platform on AWS: SigV4 with fake keys, then a fake workspace key. */
const ANTHROPIC_AWS_ENV = { AWS_REGION: "us-west-2", ANTHROPIC_AWS_WORKSPACE_ID: "wrkspc1" };

const CASES: [string, string, Case][] = [
  [
    "anthropic-aws",
    "thinking-tool-loop",
    {
      env: { ...AWS, ...ANTHROPIC_AWS_ENV, AWS_SESSION_TOKEN: "", ANTHROPIC_AWS_API_KEY: "" },
      basePath: "/v1",
      model: "claude-sonnet-4-20250514",
      received: (h) =>
        expect(h.authorization).toMatch(
          /^AWS4-HMAC-SHA256 Credential=AKIAFAKECAPTURE0001\/\d{8}\/us-west-2\/aws-external-anthropic\//,
        ),
      redacted: ["authorization"],
    },
  ],
  [
    "anthropic-aws",
    "thinking-tool-loop-stream",
    {
      env: { ...ANTHROPIC_AWS_ENV, ANTHROPIC_AWS_API_KEY: "sk-ant-FAKEcaptureAwsKey0123456789" },
      basePath: "/v1",
      model: "claude-sonnet-4-20250514",
      received: (h) => expect(h.authorization).toBe("Bearer sk-ant-FAKEcaptureAwsKey0123456789"),
      redacted: ["authorization"],
    },
  ],
  [
    "anthropic-bedrock",
    "thinking-tool-loop",
    {
      env: { ...AWS, AWS_SESSION_TOKEN: "" },
      basePath: "/anthropic/v1",
      model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
      received: (h) =>
        expect(h.authorization).toMatch(
          /^AWS4-HMAC-SHA256 Credential=AKIAFAKECAPTURE0001\/\d{8}\/us-east-1\/bedrock\//,
        ),
      redacted: ["authorization"],
    },
  ],
  [
    "anthropic-bedrock",
    "thinking-tool-loop-stream",
    {
      env: {
        AWS_REGION: "us-east-1",
        AWS_BEARER_TOKEN_BEDROCK: "ABSKFAKEcaptureBedrockKey0123456789",
      },
      basePath: "/anthropic/v1",
      model: "anthropic.claude-sonnet-4-20250514",
      received: (h) => expect(h.authorization).toBe("Bearer ABSKFAKEcaptureBedrockKey0123456789"),
      redacted: ["authorization"],
    },
  ],
  [
    "anthropic-foundry",
    "thinking-tool-loop",
    {
      env: {
        ANTHROPIC_FOUNDRY_API_KEY: "fdFAKEcaptureFoundryKey0123456789",
        ANTHROPIC_FOUNDRY_TOKEN: "",
      },
      basePath: "/anthropic/v1",
      model: "claude-sonnet-4-20250514",
      received: (h) => expect(h["x-api-key"]).toBe("fdFAKEcaptureFoundryKey0123456789"),
      redacted: ["x-api-key"],
    },
  ],
  [
    "anthropic-foundry",
    "thinking-tool-loop-stream",
    {
      env: {
        ANTHROPIC_FOUNDRY_API_KEY: "",
        ANTHROPIC_FOUNDRY_TOKEN: "eyFAKEcaptureFoundryEntraToken0123",
      },
      basePath: "/anthropic/v1",
      model: "claude-sonnet-4-20250514",
      received: (h) => expect(h.authorization).toBe("Bearer eyFAKEcaptureFoundryEntraToken0123"),
      redacted: ["authorization"],
    },
  ],
  ...(["thinking-tool-loop", "thinking-tool-loop-stream"] as const).map(
    (scenario): [string, string, Case] => [
      "anthropic-google-cloud",
      scenario,
      {
        env: { GOOGLE_CLOUD_ACCESS_TOKEN: "ya29.FAKEcaptureGoogleCloudToken0123" },
        basePath: "/v1alpha/projects/golem/locations/global/workspaces/wrkspc1/invoke/v1",
        model: "claude-sonnet-4-20250514",
        received: (h) =>
          expect(h.authorization).toBe("Bearer ya29.FAKEcaptureGoogleCloudToken0123"),
        redacted: ["authorization"],
      },
    ],
  ),
  ["anthropic", "thinking-tool-loop", { ...ANTHROPIC, model: "claude-sonnet-4-20250514" }],
  ["anthropic", "thinking-tool-loop-stream", { ...ANTHROPIC, model: "claude-sonnet-4-20250514" }],
  ["anthropic", "redacted-thinking", { ...ANTHROPIC, model: "claude-sonnet-4-5-20250929" }],
  ["anthropic", "redacted-thinking-stream", { ...ANTHROPIC, model: "claude-sonnet-4-5-20250929" }],
  ["bedrock", "thinking-tool-loop", BEDROCK_SIGV4],
  ["bedrock", "thinking-tool-loop-stream", BEDROCK_SIGV4],
  [
    "bedrock",
    "thinking-stream",
    {
      ...BEDROCK_SIGV4,
      env: { ...AWS, AWS_SESSION_TOKEN: "" },
      model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
      received: (h) => {
        expect(h.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKECAPTURE0001\//);
        expect(h["x-amz-security-token"]).toBeUndefined();
      },
      redacted: ["authorization"],
    },
  ],
  [
    "bedrock",
    "citations-stream",
    {
      ...BEDROCK_SIGV4,
      env: { ...AWS, AWS_SESSION_TOKEN: "" },
      model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
      received: (h) => {
        expect(h.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKECAPTURE0001\//);
        expect(h["x-amz-security-token"]).toBeUndefined();
      },
      redacted: ["authorization"],
    },
  ],
  [
    "bedrock",
    "redacted-thinking-stream",
    {
      env: { ...AWS, AWS_BEARER_TOKEN_BEDROCK: "ABSKFAKEcaptureBedrockKey0123456789" },
      basePath: "",
      model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
      received: (h) => expect(h.authorization).toBe("Bearer ABSKFAKEcaptureBedrockKey0123456789"),
      redacted: ["authorization"],
    },
  ],
  ["gemini", "thinking-streaming", GEMINI],
  ["gemini", "thinking-tool-loop", GEMINI],
  ["gemini", "parallel-calls-one-signature", { ...GEMINI, model: "gemini-3-flash-preview" }],
  ["gemini", "missing-thought-signature", { ...GEMINI, model: "gemini-flash-latest" }],
  [
    "azure",
    "v1-tool-call",
    {
      env: { AZURE_OPENAI_API_KEY: "azFAKEcaptureAzureKey0123456789" },
      basePath: "/openai/v1",
      model: "gpt-5-mini",
      received: (h) => expect(h["api-key"]).toBe("azFAKEcaptureAzureKey0123456789"),
      redacted: ["api-key"],
    },
  ],
  [
    "azure",
    "v1-tool-call-stream",
    {
      env: { AZURE_OPENAI_TOKEN: "eyFAKEcaptureEntraToken0123456789", AZURE_OPENAI_API_KEY: "" },
      basePath: "/openai/v1",
      model: "gpt-5-mini",
      received: (h) => expect(h.authorization).toBe("Bearer eyFAKEcaptureEntraToken0123456789"),
      redacted: ["authorization"],
    },
  ],
  ...(
    [
      "claude-thinking-tool-loop",
      "claude-thinking-tool-loop-stream",
      "gemini-thinking-tool-loop",
      "gemini-thinking-tool-loop-stream",
      "gemini-partial-args-stream",
    ] as const
  ).map((scenario): [string, string, Case] => [
    "vertex",
    scenario,
    {
      ...VERTEX,
      model: scenario.startsWith("claude") ? "claude-sonnet-4@20250514" : "gemini-3-pro-preview",
    },
  ]),
  ["openai", "deepseek-thinking-tool-loop", DEEPSEEK],
  ["openai", "deepseek-thinking-tool-loop-stream", DEEPSEEK],
  ["openai", "tools-with-effort-400", OPENAI],
  ["openai", "responses-thinking-tool-loop", { ...OPENAI, model: "gpt-5" }],
  ["openai", "responses-thinking-tool-loop-stream", { ...OPENAI, model: "gpt-5" }],
  ["openai", "openrouter-claude-tool-loop", OPENROUTER],
  ["openai", "openrouter-claude-tool-loop-stream", OPENROUTER],
  [
    "openai",
    "openrouter-gemini-tool-loop-stream",
    { ...OPENROUTER, model: "google/gemini-3-pro-preview" },
  ],
  ["openai", "vllm-reasoning-stream", VLLM],
  ["openai", "dashscope-encrypted-content", DASHSCOPE],
  ["openai", "dashscope-encrypted-content-stream", DASHSCOPE],
];

describe.each(CASES)("capture %s %s against a loopback provider", (provider, scenario, c) => {
  const original = loadCassette(provider, scenario);
  const secrets = Object.values(c.env).filter((v) => v.length >= 8);
  let out: string;
  let played: Awaited<ReturnType<typeof playServer>>;
  let written: Cassette;
  let text: string;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), "golem-capture-"));
    played = await playServer(original);
    for (const [name, value] of Object.entries(c.env)) vi.stubEnv(name, value);
    vi.stubEnv("NO_PROXY", "127.0.0.1");
    const file = await capture({
      provider,
      scenario,
      baseURL: `${played.url}${c.basePath}`,
      out,
      now: new Date(0),
    });
    text = readFileSync(file, "utf8");
    written = parseCassette(text);
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    played.server.close();
    rmSync(out, { recursive: true, force: true });
  });

  it("records every exchange with the path, body and headers golem sent", () => {
    expect(written.interactions).toHaveLength(original.interactions.length);
    written.interactions.forEach((interaction, i) => {
      const recorded = original.interactions[i];
      expect(new URL(interaction.request.url).pathname).toBe(
        new URL(recorded?.request.url ?? "").pathname,
      );
      expect(interaction.request.body).toEqual(recorded?.request.body);
      expect(interaction.request.headers).toEqual(recorded?.request.headers);
    });
  });

  it("records the responses exactly, chunk boundaries merged at most, never split", () => {
    written.interactions.forEach((interaction, i) => {
      const recorded = original.interactions[i]?.response as CassetteResponse;
      const got = interaction.response;
      expect(got.status).toBe(recorded.status);
      expect(got.headers).toEqual(recorded.headers);
      expect(got.body).toEqual(recorded.body);
      expect(Boolean(got.chunksBase64)).toBe(Boolean(recorded.chunksBase64));
      expect(Boolean(got.chunks)).toBe(Boolean(recorded.chunks));
      expect(responseBytes(got)).toEqual(responseBytes(recorded));
      const want = new Set(boundaries(chunksOf(recorded)));
      for (const b of boundaries(chunksOf(got))) expect(want.has(b)).toBe(true);
      expect(chunksOf(got).length).toBeGreaterThanOrEqual(chunksOf(recorded).length / 2);
    });
  });

  it("sent each fake secret to the provider and wrote none of them", () => {
    expect(played.seen).toHaveLength(original.interactions.length);
    for (const headers of played.seen) c.received(headers);
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const interaction of written.interactions) {
      for (const name of c.redacted) expect(interaction.request.headers[name]).toBe("<redacted>");
      expect(interaction.request.headers["x-amz-date"]).toBeUndefined();
    }
  });

  it("says honestly where it came from", () => {
    expect(written.source).toBe(
      `captured from the server at ${played.url} (--base-url) on 1970-01-01T00:00:00.000Z with model ${c.model} by scripts/capture.ts (scenario ${scenario})`,
    );
  });
});

describe("capture's Azure scenarios without their settings", () => {
  const unreachable = () => Promise.reject(new Error("no request should be made"));

  it("names AZURE_OPENAI_ENDPOINT when neither it nor --base-url is given", async () => {
    const run = capture({
      provider: "azure",
      scenario: "v1-tool-call",
      out: tmpdir(),
      env: {},
      fetch: unreachable,
    });
    await expect(run).rejects.toThrow(
      /azure scenarios need AZURE_OPENAI_ENDPOINT .* or --base-url/,
    );
  });

  it("names AZURE_OPENAI_TOKEN for the Entra ID scenario", async () => {
    const run = capture({
      provider: "azure",
      scenario: "v1-tool-call-stream",
      out: tmpdir(),
      env: { AZURE_OPENAI_ENDPOINT: "https://example.openai.azure.com" },
      fetch: unreachable,
    });
    await expect(run).rejects.toThrow(/azure scenarios need AZURE_OPENAI_TOKEN/);
  });
});
