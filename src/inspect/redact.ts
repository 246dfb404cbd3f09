import { redactHeaders, redactURL, scrubText, secretsOf } from "../testing/redact.js";

/**
 * The recorder's redaction rules (golem/testing), applied to what the page shows: a request's
 * secret headers and query values become `<redacted>`, and every text shown is scrubbed of the
 * keys and tokens any request of the input carried, and of bearer tokens.
 */
export interface Redactor {
  /** A text with every known secret and bearer token replaced by `<redacted>`. */
  text(value: string): string;
  /** Request headers as the recorder keeps them (secret ones `<redacted>`). */
  headers(headers: Record<string, string>): Record<string, string>;
  /** A URL with secret query values `<redacted>`. */
  url(url: string): string;
}

/** A redactor that knows the secrets of `requests` (their URLs and headers). */
export function createRedactor(
  requests: readonly { url: string; headers: Record<string, string> }[] = [],
): Redactor {
  const secrets = [...new Set(requests.flatMap((r) => secretsOf(r.url, r.headers)))];
  const text = (value: string) => scrubText(value, secrets);
  return {
    text,
    headers: (headers) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(redactHeaders(headers))) out[k] = text(v);
      return out;
    },
    url: (url) => text(redactURL(url)),
  };
}
