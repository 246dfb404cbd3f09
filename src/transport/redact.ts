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
