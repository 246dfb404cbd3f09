import { expect } from "vitest";
import { APIError as CoreAPIError } from "../../src/core/errors.js";

/**
 * `error` is the provider's own APIError class (`own`), so also golem's core APIError, with
 * `fields` (status, type, requestId, retryable, …) and, when given, exactly `message`.
 */
export function expectAPIError(
  error: unknown,
  own: abstract new (...args: never[]) => CoreAPIError,
  fields: Record<string, unknown>,
  message?: string,
): void {
  expect(error).toBeInstanceOf(own);
  expect(error).toBeInstanceOf(CoreAPIError);
  expect(error).toMatchObject(fields);
  if (message !== undefined) expect((error as Error).message).toBe(message);
}

/** What `f` throws; a test fails when it throws nothing. */
export function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("nothing thrown");
}

/** What `f` throws, which must be an `errorClass`; a test fails when it throws nothing. */
export function thrownAs<E>(errorClass: abstract new (...args: never[]) => E, f: () => unknown): E {
  const error = thrown(f);
  expect(error).toBeInstanceOf(errorClass);
  return error as E;
}

/** What `promise` rejects with; a test fails when it resolves. */
export async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

/** The message `JSON.parse` gives for `text` in this runtime, as the agent quotes it. */
export function parseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${text} is JSON`);
}
