import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FAKE_AUTH, PROVIDERS, type Provider } from "../contract/adapters.js";
import { ENTRIES, ensureBuilt, ROOT, specifier } from "../runtimes/built.js";
import { minimalConfig } from "../variants.js";

/**
 * The built package keeps each error class once, whichever entry throws it: the entries share
 * one chunk that holds the core and every module with a class two or more of them use
 * (scripts/build.ts), so a `HistoryError` thrown by `golem/openai` is `instanceof HistoryError`
 * from `golem`, in ESM and in CommonJS. A build that copied the core into each entry would
 * give every entry classes of its own.
 */

/** Fake credentials as JSON: a token function becomes the string "token function". */
function configJSON(provider: Provider): string {
  const config = {
    ...FAKE_AUTH[provider],
    ...minimalConfig(provider),
    maxTokens: 64,
    maxRetries: 0,
  };
  return JSON.stringify(config, (_, v) => (typeof v === "function" ? "token function" : v));
}

/**
 * In the child: `golem` and the entry loaded (`load`), then three errors the entry throws,
 * each tested against `golem`'s classes: a config error from `create`, a history error before
 * any request, and the provider's 400 answer.
 */
const THROWN = `
const config = JSON.parse(process.argv[1]);
if (config.token === "token function") config.token = async () => "ya29.test-token";
let requests = 0;
const fetch = async () => {
  requests++;
  return new Response(JSON.stringify({ error: { message: "no" } }), { status: 400 });
};
const caught = async (f) => { try { await f(); } catch (err) { return err; } };
const classes = (err, ...of) => [err?.name, ...of.map((c) => err instanceof c)];
const badConfig = await caught(() => entry.create({}));
const model = entry.create({ ...config, fetch });
const badHistory = await caught(() => model.generate({ messages: [{ role: "user", content: 42 }] }));
const requestsBefore = requests;
const answered = await caught(() => model.generate({ messages: [{ role: "user", content: "hi" }] }));
console.log(JSON.stringify({
  config: classes(badConfig, golem.ConfigError, golem.GolemError),
  history: classes(badHistory, golem.HistoryError, golem.GolemError),
  requestsBefore,
  api: classes(answered, golem.APIError, entry.APIError, golem.GolemError),
}));
`;

/** Every error class an entry exports, by name: whether it extends `golem`'s GolemError. */
const EXPORTED = `
const found = {};
for (const [name, value] of Object.entries(entry)) {
  if (typeof value === "function" && /Error$/.test(name)) {
    found[name] = value.prototype instanceof golem.GolemError || value === golem.GolemError;
  }
}
console.log(JSON.stringify(found));
`;

function run(entry: string, kind: "esm" | "cjs", body: string, arg = ""): unknown {
  const load = (name: string) =>
    kind === "esm" ? `await import(${JSON.stringify(name)})` : `require(${JSON.stringify(name)})`;
  const code = `(async () => {
    const golem = ${load("golem")};
    const entry = ${load(specifier(entry))};
    ${body}
  })().catch((err) => { console.error(err); process.exitCode = 1; });`;
  // Run from the repository: the package resolves itself by name through its exports.
  const args = kind === "esm" ? ["--input-type=module", "-e", code] : ["-e", code];
  const child = spawnSync(process.execPath, [...args, arg], { cwd: ROOT, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`${specifier(entry)} (${kind}) failed: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

beforeAll(() => ensureBuilt(), 120_000);

describe.each(["esm", "cjs"] as const)("the built package (%s)", (kind) => {
  it.each(PROVIDERS)("throws golem's own error classes from golem/%s", (provider) => {
    expect(run(provider, kind, THROWN, configJSON(provider))).toEqual({
      config: ["ConfigError", true, true],
      history: ["HistoryError", true, true],
      requestsBefore: 0,
      api: ["APIError", true, true, true],
    });
  });

  // `golem` is the reference; golem/otel and golem/inspect export no error class (their rows
  // are below).
  const OWN_CLASSES = ENTRIES.filter((e) => !["index", "otel", "inspect"].includes(e));
  it.each(OWN_CLASSES)("exports error classes that extend golem's GolemError from %s", (entry) => {
    const found = run(entry, kind, EXPORTED) as Record<string, boolean>;
    expect(Object.keys(found).length).toBeGreaterThan(0);
    expect(Object.entries(found).filter(([, extendsGolem]) => !extendsGolem)).toEqual([]);
  });

  it("throws golem's ConfigError from golem/otel", () => {
    const body = `
      let err;
      try { entry.withTracing({}); } catch (e) { err = e; }
      console.log(JSON.stringify([err?.name, err instanceof golem.ConfigError]));`;
    expect(run("otel", kind, body)).toEqual(["ConfigError", true]);
  });

  it("throws golem's HistoryError and ConfigError from golem/inspect", () => {
    const body = `
      const caught = (input) => { try { entry.inspect(input); } catch (e) { return e; } };
      const history = caught('[{"role": "robot", "content": "hi"}]');
      const config = caught("42");
      console.log(JSON.stringify([history?.name, history instanceof golem.HistoryError,
        config?.name, config instanceof golem.ConfigError]));`;
    expect(run("inspect", kind, body)).toEqual(["HistoryError", true, "ConfigError", true]);
  });
});

describe.each([".js", ".cjs"])("the built package's %s files", (ext) => {
  it("define each class in one file only (a copy would be a second class)", () => {
    const dist = join(ROOT, "dist");
    const where = new Map<string, string[]>();
    for (const file of readdirSync(dist).filter((f) => f.endsWith(ext))) {
      const code = readFileSync(join(dist, file), "utf8");
      for (const [, name] of code.matchAll(
        /^(?:var|let|const) ([\w$]+) = class\b|^class ([\w$]+)/gm,
      )) {
        if (name !== undefined) where.set(name, [...(where.get(name) ?? []), file]);
      }
    }
    expect(where.get("GolemError")).toEqual([`shared${ext}`]);
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
