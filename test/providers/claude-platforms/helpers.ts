/**
 * What the Claude platform tests (anthropic-aws, anthropic-bedrock, anthropic-foundry,
 * anthropic-google-cloud) share: the request and answer they exchange, AWS's example keys, a
 * loopback server per test, and the 401 that quotes the credential it got.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach } from "vitest";
import { type Handler, type Loopback, startServer } from "../../transport/loopback.js";

/** AWS's documentation example credentials, not a real key. */
export const KEYS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};

/** {@link KEYS} with a session token, which a 4xx body must never quote back to the caller. */
export const SESSION = { ...KEYS, sessionToken: "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN" };

/** The one-message request every test sends. */
export const HI = { messages: [{ role: "user" as const, content: "Hi" }] };

/** A Messages API answer saying "Hi!", under the message id `id`. */
export const answer = (id = "msg_01") => ({
  id,
  type: "message",
  role: "assistant",
  content: [{ type: "text", text: "Hi!" }],
  stop_reason: "end_turn",
  usage: { input_tokens: 3, output_tokens: 2 },
});

/** A handler answering 200 with `body` as JSON. */
export const jsonReply =
  (body: unknown): Handler =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

/** A 401 that quotes the request's `header` back: the value must not reach the error. */
export const unauthorizedQuoting =
  (header: string): Handler =>
  (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(401, { "content-type": "application/json" });
    const message = `expired: ${String(req.headers[header] ?? "")}`;
    res.end(JSON.stringify({ type: "error", error: { type: "authentication_error", message } }));
  };

/** AWS's front end on expired credentials: a 403, the type in a header, quoting the token. */
export const expiredToken: Handler = (req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(403, {
    "content-type": "application/json",
    "x-amzn-errortype": "ExpiredTokenException:http://internal.amazon.com/coral/com.amazon.coral/",
  });
  const token = String(req.headers["x-amz-security-token"] ?? "");
  res.end(JSON.stringify({ message: `The security token ${token} is expired` }));
};

/**
 * A loopback server per test, closed after it: `serve` starts it and returns its origin plus
 * `basePath` (the platform's path up to `/v1`), `server` is the one running.
 */
export function useLoopback(basePath: string) {
  const state: { server: Loopback | undefined } = { server: undefined };
  afterEach(async () => {
    await state.server?.close();
    state.server = undefined;
  });
  return {
    get server() {
      return state.server;
    },
    async serve(handlers: Handler | Handler[]): Promise<string> {
      state.server = await startServer(handlers);
      return `${new URL(state.server.url).origin}${basePath}`;
    },
  };
}

/**
 * A Claude platform's test server (see {@link useLoopback}) with its two answers: `ok`, and
 * `unauthorized`, a 401 that quotes back the request's `credentialHeader`.
 */
export function usePlatformServer(basePath: string, credentialHeader: string) {
  const lb = useLoopback(basePath);
  return {
    lb,
    serve: lb.serve,
    ok: jsonReply(answer()),
    unauthorized: unauthorizedQuoting(credentialHeader),
  };
}
