import { join } from "node:path";
import ts from "typescript";

/**
 * The compiler options of tsconfig.test.json under `root`, without emitting: what the tests
 * that compile user code (the docs' blocks, the public-type snippets) compile it with.
 */
export function testCompilerOptions(root: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.test.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.test.json could not be read");
  return { ...parsed.options, noEmit: true };
}
