import { StreamError } from "../../core/errors.js";
import type { ToolResultBlockDelta } from "./wire.js";

/**
 * Whether a `toolUse` is a tool Bedrock ran itself: `server_tool_use` is the one documented
 * value of its `type` (ToolUseBlock, ToolUseBlockStart in the API reference).
 */
export function isServerTool(toolUse: { type?: unknown }): boolean {
  return toolUse.type === "server_tool_use";
}

/**
 * Base64 pieces joined as bytes: each piece is base64 of its own bytes, so their base64
 * texts do not concatenate (fixtures/bedrock/redacted-split-stream.json). One piece stays
 * the text it came as.
 */
export function joinBase64(pieces: readonly string[]): string {
  if (pieces.length === 1) return pieces[0] as string;
  let bytes = "";
  for (const piece of pieces) bytes += atob(piece);
  return btoa(bytes);
}

/** A result's pieces as a body holds them: consecutive text pieces make one text entry. */
export function appendResult(
  content: ToolResultBlockDelta[],
  pieces: readonly ToolResultBlockDelta[],
): void {
  for (const piece of pieces) {
    const last = content[content.length - 1];
    if (typeof piece.text === "string" && typeof last?.text === "string") last.text += piece.text;
    else content.push({ ...piece });
  }
}

/** `v`, which a delta of block `index` carries as `key`, if it is a string. */
export function deltaString(v: unknown, key: string, index: number): string {
  if (typeof v !== "string") throw deltaError(index, key);
  return v;
}

/** A contentBlockStart whose `key` is missing or empty. */
export function startError(index: number, key: string): StreamError {
  return new StreamError(
    `bedrock: contentBlockStart for block ${index} without a non-empty \`${key}\``,
  );
}

/** A contentBlockDelta whose `key` is not a string (or `a${kind}`). */
export function deltaError(index: number, key: string, kind = " string"): StreamError {
  return new StreamError(
    `bedrock: contentBlockDelta for block ${index} without a${kind} \`${key}\``,
  );
}

/** A delta (`what`) for a block whose contentBlockStart never came. */
export function neverStarted(what: string, index: number): StreamError {
  return new StreamError(`bedrock: ${what} for block ${index}, which never started`);
}

/**
 * A start or delta member the API reference does not list (ADR 0034): golem cannot tell how
 * its pieces make a block Bedrock would take back, so it says so rather than drop it.
 */
export function unknownMember(event: string, index: number, members: object): StreamError {
  const names = Object.keys(members).join("`, `");
  return new StreamError(
    `bedrock: ${event} for block ${index} has \`${names}\`, which golem does not read`,
  );
}
