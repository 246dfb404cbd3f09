/**
 * Node, Deno and Bun: run the matrix against the package as installed, print the result. The
 * first argument is the folder the recorder case writes its cassettes to.
 */
import { readFile } from "node:fs/promises";
import { cassettes } from "./cassettes.js";
import { runMatrix } from "./scenarios.js";

const folder = process.argv[2];
if (!folder) throw new Error("usage: cli.mjs <folder for recorded cassettes>");
const result = await runMatrix(cassettes, { folder, readText: (p) => readFile(p, "utf8") });
console.log(`GOLEM-MATRIX ${JSON.stringify(result)}`);
