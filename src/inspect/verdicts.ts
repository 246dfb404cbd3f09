/**
 * The prefix guard's verdict on each signed turn for a next request to a named provider: the
 * guard itself (`guardPrefix`, what `generate` runs before sending) over the body golem's own
 * builder makes for that provider: once for the whole history and, when it refuses, a few more
 * runs with only some turns' records kept (so refused turns get their own first difference).
 */
import { HistoryError } from "../core/errors.js";
import { partsOf } from "../core/parts.js";
import type { Message } from "../core/types.js";
import { guardPrefix } from "../kit/prefix/guard.js";
import { type NextRequest, nextModelRequest, type PrefixTarget } from "./next-request.js";
import type { Verdict } from "./view.js";

/** Who the next request goes to. */
export interface Target {
  provider: string;
  model: string;
  /** Its wire's prefix check, when it has one. */
  prefix: PrefixTarget | undefined;
}

/** The history index of the message a history path names (`messages.3.content.0` -> 3). */
function indexOfPath(path: string | undefined): number | undefined {
  const m = /^messages\.(\d+)/.exec(path ?? "");
  return m ? Number(m[1]) : undefined;
}

/** Whether a message carries another provider's signed evidence, which golem leaves out. */
function foreignEvidence(m: Message, provider: string): string | undefined {
  for (const p of partsOf(m)) {
    const own = "provider" in p ? p.provider : undefined;
    const signed =
      (p.type === "thinking" && (p.signature !== undefined || p.redacted !== undefined)) ||
      ((p.type === "text" || p.type === "tool-call") && p.signature !== undefined);
    if (signed && own !== undefined && own !== provider) return own;
  }
  return undefined;
}

/**
 * A verdict for every assistant turn of `history` that carries a prefix record or signed
 * parts, by history index. `signed` says which turns those are.
 */
export function prefixVerdicts(
  history: readonly Message[],
  signed: ReadonlySet<number>,
  target: Target,
): Map<number, Verdict> {
  const out = new Map<number, Verdict>();
  const guarded: number[] = [];
  for (const h of signed) {
    const m = history[h] as Message;
    const foreign = foreignEvidence(m, target.provider);
    if (foreign !== undefined) {
      out.set(h, {
        outcome: "dropped",
        reason: `signed by ${foreign}: golem leaves another provider's reasoning and signatures out of a request to ${target.provider}`,
      });
    } else if (!target.prefix || m.prefix?.wire !== target.prefix.wire) {
      const why = target.prefix
        ? m.prefix
          ? `its record is for the ${m.prefix.wire} wire, not ${target.prefix.wire}`
          : "it carries no prefix record"
        : `${target.provider} has no prefix check`;
      out.set(h, { outcome: "kept", reason: `sent as it is (${why})` });
    } else if (!target.prefix.binds(target.model)) {
      out.set(h, {
        outcome: "kept",
        reason: `${target.model} does not bind reasoning to its prefix: the guard is off`,
      });
    } else {
      guarded.push(h);
    }
  }
  if (guarded.length === 0 || !target.prefix) return out;
  const prefix = target.prefix;
  let built: NextRequest;
  try {
    built = prefix.build(nextModelRequest(history), target.provider, target.model);
  } catch (err) {
    const reason = `golem cannot build the next request: ${(err as Error).message}`;
    for (const h of guarded) out.set(h, { outcome: "unknown", reason });
    return out;
  }
  // Checks the history with only the records of `keep` left: the guard then checks only those.
  const only = (keep: (h: number) => boolean) =>
    check(
      built,
      history.map((m, i) => (m.prefix === undefined || keep(i) ? m : withoutRecord(m))),
    );
  if (only(() => true) === undefined) {
    for (const h of guarded) out.set(h, kept());
    return out;
  }
  // Refused. Each run hashes the whole body, so not one run per turn: the first refused turn by
  // bisection (the guard fails with the records up to a turn kept iff one of them is refused),
  // then the next few each alone for their own first difference, then the rest together.
  let lo = 0;
  let hi = guarded.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const last = guarded[mid] as number;
    if (only((h) => h <= last) === undefined) lo = mid + 1;
    else hi = mid;
  }
  for (const h of guarded.slice(0, lo)) out.set(h, kept());
  const alone = guarded.slice(lo, lo + DETAILED);
  for (const h of alone) out.set(h, only((i) => i === h) ?? kept());
  const rest = guarded.slice(lo + DETAILED);
  if (rest.length === 0) return out;
  const together = only((h) => rest.includes(h));
  for (const h of rest) {
    out.set(
      h,
      together === undefined
        ? kept()
        : {
            outcome: "refused",
            reason: `this or a later turn's prefix changed too (the first change is named on an earlier turn): ${REFUSED}`,
          },
    );
  }
  return out;
}

/** How many refused turns get their own first difference. */
const DETAILED = 8;

const REFUSED =
  'golem refuses the request (prefixCheck "error", the default); with prefixCheck "drop" this reasoning would be dropped instead';

const kept = (): Verdict => ({
  outcome: "kept",
  reason: "its prefix is unchanged: the provider gets the reasoning it signed",
});

function withoutRecord(m: Message): Message {
  const { prefix: _, ...rest } = m;
  return rest;
}

/** The guard's verdict on `history`'s records over the built body, `undefined` when it passes. */
function check(built: NextRequest, history: readonly Message[]): Verdict | undefined {
  try {
    guardPrefix(built.prefix, built.body, history, "error");
    return undefined;
  } catch (err) {
    if (!(err instanceof HistoryError)) {
      return { outcome: "unknown", reason: `the prefix check failed: ${(err as Error).message}` };
    }
    const verdict: Verdict = {
      outcome: "refused",
      // The guard's first sentence (where and what); the rest is advice the page gives itself.
      reason: `${firstSentence(err.message.replace(/^messages\[\d+\]: /, ""))}: ${REFUSED}`,
    };
    if (err.path !== undefined) verdict.path = err.path;
    const at = err.index ?? indexOfPath(err.path);
    if (at !== undefined) verdict.at = at;
    return verdict;
  }
}

function firstSentence(text: string): string {
  const end = text.search(/\.\s/);
  return end < 0 ? text : text.slice(0, end);
}
