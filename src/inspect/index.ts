/**
 * golem/inspect: one self-contained HTML page for a conversation (a history, an agent's
 * `RunResult`, or a cassette): every part in order, signatures and payloads as short hashes,
 * the prefix guard's verdict per signed turn, the cache and usage per request, the input
 * transformations. The page loads nothing; attach it to a bug report. Web-standard APIs only;
 * the command `npx golem inspect FILE > page.html` reads the file and calls {@link inspect}.
 * @module
 */

import type { RunResult } from "../agent/types.js";
import type { Message } from "../core/types.js";
import type { Cassette } from "../testing/cassette.js";
import { buildView, type InspectOptions } from "./build-view.js";
import { renderPage } from "./html.js";
import { scrubView } from "./scrub.js";

export type { InspectOptions } from "./build-view.js";
export type { Digest } from "./digest.js";
export type {
  InspectView,
  PartView,
  StepView,
  TransformationView,
  TurnView,
  Verdict,
} from "./view.js";

/**
 * One self-contained HTML page for a history (`Message[]`, or `serializeHistory`'s JSON), an
 * agent's `RunResult`, or a cassette (or their JSON). Every text is escaped, secrets the
 * recorder would redact are redacted, signatures and encrypted payloads appear only as a short
 * hash and a length. Throws a `HistoryError` for a malformed history, a `ConfigError` for
 * anything else it cannot read.
 * @example
 * const page = inspect(result.messages, { provider: "anthropic" });
 */
export function inspect(
  input: Message[] | RunResult<unknown> | Cassette | string,
  opts: InspectOptions = {},
): string {
  return renderPage(inspectView(input, opts));
}

/** The data {@link inspect}'s page shows, before HTML: for a test, or a page of one's own. */
export function inspectView(
  input: Message[] | RunResult<unknown> | Cassette | string,
  opts: InspectOptions = {},
) {
  return scrubView(buildView(input, opts), input);
}
