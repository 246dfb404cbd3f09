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
  const cached = owner && HASHES.get(owner)?.get(key);
  if (cached && hasTree(value, cached.leaves, skip)) return cached.hash;
  const hash = hashText(canonicalJSON(value, skip));
  const leaves = owner && treeOf(value, skip);
  if (leaves)
    HASHES.set(
      owner as object,
      (HASHES.get(owner as object) ?? new Map()).set(key, { leaves, hash }),
    );
  return hash;
}

/**
 * The tree of a JSON value (keys, lengths and leaf values, `skip` keys left out), to compare
 * `===` leaf by leaf; `undefined` when it holds anything but plain JSON.
 */
export function treeOf(value: unknown, skip = NONE): unknown[] | undefined {
  tree = [];
  at = -1;
  return walk(value, skip) ? tree : undefined;
}

/** Whether `value`'s tree is `leaves` (of {@link treeOf}), walked without building another. */
export function hasTree(value: unknown, leaves: readonly unknown[], skip = NONE): boolean {
  return same(value, leaves, 0, skip.size === 0 ? undefined : skip) === leaves.length;
}

const NONE: ReadonlySet<string> = new Set();
const HASHES = new WeakMap<object, Map<string, { leaves: unknown[]; hash: string }>>();
const ARRAY = Symbol();
const OBJECT = Symbol();
const END = Symbol();

// What `walk` builds (`at` < 0), or compares each entry with from `at` on: one walk at a time.
let tree: unknown[] = [];
let at = -1;
const put = (entry: unknown) => (at < 0 ? tree.push(entry) > 0 : tree[at++] === entry);

/**
 * The tree of a JSON value, unambiguously, entry by entry (`put`); false on a non-JSON object,
 * or at the first entry that differs from the tree compared with.
 */
function walk(value: unknown, skip: ReadonlySet<string>): boolean {
  if (value === null || typeof value !== "object") return put(value);
  if (Array.isArray(value)) {
    if (!put(ARRAY) || !put(value.length)) return false;
    for (let i = 0; i < value.length; i++) if (!walk(value[i], skip)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || !put(OBJECT)) return false;
  // `for in`, not `Object.keys`: no array per object, and a plain object inherits no keys.
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined && !skip.has(key) && (!put(key) || !walk(v, skip))) return false;
  }
  return put(END);
}

/**
 * {@link walk}'s comparison, by itself: the index in `leaves` after `value`'s tree, or -1 at
 * the first entry that differs. It runs over every message a server-held step keeps, so it
 * takes no closure and no set lookup where nothing is skipped.
 */
function same(
  value: unknown,
  leaves: readonly unknown[],
  i: number,
  skip: ReadonlySet<string> | undefined,
): number {
  if (value === null || typeof value !== "object") return leaves[i] === value ? i + 1 : -1;
  if (Array.isArray(value)) {
    if (leaves[i] !== ARRAY || leaves[i + 1] !== value.length) return -1;
    let k = i + 2;
    for (let j = 0; j < value.length && k >= 0; j++) k = same(value[j], leaves, k, skip);
    return k;
  }
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || leaves[i] !== OBJECT) return -1;
  let k = i + 1;
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || skip?.has(key)) continue;
    if (leaves[k] !== key) return -1;
    k = same(v, leaves, k + 1, skip);
    if (k < 0) return -1;
  }
  return leaves[k] === END ? k + 1 : -1;
}
