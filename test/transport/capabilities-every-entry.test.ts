/**
 * `capabilities(model, config?)` on every entry whose provider serves a models API: one GET of
 * the platform's models URL through the one send path, with `create()`'s config and auth, read
 * by the wire; and the send path's behaviour is the same for it as for `generate` (a 401 asks a
 * token auth once more, a secret an error body echoes is scrubbed, a 5xx is retried).
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, type APIError as CoreAPIError } from "../../src/core/errors.js";
import type { Model } from "../../src/core/types.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as anthropicAws from "../../src/platforms/anthropic-aws/index.js";
import * as anthropicGoogleCloud from "../../src/platforms/anthropic-google-cloud/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import type { Capabilities } from "../../src/rules/capabilities.js";
import { adapterModule } from "../contract/adapters.js";
import { VARIANT_NAMES } from "../variants.js";

const ANTHROPIC_KEY = "sk-ant-SECRETMARK-capabilities-0001";
const GEMINI_KEY = "AIzaSySECRETMARKGeminiKey0001";
const AKID = "AKIASECRETMARK00000001";
const SECRET_KEY = "wJalrXUtnFEMI/SECRETMARK/bPxRfiCYEXAMPLEKEY";
const GOOGLE_TOKEN = "ya29.SECRETMARK-google-token-0001";
const AWS_KEYS = { accessKeyId: AKID, secretAccessKey: SECRET_KEY };

/** A Messages models API answer (`ModelInfo`), as Anthropic documents it. */
const MODEL_INFO = {
  type: "model",
  id: "claude-haiku-4-5-20251001",
  display_name: "Claude Haiku 4.5",
  created_at: "2025-10-01T00:00:00Z",
  max_input_tokens: 200000,
  max_tokens: 64000,
  capabilities: {
    thinking: { supported: true, types: { enabled: { supported: true } } },
    effort: { supported: false },
  },
};
/** A Gemini API `Model` resource. */
const GEMINI_MODEL = {
  name: "models/gemini-2.0-flash-lite",
  inputTokenLimit: 1048576,
  outputTokenLimit: 8192,
  maxTemperature: 2,
  thinking: false,
};
const CLAUDE_PARSED: Partial<Capabilities> = {
  model: "claude-haiku-4-5-20251001",
  source: "metadata",
  maxInputTokens: 200000,
  maxOutputTokens: 64000,
  thinking: { enabled: true },
};

/** One entry that exports `capabilities`, and what its models API looks like on the wire. */
interface Row {
  entry: string;
  capabilities(model: string, config?: never): Promise<Capabilities>;
  create(config: never): Model;
  APIError: typeof CoreAPIError;
  /** `create()`'s config without `model`: where and as whom, the credentials marked. */
  config: Record<string, unknown>;
  /** What `create()` needs besides (Messages: `maxTokens`). */
  extra: Record<string, unknown>;
  model: string;
  url: string;
  /** The credential header and what it holds (a pattern for SigV4). */
  auth: [header: string, value: string | RegExp];
  /** Headers the models API wants besides the credential. */
  headers: Record<string, string>;
  answer: object;
  parsed: Partial<Capabilities>;
  /** Every secret the config holds. */
  secrets: string[];
  /** Requests a call makes when every answer is a 401: 2 where the auth drops a token. */
  after401: number;
  /** An error answer of this provider's shape, its message `message`. */
  error(status: number, message: string): object;
}

/** An entry module's functions and error class, as a row holds them. */
const functionsOf = (entry: {
  capabilities: unknown;
  create: unknown;
  APIError: Row["APIError"];
}) => ({
  capabilities: entry.capabilities as Row["capabilities"],
  create: entry.create as Row["create"],
  APIError: entry.APIError,
});

const anthropicError = (status: number, message: string) => ({
  type: "error",
  error: { type: status === 401 ? "authentication_error" : "invalid_request_error", message },
});

/** What the Claude entries' rows share: the model asked about, its answer and its errors. */
const CLAUDE_MODEL = {
  extra: { maxTokens: 1024 },
  model: "claude-haiku-4-5",
  answer: MODEL_INFO,
  parsed: CLAUDE_PARSED,
  error: anthropicError,
};

const googleError = (status: number, message: string) => ({
  error: { code: status, message, status: status === 401 ? "UNAUTHENTICATED" : "INVALID_ARGUMENT" },
});

