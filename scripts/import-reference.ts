/**
 * Rebuilds the cassettes under fixtures/ that come from the real captures kept, byte for byte and
 * with their provenance, in fixtures/reference/ (fantasy and pydantic-ai YAML, Vercel chunk
 * files): each cassette is one entry of scripts/import/entries/, its adjustments spelled out
 * there. `--from DIR` reads new captures from elsewhere.
 *
 *   npm run import-reference -- [--check] [--out DIR] [--from DIR]
 *
 * --check builds into a temporary directory and compares every file with fixtures/ byte for
 * byte; it exits 1 with a summary when any differs.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseCassette } from "../src/testing/index.js";
import { ENTRIES } from "./import/entries/index.js";
import { buildCassette } from "./import/plan.js";
import { NOT_IMPORTED, UNUSED_CAPTURES } from "./import/skipped.js";
import { type Exchange, readCapture } from "./import/upstream.js";

/** The repository root (this file lives in scripts/). */
export const REPO_ROOT = resolve(import.meta.dirname, "..");

/** Where the reference captures live in the repository (see its README for provenance). */
export const DEFAULT_REFERENCE_DIR = join(REPO_ROOT, "fixtures", "reference");

/** Thrown when the reference captures are not where they should be. */
export class MissingCapturesError extends Error {
  override name = "MissingCapturesError";
}

/**
 * Builds every imported cassette from the captures in `from`; returns file text by path
 * relative to fixtures/ (`anthropic/redacted-thinking.json`), in entry order.
 */
export function importReference(from: string = DEFAULT_REFERENCE_DIR): Map<string, string> {
  if (!existsSync(join(from, "README.md"))) {
    throw new MissingCapturesError(
      `reference captures not found at ${from}: expected a README.md and the capture files ` +
        "there (fixtures/reference/ by default); pass --from DIR to read them from elsewhere",
    );
  }
  const captures = new Map<string, Exchange[]>();
  const out = new Map<string, string>();
  for (const entry of ENTRIES) {
    const { file, format } = entry.capture;
    const capture = captures.get(file) ?? readCapture(from, file, format);
    captures.set(file, capture);
    const text = `${JSON.stringify(buildCassette(entry, capture), null, 2)}\n`;
    parseCassette(text);
    out.set(`${entry.provider}/${entry.scenario}.json`, text);
  }
  return out;
}

/** Writes the cassettes under `dir`; returns the paths written. */
export function writeCassettes(files: Map<string, string>, dir: string): string[] {
  return [...files].map(([path, text]) => {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  });
}

/** One line per file under `dir` that is missing or differs from fixtures/. */
export function compareWithFixtures(
  dir: string,
  paths: Iterable<string>,
  fixtures = join(REPO_ROOT, "fixtures"),
): string[] {
  const problems: string[] = [];
  for (const path of paths) {
    const want = join(fixtures, path);
    if (!existsSync(want)) {
      problems.push(`${path}: not in fixtures/`);
      continue;
    }
    const got = readFileSync(join(dir, path), "utf8");
    const committed = readFileSync(want, "utf8");
    if (got !== committed) problems.push(`${path}: ${firstDifference(got, committed)}`);
  }
  return problems;
}

/** Cassettes under `fixtures` that are neither built here nor listed in `NOT_IMPORTED`. */
export function unaccountedFixtures(
  built: Iterable<string>,
  fixtures = join(REPO_ROOT, "fixtures"),
): string[] {
  const known = new Set([...built, ...Object.keys(NOT_IMPORTED)]);
  return listFiles(fixtures)
    .filter((path) => path.endsWith(".json") && path.includes("/"))
    .filter((path) => !path.startsWith("reference/"))
    .filter((path) => !known.has(path));
}

/** Capture files that no entry reads and `UNUSED_CAPTURES` does not explain. */
export function unusedCaptures(from: string = DEFAULT_REFERENCE_DIR): string[] {
  const used = new Set([...ENTRIES.map((e) => e.capture.file), ...Object.keys(UNUSED_CAPTURES)]);
  return listFiles(from).filter((path) => !used.has(path));
}

/** Every file under `dir`, as `/`-separated paths relative to it, sorted. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split("\\").join("/"))
    .sort();
}

/** Where two texts first differ, as line number and both lines. */
function firstDifference(got: string, want: string): string {
  const a = got.split("\n");
  const b = want.split("\n");
  const line = a.findIndex((l, i) => l !== b[i]);
  const at = line < 0 ? a.length : line;
  const clip = (s: string | undefined) =>
    s === undefined ? "(end of file)" : s.trim().slice(0, 160);
  return `differs at line ${at + 1}: built ${clip(a[at])} | committed ${clip(b[at])}`;
}

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      check: { type: "boolean", default: false },
      out: { type: "string", default: join(REPO_ROOT, "fixtures") },
      from: { type: "string", default: DEFAULT_REFERENCE_DIR },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log("usage: npm run import-reference -- [--check] [--out DIR] [--from DIR]");
    return 0;
  }
  let files: Map<string, string>;
  try {
    files = importReference(resolve(values.from as string));
  } catch (err) {
    if (err instanceof MissingCapturesError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  if (!values.check) {
    for (const file of writeCassettes(files, resolve(values.out as string)))
      console.log(`wrote ${file}`);
    return 0;
  }
  const dir = mkdtempSync(join(tmpdir(), "golem-import-"));
  try {
    writeCassettes(files, dir);
    const problems = [
      ...compareWithFixtures(dir, files.keys()),
      ...unaccountedFixtures(files.keys()).map((p) => `${p}: neither imported nor in NOT_IMPORTED`),
      ...unusedCaptures(resolve(values.from as string)).map(
        (p) => `${p}: a reference capture neither imported nor in UNUSED_CAPTURES`,
      ),
    ];
    for (const p of problems) console.error(p);
    console.log(
      problems.length === 0
        ? `${files.size} cassettes match fixtures/ byte for byte`
        : `import-reference --check: ${problems.length} problem(s) with ${files.size} cassettes`,
    );
    return problems.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = main(process.argv.slice(2));
}
