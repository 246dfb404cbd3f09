/** Node through `require`: the CommonJS build of every entry, same workload, same result. */
import { cassettes } from "./cassettes.js";
import { runMatrix } from "./scenarios.js";

runMatrix(cassettes).then(
  (result) => console.log(`GOLEM-MATRIX ${JSON.stringify(result)}`),
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
