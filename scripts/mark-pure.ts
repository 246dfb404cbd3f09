/**
 * Marks every top-level table of a built ESM file as free of side effects, so that an app's
 * bundler drops the ones the app does not use. One shared chunk holds the modules of every
 * entry (scripts/build.ts); a bundler drops an unused module whole when the package says
 * `"sideEffects": false`, but inside one file it keeps each top-level statement it cannot prove
 * pure: a table made with a spread (`{ ...TRANSPORT_KEYS, model: true }`), `Object.keys(...)`,
 * `Object.freeze(...)`, a template with a name in it. Those would reach every entry's bundle.
 *
 * A top-level `var NAME = <expression>;` becomes `var NAME = /* @__PURE__ *\/ (() => <expression>)();`,
 * which runs the same, at the same moment, and which esbuild, Rollup and terser drop when NAME
 * is unused (and esbuild's minifier turns back into the expression when it is used). This
 * says no more than `"sideEffects": false` already says of every module: none has an effect
 * on load. Functions, classes and literals are left alone (wrapped, a function or class would
 * lose the name it takes from NAME). The source map is shifted to match.
 */
import ts from "typescript";
import { decodeMappings, encodeMappings, type SourceMap } from "./source-map.js";

const OPEN = "/* @__PURE__ */ (() => ";
const CLOSE = ")()";

/** What a built file is: its code and its source map (JSON text). */
export interface Built {
  code: string;
  map: string;
}

/** Whether an initializer is one a bundler already knows is pure, or one wrapping would rename. */
function leftAlone(e: ts.Expression): boolean {
  return (
    ts.isArrowFunction(e) ||
    ts.isFunctionExpression(e) ||
    ts.isClassExpression(e) ||
    ts.isStringLiteral(e) ||
    ts.isNumericLiteral(e) ||
    ts.isRegularExpressionLiteral(e) ||
    ts.isNoSubstitutionTemplateLiteral(e) ||
    e.kind === ts.SyntaxKind.TrueKeyword ||
    e.kind === ts.SyntaxKind.FalseKeyword ||
    e.kind === ts.SyntaxKind.NullKeyword ||
    ts.isVoidExpression(e)
  );
}

/** Where each insertion goes: offset in the code, its line and column, and the text. */
interface Insertion {
  at: number;
  line: number;
  column: number;
  text: string;
}

function insertions(code: string): Insertion[] {
  const file = ts.createSourceFile(
    "built.js",
    code,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.JS,
  );
  const found: Insertion[] = [];
  const insert = (at: number, text: string) => {
    const { line, character } = file.getLineAndCharacterOfPosition(at);
    found.push({ at, line, column: character, text });
  };
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      const init = d.initializer;
      if (init === undefined || leftAlone(init)) continue;
      // An object literal would read as the arrow's body block: it keeps its parentheses.
      const object = ts.isObjectLiteralExpression(init);
      insert(init.getStart(file), object ? `${OPEN}(` : OPEN);
      insert(init.getEnd(), object ? `)${CLOSE}` : CLOSE);
    }
  }
  return found;
}

/** The code with every top-level table marked pure, and its source map shifted to match. */
export function markPure(built: Built): Built {
  const edits = insertions(built.code);
  if (edits.length === 0) return built;
  let code = "";
  let from = 0;
  for (const e of edits) {
    code += built.code.slice(from, e.at) + e.text;
    from = e.at;
  }
  code += built.code.slice(from);
  return { code, map: shiftMap(built.map, edits) };
}

/** Moves every mapped column at or after an insertion right by the inserted length. */
function shiftMap(mapText: string, edits: readonly Insertion[]): string {
  const map = JSON.parse(mapText) as SourceMap;
  const lines = decodeMappings(map.mappings);
  // Right to left within a line, so each shift applies to the original columns.
  for (const e of [...edits].reverse()) {
    for (const segment of lines[e.line] ?? []) {
      if ((segment[0] ?? 0) >= e.column) segment[0] = (segment[0] ?? 0) + e.text.length;
    }
  }
  return JSON.stringify({ ...map, mappings: encodeMappings(lines) });
}
