import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { packageEntries } from "./scripts/entries.js";

/** package.json's version, the one source of `VERSION` (src/core/version.ts). */
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig({
  entry: Object.fromEntries(packageEntries().map((e) => [e.name, e.source])),
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
