/**
 * What each provider accepts of image and file parts, as small per-adapter tables, and the one
 * check and refusal wording every adapter uses: a part a provider cannot take is a
 * `HistoryError` naming the message before any request (never a silent drop, never a 400).
 */
import { HistoryError } from "../core/errors.js";
import type { FilePart, ImagePart, Part } from "../core/types.js";

export type MediaPart = ImagePart | FilePart;

/** Where a part is sent: a user message or a tool result. */
export type MediaPlace = "user" | "tool";

/** One row of a provider's table: which parts it takes, where, how large, and from which URLs. */
export interface MediaRule {
  part: "image" | "file";
  /** Media types; `"text/*"` takes every `text/` type. */
  types: readonly string[];
  /** Largest decoded size in bytes. */
  maxBytes: number;
  /** The URLs the provider fetches itself; none means inline `data` only. */
  url?: RegExp;
  where: readonly MediaPlace[];
}

export const MB = 1024 * 1024;
export const USER: readonly MediaPlace[] = ["user"];
export const BOTH: readonly MediaPlace[] = ["user", "tool"];
/** An `http(s)://` URL. */
export const HTTP = /^https?:\/\//i;

/**
 * One row of a table, on one line: `mediaRule("image", types, 5, BOTH, HTTP)` takes 5 MB
 * images in user messages and tool results, inline or from an `http(s)` URL.
 */
/* @__NO_SIDE_EFFECTS__ */
export function mediaRule(
  part: MediaRule["part"],
  types: readonly string[],
  maxMB: number,
  where: readonly MediaPlace[],
  url?: RegExp,
): MediaRule {
  return { part, types, maxBytes: maxMB * MB, where, ...(url && { url }) };
}

export function isMedia(p: Part): p is MediaPart {
  return p.type === "image" || p.type === "file";
}

/** The one wording of every refusal: `messages[i]: content[j] (image image/bmp): <who> <why>`. */
export function mediaError(
  who: string,
  p: MediaPart,
  j: number,
  index: number,
  why: string,
): HistoryError {
  return new HistoryError(`content[${j}] (${p.type} ${p.mediaType}): ${who} ${why}`, index);
}

/**
 * Checks part `j` of message `index` against a provider's table for `place`; returns the rule
 * it matched or throws the refusal.
 */
export function checkMedia(
  who: string,
  rules: readonly MediaRule[],
  p: MediaPart,
  j: number,
  index: number,
  place: MediaPlace | "assistant",
): MediaRule {
  const fail = (why: string) => mediaError(who, p, j, index, why);
  const kind = rules.filter((r) => r.part === p.type);
  const typed = kind.filter((r) => r.types.some((t) => matches(t, p.mediaType)));
  if (typed.length === 0) {
    const known = kind.flatMap((r) => r.types).join(", ");
    throw fail(
      `does not accept this media type in ${p.type} parts (it accepts ${known || "none"})`,
    );
  }
  const rule = typed.find((r) => r.where.includes(place as MediaPlace));
  if (!rule) throw fail(`does not accept ${p.type} parts in ${place} messages`);
  if (p.url !== undefined && !rule.url?.test(p.url)) {
    throw fail(
      rule.url
        ? "does not fetch this kind of url; send the bytes as data"
        : "takes this part only as inline data, not as a url",
    );
  }
  const size = p.data === undefined ? 0 : decodedSize(p.data);
  if (size > rule.maxBytes) {
    throw fail(`accepts at most ${mb(rule.maxBytes)} per part; this one is ${mb(size)}`);
  }
  return rule;
}

function matches(type: string, mediaType: string): boolean {
  return type.endsWith("/*") ? mediaType.startsWith(type.slice(0, -1)) : type === mediaType;
}

/** The byte length base64 `data` decodes to. */
export function decodedSize(data: string): number {
  const pad = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return (data.length / 4) * 3 - pad;
}

const mb = (n: number) => `${Math.round((n / MB) * 100) / 100} MB`;

/** The part's `url`, or a `data:` URL of its bytes (how OpenAI takes inline images and files). */
export function urlOf(p: MediaPart): string {
  return p.url ?? `data:${p.mediaType};base64,${p.data}`;
}
