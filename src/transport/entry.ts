/**
 * What a platform folder's `index.ts` does, once: `create()` checks the config against the
 * environment, then returns the model that speaks the platform's wire over its platform.
 * @module
 */
import { type Env, readEnv } from "../core/env.js";
import type { CountingModel, Model } from "../core/types.js";
import { type APIErrorClass, createHTTPModel, type Wire } from "./http-model.js";
import type { Platform } from "./platform.js";

/**
 * A platform entry's `create`: `resolve` checks the config (every complaint a `ConfigError`
 * before any request), `build` picks the wire and the platform for the checked config, and
 * the model's errors are `ErrorClass`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function platformCreate<C, R, W>(
  resolve: (config: C, env: Env) => R,
  build: (cfg: R) => readonly [Wire<W>, Platform],
  ErrorClass: APIErrorClass,
): (config: C) => Model {
  return (config) => {
    const [wire, platform] = build(resolve(config, readEnv()));
    return createHTTPModel(wire, platform, ErrorClass);
  };
}

/**
 * {@link platformCreate} for a platform whose every model has `countTokens` (its wire counts
 * and its platform has a count URL, or the wire refuses with a reason), typed so: test/core/
 * public-types.test.ts compiles calls without `?.`, test/providers/count-tokens.test.ts runs
 * them.
 */
export const countingCreate = platformCreate as <C, R, W>(
  resolve: (config: C, env: Env) => R,
  build: (cfg: R) => readonly [Wire<W>, Platform],
  ErrorClass: APIErrorClass,
) => (config: C) => CountingModel;
