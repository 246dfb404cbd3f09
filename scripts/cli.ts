/**
 * The `golem` command (package.json `bin`, built to dist/cli.js by scripts/build.ts):
 *
 *   npx golem inspect FILE [--provider NAME] [--model ID] [--title TEXT] > page.html
 *
 * FILE is a stored history (`serializeHistory`'s JSON), an agent's `RunResult` as JSON, or a
 * cassette; `-` reads standard input. The page goes to standard output. The command lives
 * outside src/ because it reads files with Node's own API (src/ is web-standard only); the
 * built file imports the inspector from its sibling dist/inspect.js.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { inspect } from "../src/inspect/index.js";

const USAGE = `usage: golem inspect FILE [--provider NAME] [--model ID] [--title TEXT] > page.html
  FILE    a stored history (serializeHistory), a RunResult as JSON, or a cassette; - for stdin
  --provider  the provider the prefix verdicts are for (default: the history's own)
  --model     the next request's model (default: one of that provider that binds its prefix)
  --title     the page's title`;

async function readInput(file: string): Promise<string> {
  if (file !== "-") return readFile(file, "utf8");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Runs the command; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      provider: { type: "string" },
      model: { type: "string" },
      title: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, file, ...rest] = positionals;
  if (values.help || command !== "inspect" || file === undefined || rest.length > 0) {
    (values.help ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const opts: { provider?: string; model?: string; title?: string } = {};
  if (values.provider !== undefined) opts.provider = values.provider;
  if (values.model !== undefined) opts.model = values.model;
  if (values.title !== undefined) opts.title = values.title;
  let text: string;
  try {
    text = await readInput(file);
  } catch (err) {
    process.stderr.write(`golem inspect: cannot read ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  try {
    process.stdout.write(inspect(text, opts));
    return 0;
  } catch (err) {
    const e = err as Error;
    process.stderr.write(`golem inspect: ${e.name}: ${e.message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
