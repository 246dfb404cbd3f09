/**
 * What every `capabilities()` shares besides the send path: how a wire's models API is read
 * (each wire that has one exports a {@link ModelsReader} from its `call.ts`), today's date for
 * the `checked` field, and the one number check the readers make.
 * @module
 */
import type { Capabilities } from "../rules/capabilities.js";

/**
 * How a wire's models API answers: the answer of a platform's `models` URL read as
 * {@link Capabilities}, and what the wire's `create()` config requires that a models read never
 * sends (Messages: `maxTokens`, a body field; the read is a GET), filled when the caller's
 * config has none.
 */
export interface ModelsReader<F extends object = object> {
  /** A 2xx JSON answer -> what the model takes; `asked` names it when the answer does not. */
  read(answer: unknown, asked: string): Capabilities;
  fill?: F;
}

/** Today as `YYYY-MM-DD`, the day metadata was read. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `value` when it is a positive integer. */
export function count(value: unknown): number | undefined {
  return Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined;
}
