/**
 * The new entries stand apart from the adapters: an adapter's bundle holds none of the seam,
 * tracing or event-stream code, and golem/otel and golem/sse hold no adapter code.
 */
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

/** The golem source files with at least one byte in the minified bundle of `entry`. */
async function sourcesIn(entry: string): Promise<string[]> {
  const result = await esbuild.build({
    stdin: { contents: `export * from "./${entry}";`, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    minify: true,
    metafile: true,
    external: ["@opentelemetry/api"],
    logLevel: "error",
  });
  return Object.values(result.metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([path, input]) => path.startsWith("src/") && input.bytesInOutput > 0)
      .map(([path]) => path),
  );
}

describe("entry boundaries", () => {
  it.each(["anthropic", "bedrock", "gemini", "openai", "azure"])(
    "golem/%s holds no middleware, observer, tracing or event-stream code",
    async (provider) => {
      const sources = await sourcesIn(`src/platforms/${provider}/index.ts`);
      expect(sources.length).toBeGreaterThan(5);
      expect(
        sources.filter((s) => /core\/middleware|agent\/observe|src\/otel\/|src\/sse\//.test(s)),
      ).toEqual([]);
    },
  );

  it.each(["otel", "sse"])("golem/%s holds no adapter code", async (entry) => {
    const sources = await sourcesIn(`src/${entry}/index.ts`);
    expect(sources.some((s) => s.startsWith(`src/${entry}/`))).toBe(true);
    expect(sources.filter((s) => /^src\/(platforms|wires)\//.test(s))).toEqual([]);
  });
});
