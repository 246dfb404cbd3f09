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
  const tree: unknown[] = [];
  return walk(value, skip.size ? skip : undefined, tree, 0, true) < 0 ? undefined : tree;
}

/** Whether `value`'s tree is `leaves` (of {@link treeOf}), walked without building another. */
export function hasTree(value: unknown, leaves: readonly unknown[], skip = NONE): boolean {
  const at = walk(value, skip.size ? skip : undefined, leaves as unknown[], 0, false);
  return at === leaves.length;
}

/**
 * `value` (a prefix record golem made) deep-frozen and known as such: a walk takes it as one
 * leaf, itself, since it cannot change in place. A server-held step compares every message it
 * keeps, and a record is most of an assistant message's tree.
 */
export function sealed<T extends object>(value: T): T {
  freeze(value);
  SEALED.add(value);
  return value;
}

function freeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key in value) freeze((value as Record<string, unknown>)[key]);
}

const SEALED = new WeakSet<object>();
const NONE: ReadonlySet<string> = new Set();
const HASHES = new WeakMap<object, Map<string, { leaves: unknown[]; hash: string }>>();
const ARRAY = Symbol();
const OBJECT = Symbol();
const END = Symbol();

/** `entry` at `i` of `tree`, appended (`build`) or compared: the next index, or -1 if it differs. */
const put = (tree: unknown[], i: number, entry: unknown, build: boolean): number =>
  build ? tree.push(entry) : tree[i] === entry ? i + 1 : -1;

/**
 * The tree of a JSON value, unambiguously, entry by entry from index `i` of `tree` (built, or
 * compared with): the index after it, or -1 on a non-JSON object or at the first entry that
 * differs. A server-held step compares every message it keeps with this, so it takes no
 * closure and no set lookup where nothing is skipped.
 */
function walk(
  value: unknown,
  skip: ReadonlySet<string> | undefined,
  tree: unknown[],
  i: number,
  build: boolean,
): number {
  if (value === null || typeof value !== "object" || SEALED.has(value)) {
    return put(tree, i, value, build);
  }
  if (Array.isArray(value)) {
    let k = put(tree, i, ARRAY, build);
    if (k >= 0) k = put(tree, k, value.length, build);
    for (let j = 0; j < value.length && k >= 0; j++) k = walk(value[j], skip, tree, k, build);
    return k;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return -1;
  let k = put(tree, i, OBJECT, build);
  // `for in`, not `Object.keys`: no array per object, and a plain object inherits no keys.
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (k < 0) return -1;
    if (v === undefined || skip?.has(key)) continue;
    k = put(tree, k, key, build);
    if (k >= 0) k = walk(v, skip, tree, k, build);
  }
  return k < 0 ? -1 : put(tree, k, END, build);
}
