/**
 * An agent whose tools may wait for approval, served from a plain Node `http` server as JSON:
 * `POST /api/agent` `{ prompt }` runs it and answers `{ id, output }`, or `{ id, pending }`
 * when it paused; `POST /api/decide` `{ id, decisions }` resumes the paused run `id` with the
 * decisions. Each run checkpoints into `store` under its id, so the paused run waits there (in
 * a file, across restarts) and the browser holds only the id. For a streamed version of the
 * same routes, see docs/sse.md, "Approvals".
 */
import { createServer, type Server } from "node:http";
import { text } from "node:stream/consumers";
import {
  type Agent,
  HistoryError,
  type RunCheckpoint,
  type RunResult,
  runEvidenceOf,
  type ToolDecisions,
} from "golem";
import type { CheckpointStore } from "./stores.js";

export function approvalServer(agent: Agent, store: CheckpointStore): Server {
  return createServer(async (req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

    /** Runs `go` as run `id` and answers with its outcome. */
    const answer = async (
      id: string,
      go: (checkpoint: (run: RunCheckpoint) => Promise<void>) => Promise<RunResult>,
    ) => {
      try {
        const result = await go(store.keep(id));
        send(200, result.pending ? { id, pending: result.pending } : { id, output: result.output });
      } catch (err) {
        // A failed run keeps its work: store it, so the run can be looked at and resumed
        // (decisions that did not match were refused before anything ran: it waits again).
        const run = runEvidenceOf(err);
        if (run) await store.keep(id)(run);
        if (err instanceof HistoryError) return send(409, { id, error: err.message });
        console.error(err);
        send(500, { id, error: "the run failed on the server" });
      }
    };

    let body: { prompt?: unknown; id?: unknown; decisions?: unknown };
    try {
      body = JSON.parse(await text(req));
    } catch {
      return send(400, { error: "the body is not JSON" });
    }
    if (req.method === "POST" && req.url === "/api/agent") {
      const prompt = String(body.prompt);
      return answer(crypto.randomUUID(), (checkpoint) => agent.run(prompt, { checkpoint }));
    }
    if (req.method === "POST" && req.url === "/api/decide") {
      const id = String(body.id);
      // Taken out of the store: the same decisions posted twice cannot run a tool twice.
      const history = await store.take(id);
      if (!history) return send(404, { error: `no paused run ${id}` });
      const decisions = body.decisions as ToolDecisions;
      return answer(id, (checkpoint) => agent.resume(history, decisions, { checkpoint }));
    }
    send(404, { error: "no such route" });
  });
}