const ROWS: Row[] = [
  {
    entry: "anthropic",
    ...CLAUDE_MODEL,
    ...functionsOf(anthropic),
    config: { apiKey: ANTHROPIC_KEY },
    url: "https://api.anthropic.com/v1/models/claude-haiku-4-5",
    auth: ["x-api-key", ANTHROPIC_KEY],
    headers: { "anthropic-version": "2023-06-01" },
    secrets: [ANTHROPIC_KEY],
    after401: 1,
  },
  {
    entry: "anthropic-aws",
    ...CLAUDE_MODEL,
    ...functionsOf(anthropicAws),
    // A credentials function: asked before every attempt and once more after a 401.
    config: { region: "us-west-2", workspaceId: "wrkspc_01", credentials: async () => AWS_KEYS },
    url: "https://aws-external-anthropic.us-west-2.api.aws/v1/models/claude-haiku-4-5",
    auth: [
      "authorization",
      /^AWS4-HMAC-SHA256 Credential=AKIASECRETMARK00000001\/\d{8}\/us-west-2\/aws-external-anthropic\/aws4_request, /,
    ],
    headers: { "anthropic-version": "2023-06-01", "anthropic-workspace-id": "wrkspc_01" },
    secrets: [AKID, SECRET_KEY],
    after401: 2,
  },
  {
    entry: "anthropic-google-cloud",
    ...CLAUDE_MODEL,
    ...functionsOf(anthropicGoogleCloud),
    config: {
      project: "golem",
      workspaceId: "wrkspc_01",
      token: async () => ({ token: GOOGLE_TOKEN, expiresAt: Date.now() + 3.6e6 }),
    },
    url: "https://claude.googleapis.com/v1alpha/projects/golem/locations/global/workspaces/wrkspc_01/invoke/v1/models/claude-haiku-4-5",
    auth: ["authorization", `Bearer ${GOOGLE_TOKEN}`],
    headers: { "anthropic-version": "2023-06-01" },
    secrets: [GOOGLE_TOKEN],
    after401: 2,
  },
  {
    entry: "gemini",
    ...functionsOf(gemini),
    config: { apiKey: GEMINI_KEY },
    extra: {},
    model: "gemini-2.0-flash-lite",
    url: "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash-lite",
    auth: ["x-goog-api-key", GEMINI_KEY],
    headers: {},
    answer: GEMINI_MODEL,
    parsed: {
      model: "gemini-2.0-flash-lite",
      source: "metadata",
      maxInputTokens: 1048576,
      maxOutputTokens: 8192,
      maxTemperature: 2,
      thinking: { thinking: false },
    },
    secrets: [GEMINI_KEY],
    after401: 1,
    error: googleError,
  },
];

/** One request as the fake server saw it. */
interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A fetch answering with `answers` in order (the last one again when they run out). */
function server(answers: (() => Response)[]) {
  const seen: Seen[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const body = init?.body;
    seen.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: body === undefined || body === null ? null : String(body),
    });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error("no answer scripted");
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const json =
  (status: number, body: object, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });

/** Everything an error shows: message, stack, fields, cause chain, JSON. */
function exposed(error: unknown): string {
  return [inspect(error, { depth: 30, showHidden: true }), JSON.stringify(error)].join("\n");
}

const REQUEST = { messages: [{ role: "user" as const, content: "Hi" }] };
type Op = "capabilities" | "generate";

/** One call of `op` on `row`'s entry through `fetch`. */
function run(row: Row, op: Op, fetch: typeof globalThis.fetch, more: object = {}) {
  const config = { ...row.config, fetch, ...more };
  if (op === "capabilities") return row.capabilities(row.model, config as never);
  return row.create({ ...config, ...row.extra, model: row.model } as never).generate(REQUEST);
}

describe("the capabilities table", () => {
  // A platform's models URL and auth are its own, so its row is written here; an entry that
  // exports capabilities() without one (or a reason) would go untested.
  const ELSEWHERE: Record<string, string> = {
    openai:
      "it reads golem's own table, no models API (OpenAI's reports no capabilities): test/rules/openai.test.ts",
  };

  it("has a row for every entry of the registry that exports capabilities(), or a reason", async () => {
    const exporting: string[] = [];
    for (const v of VARIANT_NAMES) {
      if ("capabilities" in (await adapterModule(v))) exporting.push(v);
    }
    const covered = [...ROWS.map((r) => r.entry), ...Object.keys(ELSEWHERE)];
    expect(covered.sort()).toEqual(exporting.sort());
  });
});

