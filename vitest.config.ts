import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

/** As scripts/build.ts: package.json's version, the one source of `VERSION`. */
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig({
  define: { __GOLEM_VERSION__: JSON.stringify(version) },
  test: {
    // examples/**: an example written as a test (examples/recording) runs with the suite.
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
