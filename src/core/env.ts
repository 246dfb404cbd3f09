/** The environment as a plain map; adapters' `resolveConfig` takes one so tests pass their own. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads `process.env` where it exists (Node, Bun, Deno's Node compat) and `{}` elsewhere
 * (workerd, browsers), so no runtime needs `process`.
 */
export function readEnv(): Env {
  const proc = (globalThis as { process?: { env?: Env } }).process;
  try {
    return proc?.env ?? {};
  } catch {
    // Deno without --allow-env throws on access.
    return {};
  }
}

/**
 * One variable of `env`, or `undefined` where reading it throws: Deno without --allow-env
 * refuses each read of `process.env.X`, not only the access to `process.env`.
 */
export function envVar(env: Env, name: string): string | undefined {
  try {
    return env[name];
  } catch {
    return undefined;
  }
}
