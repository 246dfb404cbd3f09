import { ConfigError, type HistoryError } from "../core/errors.js";
import { parseHistory } from "../core/history.js";
import type { Message } from "../core/types.js";
import type { Cassette } from "../testing/cassette.js";

/** What {@link readInput} found the input to be. */
export type InspectInput =
  | { kind: "history"; messages: Message[] }
  | { kind: "run"; messages: Message[]; run: Record<string, unknown> }
  | { kind: "cassette"; cassette: Cassette };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads what `inspect` was given: a history (`Message[]`, or its JSON as `serializeHistory`
 * writes it), an agent's `RunResult`, or a cassette (or their JSON). A history is checked as
 * `parseHistory` checks it (a {@link HistoryError} names the message); anything else is a
 * {@link ConfigError} that says what the inspector takes.
 */
export function readInput(input: unknown): InspectInput {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (cause) {
      throw new ConfigError(`inspect: the input is not JSON: ${(cause as Error).message}`, {
        cause,
      });
    }
  }
  if (Array.isArray(value)) return { kind: "history", messages: parseHistory(value) };
  if (isObject(value) && Array.isArray(value.interactions)) {
    const problem = cassetteProblem(value);
    if (problem) throw new ConfigError(`inspect: not a cassette: ${problem}`);
    return { kind: "cassette", cassette: value as unknown as Cassette };
  }
  if (isObject(value) && Array.isArray(value.messages)) {
    return { kind: "run", messages: parseHistory(value.messages), run: value };
  }
  throw new ConfigError(
    "inspect takes a history (Message[]), an agent's RunResult or a cassette, or the JSON of one; " +
      `got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`,
  );
}

/**
 * What the page needs of a cassette, or what is missing: each interaction's request (URL and
 * headers) and response (status). A light check of its own rather than golem/testing's
 * `parseCassette`, whose module-level state would put the cassette checker in the chunk every
 * entry loads (scripts/shared-modules.ts).
 */
function cassetteProblem(value: Record<string, unknown>): string | undefined {
  if (typeof value.provider !== "string") return "provider is not a string";
  const list = value.interactions as unknown[];
  for (const [i, item] of list.entries()) {
    const { request, response } = (isObject(item) ? item : {}) as Record<string, unknown>;
    if (!isObject(request) || typeof request.url !== "string" || !isObject(request.headers)) {
      return `interactions[${i}].request needs a url and headers`;
    }
    if (!isObject(response) || typeof response.status !== "number") {
      return `interactions[${i}].response needs a status`;
    }
  }
  return undefined;
}
