/**
 * An agent served to a browser from a plain Node `http` server: `POST /api/agent` with
 * `{ prompt, history? }` answers with the run as server-sent events (golem/sse), which the
 * browser reads with `readRunStream`. The client leaving cancels the run.
 */
import { createServer, type Server } from "node:http";
import { text } from "node:stream/consumers";
import { type Agent, type Message, parseHistory } from "golem";
import { defaultErrorEvent, eventStreamResponse } from "golem/sse";
import { clientGone, sendResponse } from "./send.js";

/** A server for `agent`'s runs; `log` hears every error that ends a run (its whole self). */
export function agentServer(agent: Agent, log: (err: unknown) => void = console.error): Server {
  return createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/api/agent") {
      res.writeHead(404).end();
      return;
    }
    let prompt: string;
    let history: Message[];
    try {
      const body = JSON.parse(await text(req)) as { prompt: string; history?: unknown };
      prompt = body.prompt;
      // A history from the browser is checked like any stored one (a HistoryError if malformed).
      history = body.history === undefined ? [] : parseHistory(body.history);
    } catch (err) {
      res.writeHead(400, { "content-type": "text/plain" }).end(`bad request: ${String(err)}`);
      return;
    }
    const run = agent.runStream(prompt, { history, signal: clientGone(res) });
    const response = eventStreamResponse(run, {
      // The browser sees the error's class, status and type; the server logs the rest.
      errorEvent: (err) => {
        log(err);
        return defaultErrorEvent(err);
      },
    });
    await sendResponse(response, res);
  });
}
