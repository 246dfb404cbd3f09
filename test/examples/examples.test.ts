import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * Every example runs offline as `npm run example*` runs it (tsx, the package names mapped to
 * src/), against its recorded exchange: the replaying fetch throws on any request that differs
 * from the recorded one, so an example that falls behind the API fails here.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The environment without any provider credential, so each example replays. */
function offlineEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(AWS_|ANTHROPIC_|GEMINI_|GOOGLE_|OPENAI_|AZURE_)/.test(k)) env[k] = v;
  }
  return env;
}

/** The message `JSON.parse` gives for `text`, as the agent quotes it. */
function parseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${text} is JSON`);
}

async function runExample(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", path], {
    cwd: ROOT,
    env: offlineEnv(),
    timeout: 60_000,
  });
  return stdout;
}

describe("examples, offline", () => {
  it("thinking: prints the reasoning with its signature, then the answer", async () => {
    const out = await runExample("examples/thinking/main.ts");
    expect(out).toMatch(/thinking: /);
    expect(out).toMatch(/signature: \S+… \(\d+ chars\)/);
    expect(out).toMatch(/40 C/);
    // The streamed answer is the answer: printed once, not again at the end.
    expect(out.match(/The current weather in Florence, Italy is 40°C/g)).toHaveLength(1);
  });

  it("agent: streams reasoning before the answer, runs the zod tool and keeps the signature", async () => {
    const out = await runExample("examples/agent/main.ts");
    const reasoning = out.indexOf("[step 1] reasoning: ");
    const answer = out.indexOf("[step 1] answer: ");
    expect(reasoning).toBeGreaterThanOrEqual(0);
    expect(answer).toBeGreaterThan(reasoning);
    expect(out).toContain("[step 1] tool result: Mexico");
    expect(out).toContain("[step 2] answer: Based on your location in Mexico");
    expect(out).toMatch(/^2 steps, \d+ characters of answer/m);
    expect(out).toMatch(/messages\[1\] keeps a bedrock reasoning block, signature 252 chars/);
    expect(out).toMatch(/read back 4 messages, equal: true/);
  });

  it("structured output: a typed value after a tool call and one refused answer", async () => {
    const out = await runExample("examples/structured-output/main.ts");
    expect(out).toBe(
      [
        "Mexico City, Mexico: 9,209,944 people",
        "landmarks: Zócalo, Chapultepec Castle",
        `agent asked again: Your answer is not valid JSON (${parseError("The largest city in Mexico is Mexico City.")}). Answer with only the JSON the output schema describes, no other text.`,
        "3 model calls",
        "",
      ].join("\n"),
    );
  });
});
