import { it } from "vitest";
import type { Cassette } from "../../src/testing/index.js";
import type { Provider } from "../contract/adapters.js";
import { type RowRun, runCassette } from "../contract/table.js";
import { loadCassette } from "./cassettes.js";

/**
 * One test per recording of a conversation, whole and streamed (`file` and `file-stream`, one
 * row of the contract table each): `check` gets the run, the whole recording's cassette (what
 * both runs must send back) and whether this run streamed.
 */
export function itWholeAndStreamed(
  provider: Provider,
  file: string,
  title: string,
  check: (run: RowRun & { cassette: Cassette }, whole: Cassette, streamed: boolean) => unknown,
): void {
  it.each([file, `${file}-stream`])(`%s: ${title}`, async (name) => {
    const run = await runCassette(provider, name);
    const whole = name === file ? run.cassette : loadCassette(provider, file);
    await check(run, whole, name !== file);
  });
}
