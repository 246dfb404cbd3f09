/**
 * The shared half of every `capabilities()` fetcher: one GET of a models endpoint through the
 * transport (retries, timeout, typed errors, secrets scrubbed), its JSON, and today's date for
 * the `checked` field.
 * @module
 */
import type { APIError } from "../core/errors.js";
import { parseJSONBody } from "../transport/json.js";
import type { ResolvedCallOptions } from "../transport/options.js";
import { type ErrorResponse, requestText } from "../transport/request.js";

/** Options every `capabilities()` fetcher takes besides its credentials. */
export interface MetadataCall extends ResolvedCallOptions {
  provider: string;
  url: string;
  headers: Record<string, string>;
  secrets: readonly string[];
  toError(res: ErrorResponse): APIError;
  signal?: AbortSignal | undefined;
}

/** GETs `call.url` and parses the JSON answer; an error answer is the provider's APIError. */
export async function getMetadata(call: MetadataCall): Promise<Record<string, unknown>> {
  const { text } = await requestText({ ...call, method: "GET", body: "" });
  const body = parseJSONBody(text, call.provider, call.secrets);
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
}

/** Today as `YYYY-MM-DD`, the day metadata was read. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `value` when it is a positive integer. */
export function count(value: unknown): number | undefined {
  return Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined;
}
