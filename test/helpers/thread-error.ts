import { jsonResponse } from "./fetch.js";

/**
 * A message-threads refusal as the Messages API answers it: the error code in
 * `error.details.error_code` (what golem keys on, not the status).
 */
export const threadError = (status: number, code: string, message = code) =>
  jsonResponse(status, {
    type: "error",
    error: {
      type: status === 404 ? "not_found_error" : "invalid_request_error",
      message,
      details: { error_code: code },
    },
  });
