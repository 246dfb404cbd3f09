import { describe, expect, it } from "vitest";
import {
  Agent,
  parseHistory,
  type RunCheckpoint,
  type RunEvent,
  serializeHistory,
  type ToolDecisions,
} from "../../src/index.js";
import { eventStreamResponse, readRunStream } from "../../src/sse/index.js";
import { answer, call, callTools, ScriptedModel, sendMailTool } from "../agent/scripted-model.js";

/**
 * An approval through golem/sse: the server's paused run reaches the browser as a `pause`
 * event and a result with `pending`; the browser posts its decisions back, and the server
 * resumes the stored run and streams the rest (the recipe of docs/sse.md, "Approvals").
 */

const ran: string[] = [];
const sendMail = sendMailTool((to) => ran.push(to));

/**
 * The server of the recipe: each run checkpoints under its id (stored before the pause event
 * goes out); a decision resumes the stored run.
 */
function server(model: ScriptedModel) {
  const agent = new Agent({ model, tools: [sendMail] });
  const runs = new Map<string, string>();
  const keep = (id: string) => (run: RunCheckpoint) => {
    runs.set(id, serializeHistory(run.messages));
  };
  return {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const signal = request.signal;
      if (url.pathname === "/api/agent") {
        const { prompt } = (await request.json()) as { prompt: string };
        const id = crypto.randomUUID();
        const run = agent.runStream(prompt, { signal, checkpoint: keep(id) });
        return eventStreamResponse(run, { headers: { "x-run-id": id } });
      }
      const { id, decisions } = (await request.json()) as { id: string; decisions: ToolDecisions };
      const stored = runs.get(id);
      if (stored === undefined) return new Response("no such run", { status: 404 });
      // Taken before the run starts, so a second post cannot run the tools again.
      runs.delete(id);
      const history = parseHistory(stored);
      const run = agent.resumeStream(history, decisions, { signal, checkpoint: keep(id) });
      return eventStreamResponse(run, { headers: { "x-run-id": id } });
    },
  };
}

const post = (path: string, body: unknown) =>
  new Request(`https://app.example${path}`, { method: "POST", body: JSON.stringify(body) });

describe("golem/sse: a run that pauses for approval", () => {
  it("reaches the browser as a pause event and pending calls; the posted decisions resume it", async () => {
    ran.length = 0;
    const model = new ScriptedModel([
      callTools([call("c1", "send_mail", { to: "ann" })]),
      answer("Mailed Ann."),
    ]);
    const app = server(model);

    const first = await app.fetch(post("/api/agent", { prompt: "Mail Ann." }));
    const id = first.headers.get("x-run-id");
    const read = readRunStream(first);
    const events: RunEvent[] = [];
    for await (const e of read) events.push(e);
    const pause = events.at(-1);
    expect(pause).toEqual({
      type: "pause",
      step: 1,
      pending: [{ type: "tool-call", id: "c1", name: "send_mail", arguments: '{"to":"ann"}' }],
    });
    const result = await read.result;
    expect(result.pending).toEqual(pause?.type === "pause" ? pause.pending : undefined);
    expect(ran).toEqual([]);

    const decisions = { c1: true };
    const second = await app.fetch(post("/api/decide", { id, decisions }));
    const resumed = readRunStream(second);
    const later: RunEvent[] = [];
    for await (const e of resumed) later.push(e);
    expect((await resumed.result).output).toBe("Mailed Ann.");
    expect(later.map((e) => e.type)).toEqual(["tool-result", "message", "delta", "message"]);
    expect(ran).toEqual(["ann"]);

    // The finished run's checkpoint holds its answer: the same decisions again are refused
    // (a HistoryError on the server, an error event in the browser) and run nothing.
    const again = readRunStream(await app.fetch(post("/api/decide", { id, decisions })));
    const refused = await again.result.catch((e: unknown) => e);
    expect(refused).toMatchObject({ errorName: "HistoryError" });
    expect(ran).toEqual(["ann"]);
  });
});
