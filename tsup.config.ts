import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

/** package.json's version, the one source of `VERSION` (src/core/version.ts). */
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig({
  entry: {
    index: "src/index.ts",
    anthropic: "src/providers/anthropic/index.ts",
    bedrock: "src/providers/bedrock/index.ts",
    gemini: "src/providers/gemini/index.ts",
    openai: "src/providers/openai/index.ts",
    azure: "src/providers/azure/index.ts",
    vertex: "src/providers/vertex/index.ts",
    "anthropic-aws": "src/providers/anthropic-aws/index.ts",
    "anthropic-bedrock": "src/providers/anthropic-bedrock/index.ts",
    "anthropic-foundry": "src/providers/anthropic-foundry/index.ts",
    "anthropic-google-cloud": "src/providers/anthropic-google-cloud/index.ts",
    testing: "src/testing/index.ts",
    otel: "src/otel/index.ts",
    sse: "src/sse/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
  splitting: true,
  treeshake: true,
  // Shipped, with the sources inside them: a stack trace in a user's app points into src/.
  sourcemap: true,
  define: { __GOLEM_VERSION__: JSON.stringify(version) },
});
