/** Vercel's edge runtime (EdgeVM): a script that leaves the matrix's result on the global. */
import { cassettes } from "./cassettes.js";
import { runMatrix } from "./scenarios.js";

(globalThis as { __golemMatrix?: Promise<string> }).__golemMatrix = runMatrix(cassettes).then(
  (result) => JSON.stringify(result),
);
