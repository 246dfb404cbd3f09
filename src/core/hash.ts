/**
 * A fast synchronous 53-bit hash of text (cyrb53's mixing: two 32-bit lanes with Math.imul),
 * written as base 36. The prefix check is an integrity check against accidental edits, not
 * a defence against an adversary, so a cryptographic hash (async `crypto.subtle`, ~10x the
 * cost) buys nothing here.
 */
export function hashText(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * JSON with every object's keys sorted and the keys in `skip` left out at every depth, so two
 * values that mean the same to a provider (key order aside, cache markers aside) give the same
 * text.
 */
export function canonicalJSON(value: unknown, skip: ReadonlySet<string>): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      out += `${i > 0 ? "," : ""}${canonicalJSON(value[i], skip)}`;
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = "{";
  let first = true;
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined || skip.has(key)) continue;
    out += `${first ? "" : ","}${JSON.stringify(key)}:${canonicalJSON(v, skip)}`;
    first = false;
  }
  return `${out}}`;
}
