/**
 * Where cassettes are read and written. The default is the file system of Node, Deno and Bun,
 * taken from `process.getBuiltinModule("node:fs/promises")` (Node >= 20.16, Deno 2, Bun 1.1)
 * when a cassette is opened by path. There is no `import` of it, static or dynamic: bundlers
 * for workerd and the edge would try to resolve one, and miniflare refuses a worker with a
 * dynamic import it cannot resolve, even one that never runs.
 */

/** The file operations {@link openCassette} needs; pass your own for another store. */
export interface CassetteFiles {
  /** The file's text, or `undefined` when there is no such file. */
  read(path: string | URL): Promise<string | undefined>;
  /** Writes the text, making missing parent folders. */
  write(path: string | URL, text: string): Promise<void>;
}

/** The part of `node:fs/promises` used here. */
interface NodeFS {
  readFile(path: string | URL, encoding: "utf8"): Promise<string>;
  writeFile(path: string | URL, text: string): Promise<void>;
  mkdir(path: string | URL, options: { recursive: true }): Promise<unknown>;
}

type GetBuiltinModule = (id: string) => unknown;

/** The runtime's file system (Node, Deno, Bun); a clear error where there is none. */
export function runtimeFiles(): CassetteFiles {
  const fs = (): NodeFS => {
    const proc = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process;
    const found = proc?.getBuiltinModule?.("node:fs/promises") as NodeFS | undefined;
    if (!found) {
      throw new Error(
        "this runtime has no file system for cassettes: import the cassette's JSON and open that object, or pass `files`",
      );
    }
    return found;
  };
  return {
    async read(path) {
      const { readFile } = fs();
      try {
        return await readFile(path, "utf8");
      } catch (err) {
        if ((err as { code?: string }).code === "ENOENT") return undefined;
        throw err;
      }
    },
    async write(path, text) {
      const { mkdir, writeFile } = fs();
      const folder = folderOf(path);
      if (folder !== undefined) await mkdir(folder, { recursive: true });
      await writeFile(path, text);
    },
  };
}

/** The folder a cassette goes in, found without `node:path`; undefined for a bare name. */
function folderOf(path: string | URL): string | URL | undefined {
  if (path instanceof URL) return new URL(".", path);
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut > 0 ? path.slice(0, cut) : undefined;
}
