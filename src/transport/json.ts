import { StreamError } from "../core/errors.js";

/**
 * Parses a successful (2xx) response body; an empty or non-JSON body is a {@link StreamError}
 * that names the provider and quotes the start of what arrived.
 */
export function parseJSONBody(text: string, provider: string): unknown {
  if (text.trim() === "") throw new StreamError(`${provider} answered with an empty body`);
  try {
    return JSON.parse(text);
  } catch (cause) {
    const start = text.length > 200 ? `${text.slice(0, 200)}...` : text;
    throw new StreamError(
      `${provider} answered with a body that is not JSON: ${start}`,
      undefined,
      {
        cause,
      },
    );
  }
}

/** Parses an error body as JSON when it is JSON; otherwise the text itself (an HTML 502 page). */
export function parseErrorJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
