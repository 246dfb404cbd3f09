import { GolemError } from "../core/errors.js";

/** Where a replay went wrong: the request by its number, and the first field that differs. */
export interface MismatchDetails {
  /** The 1-based number of the request that did not match. */
  request?: number | undefined;
  /** The first differing field: `method`, `url`, `header x-api-key`, `body.messages[1]…`. */
  field?: string | undefined;
}

/**
 * A request differs from the cassette, comes after its last interaction, or interactions were
 * left unused. A `GolemError`, so a streamed call rejects with this very error (the stream
 * wraps only foreign errors in a `StreamError`), and not a `TypeError`, so it is never retried.
 */
export class CassetteMismatchError extends GolemError {
  override name = "CassetteMismatchError";
  declare request?: number;
  declare field?: string;
  constructor(message: string, details: MismatchDetails = {}, options?: ErrorOptions) {
    super(message, options);
    if (details.request !== undefined) this.request = details.request;
    if (details.field !== undefined) this.field = details.field;
  }
}

/**
 * A cassette would hold a key or token that was used while recording; no cassette is handed
 * out. The message names where, never the value.
 */
export class CassetteSecretError extends GolemError {
  override name = "CassetteSecretError";
}
