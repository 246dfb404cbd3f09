/**
 * What the recorder removes from a cassette: secret request headers and query values, the
 * values of every key and token seen in use, bearer tokens, optionally AWS account ids, and
 * the caller's own patterns. Pure string functions, so the rules are tested one by one.
 */

/** What stands in for a secret in a cassette. */
export const REDACTED = "<redacted>";

/** Request headers whose values are secrets. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
  "authorization",
  "x-api-key",
  "x-goog-api-key",
  "api-key",
  "x-amz-security-token",
]);

/** Request headers left out: they change on every request (SigV4 date, body hash). */
const VOLATILE_HEADERS = new Set(["x-amz-date", "x-amz-content-sha256", "user-agent"]);

/** Query parameters whose values are secrets: Gemini's `key`, a presigned SigV4 URL's. */
const SECRET_QUERY = ["key", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token"];

/** Query parameters left as `<redacted>` because they change on every request. */
const VOLATILE_QUERY = ["X-Amz-Date"];

/** Response headers worth keeping; everything else (cookies, org ids, rate-limit detail) goes. */
export const RESPONSE_HEADERS: ReadonlySet<string> = new Set([
  "content-type",
  "request-id",
  "x-request-id",
  "apim-request-id",
  "x-amzn-requestid",
  "x-amzn-errortype",
  "retry-after",
  "retry-after-ms",
  "x-should-retry",
  // Cohere's request trace id, which golem reports as the request id.
  "x-debug-trace-id",
]);

/** Shorter values are not searched for: they would match ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/** Request headers with secrets replaced and volatile ones left out; names lowercased. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const key = k.toLowerCase();
    if (VOLATILE_HEADERS.has(key)) continue;
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : v;
  }
  return out;
}

/** The URL with secret and volatile query values replaced by `<redacted>`. */
export function redactURL(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const name of [...SECRET_QUERY, ...VOLATILE_QUERY]) {
    if (!u.searchParams.has(name)) continue;
    u.searchParams.set(name, REDACTED);
    changed = true;
  }
  return changed ? u.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED) : url;
}

/**
 * The keys and tokens a request carries (header values, the bearer token, a SigV4 access key
 * id, secret query values), so the recorder can search the whole cassette for them.
 */
export function secretsOf(url: string, headers: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [k, v] of Object.entries(headers)) {
    if (!SECRET_HEADERS.has(k.toLowerCase())) continue;
    found.push(v);
    const bearer = /^Bearer\s+(\S+)/i.exec(v)?.[1];
    if (bearer) found.push(bearer);
    const credential = /Credential=([^/,\s]+)/.exec(v)?.[1];
    if (credential) found.push(credential);
  }
  try {
    const params = new URL(url).searchParams;
    for (const name of SECRET_QUERY) {
      const value = params.get(name);
      if (value) found.push(value, ...(/^([^/]+)\//.exec(value)?.slice(1) ?? []));
    }
  } catch {
    // Not a URL: nothing to take from it.
  }
  return found.filter((s) => s.length >= MIN_SECRET_LENGTH);
}

/** How a text is scrubbed, beyond the secrets themselves. */
export interface ScrubRules {
  /** Zero the 12-digit AWS account id in ARNs. */
  accountIds?: boolean | undefined;
  /** The caller's patterns: each match becomes `<redacted>` (a RegExp needs the `g` flag). */
  patterns?: readonly (string | RegExp)[] | undefined;
}

/**
 * The last line of defence, over a whole cassette's JSON text: every secret (as written, as
 * JSON escapes it, as a URL encodes it) becomes `<redacted>`, as does any bearer token, then
 * the caller's patterns; AWS account ids in ARNs become zeros when asked.
 */
export function scrubText(
  text: string,
  secrets: readonly string[],
  rules: ScrubRules = {},
): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of new Set([secret, escapeJSON(secret), encodeURIComponent(secret)])) {
      out = out.split(form).join(REDACTED);
    }
  }
  out = out.replace(/(\bBearer\s+)(?!<redacted>)[A-Za-z0-9._~+/=-]{8,}/gi, `$1${REDACTED}`);
  for (const pattern of rules.patterns ?? []) {
    out =
      typeof pattern === "string"
        ? out.split(pattern).join(REDACTED)
        : out.replace(globalOf(pattern), REDACTED);
  }
  if (rules.accountIds) {
    out = out.replace(/(arn:aws[\w-]*:[\w-]+:[\w-]*:)\d{12}(:)/g, "$1000000000000$2");
  }
  return out;
}

/** Whether any secret still appears in the text, in any of the forms {@link scrubText} removes. */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some(
    (s) =>
      s.length >= MIN_SECRET_LENGTH &&
      (text.includes(s) || text.includes(escapeJSON(s)) || text.includes(encodeURIComponent(s))),
  );
}

/** The pattern with the `g` flag, so every match is replaced, not only the first. */
function globalOf(pattern: RegExp): RegExp {
  return pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
}

function escapeJSON(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}
