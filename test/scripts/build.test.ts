import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { identityOf } from "../../scripts/identity.js";
import { type Built, markPure } from "../../scripts/mark-pure.js";
import { chunkNames, chunkPaths, proxySource, type Usage } from "../../scripts/shared-modules.js";
import { decodeMappings, dropSources, type SourceMap } from "../../scripts/source-map.js";
import { ensureBuilt, ROOT } from "../runtimes/built.js";

/** A built module as esbuild writes it (ESM, with its source map), from TypeScript. */
async function built(source: string): Promise<{ code: string; map: string }> {
  const out = await esbuild.transform(source, {
    loader: "ts",
    format: "esm",
    sourcemap: "external",
    sourcefile: "table.ts",
  });
  return { code: out.code, map: out.map };
}

/** What an app's bundler keeps of `code` when the app imports `name` only (minified). */
async function bundledFor(code: string, name: string): Promise<string> {
  const out = await esbuild.build({
    stdin: { contents: `export { ${name} } from "./lib.js";`, loader: "js", resolveDir: "/" },
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    logLevel: "silent",
    plugins: [
      {
        name: "lib",
        setup(build) {
          build.onResolve({ filter: /lib\.js$/ }, () => ({ path: "lib.js", namespace: "lib" }));
          build.onLoad({ filter: /.*/, namespace: "lib" }, () => ({ contents: code }));
        },
      },
    ],
  });
  return out.outputFiles[0]?.text ?? "";
}

/** The token at a line and column: a name, a run of spaces, or one other character. */
function tokenAt(lines: string[], line: number, column: number): string {
  return /^([A-Za-z_$][\w$]*|\s+|.)/.exec(lines[line]?.slice(column) ?? "")?.[0] ?? "";
}

/**
 * Where the marked map takes a mapped position, against where the unmarked map took it: the
 * generated token at each (every mapping has the same source position in both, in order).
 * Empty when the marked map is the unmarked one, shifted right.
 */
function movedTokens(before: Built, after: Built): string[] {
  const [was, is] = [before, after].map((b) =>
    decodeMappings((JSON.parse(b.map) as SourceMap).mappings),
  );
  const [wasCode, isCode] = [before, after].map((b) => b.code.split("\n"));
  const moved: string[] = [];
  was?.forEach((segments, line) => {
    segments.forEach((segment, i) => {
      const other = is?.[line]?.[i];
      const from = tokenAt(wasCode ?? [], line, segment[0] ?? 0);
      const to = tokenAt(isCode ?? [], line, other?.[0] ?? -1);
      if (from !== to || String(segment.slice(1)) !== String(other?.slice(1))) {
        moved.push(`${line + 1}:${segment[0]} ${JSON.stringify(from)} -> ${JSON.stringify(to)}`);
      }
    });
  });
  return moved;
}

const TABLES = `
const BASE = { fetch: true, baseURL: true };
export const KEYS = { ...BASE, model: true };
export const NAMES = Object.keys(BASE);
export const AGENT = \`golem/\${NAMES.length}\`;
export const FIRST = Object.keys(BASE)[0], LAST = Object.keys(BASE)[1];
export function used(): number {
  return 1;
}
`;

describe("markPure (the build's ESM files)", () => {
  it("lets a bundler drop a table the app does not use, which it kept before", async () => {
    const before = await built(TABLES);
    expect(await bundledFor(before.code, "used")).toContain("Object.keys");
    const after = markPure(before);
    const kept = await bundledFor(after.code, "used");
    expect(kept).not.toContain("Object.keys");
    expect(kept).not.toContain("model");
    expect(kept).not.toContain("golem/");
  });

  it("keeps a table the app uses, as it was (the minifier undoes the wrapping)", async () => {
    const kept = await bundledFor(markPure(await built(TABLES)).code, "KEYS");
    expect(kept).toContain("model:!0");
    expect(kept).not.toContain("=>");
  });

  it("runs each table at the same moment, to the same value", async () => {
    const { code } = markPure(await built(TABLES));
    const url = `data:text/javascript,${encodeURIComponent(code)}`;
    const module = (await import(url)) as Record<string, unknown>;
    expect(module).toMatchObject({
      KEYS: { fetch: true, baseURL: true, model: true },
      NAMES: ["fetch", "baseURL"],
      AGENT: "golem/2",
      FIRST: "fetch",
      LAST: "baseURL",
    });
  });

  it("leaves functions, classes and literals alone, so they keep their names", async () => {
    const source = `export const f = (x: number) => x;\nexport const C = class {};\nexport const s = "s";\nexport const n = 1;\n`;
    const before = await built(source);
    expect(markPure(before).code).toBe(before.code);
  });

  it("keeps every mapping on the code it mapped", async () => {
    const before = await built(TABLES);
    const after = markPure(before);
    expect(after.code).not.toBe(before.code);
    expect(movedTokens(before, after)).toEqual([]);
  });

  it("keeps every mapping on the code it mapped, in a whole entry's bundle", async () => {
    const out = await esbuild.build({
      entryPoints: [join(ROOT, "src/platforms/vertex/index.ts")],
      bundle: true,
      write: false,
      format: "esm",
      sourcemap: "external",
      outdir: join(ROOT, "dist"),
      external: ["eventsource-parser"],
      define: { __GOLEM_VERSION__: '"0.0.0"' },
      logLevel: "silent",
    });
    const [map, code] = out.outputFiles.map((f) => f.text);
    const before = { code: code ?? "", map: map ?? "" };
    const after = markPure(before);
    expect(after.code.split("@__PURE__").length).toBeGreaterThan(20);
    expect(movedTokens(before, after)).toEqual([]);
  });
});

