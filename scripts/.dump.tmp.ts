import { writeFileSync } from "node:fs";
import * as esbuild from "esbuild";
import { distAliases, ROOT } from "../test/runtimes/built.js";
const r = await esbuild.build({ stdin: { contents: `export * from "golem/anthropic";`, resolveDir: ROOT, loader: "js" }, bundle: true, write: false, format: "esm", platform: "browser", target: "es2022", minify: true, alias: distAliases(), external: ["@opentelemetry/api"], logLevel: "error" });
writeFileSync(process.argv[2] as string, r.outputFiles[0]?.text ?? "");
