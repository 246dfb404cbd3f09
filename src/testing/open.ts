import { readEnv } from "../core/env.js";
import { ConfigError } from "../core/errors.js";
import { type Cassette, parseCassette } from "./cassette.js";
import { type CassetteChange, compareCassettes } from "./changes.js";
import { type CassetteFiles, runtimeFiles } from "./files.js";
import { type CassetteMeta, type RecordOptions, recordFetch } from "./record.js";
import { type ReplayOptions, replayFetch } from "./replay.js";

/**
 * `replay` the file (a missing file is an error), `record` it anew, `auto`: replay when the
 * file exists, else record, `update`: re-record and report what changed.
 */
export type CassetteMode = "replay" | "record" | "auto" | "update";

const MODES: readonly CassetteMode[] = ["replay", "record", "auto", "update"];

/** The environment variable that sets the mode when the options do not. */
export const CASSETTE_MODE_ENV = "GOLEM_CASSETTE_MODE";

/** How {@link openCassette} opens a cassette. */
export interface OpenCassetteOptions {
  /** @defaultValue the `GOLEM_CASSETTE_MODE` environment variable, else "replay" */
  mode?: CassetteMode;
  /** The fetch that reaches the provider while recording. @defaultValue globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** What the recorder removes besides the keys and tokens in use. */
  record?: RecordOptions;
  /** How requests are checked while replaying. */
  replay?: ReplayOptions;
  /** What a recorded cassette says about itself; `scenario` defaults to the file's name. */
  meta?: CassetteMeta;
  /** Where files are read and written. @defaultValue the runtime's file system */
  files?: CassetteFiles;
  /** Read for `GOLEM_CASSETTE_MODE`. @defaultValue process.env where there is one */
  env?: Readonly<Record<string, string | undefined>>;
}

/** An open cassette: the fetch to hand to `create()` and the way to finish. */
export interface CassetteSession {
  /** What the session does: "auto" has become "replay" or "record". */
  readonly mode: "replay" | "record" | "update";
  readonly fetch: typeof globalThis.fetch;
  /**
   * Replay: throws a `CassetteMismatchError` unless every interaction was served and no
   * request differed. Record and update: writes the cassette (secrets removed) and returns
   * the interactions that differ from the file it replaced (every one `added` for a new file);
   * an update with no change leaves the file untouched.
   */
  save(): Promise<CassetteChange[]>;
}

/**
 * Opens a cassette for a test: by path (Node, Deno, Bun), or as the parsed object a test
 * imported (any runtime; replay only).
 * @example
 * const tape = await openCassette("test/cassettes/weather.json", { mode: "auto" });
 * const model = anthropic.create({ model: "claude-sonnet-4-6", fetch: tape.fetch });
 * await model.generate({ messages: [{ role: "user", content: "Weather in Florence?" }] });
 * await tape.save();
 */
export async function openCassette(
  source: string | URL | Cassette,
  options: OpenCassetteOptions = {},
): Promise<CassetteSession> {
  const mode = resolveMode(options);
  if (typeof source !== "string" && !(source instanceof URL)) {
    if (mode !== "replay" && mode !== "auto") {
      throw new ConfigError(`mode "${mode}" writes a file: open the cassette by its path`);
    }
    return replaySession(parseCassette(source), options);
  }
  const files = options.files ?? runtimeFiles();
  const text = mode === "record" ? undefined : await files.read(source);
  if (mode === "replay" && text === undefined) {
    throw new ConfigError(
      `no cassette at ${String(source)}: record it once with mode "record" or "auto" (or ${CASSETTE_MODE_ENV}=record)`,
    );
  }
  if (text !== undefined && mode !== "update") return replaySession(parseCassette(text), options);
  const before = text === undefined ? undefined : parseCassette(text);
  return recordSession(source, files, before, mode === "update" ? "update" : "record", options);
}

function resolveMode(options: OpenCassetteOptions): CassetteMode {
  if (options.mode !== undefined) {
    if (!MODES.includes(options.mode)) {
      throw new ConfigError(`mode must be one of ${MODES.join(", ")}, got ${String(options.mode)}`);
    }
    return options.mode;
  }
  const value = modeFromEnv(options.env);
  if (value === undefined || value === "") return "replay";
  if (!MODES.includes(value as CassetteMode)) {
    throw new ConfigError(`${CASSETTE_MODE_ENV} must be one of ${MODES.join(", ")}, got ${value}`);
  }
  return value as CassetteMode;
}

/** The variable's value; none where reading it is not allowed (Deno without --allow-env). */
function modeFromEnv(env: OpenCassetteOptions["env"]): string | undefined {
  try {
    return (env ?? readEnv())[CASSETTE_MODE_ENV];
  } catch {
    return undefined;
  }
}

function replaySession(cassette: Cassette, options: OpenCassetteOptions): CassetteSession {
  const fetch = replayFetch(cassette, options.replay);
  return {
    mode: "replay",
    fetch: fetch as typeof globalThis.fetch,
    async save() {
      fetch.assertDone();
      return [];
    },
  };
}

function recordSession(
  path: string | URL,
  files: CassetteFiles,
  before: Cassette | undefined,
  mode: "record" | "update",
  options: OpenCassetteOptions,
): CassetteSession {
  const recorder = recordFetch(options.fetch, options.record);
  const scenario = options.meta?.scenario ?? before?.scenario ?? nameOf(path);
  return {
    mode,
    fetch: recorder.fetch,
    async save() {
      const meta = { ...(before ? { provider: before.provider } : {}), ...options.meta, scenario };
      const cassette = recorder.cassette(meta);
      const empty: Cassette = { ...cassette, interactions: [] };
      const changes = compareCassettes(before ?? empty, cassette);
      // An update that changed nothing leaves the file as it was: a rewrite would only bring a
      // new `source` date and new request ids, a diff with nothing in it.
      if (!before || changes.length > 0 || !sameMeta(before, cassette, options.meta)) {
        await files.write(path, `${JSON.stringify(cassette, null, 2)}\n`);
      }
      return changes;
    },
  };
}

/** The same scenario, provider and kind, and no new `source` asked for (a date is not news). */
function sameMeta(before: Cassette, after: Cassette, meta: CassetteMeta | undefined): boolean {
  return (
    before.scenario === after.scenario &&
    before.provider === after.provider &&
    before.streaming === after.streaming &&
    (meta?.source === undefined || meta.source === before.source)
  );
}

/** The file's name without its folder and `.json`. */
function nameOf(path: string | URL): string {
  const text = path instanceof URL ? path.pathname : path;
  const name = text.split(/[\\/]/).pop() ?? "";
  return name.replace(/\.json$/, "") || "recorded";
}
