/**
 * Replaced by the build (scripts/build.ts, esbuild `define`) and the tests (vitest `define`)
 * with package.json's version.
 */
declare const __GOLEM_VERSION__: string | undefined;

/**
 * golem's version, from package.json by way of the build: one source for the package, the
 * docs' mention of it (checked by a test) and the `user-agent` golem sends. Sources run without
 * a build (an example under tsx) say `0.0.0-dev`.
 */
export const VERSION: string =
  typeof __GOLEM_VERSION__ === "string" ? __GOLEM_VERSION__ : "0.0.0-dev";
