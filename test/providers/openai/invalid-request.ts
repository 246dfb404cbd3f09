import { APIError } from "../../../src/platforms/openai/index.js";
import type { Cassette } from "../../../src/testing/index.js";
import { expectAPIError } from "../../helpers/errors.js";

/**
 * `error` is the recorded 400 of interaction `n` of `cassette` (Chat Completions or Responses):
 * an openai.APIError of type invalid_request_error, not retried, carrying the body, exactly
 * `message`, and the request id when the answer named one.
 */
export function expectInvalidRequest(
  error: unknown,
  cassette: Cassette,
  n: number,
  message: string,
  requestId?: string,
): void {
  expectAPIError(
    error,
    APIError,
    {
      name: "APIError",
      provider: "openai",
      status: 400,
      type: "invalid_request_error",
      retryable: false,
      body: cassette.interactions[n]?.response.body,
      ...(requestId === undefined ? {} : { requestId }),
    },
    message,
  );
}