describe.each(ROWS)("$entry.capabilities", (row) => {
  it("GETs the platform's models URL with create()'s auth and headers, and reads the answer", async () => {
    const { fetch, seen } = server([json(200, row.answer)]);
    const caps = await row.capabilities(row.model, { ...row.config, fetch } as never);
    expect(seen).toHaveLength(1);
    const [request] = seen as [Seen];
    expect(request.url).toBe(row.url);
    expect(request.method).toBe("GET");
    expect(request.body).toBeNull();
    // A GET carries no body, so no content type either.
    expect(request.headers.get("content-type")).toBeNull();
    const [header, value] = row.auth;
    if (typeof value === "string") expect(request.headers.get(header)).toBe(value);
    else expect(request.headers.get(header)).toMatch(value);
    for (const [name, v] of Object.entries(row.headers)) expect(request.headers.get(name)).toBe(v);
    expect(caps).toMatchObject(row.parsed);
    expect(caps.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("refuses a missing model id before any request", async () => {
    const { fetch, seen } = server([json(200, row.answer)]);
    const error = await row
      .capabilities("", { ...row.config, fetch } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/a model id is required/);
    expect(seen).toHaveLength(0);
  });

  it("refuses a key create() does not take before any request", async () => {
    const { fetch, seen } = server([json(200, row.answer)]);
    const error = await row
      .capabilities(row.model, { ...row.config, fetch, bogusOption: 1 } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/bogusOption/);
    expect(seen).toHaveLength(0);
  });

  it("honours the caller's AbortSignal", async () => {
    const { fetch, seen } = server([json(200, row.answer)]);
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const error = await row
      .capabilities(row.model, { ...row.config, fetch, signal: controller.signal } as never)
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe("stop");
    expect(seen).toHaveLength(0);
  });
});

describe.each(ROWS.filter((r) => r.answer === MODEL_INFO))("$entry.capabilities", (row) => {
  it("sends none of the body's options: no maxTokens needed, no prefix-check beta", async () => {
    const { fetch, seen } = server([json(200, row.answer)]);
    // Sonnet 5.5 binds thinking to its prefix: its create() asks for the binding beta by default.
    const url = row.url.replace(row.model, "claude-sonnet-5-5");
    await row.capabilities("claude-sonnet-5-5", { ...row.config, fetch } as never);
    expect(seen.map((s) => s.url)).toEqual([url]);
    expect(seen[0]?.headers.get("anthropic-beta")).toBeNull();
    // The caller's own headers go as create() sends them.
    await row.capabilities("claude-sonnet-5-5", {
      ...row.config,
      fetch,
      headers: { "anthropic-beta": "files-api-2025-04-14" },
    } as never);
    expect(seen[1]?.headers.get("anthropic-beta")).toBe("files-api-2025-04-14");
  });
});

describe.each(ROWS)("$entry: capabilities and generate share the send path", (row) => {
  it.each<Op>(["capabilities", "generate"])(
    "%s: a 401 goes once more only where the auth drops a token",
    async (op) => {
      const { fetch, seen } = server([json(401, row.error(401, "expired"))]);
      const error = await run(row, op, fetch).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(row.APIError);
      expect((error as CoreAPIError).status).toBe(401);
      expect(seen).toHaveLength(row.after401);
    },
  );

  it.each<Op>(["capabilities", "generate"])(
    "%s: an error body that echoes the credentials is scrubbed of them",
    async (op) => {
      const echo = `bad credentials ${row.secrets.join(" ")}`;
      const { fetch } = server([json(400, row.error(400, echo))]);
      const error = await run(row, op, fetch).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(row.APIError);
      expect((error as CoreAPIError).status).toBe(400);
      const shown = exposed(error);
      for (const secret of row.secrets) expect(shown).not.toContain(secret);
    },
  );

  it.each<Op>(["capabilities", "generate"])("%s: a 503 is retried", async (op) => {
    const { fetch, seen } = server([
      json(503, row.error(503, "overloaded"), { "retry-after-ms": "0" }),
      json(503, row.error(503, "overloaded"), { "retry-after-ms": "0" }),
      json(503, row.error(503, "overloaded"), { "retry-after-ms": "0" }),
    ]);
    const error = await run(row, op, fetch, { maxRetries: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(row.APIError);
    expect((error as CoreAPIError).status).toBe(503);
    expect(seen).toHaveLength(3);
  });
});
