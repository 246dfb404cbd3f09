import type { Cassette, CassetteInteraction, CassetteResponse } from "./cassette.js";
import { responseBytes } from "./cassette.js";
import { diffJSON } from "./diff.js";

/** How one interaction of a re-recorded cassette differs from the file it replaces. */
export interface CassetteChange {
  /** The 1-based number of the interaction. */
  interaction: number;
  /** `added`/`removed`: only one recording has it; `request`/`response`: that side differs. */
  kind: "added" | "removed" | "request" | "response";
  /** What differs, one line per field (empty for added and removed). */
  diff: string[];
}

/** Response headers that differ on every call, left out of the comparison. */
const PER_CALL_HEADERS = ["request-id", "x-request-id", "apim-request-id", "x-amzn-requestid"];

/**
 * The interactions that differ between two recordings of one scenario: requests compared
 * field by field, responses by status, headers (request ids aside) and the body as JSON or as
 * its bytes (chunk boundaries aside).
 */
export function compareCassettes(before: Cassette, after: Cassette): CassetteChange[] {
  const changes: CassetteChange[] = [];
  const count = Math.max(before.interactions.length, after.interactions.length);
  for (let i = 0; i < count; i++) {
    const old = before.interactions[i];
    const now = after.interactions[i];
    if (!old || !now) {
      changes.push({ interaction: i + 1, kind: old ? "removed" : "added", diff: [] });
      continue;
    }
    const request = diffJSON(old.request, now.request, "request");
    if (request.length > 0) changes.push({ interaction: i + 1, kind: "request", diff: request });
    const response = compareResponses(old, now);
    if (response.length > 0) changes.push({ interaction: i + 1, kind: "response", diff: response });
  }
  return changes;
}

function compareResponses(old: CassetteInteraction, now: CassetteInteraction): string[] {
  const diff = diffJSON(comparable(old.response), comparable(now.response), "response");
  if (old.response.body !== undefined && now.response.body !== undefined) {
    return [...diff, ...diffJSON(old.response.body, now.response.body, "response.body")];
  }
  const a = responseBytes(old.response);
  const b = responseBytes(now.response);
  const at = firstDifference(a, b);
  if (at !== undefined) diff.push(`response.body: the bytes differ from byte ${at} on`);
  return diff;
}

/** Status and headers only, request ids left out. */
function comparable(res: CassetteResponse): unknown {
  const headers = { ...res.headers };
  for (const name of PER_CALL_HEADERS) delete headers[name];
  return { status: res.status, headers };
}

function firstDifference(a: Uint8Array, b: Uint8Array): number | undefined {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? undefined : n;
}
