import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FIXTURES, loadCassette } from "../helpers/cassettes.js";
import { parseError } from "../helpers/errors.js";
import { DEPLOYMENTS } from "../variants.js";

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
    if (
      !/^(AWS_|ANTHROPIC_|GEMINI_|GOOGLE_|OPENAI_|OPENROUTER_|AZURE_|VERTEX_|DEEPSEEK_|CO_)/.test(k)
    )
      env[k] = v;
  }
  return env;
}

/** A recorded Anthropic answer, as much of it as the expectations read. */
interface AnthropicAnswer {
  content: { type: string; text?: string; name?: string; input?: unknown }[];
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_read_input_tokens: number;
    cache_creation_input_tokens: number;
  };
}

/** The recorded answers of fixtures/<provider>/<file>.json, in order. */
function answers<T>(provider: string, file: string): T[] {
  return loadCassette(provider, file).interactions.map((i) => i.response.body as T);
}

/** golem's `inputTokens` of an Anthropic answer: the whole prompt, cached parts included. */
const promptTokens = (u: AnthropicAnswer["usage"]) =>
  u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;

/** The size of a file under fixtures/media/. */
const mediaBytes = (name: string) => statSync(`${FIXTURES}/media/${name}`).size;

async function runExample(path: string, ...args: string[]): Promise<string> {
  const argv = ["--import", "tsx", path, ...args];
  const { stdout } = await promisify(execFile)(process.execPath, argv, {
    cwd: ROOT,
    env: offlineEnv(),
    timeout: 60_000,
  });
  return stdout;
}

