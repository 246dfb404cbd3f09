/**
 * A tool that waits for a person's approval, end to end: a Node `http` server runs the agent;
 * its `weather` tool needs approval, so the run pauses before the tool runs and the server
 * answers with the pending call. The server then restarts (a new agent, the same checkpoint
 * files: the paused run waits on disk, not in memory); the client posts its decision and the
 * new server resumes the run. On a model that binds its reasoning to its prefix, the resumed
 * request is the paused one plus the tool's answer, checked by golem before it is sent.
 *
 * With ANTHROPIC_API_KEY in the environment it calls Claude. Without it it replays the exchange
 * in fixtures/anthropic/approval-tool-loop.json, checking every request it sends.
 *
 *   npm run example:approval
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, jsonTool, type ToolCallPart } from "golem";
import * as anthropic from "golem/anthropic";
import { parseCassette, replayFetch } from "golem/testing";
import { approvalServer } from "./server.js";
import { fileStore } from "./stores.js";

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const cassette = new URL("../../fixtures/anthropic/approval-tool-loop.json", import.meta.url);
const model = anthropic.create({
  model: "claude-opus-5-5",
  maxTokens: 8000,
  thinking: { adaptive: true },
  ...(live
    ? {}
    : {
        apiKey: "offline-example-key",
        fetch: replayFetch(parseCassette(readFileSync(cassette, "utf8"))),
      }),
});

const weather = jsonTool({
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
  needsApproval: true,
  execute: (args) => {
    console.log(`  (the weather tool runs for ${(args as { location: string }).location})`);
    return "40 C";
  },
});
/** One server process: its own agent, over the checkpoint files in `dir`. */
const agentOf = () =>
  new Agent({ model, instructions: "You are a helpful assistant", tools: [weather] });

async function start(dir: string): Promise<{ server: Server; url: string }> {
  const server = approvalServer(agentOf(), fileStore(dir));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const post = async (url: string, body: unknown) =>
  (await (await fetch(url, { method: "POST", body: JSON.stringify(body) })).json()) as {
    id: string;
    output?: string;
    pending?: ToolCallPart[];
    error?: string;
  };

const dir = await mkdtemp(join(tmpdir(), "golem-approval-"));
try {
  const first = await start(dir);
  const paused = await post(`${first.url}/api/agent`, {
    prompt: "What's the weather in Florence, Italy?",
  });
  for (const call of paused.pending ?? []) {
    console.log(`waiting for approval: ${call.name} ${call.arguments}`);
  }
  first.server.close();
  console.log("server restarted: the paused run waits in its checkpoint file");

  const second = await start(dir);
  const decisions = Object.fromEntries((paused.pending ?? []).map((c) => [c.id, true]));
  const done = await post(`${second.url}/api/decide`, { id: paused.id, decisions });
  console.log(`answer: ${done.output}`);
  const again = await post(`${second.url}/api/decide`, { id: paused.id, decisions });
  console.log(`the same decisions again: ${again.error}`);
  second.server.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
