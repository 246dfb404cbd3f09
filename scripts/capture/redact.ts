/** What stands in for a secret in a cassette. */
export const REDACTED = "<redacted>";

/** Request headers whose values are secrets (docs/architecture.md, "Cassettes"). */
const SECRET_HEADERS = new Set([
  "authorization",
  "x-api-key",
  "x-goog-api-key",
  "api-key",
  "x-amz-security-token",
]);

/**
 * Request headers left out: they change on every request (SigV4 date, body hash) or with
 * every release (golem's `user-agent`, which replay does not check either).
 */
const VOLATILE_HEADERS = new Set(["x-amz-date", "x-amz-content-sha256", "user-agent"]);

/** Response headers worth keeping; everything else (cookies, org ids, rate-limit detail) goes. */
export const RESPONSE_HEADERS = new Set([
  "content-type",
  "request-id",
  "x-request-id",
  "apim-request-id",
  "x-amzn-requestid",
  "x-amzn-errortype",
  "retry-after",
  "retry-after-ms",
  "x-should-retry",
]);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const key = k.toLowerCase();
    if (VOLATILE_HEADERS.has(key)) continue;
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : v;
  }
  return out;
}

/** `key=` query values (Gemini's URL key) become `<redacted>`. */
export function redactURL(url: string): string {
  const u = new URL(url);
  if (u.searchParams.has("key")) u.searchParams.set("key", REDACTED);
  return u.toString().replace(encodeURIComponent(REDACTED), REDACTED);
}

/**
 * The last line of defence, over the whole cassette text: every secret value is replaced
 * wherever it appears, and (when asked) AWS account ids in ARNs become zeros.
 */
export function scrubText(text: string, secrets: readonly string[], accountIds: boolean): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  if (accountIds) out = out.replace(/(arn:aws[\w-]*:[\w-]+:[\w-]*:)\d{12}(:)/g, "$1000000000000$2");
  return out;
}