describe("examples, offline", () => {
  it("approval: the run pauses before its tool, waits on disk across a restart, and resumes approved", async () => {
    const out = await runExample("examples/approval/main.ts");
    expect(out).toContain('waiting for approval: weather {"location":"Florence, Italy"}');
    // The tool runs once, after the restart and the decision, never before.
    expect(out.indexOf("(the weather tool runs")).toBeGreaterThan(out.indexOf("server restarted"));
    expect(out.match(/the weather tool runs/g)).toHaveLength(1);
    expect(out).toContain("answer: It is 40 °C in Florence right now.");
    expect(out).toMatch(/the same decisions again: .*not a call the history waits on/);
  });

  it("resume: a run whose process died resumes at step 3; the completed tool is not run again", async () => {
    const out = await runExample("examples/approval/crash.ts");
    expect(out).toContain("the child process died");
    expect(out).toContain("last checkpoint: user, assistant, tool, assistant");
    expect(out).toContain('in doubt: book_hotel {"city":"Florence"}');
    expect(out.match(/booked the flight/g)).toHaveLength(1);
    expect(out).toContain(
      "resumed at step 3: Booked: flight F-100 and hotel H-200 in Florence. (1 model call)",
    );
  });

  it("append-only: the second agent's changes are appended, then the effort drops per message", async () => {
    const out = await runExample("examples/append-only/main.ts");
    expect(out).toContain("first agent: It is 40 °C in Florence right now.");
    expect(out).toContain(
      'appended: {"content":"Answer in one short sentence.","update":{"addTools":[{"name":"local_time"',
    );
    expect(out).toContain("second agent: It is 14:05 in Florence.");
    expect(out).toContain("at effort low: You're welcome.");
  });

  it("server-history: the thread is created once, then steps 2 and 3 send only the new message", async () => {
    const out = await runExample("examples/server-history/main.ts");
    expect(out.trim().split("\n")).toEqual([
      "step 1: sent full, 476 bytes, continue from msg_01Thread1",
      "step 2: sent suffix, 258 bytes, continue from msg_01Thread2",
      "step 3: sent suffix, 258 bytes, continue from msg_01Thread3",
      "Oslo, Bergen and Tromsø: -3 C with snow.",
    ]);
  });

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

  it("media: sends the image and the PDF, the tool's image goes back, the answers come", async () => {
    const out = await runExample("examples/media/main.ts");
    const [first, second] = answers<AnthropicAnswer>("anthropic", "media");
    if (!first || !second) throw new Error("fixtures/anthropic/media.json has two turns");
    const [said, call] = first.content;
    const request = loadCassette("anthropic", "media").interactions[0]?.request.body as {
      messages: { content: { text?: string }[] }[];
    };
    expect(out).toBe(
      [
        "No ANTHROPIC_API_KEY: replaying fixtures/anthropic/media.json",
        "user:",
        `  ${JSON.stringify(request.messages[0]?.content[0]?.text)}`,
        `  image image/png (${mediaBytes("red-square.png")} bytes)`,
        `  file application/pdf hello.pdf (${mediaBytes("hello.pdf")} bytes)`,
        "step 1:",
        `  ${JSON.stringify(said?.text)}`,
        `  tool call ${call?.name}(${JSON.stringify(call?.input)})`,
        "tool:",
        '  "logo.png"',
        `  image image/png (${mediaBytes("blue-square.png")} bytes)`,
        "step 2:",
        `  ${JSON.stringify(second.content[0]?.text)}`,
        `2 steps, tool calls: 1, tokens in/out: ${promptTokens(first.usage) + promptTokens(second.usage)}/${first.usage.output_tokens + second.usage.output_tokens}`,
        "",
      ].join("\n"),
    );
  });

  it("caching: cache tokens per step and summed, explainCacheMiss on the requests and after dropOldThinking", async () => {
    const out = await runExample("examples/caching/main.ts");
    const steps = answers<AnthropicAnswer>("anthropic", "cache-tool-loop");
    const line = (u: AnthropicAnswer["usage"]) =>
      `cache read ${u.cache_read_input_tokens}, cache write ${u.cache_creation_input_tokens}, input ${promptTokens(u)} (cached included), output ${u.output_tokens}`;
    const sum = (k: keyof AnthropicAnswer["usage"]) => steps.reduce((n, s) => n + s.usage[k], 0);
    const total = {
      input_tokens: sum("input_tokens"),
      output_tokens: sum("output_tokens"),
      cache_read_input_tokens: sum("cache_read_input_tokens"),
      cache_creation_input_tokens: sum("cache_creation_input_tokens"),
    };
    const last = steps[steps.length - 1];
    // The first step thinks, then calls a tool: dropping its thinking moves the call to content[0].
    expect(steps[0]?.content.map((b) => b.type)).toEqual(["thinking", "tool_use"]);
    const extend = "extends the one before, the cache can serve its prefix";
    expect(out).toBe(
      [
        "No ANTHROPIC_API_KEY: replaying fixtures/anthropic/cache-tool-loop.json",
        ...steps.map((s, i) => `step ${i + 1}: ${line(s.usage)}`),
        `run (${steps.length} steps): ${line(total)}`,
        `answer: ${last?.content.find((b) => b.type === "text")?.text}`,
        ...steps.slice(1).map((_, i) => `request ${i + 2}: ${extend}`),
        `next turn as is: ${extend}`,
        'next turn after dropOldThinking(1): cache miss from message 1, $[1].content[0].type: expected "thinking", got "tool-call"',
        "",
      ].join("\n"),
    );
  });

  it("sse-node: a Node http server streams the run, the client prints it and holds its messages", async () => {
    const out = await runExample("examples/sse-node/main.ts");
    expect(out).toContain('[tool answered: "40 C"]');
    // The recorded answer's text, streamed through the server as it came.
    expect(out).toContain("The current weather in Florence, Italy is 40°C");
    expect(out).toContain("2 model calls, 4 messages to send back with the next prompt");
  });

  it("tracing: prints the run's span tree, with the signature a marker in the captured content", async () => {
    const out = await runExample("examples/tracing/main.ts");
    const tree = out
      .split("\n")
      .filter((l) => /^\s*(invoke_agent|chat |execute_tool )/.test(l))
      .map((l) => l.replace(/ first (thinking|text) s=[\d.]+/g, ""));
    const model = "us.anthropic.claude-3-7-sonnet-20250219-v1:0";
    expect(tree).toEqual([
      "invoke_agent  steps=2 in=936 out=236",
      `  chat ${model}  step=1 finish=tool_use in=397 out=130`,
      "  execute_tool get_user_country  step=1 call=tooluse_W9DaUFg4Tj2cRPpndqxWSg result=Mexico",
      `  chat ${model}  step=2 finish=end_turn in=539 out=106`,
    ]);
    expect(out).toContain('"signature": "[signature omitted]"');
    // The recorded event-stream frames carry their JSON payloads in clear.
    const frames = loadCassette("bedrock", "thinking-tool-loop-stream")
      .interactions.flatMap((i) => i.response.chunksBase64 ?? [])
      .map((c) => Buffer.from(c, "base64").toString("latin1"))
      .join("");
    const signatures = [...frames.matchAll(/"signature":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(signatures.length).toBeGreaterThan(0);
    for (const signature of signatures) expect(out).not.toContain(signature);
  });

  it("openrouter: keeps the reasoning_details entries and sends them back exactly", async () => {
    const out = await runExample("examples/openrouter/main.ts");
    type Answer = { choices: { message: Record<string, unknown> }[] };
    const [first, second] = answers<Answer>("openai", "openrouter-claude-tool-loop");
    const details = first?.choices[0]?.message.reasoning_details as Record<string, string>[];
    expect(details.map((d) => d.type)).toEqual(["reasoning.text", "reasoning.encrypted"]);
    const [signed, encrypted] = details;
    expect(out).toBe(
      [
        "No OPENROUTER_API_KEY: replaying fixtures/openai/openrouter-claude-tool-loop.json",
        `thinking (openai): ${signed?.text?.length} chars, signature ${signed?.signature?.length} chars`,
        `thinking (openai): redacted, ${encrypted?.data?.length} chars of encrypted data`,
        ...details.map((d) => `kept entry: ${d.type}, format ${d.format}, index ${d.index}`),
        `turn 2 sends ${details.length} reasoning_details entries, exactly as kept: true`,
        `2 steps, answer: ${second?.choices[0]?.message.content}`,
        "",
      ].join("\n"),
    );
  });

  it("deepseek: with only baseURL and model, turn 1's reasoning goes back on the turns after it, the answer's does not", async () => {
    const out = await runExample("examples/deepseek/main.ts");
    type Answer = { choices: { message: { reasoning_content: string; content: string | null } }[] };
    const [first, second] = answers<Answer>("openai", "deepseek/thinking-tool-loop");
    expect(out).toBe(
      [
        "No DEEPSEEK_API_KEY: replaying fixtures/openai/deepseek/thinking-tool-loop.json",
        `turn 1 thinks: ${first?.choices[0]?.message.reasoning_content}`,
        "turn 1 calls weather(Florence, Italy)",
        `turn 2 answers: ${second?.choices[0]?.message.content}`,
        "turn 3 calls weather again",
        "request 2 carries turn 1's reasoning_content: true",
        "request 3 carries it again: true",
        "request 3 carries turn 2's: false",
        "",
      ].join("\n"),
    );
  });

  it("inspect: writes one self-contained page for a cassette, its signatures shown only as hashes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "golem-inspect-"));
    const file = join(dir, "page.html");
    const cassette = "fixtures/anthropic/cache-tool-loop.json";
    const out = await runExample("examples/inspect/main.ts", cassette, "anthropic", file);
    expect(out).toMatch(/page\.html: \d+ KB, from fixtures\/anthropic\/cache-tool-loop\.json/);
    const page = readFileSync(file, "utf8");
    expect(page.startsWith("<!doctype html>")).toBe(true);
    // No signature of the cassette's answers is in the page, only its hash and length.
    const signatures = JSON.stringify(loadCassette("anthropic", "cache-tool-loop")).match(
      /"signature":"([^"]{40,})"/g,
    );
    expect(signatures?.length).toBeGreaterThan(0);
    for (const s of signatures ?? []) expect(page).not.toContain(s.slice(13, 53));
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);
  });

  it("cohere: streams the thinking, and turn 3 sends both earlier turns' thinking items back", async () => {
    const out = await runExample("examples/cohere/main.ts");
    type Event = {
      type: string;
      delta?: { message?: { content?: { thinking?: string; text?: string } } };
    };
    // Each recorded stream's thinking and text, from its content-delta events.
    const turns = loadCassette("cohere", "thinking-tool-loop-stream").interactions.map((i) => {
      const events = (i.response.chunks ?? []).map((c) => JSON.parse(c.slice(6)) as Event);
      const join = (k: "thinking" | "text") =>
        events
          .map((e) => (e.type === "content-delta" ? (e.delta?.message?.content?.[k] ?? "") : ""))
          .join("");
      return { thinking: join("thinking"), text: join("text") };
    });
    const [first, second, third] = turns;
    expect(out).toBe(
      [
        "No CO_API_KEY: replaying fixtures/cohere/thinking-tool-loop-stream.json",
        `turn 1: ${first?.thinking.length} chars of thinking streamed, then weather({"location":"Florence, Italy"})`,
        `turn 2: ${second?.thinking.length} chars of thinking streamed, answer: ${second?.text}`,
        "turn 3 sends back 2 thinking items, exactly as kept: true",
        `turn 3: ${third?.text}`,
        "",
      ].join("\n"),
    );
  });

  it("anthropic-bedrock: runs the weather loop on bedrock-runtime and on bedrock-mantle, the signed thinking sent back", async () => {
    const out = await runExample("examples/anthropic-bedrock/main.ts");
    const [answer] = answers<AnthropicAnswer>("anthropic-bedrock", "thinking-tool-loop").slice(-1);
    const text = answer?.content.find((b) => b.type === "text")?.text?.trim();
    const loop = (label: string, args: string) => [
      `[${label}] turn 1: signed parts: thinking`,
      `[${label}] calls weather(${args})`,
      `[${label}] turn 2: signed parts: none`,
      `[${label}] ${text}`,
    ];
    expect(out.trim().split("\n")).toEqual([
      ...loop("bedrock-runtime", '{"location":"Florence, Italy"}'),
      ...loop("bedrock-mantle", '{"location": "Florence, Italy"}'),
    ]);
  });

  it("vertex: runs the weather loop on Claude and on Gemini, each turn's signed parts sent back", async () => {
    const out = await runExample("examples/vertex/main.ts");
    /** The JSON of every `data:` line of the last turn's recorded stream. */
    const lastTurnEvents = (file: string) => {
      const turns = loadCassette("vertex", file).interactions;
      const chunks = turns[turns.length - 1]?.response.chunks ?? [];
      return chunks
        .join("")
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => JSON.parse(l.slice(5)));
    };
    const claudeText = lastTurnEvents("claude-thinking-tool-loop-stream")
      .map((e) => (e.delta?.type === "text_delta" ? e.delta.text : ""))
      .join("");
    const geminiText = lastTurnEvents("gemini-thinking-tool-loop-stream")
      .flatMap((e) => e.candidates?.[0]?.content?.parts ?? [])
      .map((p: { text?: string; thought?: boolean }) => (p.thought ? "" : (p.text ?? "")))
      .join("");
    const lines = out.trim().split("\n");
    expect(lines[0]).toMatch(
      /^\[claude-sonnet-4@20250514\] turn 1: \d+ deltas, signed parts: thinking$/,
    );
    expect(lines[1]).toBe(
      '[claude-sonnet-4@20250514] calls weather({"location": "Florence, Italy"})',
    );
    expect(lines[3]).toBe(`[claude-sonnet-4@20250514] ${claudeText.trim()}`);
    expect(lines[4]).toMatch(
      /^\[gemini-3-pro-preview\] turn 1: \d+ deltas, signed parts: tool-call$/,
    );
    expect(lines[5]).toBe('[gemini-3-pro-preview] calls weather({"location":"Florence, Italy"})');
    expect(lines[7]).toBe(`[gemini-3-pro-preview] ${geminiText.trim()}`);
    expect(lines).toHaveLength(8);
  });

  // Every deployment of the Messages wire (test/variants.ts) has examples/<name>/main.ts, the
  // weather loop of examples/claude-platforms with its own auth; anthropic-bedrock's runs two
  // services (above).
  it.each(DEPLOYMENTS.filter((d) => d !== "anthropic-bedrock"))(
    "%s: runs the weather loop, the signed thinking sent back",
    async (platform) => {
      const out = await runExample(`examples/${platform}/main.ts`);
      const turns = loadCassette(platform, "thinking-tool-loop-stream").interactions;
      const answer = (turns[turns.length - 1]?.response.chunks ?? [])
        .join("")
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => JSON.parse(l.slice(5)))
        .map((e) => (e.delta?.type === "text_delta" ? e.delta.text : ""))
        .join("");
      const lines = out.trim().split("\n");
      expect(lines[0]).toMatch(/^turn 1: \d+ deltas, 1 signed thinking block\(s\)$/);
      expect(lines[1]).toBe('calls weather({"location": "Florence, Italy"})');
      expect(lines[2]).toMatch(/^turn 2: \d+ deltas, 0 signed thinking block\(s\)$/);
      expect(lines[3]).toBe(answer.trim());
      expect(lines).toHaveLength(4);
    },
  );
});
