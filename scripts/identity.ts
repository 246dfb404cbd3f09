/**
 * Whether a source module has identity: something two copies of it would not share. A class
 * (`err instanceof HistoryError` holds only for the one class), module-level state (a `let` or
 * `var`, a WeakMap, an empty Map or Set to fill as it runs) or a unique symbol. A table filled
 * where it is made (`new Set(["__proto__", ...])`) is a constant, as is a ReadonlySet. The build puts such a module in the
 * shared chunk as soon as two entries use it (scripts/shared-modules.ts); a module without
 * identity may be copied into each entry that uses it.
 */
import ts from "typescript";

/** Constructors whose instances are state: weak tables and references, kept per object. */
const WEAK = /^(WeakMap|WeakSet|WeakRef|FinalizationRegistry)$/;
/** Tables: state when made empty (filled as the code runs), constants when made full. */
const TABLES = /^(Map|Set)$/;

/** Why a module (TypeScript source) has identity, or undefined if it has none. */
export function identityOf(source: string, fileName = "module.ts"): string | undefined {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  for (const statement of file.statements) {
    if (ts.isClassDeclaration(statement)) {
      return `class ${statement.name?.text ?? "(default)"}`;
    }
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    if (!(list.flags & ts.NodeFlags.Const)) {
      return `${list.flags & ts.NodeFlags.Let ? "let" : "var"} ${list.declarations[0]?.name.getText(file)}`;
    }
    for (const d of list.declarations) {
      // A ReadonlySet or ReadonlyMap is a constant, however it is made.
      if (d.type && /^Readonly(Set|Map)\b/.test(d.type.getText(file))) continue;
      const made = d.initializer && madeWithState(d.initializer);
      if (made) return `${d.name.getText(file)} = ${made}`;
    }
  }
  return undefined;
}

/** What a const's initializer makes that has identity (`new WeakMap()`, `Symbol()`, a class). */
function madeWithState(e: ts.Expression): string | undefined {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isTypeAssertionExpression(e)
  ) {
    e = e.expression;
  }
  if (ts.isClassExpression(e)) return "a class";
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression)) {
    const made = e.expression.text;
    const empty = (e.arguments?.length ?? 0) === 0;
    if (WEAK.test(made) || (TABLES.test(made) && empty)) return `new ${made}()`;
  }
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "Symbol") {
    return "Symbol()";
  }
  return undefined;
}
