import { isObjectLike } from "../core/issue.js";

/** What stands in for a secret wherever one would have appeared. */
export const REDACTED = "<redacted>";

/**
 * Replaces every occurrence of each secret in `text`. Used on error bodies before they are
 * parsed, so no provider echo of a key can reach an error's message, `body` or stack.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings would blank out ordinary words; real keys and tokens are long.
    if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * Scrubs every secret out of an error in place, down its `cause` chain: `message`, `stack`
 * and a `body` (strings anywhere inside it). Errors are built from what a server sent (an
 * error event, a quoted body, a `JSON.parse` complaint that quotes the text), and a server or
 * proxy may echo a key back. Returns the same error.
 */
export function redactError<E>(error: E, secrets: readonly string[]): E {
  const live = secrets.filter((s) => s.length >= 8);
  if (live.length === 0) return error;
  const seen = new Set<unknown>();
  for (let e: unknown = error; isObjectLike(e) && !seen.has(e); ) {
    seen.add(e);
    const err = e as { message?: unknown; stack?: unknown; body?: unknown; cause?: unknown };
    if (typeof err.message === "string") replace(err, "message", redactSecrets(err.message, live));
    if (typeof err.stack === "string") replace(err, "stack", redactSecrets(err.stack, live));
    if (err.body !== undefined) replace(err, "body", redactValue(err.body, live));
    e = err.cause;
  }
  return error;
}

/** A copy of JSON-like data with every secret scrubbed from its strings (keys included). */
function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets));
  if (!isObjectLike(value)) return value;
  // fromEntries defines own properties, so a "__proto__" key stays a key.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [redactSecrets(k, secrets), redactValue(v, secrets)]),
  );
}

function replace(target: object, key: string, value: unknown): void {
  if ((target as Record<string, unknown>)[key] === value) return;
  try {
    Object.defineProperty(target, key, { value, writable: true, configurable: true });
  } catch {
    // A frozen or exotic error (a DOMException's message): it carries no server text anyway.
  }
}
