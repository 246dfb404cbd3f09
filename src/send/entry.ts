/**
 * What a platform folder's `index.ts` does, once: `create()` checks the config against the
 * environment, then returns the model that speaks the platform's wire over its platform;
 * `capabilities()` takes the same config and reads the platform's models API the same way.
 * @module
 */
import { type Env, readEnv } from "../core/env.js";
import { ConfigError } from "../core/errors.js";
import { isNonEmptyString, isObjectLike } from "../core/issue.js";
import type { CountingModel, Model } from "../core/types.js";
import type { Capabilities } from "../rules/capabilities.js";
import type { ModelsReader } from "./capabilities.js";
import { type APIErrorClass, createHTTPModel, readCapabilities, type Wire } from "./http-model.js";
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
 * What `capabilities(model, config?)` takes: `create()`'s config `C` without `model` (the
 * argument names it), the keys the wire's models reader `M` fills (Messages' `maxTokens`)
 * optional, and a `signal` for the one request.
 */
export type CapabilitiesConfigOf<C, M extends ModelsReader = ModelsReader> =
  M extends ModelsReader<infer F>
    ? Omit<C, "model" | keyof F> & Partial<Pick<C, keyof F & keyof C>> & { signal?: AbortSignal }
    : never;

/** An entry's models API: how its wire reads the answer, and the entry's names for errors. */
export interface ModelsEntry<M extends ModelsReader> {
  /** The wire's reader (from its `call.ts`). */
  reader: M;
  /** The function as the caller writes it, e.g. `anthropic.capabilities`. */
  name: string;
  /** A model id the "model id is required" error suggests. */
  example: string;
}

/**
 * A platform entry's `capabilities(model, config?)`: the config `create()` takes (with `model`
 * from the argument, `signal` apart), checked by the same `resolve` before any request, the
 * same `build`, then one GET of the platform's models URL through the send path, its answer
 * read by the entry's wire (`models.reader`), its errors `ErrorClass`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function platformCapabilities<C, R, W, M extends ModelsReader>(
  resolve: (config: C, env: Env) => R,
  build: (cfg: R) => readonly [Wire<W>, Platform],
  ErrorClass: APIErrorClass,
  models: ModelsEntry<M>,
): (model: string, config?: CapabilitiesConfigOf<C, M>) => Promise<Capabilities> {
  return async (model, config) => {
    if (!isNonEmptyString(model)) {
      throw new ConfigError(`${models.name}: a model id is required (e.g. "${models.example}")`);
    }
    if (config !== undefined && !isObjectLike(config)) {
      throw new ConfigError(`${models.name} takes create()'s config without \`model\``);
    }
    const { signal, ...rest } = config ?? {};
    const { reader } = models;
    const [wire, platform] = build(resolve({ ...reader.fill, ...rest, model } as C, readEnv()));
    return readCapabilities(wire, platform, ErrorClass, reader.read, signal);
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
