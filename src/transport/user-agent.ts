import { VERSION } from "../core/version.js";

/** What golem calls itself in the `user-agent` header. */
export const USER_AGENT = `golem/${VERSION}`;

/**
 * The headers with golem's `user-agent` added, unless the caller set one or a browser sends
 * the request: a browser keeps its own (Chromium ignores the header) and, where it does send
 * it, a header the API's CORS rules do not list would fail the preflight. Node, Deno, Bun,
 * workerd and the edge runtimes take it.
 */
export function withUserAgent(headers: Record<string, string>): Record<string, string> {
  if (inBrowser()) return headers;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === "user-agent") return headers;
  }
  return { ...headers, "user-agent": USER_AGENT };
}

/** A page (it has a `document`) or a browser worker (it has `importScripts`). */
function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; importScripts?: unknown };
  return scope.document !== undefined || typeof scope.importScripts === "function";
}
