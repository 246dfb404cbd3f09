import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the loopback server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** Resolves true when the connection closed before the response was finished. */
  closedEarly: Promise<boolean>;
}

/** Answers request number `n` (0-based). */
export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

export interface Loopback {
  url: string;
  requests: SeenRequest[];
  /** Resolves when request number `n` (0-based) has arrived. */
  arrived(n: number): Promise<SeenRequest>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (port 0). Request n gets handlers[n], or the last handler
 * once they run out; the request body is read before the handler runs.
 */
export async function startServer(handlers: Handler | Handler[]): Promise<Loopback> {
  const list = Array.isArray(handlers) ? handlers : [handlers];
  const requests: SeenRequest[] = [];
  const ready = new Map<number, ReturnType<typeof deferred<SeenRequest>>>();
  const readyAt = (n: number) => {
    let d = ready.get(n);
    if (!d) {
      d = deferred<SeenRequest>();
      ready.set(n, d);
    }
    return d;
  };
  const server = createServer((req, res) => {
    const n = requests.length;
    const closedEarly = new Promise<boolean>((resolve) =>
      res.on("close", () => resolve(!res.writableFinished)),
    );
    const seen: SeenRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: "",
      closedEarly,
    };
    requests.push(seen);
    const parts: Buffer[] = [];
    req.on("data", (b: Buffer) => parts.push(b));
    req.on("end", () => {
      seen.body = Buffer.concat(parts).toString("utf8");
      readyAt(n).resolve(seen);
      const handler = list[Math.min(n, list.length - 1)];
      handler?.(req, res, n);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    requests,
    arrived: (n) => readyAt(n).promise,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A handler that answers with a status, headers and a body at once. */
export function reply(status: number, body = "", headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body);
  };
}

/** A handler that sends the headers and the start of a JSON body, then nothing more. */
export function unfinished(status: number, start: string): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.write(start);
  };
}

/** A handler that never answers (the test times out or aborts). */
export const silence: Handler = () => {};

/** A URL on 127.0.0.1 where nothing listens: the port was taken, then freed. */
export async function closedPortURL(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1/messages`;
}

/** A promise plus the function that resolves it. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
