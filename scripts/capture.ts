/**
 * Records a named scenario against a live provider (or any server given by --base-url) with
 * your own credentials, through the real adapter, and writes a cassette for contract tests.
 *
 *   npm run capture -- <provider> <scenario> [--base-url URL] [--out DIR] [--model ID]
 *                      [--redact-account-ids]
 *   npm run capture -- --help
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { EnvHttpProxyAgent, fetch as undiciFetch } from "undici";
import { ConfigError } from "../src/index.js";
import { recordFetch } from "../src/testing/index.js";
import { SCENARIOS } from "./scenarios/index.js";

/** Environment variables whose values must never reach a cassette. */
const SECRET_ENV = [
  "ANTHROPIC_API_KEY",
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "OPENAI_API_KEY",
  "DEEPSEEK_API_KEY",
  "OPENROUTER_API_KEY",
  "DASHSCOPE_API_KEY",
  "VLLM_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "AZURE_OPENAI_TOKEN",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "AWS_BEARER_TOKEN_BEDROCK",
  "VERTEX_ACCESS_TOKEN",
  "ANTHROPIC_AWS_API_KEY",
  "ANTHROPIC_FOUNDRY_API_KEY",
  "ANTHROPIC_FOUNDRY_TOKEN",
  "GOOGLE_CLOUD_ACCESS_TOKEN",
  "CO_API_KEY",
];

function usage(): string {
  const lines = [
    "usage: npm run capture -- <provider> <scenario> [--base-url URL] [--out DIR] [--model ID] [--redact-account-ids]",
    "",
    "scenarios:",
  ];
  for (const [provider, scenarios] of Object.entries(SCENARIOS)) {
    for (const [name, s] of Object.entries(scenarios)) {
      lines.push(
        `  ${provider.padEnd(10)} ${name.padEnd(36)} ${s.description} (${s.defaultModel})`,
      );
    }
  }
  return lines.join("\n");
}

export interface CaptureOptions {
  provider: string;
  scenario: string;
  baseURL?: string | undefined;
  out: string;
  model?: string | undefined;
  redactAccountIds?: boolean;
  /** The HTTP client; undici with the proxy from HTTPS_PROXY / NO_PROXY by default. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Read by scenarios and searched for secrets; the adapters read process.env themselves. */
  env?: Record<string, string | undefined>;
  now?: Date;
}

/** Runs one scenario and writes its cassette; returns the file's path. */
export async function capture(opts: CaptureOptions): Promise<string> {
  const scenario = SCENARIOS[opts.provider]?.[opts.scenario];
  if (!scenario)
    throw new ConfigError(`unknown scenario ${opts.provider}/${opts.scenario}\n\n${usage()}`);
  const dispatcher = new EnvHttpProxyAgent();
  const base =
    opts.fetch ??
    ((input: string | URL | Request, init?: RequestInit) =>
      undiciFetch(input as string, {
        ...(init as object),
        dispatcher,
      }) as unknown as Promise<Response>);
  const env = opts.env ?? process.env;
  // The public recorder, as users record theirs; it finds the keys the requests carry, and
  // the environment's credentials (an AWS secret key is never sent) are searched for too.
  const recorder = recordFetch(base, {
    secrets: SECRET_ENV.map((k) => env[k]),
    redactAccountIds: opts.redactAccountIds ?? false,
    ...(opts.now ? { now: () => opts.now as Date } : {}),
  });
  const model = scenario.create({
    fetch: recorder.fetch,
    env,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    ...(opts.model ? { model: opts.model } : {}),
  });
  await scenario.run(model);
  const when = (opts.now ?? new Date()).toISOString();
  const where = opts.baseURL
    ? `the server at ${new URL(opts.baseURL).origin} (--base-url)`
    : `the live ${opts.provider} API`;
  const cassette = {
    ...recorder.cassette({
      scenario: opts.scenario,
      provider: opts.provider,
      source: `captured from ${where} on ${when} with model ${model.model} by scripts/capture.ts (scenario ${opts.scenario})`,
    }),
    // What the scenario asks for, even when its one answer was a JSON error.
    streaming: scenario.streaming,
  };
  const text = `${JSON.stringify(cassette, null, 2)}\n`;
  // A server scenario (`deepseek/thinking-tool-loop`) has a folder of its own.
  const file = join(opts.out, opts.provider, `${opts.scenario}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "base-url": { type: "string" },
      out: { type: "string", default: "fixtures" },
      model: { type: "string" },
      "redact-account-ids": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || positionals.length !== 2) {
    console.log(usage());
    return values.help ? 0 : 2;
  }
  const [provider, scenario] = positionals as [string, string];
  try {
    const file = await capture({
      provider,
      scenario,
      baseURL: values["base-url"],
      out: values.out as string,
      model: values.model,
      redactAccountIds: values["redact-account-ids"] as boolean,
    });
    console.log(`wrote ${file}`);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
