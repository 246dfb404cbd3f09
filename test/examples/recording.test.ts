import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/fixtures.md shows examples/recording as it is: the app, its recorded test, its MSW test
 * and the contract test are the files the suite runs (vitest.config.ts includes examples/**),
 * so the code a reader copies is code that passed. The recorded and MSW tests' blocks leave
 * out only the import of the reader's own app.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}/${path}`, "utf8").trimEnd();
const APP_IMPORT = 'import { weatherAgent } from "./agent.js";\n';

/** The ```ts blocks of a markdown file, in order. */
function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => (m[1] ?? "").trimEnd());
}

describe("docs/fixtures.md, recording your own cassettes", () => {
  const blocks = tsBlocks(read("docs/fixtures.md"));

  it("shows the app of examples/recording as it is", () => {
    expect(blocks).toContain(read("examples/recording/agent.ts"));
  });

  it("shows its recorded test as it is, but for the import of the app", () => {
    const test = read("examples/recording/agent.test.ts");
    expect(test).toContain(APP_IMPORT);
    expect(blocks).toContain(test.replace(APP_IMPORT, ""));
  });

  it("shows the MSW test as it is, but for the import of the app", () => {
    const test = read("examples/recording/msw.test.ts");
    expect(test).toContain(APP_IMPORT);
    expect(blocks).toContain(test.replace(APP_IMPORT, ""));
  });

  it("shows the contract test as it is", () => {
    expect(blocks).toContain(read("examples/recording/contract.test.ts"));
  });
});
