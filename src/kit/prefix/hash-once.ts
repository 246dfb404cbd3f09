import { canonicalJSON, hashText } from "../../core/hash.js";

/**
 * Each value's hash, computed once per owner (a history message) and reused while the value
 * is unchanged: a long run checks its whole prefix on every step, and hashing megabytes each
 * time made the check cost several times the request build it guards. "Unchanged" is proved,
 * not assumed: the value's tree is walked (keys, lengths and leaf values, no bytes hashed) and
 * compared with the walk of the value hashed before, `===` leaf by leaf, so an edit made in
 * place (a string replaced, a part pushed) is hashed again. A value holding anything but plain
 * JSON (bytes) is always hashed.
 */
export function hashOnce(
  owner: object | undefined,
  key: string,
  value: unknown,
  skip: ReadonlySet<string>,
): string {
  const leaves: unknown[] = [];
  const plain = owner !== undefined && walk(value, skip, leaves);
  const cached = plain ? HASHES.get(owner)?.get(key) : undefined;
  if (cached && same(cached.leaves, leaves)) return cached.hash;
  const hash = hashText(canonicalJSON(value, skip));
  if (plain) {
    const own = HASHES.get(owner) ?? new Map();
    HASHES.set(owner, own.set(key, { leaves, hash }));
  }
  return hash;
}

const HASHES = new WeakMap<object, Map<string, { leaves: unknown[]; hash: string }>>();
const ARRAY = Symbol();
const OBJECT = Symbol();
const END = Symbol();

/** Appends the tree of a JSON value to `out`, unambiguously; false on a non-JSON object. */
function walk(value: unknown, skip: ReadonlySet<string>, out: unknown[]): boolean {
  if (value === null || typeof value !== "object") {
    out.push(value);
    return true;
  }
  if (Array.isArray(value)) {
    out.push(ARRAY, value.length);
    for (let i = 0; i < value.length; i++) if (!walk(value[i], skip, out)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  out.push(OBJECT);
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || skip.has(key)) continue;
    out.push(key);
    if (!walk(v, skip, out)) return false;
  }
  out.push(END);
  return true;
}

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