describe("the shared chunk's modules", () => {
  /** Two platforms (a, b) on two wires, an agent entry, and what each module imports. */
  const usage: Usage = {
    used: new Map([
      ["/a", ["/core", "/errors", "/wire-x", "/a"]],
      ["/b", ["/core", "/errors", "/wire-y", "/cache", "/b"]],
      ["/c", ["/core", "/wire-y", "/cache", "/c"]],
      ["/agent", ["/errors", "/agent"]],
    ]),
    platforms: ["/a", "/b", "/c"],
    imports: new Map([
      ["/core", ["/errors", "/helper"]],
      ["/cache", []],
    ]),
  };
  const identity = (path: string) => (["/errors", "/cache"].includes(path) ? "a class" : undefined);

  it("are what every platform uses, what has identity and two users, and what they import", () => {
    expect(chunkPaths(usage, identity)).toEqual(["/core", "/errors", "/cache", "/helper"]);
  });

  it("do not count a sealed entry as a second user of a module with identity", () => {
    // "/cache" is used by /b and /c; with /c sealed, /b alone uses it and bundles its own.
    const sealed = { ...usage, sealed: ["/c"] };
    expect(chunkPaths(sealed, identity)).toEqual(["/core", "/errors", "/helper"]);
  });

  it("leave out a module without identity that only some entries use: each bundles its own", () => {
    expect(chunkPaths(usage, identity)).not.toContain("/wire-y");
    expect(chunkPaths(usage, () => undefined)).toEqual(["/core", "/errors", "/helper"]);
  });

  it("export every name once: a name two modules export gets the module's index", () => {
    const modules = chunkNames(
      new Map([
        ["/core/errors.ts", ["APIError", "GolemError"]],
        ["/wire/response.ts", ["parseResponse", "readError"]],
        ["/other/response.ts", ["parseResponse"]],
      ]),
    );
    expect(modules.map((m) => [...m.names])).toEqual([
      [
        ["APIError", "APIError"],
        ["GolemError", "GolemError"],
      ],
      [
        ["parseResponse", "parseResponse$1"],
        ["readError", "readError"],
      ],
      [["parseResponse", "parseResponse$2"]],
    ]);
    expect(proxySource(modules[1]!, "chunk")).toBe(
      'export { parseResponse$1 as parseResponse, readError } from "chunk";',
    );
  });
});

describe("identityOf (what must exist once)", () => {
  it.each([
    ["export class HistoryError extends Error {}", "class HistoryError"],
    ["let tables: Int32Array | undefined;", "let tables"],
    ["const ORIGINS = new WeakMap<object, string>();", "ORIGINS = new WeakMap()"],
    ["const seen = new Map<string, number>();", "seen = new Map()"],
    ['export const NOT_READY = Symbol("not ready");', "NOT_READY = Symbol()"],
    ["export const Lazy = class extends Promise {};", "Lazy = a class"],
  ])("finds %s", (source, reason) => {
    expect(identityOf(source)).toBe(reason);
  });

  it.each([
    "export function read(): number { return 1; }",
    'const UNSAFE_KEYS = new Set(["__proto__", "constructor"]);',
    "const NO_KEYS: ReadonlySet<string> = new Set();",
    "export const KEYS = { ...BASE, model: true } as const;",
    'export const RUN_OBSERVER = Symbol.for("golem.runObserver");',
    "export function make() { return class Inner {}; }",
  ])("finds none in %s", (source) => {
    expect(identityOf(source)).toBeUndefined();
  });
});

describe("dropSources", () => {
  it("drops a made-up source, its content and the mappings into it", () => {
    // Line 0: a segment into source 0, one into source 1; line 1: one into source 1.
    const map = JSON.stringify({
      version: 3,
      sources: ["shared-proxy:a.ts", "../src/b.ts"],
      sourcesContent: ["export { x } from 'chunk';", "const y = 1;"],
      names: [],
      mappings: "AAAA,ICAA;AAAA",
    });
    const dropped = JSON.parse(dropSources(map, (s) => s.startsWith("shared-proxy:"))) as SourceMap;
    expect(dropped.sources).toEqual(["../src/b.ts"]);
    expect(dropped.sourcesContent).toEqual(["const y = 1;"]);
    expect(decodeMappings(dropped.mappings)).toEqual([[[4, 0, 0, 0]], [[0, 0, 0, 0]]]);
  });
});

describe("the built package's source maps", () => {
  beforeAll(() => ensureBuilt(), 120_000);
  const dist = join(ROOT, "dist");

  it("name only files under src/, each with its content", () => {
    for (const file of readdirSync(dist).filter((f) => f.endsWith(".map"))) {
      const map = JSON.parse(readFileSync(join(dist, file), "utf8")) as SourceMap;
      expect(
        map.sources.filter((s) => !s.startsWith("../src/")),
        file,
      ).toEqual([]);
      expect(map.sourcesContent?.length, file).toBe(map.sources.length);
    }
  });
});
