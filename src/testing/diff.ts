const MAX_DIFFS = 20;

/**
 * The differences between two JSON values, one line each, by path
 * (`$.messages[1].content[0].signature: expected "…", got "…"`). Key order is ignored;
 * strings are compared exactly, so a signature that differs in one byte shows.
 */
export function diffJSON(expected: unknown, actual: unknown, path = "$"): string[] {
  const out: string[] = [];
  walk(expected, actual, path, out);
  return out;
}

function walk(e: unknown, a: unknown, path: string, out: string[]): void {
  if (out.length >= MAX_DIFFS) return;
  if (Object.is(e, a)) return;
  if (Array.isArray(e) && Array.isArray(a)) {
    if (e.length !== a.length) out.push(`${path}: expected ${e.length} items, got ${a.length}`);
    for (let i = 0; i < Math.min(e.length, a.length); i++) walk(e[i], a[i], `${path}[${i}]`, out);
    return;
  }
  if (isObject(e) && isObject(a)) {
    for (const key of Object.keys(e)) {
      if (!(key in a)) out.push(`${path}.${key}: missing (expected ${show(e[key])})`);
      else walk(e[key], a[key], `${path}.${key}`, out);
    }
    for (const key of Object.keys(a)) {
      if (!(key in e)) out.push(`${path}.${key}: unexpected ${show(a[key])}`);
    }
    return;
  }
  out.push(`${path}: expected ${show(e)}, got ${show(a)}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
