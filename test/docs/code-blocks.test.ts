/**
 * The code in README.md and docs/ compiles: every ```ts block is typechecked against golem's
 * sources under the repository's strict settings (tsconfig.test.json: `strict`,
 * `noUncheckedIndexedAccess`, `exactOptionalPropertyTypes`, `golem/*` mapped to src/).
 * All blocks go into one program, each as its own in-memory module, so the check costs one
 * compile. Names a block uses without defining (the reader's tool, store, earlier snippet) come
 * from prelude.ts, imported into each block that does not declare them itself.
 * A block that is not TypeScript should use another fence (```sh, ```json, ```text); a ```ts
 * block may opt out only with `<!-- typecheck: skip (reason) -->` on the line before its fence.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { testCompilerOptions } from "../helpers/tsconfig.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PRELUDE = join(ROOT, "test/docs/prelude.ts");
/** Ambient declarations of third-party packages a snippet imports but golem does not install. */
const MODULES = join(ROOT, "test/docs/modules.d.ts");
/** Where the blocks pretend to live: inside the repository, so `zod` and `golem/*` resolve. */
const BLOCK_DIR = join(ROOT, "test/docs/blocks");
const SKIP = /^<!--\s*typecheck:\s*skip\s*\((.+)\)\s*-->$/;

interface Block {
  /** The markdown file, relative to the repository. */
  doc: string;
  /** 1-based among the file's ```ts blocks. */
  number: number;
  /** 1-based line of the block's first code line in the markdown file. */
  line: number;
  code: string;
  /** Why the block is not checked, when it opted out. */
  skip?: string;
}

function markdownFiles(): string[] {
  const inDir = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith(".md"))
      .sort()
      .map((f) => `${dir}/${f}`);
  return ["README.md", ...inDir("docs"), ...inDir("docs/adr")];
}

/** The ```ts (and ```typescript) blocks of one markdown text. */
function extractBlocks(doc: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(\S*)/.exec(lines[i] ?? "");
    if (!open) continue;
    const [, indent = "", fence = "```", lang = ""] = open;
    let end = i + 1;
    while (end < lines.length && !(lines[end] ?? "").trimStart().startsWith(fence)) end++;
    if (lang === "ts" || lang === "typescript") {
      const skip = SKIP.exec((lines[i - 1] ?? "").trim())?.[1];
      const code = lines
        .slice(i + 1, end)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
        .join("\n");
      blocks.push({
        doc,
        number: blocks.length + 1,
        line: i + 2,
        code,
        ...(skip ? { skip } : {}),
      });
    }
    i = end;
  }
  return blocks;
}

/** The top-level names a block declares (imports included), which the prelude must not shadow. */
function declaredNames(code: string): Set<string> {
  const names = new Set<string>();
  const source = ts.createSourceFile("block.ts", code, ts.ScriptTarget.Latest, false);
  const addBinding = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const el of name.elements) if (!ts.isOmittedExpression(el)) addBinding(el.name);
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) addBinding(d.name);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    } else if (ts.isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause;
      if (clause.name) names.add(clause.name.text);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const s of bindings.elements) names.add(s.name.text);
    }
  }
  return names;
}

/** The names a block reads as values or types (not property names after `.` or before `:`). */
function usedNames(code: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    const parent = node.parent;
    const isKey =
      (parent && ts.isPropertyAccessExpression(parent) && parent.name === node) ||
      (parent && ts.isPropertyAssignment(parent) && parent.name === node);
    if (ts.isIdentifier(node) && !isKey) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile("block.ts", code, ts.ScriptTarget.Latest, true));
  return names;
}

/** The value names prelude.ts exports. */
function preludeNames(): string[] {
  const source = ts.createSourceFile(
    PRELUDE,
    readFileSync(PRELUDE, "utf8"),
    ts.ScriptTarget.Latest,
  );
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) names.push(d.name.text);
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      names.push(statement.name.text);
    }
  }
  return names;
}

function compilerOptions(): ts.CompilerOptions {
  // Every block is a module of its own, so blocks do not see each other's names.
  return { ...testCompilerOptions(ROOT), moduleDetection: ts.ModuleDetectionKind.Force };
}

interface BlockError {
  /** The block the error is in; absent for one in the prelude or the compiler options. */
  block?: Block;
  /** Where: `README.md:46 (ts block 1)`, or the harness file. */
  where: string;
  message: string;
}

