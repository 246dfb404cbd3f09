import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // examples/**: an example written as a test (examples/recording) runs with the suite.
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
