import { defineConfig } from "tsup";
import { packageEntries } from "./scripts/entries.js";

/**
 * The type declarations (`.d.ts`, `.d.cts`) of every entry. `npm run build` (scripts/build.ts)
 * makes the code itself, one file per entry and one shared chunk, then runs this.
 */
export default defineConfig({
  entry: Object.fromEntries(packageEntries().map((e) => [e.name, e.source])),
  format: ["esm", "cjs"],
  dts: { only: true },
  clean: false,
  target: "es2022",
  platform: "neutral",
});
