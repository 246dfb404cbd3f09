/**
 * The slice of each engine's API the runtime matrix uses. The engines are a tool group
 * (scripts/tools/runtimes), loaded at run time, so their own type declarations are not
 * installed with the project.
 */

/** `@edge-runtime/vm`. */
export interface EdgeRuntimeModule {
  EdgeVM: new () => { evaluate(code: string): unknown };
}

/** `miniflare`. */
export interface MiniflareModule {
  Miniflare: new (
    options: Record<string, unknown>,
  ) => { dispatchFetch(url: string): Promise<Response>; dispose(): Promise<void> };
  Log: new (level: number) => unknown;
  LogLevel: { WARN: number };
}
