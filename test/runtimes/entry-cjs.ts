/** Node through `require`: the CommonJS build of every entry, same workload, same result. */
import { readFile } from "node:fs/promises";
import { cassettes } from "./cassettes.js";
import { runMatrix } from "./scenarios.js";

const folder = process.argv[2];
if (!folder) throw new Error("usage: cli.cjs <folder for recorded cassettes>");
runMatrix(cassettes, { folder, readText: (p) => readFile(p, "utf8") }).then(
  (result) => console.log(`GOLEM-MATRIX ${JSON.stringify(result)}`),
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
