/**
 * The inspector on a file: a stored history (`serializeHistory`'s JSON), an agent's RunResult
 * as JSON, or a cassette, written as one HTML page to open in a browser or attach to a bug
 * report. The same as `npx golem inspect FILE > inspect.html`.
 *
 *   npx tsx examples/inspect/main.ts fixtures/anthropic/cache-tool-loop.json [provider] [out.html]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { inspect } from "golem/inspect";

const file = process.argv[2] ?? "fixtures/anthropic/cache-tool-loop.json";
// The provider the prefix verdicts are for: the one the next request goes to.
const provider = process.argv[3];
const page = inspect(readFileSync(file, "utf8"), { title: file, ...(provider && { provider }) });
const out = process.argv[4] ?? "inspect.html";
writeFileSync(out, page);
console.log(`${out}: ${(page.length / 1024).toFixed(0)} KB, from ${file}`);
