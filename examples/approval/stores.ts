/**
 * Where a run's checkpoints go (AgentOptions.checkpoint, or a run's own `checkpoint`): the
 * last one of each run, by the run's id, as `serializeHistory` text. A paused run and a run
 * whose process died both resume from what `take` gives back. Two stores: one in memory (a
 * test, one process) and one that keeps a JSON file per run (survives a restart).
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Message, parseHistory, type RunCheckpoint, serializeHistory } from "golem";

export interface CheckpointStore {
  /** The checkpoint hook of run `id`: each checkpoint replaces the one before. */
  keep(id: string): (run: RunCheckpoint) => Promise<void>;
  /**
   * The last checkpoint of run `id`, taken out of the store (a run resumes once: a second
   * request with the same decisions finds nothing), or `undefined`.
   */
  take(id: string): Promise<Message[] | undefined>;
}

/** A store in this process's memory. */
export function memoryStore(): CheckpointStore {
  const runs = new Map<string, string>();
  return {
    keep: (id) => async (run) => {
      runs.set(id, serializeHistory(run.messages));
    },
    async take(id) {
      const stored = runs.get(id);
      runs.delete(id);
      return stored === undefined ? undefined : parseHistory(stored);
    },
  };
}

/**
 * A store of one file per run under `dir`. Each checkpoint is written to a temporary file and
 * renamed over the run's file, so a crash mid-write leaves the previous checkpoint whole.
 */
export function fileStore(dir: string): CheckpointStore {
  const file = (id: string) => join(dir, `${encodeURIComponent(id)}.json`);
  return {
    keep: (id) => async (run) => {
      await mkdir(dir, { recursive: true });
      const temporary = `${file(id)}.${process.pid}.tmp`;
      await writeFile(temporary, serializeHistory(run.messages));
      await rename(temporary, file(id));
    },
    async take(id) {
      let stored: string;
      try {
        stored = await readFile(file(id), "utf8");
      } catch {
        return undefined;
      }
      await rm(file(id));
      return parseHistory(stored);
    },
  };
}
