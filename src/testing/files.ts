/**
 * Where cassettes are read and written. The default is the file system of Node, Deno and Bun
 * (all three serve `node:fs/promises`), loaded only when a cassette is opened by path, so a
 * workerd or edge bundle that replays an imported cassette never meets it.
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

// A specifier in a variable: bundlers for workerd and the edge leave the import alone.
const NODE_FS = "node:fs/promises";

/** The runtime's file system (Node, Deno, Bun); a clear error where there is none. */
export function runtimeFiles(): CassetteFiles {
  let fs: Promise<NodeFS> | undefined;
  const load = () => {
    fs ??= (import(/* @vite-ignore */ NODE_FS) as Promise<NodeFS>).catch((cause: unknown) => {
      throw new Error(
        "this runtime has no file system for cassettes: import the cassette's JSON and open that object instead",
        { cause },
      );
    });
    return fs;
  };
  return {
    async read(path) {
      const { readFile } = await load();
      try {
        return await readFile(path, "utf8");
      } catch (err) {
        if ((err as { code?: string }).code === "ENOENT") return undefined;
        throw err;
      }
    },
    async write(path, text) {
      const { mkdir, writeFile } = await load();
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
