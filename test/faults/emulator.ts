import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * How the emulator answers one request. The default is a plain answer: status, headers, the
 * chunks written one by one (`dripMs` apart), then the response ends. Faults are the knobs.
 */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  chunks?: readonly Uint8Array[];
  /** Wait this long before the status line (a slow first byte). */
  delayMs?: number;
  /** Wait this long between two chunks (a slow drip). */
  dripMs?: number;
  /** Never answer: the client must time out or abort. */
  silent?: boolean;
  /** Destroy the socket as soon as the request has arrived, before any byte of an answer. */
  resetBeforeHeaders?: boolean;
  /**
   * After the chunks: `end` the response (default), `reset` the socket (once the chunks are
   * on the wire), or `hang`: keep the response open, so only the client can close it.
   */
  after?: "end" | "reset" | "hang";
}

/**
 * How one request's exchange ended, from the server's side: it `finished` its answer, the
 * client `closed` the connection first (cancelled body, abort, timeout), the emulator `reset`
 * it on purpose, or it was still open when the emulator shut down (`open`: a leak).
 */
export type Outcome = "finished" | "closed" | "reset" | "open";

/** One request as the emulator saw it. */
export interface Seen {
  method: string;
  /** The path after the route prefix, with the query. */
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** Settles once the exchange is over, however it ended. */
  outcome: Promise<Outcome>;
  /** Resolves when the first body chunk (or the error status line) has been written. */
  started: Promise<void>;
}

/** A script of answers under its own URL prefix: request i gets answers[i]. */
export interface Route {
  /** Use as `baseURL` (or Azure's `endpoint`). */
  url: string;
  seen: Seen[];
  /** Resolves when request number `n` (0-based) has arrived. */
  arrived(n: number): Promise<Seen>;
  /** Every exchange's outcome, waiting at most `ms` for exchanges still running. */
  outcomes(ms?: number): Promise<(Outcome | "still running")[]>;
}

export interface Emulator {
  url: string;
  route(answers: readonly Answer[]): Route;
  /** Requests that matched no route or came after a route's last answer. */
  unexpected: string[];
  close(): Promise<void>;
}

/**
 * A loopback provider emulator on 127.0.0.1 (port 0). Each test scripts a route; the route's
 * i-th request gets the i-th answer, its chunks written one by one with real socket writes.
 */
export async function startEmulator(): Promise<Emulator> {
  const routes = new Map<string, RouteState>();
  const unexpected: string[] = [];
  const live = new Set<() => void>();
  let nextId = 0;
  let closing = false;

  const server = createServer((req, res) => {
    const match = /^\/r\/(\d+)(\/.*)?$/.exec(req.url ?? "");
    const route = match ? routes.get(match[1] as string) : undefined;
    const n = route ? route.seen.length : -1;
    const answer = route?.answers[n];
    if (!route || !answer) {
      unexpected.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(418, { "content-type": "text/plain" }).end("emulator: unexpected request");
      return;
    }
    const started = deferred<void>();
    const outcome = deferred<Outcome>();
    const seen: Seen = {
      method: req.method ?? "",
      path: match?.[2] ?? "/",
      headers: req.headers,
      body: "",
      outcome: outcome.promise,
      started: started.promise,
    };
    route.seen.push(seen);
    let resetting = false;
    const markOpen = () => outcome.resolve("open");
    live.add(markOpen);
    res.on("close", () => {
      live.delete(markOpen);
      if (closing) outcome.resolve("open");
      else if (resetting) outcome.resolve("reset");
      else outcome.resolve(res.writableFinished ? "finished" : "closed");
    });
    const parts: Buffer[] = [];
    req.on("data", (b: Buffer) => parts.push(b));
    req.on("end", () => {
      seen.body = Buffer.concat(parts).toString("utf8");
      route.ready(n).resolve(seen);
      play(res, answer, started.resolve, () => {
        resetting = true;
      }).catch(() => {});
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    unexpected,
    route(answers) {
      const id = String(nextId++);
      const state = new RouteState(answers);
      routes.set(id, state);
      return {
        url: `${url}/r/${id}`,
        seen: state.seen,
        arrived: (n) => state.ready(n).promise,
        outcomes: (ms = 2000) =>
          Promise.all(
            state.seen.map((s) =>
              Promise.race([s.outcome, wait(ms).then(() => "still running" as const)]),
            ),
          ),
      };
    },
    close() {
      closing = true;
      for (const mark of live) mark();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

class RouteState {
  seen: Seen[] = [];
  #ready = new Map<number, ReturnType<typeof deferred<Seen>>>();
  constructor(readonly answers: readonly Answer[]) {}
  ready(n: number) {
    let d = this.#ready.get(n);
    if (!d) {
      d = deferred<Seen>();
      this.#ready.set(n, d);
    }
    return d;
  }
}

async function play(
  res: ServerResponse,
  answer: Answer,
  started: () => void,
  resetting: () => void,
): Promise<void> {
  const gone = () => res.destroyed || res.socket === null;
  if (answer.resetBeforeHeaders) {
    resetting();
    res.socket?.destroy();
    return;
  }
  if (answer.silent) return;
  if (answer.delayMs) await wait(answer.delayMs);
  if (gone()) return;
  res.writeHead(answer.status ?? 200, answer.headers ?? {});
  res.flushHeaders();
  const chunks = answer.chunks ?? [];
  if (chunks.length === 0) started();
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0 && answer.dripMs) await wait(answer.dripMs);
    if (gone()) return;
    await new Promise<void>((resolve) => res.write(chunk, () => resolve()));
    if (i === 0) started();
  }
  if (gone()) return;
  const after = answer.after ?? "end";
  if (after === "end") res.end();
  else if (after === "reset") {
    // Let the client read what was written before the connection goes away.
    await wait(30);
    resetting();
    res.socket?.destroy();
  }
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
