/** Node, Deno and Bun: run the matrix against the package as installed, print the result. */
import { cassettes } from "./cassettes.js";
import { runMatrix } from "./scenarios.js";

const result = await runMatrix(cassettes);
console.log(`GOLEM-MATRIX ${JSON.stringify(result)}`);