/** Typechecks `blocks` in one program; returns each error with its place in the markdown. */
function typecheckBlocks(blocks: Block[]): BlockError[] {
  const prelude = preludeNames();
  const files = new Map<string, Block>();
  const texts = new Map<string, string>();
  for (const block of blocks) {
    const path = join(BLOCK_DIR, `${block.doc.replaceAll("/", "__")}.${block.number}.ts`);
    const own = declaredNames(block.code);
    const borrowed = prelude.filter((n) => !own.has(n));
    // Appended, not prepended, so a diagnostic's line is the block's line (imports hoist).
    const imports = borrowed.length
      ? `\nimport { ${borrowed.join(", ")} } from "../prelude.js";`
      : "";
    files.set(path, block);
    texts.set(path, `${block.code}${imports}\n`);
  }
  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => texts.has(f) || fileExists.call(host, f);
  host.readFile = (f) => texts.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, version, onError, create) => {
    const text = texts.get(f);
    return text === undefined
      ? getSourceFile.call(host, f, version, onError, create)
      : ts.createSourceFile(f, text, version, true);
  };
  const program = ts.createProgram([MODULES, ...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    const block = d.file ? files.get(d.file.fileName) : undefined;
    if (!d.file) return { where: "compiler options", message };
    const line = d.file.getLineAndCharacterOfPosition(d.start ?? 0).line;
    if (!block) return { where: `${relative(ROOT, d.file.fileName)}:${line + 1}`, message };
    return {
      block,
      where: `${block.doc}:${block.line + line} (ts block ${block.number})`,
      message,
    };
  });
}

const format = (e: BlockError) => `${e.where}: ${e.message}`;

describe("the code blocks of README.md and docs/", () => {
  const blocks = markdownFiles().flatMap((doc) =>
    extractBlocks(doc, readFileSync(join(ROOT, doc), "utf8")),
  );
  const checked = blocks.filter((b) => b.skip === undefined);
  // A block that must fail, checked in the same program: proves errors are found and placed.
  const sentinel: Block = {
    doc: "(sentinel)",
    number: 1,
    line: 10,
    code: 'import { thinkingSigned } from "golem";\n\nconst block = thinkingSigned("x");\n',
  };
  let errors: BlockError[] = [];
  beforeAll(() => {
    errors = typecheckBlocks([...checked, sentinel]);
  }, 60_000);

  it("finds the README's and the provider docs' blocks", () => {
    const docs = new Set(checked.map((b) => b.doc));
    for (const doc of ["README.md", "docs/agent.md", "docs/anthropic.md", "docs/bedrock.md"]) {
      expect(docs).toContain(doc);
    }
  });

  it("reports a broken block with its file and line", () => {
    const found = errors.filter((e) => e.block === sentinel).map(format);
    expect(found).toEqual([
      expect.stringMatching(
        /^\(sentinel\):12 \(ts block 1\): TS2554: Expected 2 arguments, but got 1/,
      ),
    ]);
  });

  it.each(checked.map((b) => [`${b.doc} ts block ${b.number} (line ${b.line})`, b] as const))(
    "%s typechecks",
    (_, block) => {
      expect(errors.filter((e) => e.block === block).map(format)).toEqual([]);
    },
  );

  it("keeps the README's Quickstart whole: a newcomer can paste it without the prelude", () => {
    const quickstart = checked.find((b) => b.doc === "README.md" && b.code.includes("create("));
    expect(quickstart).toBeDefined();
    const code = quickstart?.code ?? "";
    const own = declaredNames(code);
    const used = usedNames(code);
    expect(preludeNames().filter((name) => used.has(name) && !own.has(name))).toEqual([]);
  });

  it("compiles the harness itself: prelude, third-party declarations, options", () => {
    expect(errors.filter((e) => e.block === undefined).map(format)).toEqual([]);
  });

  it("takes ts blocks only, knows their lines, and honours an opt-out with a reason", () => {
    const text = [
      "# Doc", // 1
      "```sh",
      "npm test",
      "```",
      "```ts", // 5
      "const a = 1;", // 6
      "```",
      "<!-- typecheck: skip (a signature, not code) -->",
      "```ts",
      "f(x?)",
      "```",
    ].join("\n");
    expect(extractBlocks("doc.md", text)).toEqual([
      { doc: "doc.md", number: 1, line: 6, code: "const a = 1;" },
      { doc: "doc.md", number: 2, line: 10, code: "f(x?)", skip: "a signature, not code" },
    ]);
  });
});
