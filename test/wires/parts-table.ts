/**
 * The "wire blocks → parts" table each wire runs: a row is the content blocks of one answer as
 * the wire carries them, and the parts golem makes of them. Every row goes through both paths a
 * wire has, the whole answer's parser and the stream machine fed the same blocks as events, so
 * the two cannot drift apart.
 */
import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../src/core/types.js";

export interface PartsRow<Block> {
  /** What the row shows, as a sentence. */
  name: string;
  blocks: Block[];
  parts: Part[];
  /** Where the stream makes other parts of the same blocks: those parts, and why. */
  streamed?: { parts: Part[]; why: string };
}

/** How a wire reads a whole answer of `blocks`, and a stream of them: the message's content. */
export interface WirePaths<Block> {
  response(blocks: Block[]): Message["content"];
  stream(blocks: Block[]): Message["content"];
}

/** Runs every row through both paths of the wire. */
export function partsTable<Block>(
  wire: string,
  rows: readonly PartsRow<Block>[],
  paths: WirePaths<Block>,
): void {
  describe.each(rows.map((r): [string, PartsRow<Block>] => [r.name, r]))(
    `${wire}: %s`,
    (_, row) => {
      it("is what the whole answer's parser makes of them", () => {
        expect(paths.response(row.blocks)).toEqual(row.parts);
      });

      it("is what the stream machine ends with, fed them as events", () => {
        expect(paths.stream(row.blocks)).toEqual(row.streamed?.parts ?? row.parts);
      });
    },
  );
}
