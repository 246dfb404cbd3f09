import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ENTRIES } from "../../scripts/import/entries/index.js";
import { NOT_IMPORTED } from "../../scripts/import/skipped.js";
import {
  compareWithFixtures,
  DEFAULT_REFERENCE_DIR,
  importReference,
  MissingCapturesError,
  REPO_ROOT,
  unaccountedFixtures,
  unusedCaptures,
  writeCassettes,
} from "../../scripts/import-reference.js";
import { parseCassette } from "../../src/testing/index.js";

const FIXTURES = join(REPO_ROOT, "fixtures");

/** The import, or why it could not run. */
function build(): Map<string, string> | Error {
  try {
    return importReference();
  } catch (err) {
    return err as Error;
  }
}

const built = build();
const files = built instanceof Map ? [...built] : [];

describe("import-reference", () => {
  it("finds the reference captures inside the repository, in fixtures/reference/", () => {
    expect(DEFAULT_REFERENCE_DIR).toBe(join(FIXTURES, "reference"));
    if (built instanceof Error) throw built;
    expect(built.size).toBe(ENTRIES.length);
  });

  it("builds one cassette per entry, none of them also listed as not imported", () => {
    const paths = files.map(([path]) => path);
    expect(new Set(paths).size).toBe(ENTRIES.length);
    for (const path of paths) expect(NOT_IMPORTED[path]).toBeUndefined();
  });

  it("reads every reference capture into a cassette or says why not", () => {
    expect(unusedCaptures()).toEqual([]);
  });

  it("accounts for every cassette in fixtures/: rebuilt here or listed as not imported", () => {
    expect(unaccountedFixtures(files.map(([path]) => path))).toEqual([]);
  });

  it("stops with a message naming the missing folder and --from", () => {
    const missing = join(tmpdir(), "golem-no-such-reference-captures");
    expect(() => importReference(missing)).toThrow(MissingCapturesError);
    expect(() => importReference(missing)).toThrow(/reference captures not found at .*--from DIR/);
  });
});

describe.each(files)("imported cassette %s", (path, text) => {
  it("equals the committed fixture byte for byte", () => {
    expect(text).toBe(readFileSync(join(FIXTURES, path), "utf8"));
  });

  it("is a cassette by the golem/testing schema, named by its path", () => {
    const cassette = parseCassette(text);
    expect(`${cassette.provider}/${cassette.scenario}.json`).toBe(path);
    expect(cassette.source.startsWith("synthesized")).toBe(true);
  });
});

describe("import-reference --check", () => {
  const dir = mkdtempSync(join(tmpdir(), "golem-import-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports nothing for the files as built", () => {
    if (built instanceof Error) throw built;
    writeCassettes(built, join(dir, "ok"));
    expect(compareWithFixtures(join(dir, "ok"), built.keys())).toEqual([]);
  });

  it("names the file and line where a fixture was changed by hand", () => {
    if (built instanceof Error) throw built;
    const [path, text] = [...built][0] ?? ["", ""];
    writeCassettes(new Map([[path, text]]), join(dir, "built"));
    const edited = new Map([[path, text.replace('"status": 200', '"status": 201')]]);
    writeCassettes(edited, join(dir, "fixtures"));
    const problems = compareWithFixtures(join(dir, "built"), [path], join(dir, "fixtures"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${path}: differs at line \\d+: built "status": 200, \\| committed "status": 201,$`,
      ),
    );
  });

  it("names a cassette it built that fixtures/ lacks", () => {
    if (built instanceof Error) throw built;
    const [path, text] = [...built][0] ?? ["", ""];
    writeCassettes(new Map([[path, text]]), join(dir, "lonely"));
    expect(compareWithFixtures(join(dir, "lonely"), [path], join(dir, "empty"))).toEqual([
      `${path}: not in fixtures/`,
    ]);
  });
});
