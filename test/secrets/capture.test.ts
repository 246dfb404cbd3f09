import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { capture } from "../../scripts/capture.js";
import { type CassetteResponse, parseCassette, responseChunks } from "../../src/testing/index.js";
import { ADAPTERS, type Adapter, type AdapterName } from "../faults/adapters.js";
import { frames, sseEvents } from "../faults/bodies.js";
import { type Answer, type Emulator, startEmulator } from "../faults/emulator.js";
import { loadCassette } from "../helpers/cassettes.js";
import { encodeFrame } from "../providers/bedrock/frames.js";
import { MARK } from "../variants.js";

const encoder = new TextEncoder();

/** One capture run: the scenario, the marked environment it runs with, the base path. */
interface Case {
  provider: AdapterName;
  scenario: string;
  env: Record<string, string>;
  basePath: string;
  /** A scenario that expects an error answer, and has no cassette of its own to replay. */
  errorStatus?: number;
}

const AWS = {
  AWS_ACCESS_KEY_ID: `AKIA${MARK}00000002`,
  AWS_SECRET_ACCESS_KEY: `capture/${MARK}/Secret0123456789`,
  AWS_SESSION_TOKEN: `FwoGZXIvYXdz${MARK}Session0002`,
  AWS_REGION: "us-east-1",
  AWS_BEARER_TOKEN_BEDROCK: "",
};

const CASES: Case[] = [
  {
    provider: "anthropic",
    scenario: "thinking-tool-loop-stream",
    env: { ANTHROPIC_API_KEY: `sk-ant-api03-${MARK}-capture` },
    basePath: "/v1",
  },
  {
    provider: "anthropic",
    scenario: "error-forced-tool",
    env: { ANTHROPIC_API_KEY: `sk-ant-api03-${MARK}-capture` },
    basePath: "/v1",
    errorStatus: 400,
  },
  { provider: "bedrock", scenario: "thinking-tool-loop", env: AWS, basePath: "" },
  // A binary event stream: an echoed credential is inside a frame, not visible as text.
  { provider: "bedrock", scenario: "thinking-stream", env: AWS, basePath: "" },
  { provider: "bedrock", scenario: "error-forced-tool", env: AWS, basePath: "", errorStatus: 400 },
  {
    provider: "bedrock",
    scenario: "thinking-tool-loop",
    env: { ...AWS, AWS_BEARER_TOKEN_BEDROCK: `ABSKQmVkcm9jaw${MARK}Capture` },
    basePath: "",
  },
  {
    provider: "gemini",
    scenario: "thinking-streaming",
    env: { GEMINI_API_KEY: `AIzaSy${MARK}Capture0002`, GOOGLE_API_KEY: "" },
    basePath: "/v1beta",
  },
  {
    provider: "gemini",
    scenario: "missing-thought-signature",
    env: { GEMINI_API_KEY: `AIzaSy${MARK}Capture0002`, GOOGLE_API_KEY: "" },
    basePath: "/v1beta",
  },
  {
    provider: "openai",
    scenario: "deepseek-thinking-tool-loop-stream",
    env: { DEEPSEEK_API_KEY: `sk-${MARK}-deepseek-capture` },
    basePath: "",
  },
  {
    provider: "openai",
    scenario: "tools-with-effort-400",
    env: { OPENAI_API_KEY: `sk-proj-${MARK}-capture` },
    basePath: "/v1",
  },
  {
    provider: "azure",
    scenario: "v1-tool-call",
    env: { AZURE_OPENAI_API_KEY: `azure${MARK}Capture0002` },
    basePath: "/openai/v1",
  },
  {
    provider: "azure",
    scenario: "v1-tool-call-stream",
    env: { AZURE_OPENAI_TOKEN: `eyJ0eXAiOiJKV1Qi${MARK}Capture`, AZURE_OPENAI_API_KEY: "" },
    basePath: "/openai/v1",
  },
];

/** What a careless server says back: every credential of the run, as text. */
const echoOf = (env: Record<string, string>) =>
  `credentials seen: ${Object.values(env)
    .filter((v) => v.includes(MARK))
    .join(" ")}`;

/** The recorded answer with the echo slipped in where the adapter ignores it. */
function withEcho(res: CassetteResponse, echo: string, provider: AdapterName): Answer {
  const base = { status: res.status, headers: res.headers };
  if (res.chunksBase64) {
    // An event of a type the stream state skips, carrying the echo in its payload.
    const frame = encodeFrame(
      { ":message-type": "event", ":event-type": "echo", ":content-type": "application/json" },
      JSON.stringify({ echo }),
    );
    return { ...base, chunks: [frame, ...frames(concat(responseChunks(res)))] };
  }
  if (res.chunks) {
    // An SSE comment: every SSE reader skips it.
    const comment = encoder.encode(`: ${echo}${provider === "gemini" ? "\r\n\r\n" : "\n\n"}`);
    return { ...base, chunks: [comment, ...sseEvents(concat(responseChunks(res)))] };
  }
  const body = { ...(res.body as object), echo };
  return { ...base, chunks: [encoder.encode(JSON.stringify(body))] };
}

function concat(parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

function answersFor(c: Case): Answer[] {
  const echo = echoOf(c.env);
  if (c.errorStatus !== undefined) {
    const adapter = ADAPTERS.find((a) => a.name === c.provider) as Adapter;
    const { headers, body } = adapter.errorAnswer(c.errorStatus, echo);
    return [{ status: c.errorStatus, headers, chunks: [encoder.encode(body)] }];
  }
  return loadCassette(c.provider, c.scenario).interactions.map((i) =>
    withEcho(i.response, echo, c.provider),
  );
}

let emulator: Emulator;
let out: string;
const logged: unknown[][] = [];

beforeAll(async () => {
  emulator = await startEmulator();
  out = mkdtempSync(join(tmpdir(), "golem-secrets-"));
  for (const m of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  rmSync(out, { recursive: true, force: true });
  await emulator.close();
});

describe("a cassette written by scripts/capture.ts", () => {
  it.for(CASES.map((c): [string, Case] => [`${c.provider} ${c.scenario}`, c]))(
    "%s holds no credential, even where the provider echoed one",
    async ([, c]) => {
      for (const [k, v] of Object.entries(c.env)) vi.stubEnv(k, v);
      const route = emulator.route(answersFor(c));
      const file = await capture({
        provider: c.provider,
        scenario: c.scenario,
        baseURL: `${route.url}${c.basePath}`,
        out,
        env: c.env,
        fetch: globalThis.fetch,
        now: new Date(0),
      });
      vi.unstubAllEnvs();
      const text = readFileSync(file, "utf8");
      // Binary chunks are base64 in the file: what they decode to counts as well.
      const decoded = parseCassette(text)
        .interactions.map((i) => new TextDecoder().decode(concat(responseChunks(i.response))))
        .join("\n");
      // The echo reached the recorder (so the check below means something) and was scrubbed.
      expect(`${text}\n${decoded}`).toContain("credentials seen: <redacted>");
      expect(text).not.toContain(MARK);
      expect(decoded).not.toContain(MARK);
    },
  );

  it("prints no credential to the console", () => {
    expect(JSON.stringify(logged)).not.toContain(MARK);
  });
});
