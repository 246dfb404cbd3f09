/**
 * The layout's laws, read from the imports of `src/` (docs/architecture.md, "Layout"): no import
 * circles; each room imports only the rooms below it; `rules/` reads only `core/`; a wire never
 * imports another wire (the OpenAI Responses wire reads the Chat wire's shared pieces, the one
 * exception); a platform imports a wire only through its `call.ts`, `options.ts`, `wire.ts` or
 * `option-types.ts` (types), and never another platform.
 */
import { describe, expect, it } from "vitest";
import { circles, importGraph, roomOf } from "./imports.js";

const graph = importGraph();

/** What each room may import besides itself. */
const BELOW: Record<string, readonly string[]> = {
  core: [],
  rules: ["core"],
  transport: ["core"],
  auth: ["transport", "core"],
  kit: ["transport", "rules", "core"],
  send: ["kit", "auth", "transport", "rules", "core"],
  wires: ["send", "kit", "auth", "transport", "rules", "core"],
  platforms: ["wires", "send", "kit", "auth", "transport", "rules", "core"],
};

/** The folder a file of `wires/` or `platforms/` belongs to (`wires/messages`). */
const folderOf = (file: string) => file.split("/").slice(0, 2).join("/");

function edges(): [string, string][] {
  return [...graph].flatMap(([from, to]) => to.map((t) => [from, t] as [string, string]));
}

describe("the layout of src/", () => {
  it("has no import circles", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("reads every import it checks", () => {
    // A sanity check on the reader: the send path imports the transport, a platform its wire.
    expect(graph.get("send/http-model.ts")).toContain("transport/request.ts");
    expect(graph.get("platforms/anthropic/platform.ts")).toContain("wires/messages/call.ts");
  });

  it.each(Object.keys(BELOW))("%s/ imports only the rooms below it", (room) => {
    const allowed = new Set([room, ...(BELOW[room] ?? [])]);
    const wrong = edges().filter(([f, t]) => roomOf(f) === room && !allowed.has(roomOf(t)));
    expect(wrong).toEqual([]);
  });

  it("keeps every wire to its own folder (Responses may read the Chat wire's shared pieces)", () => {
    const wrong = edges().filter(
      ([f, t]) =>
        roomOf(f) === "wires" &&
        roomOf(t) === "wires" &&
        folderOf(f) !== folderOf(t) &&
        !(folderOf(f) === "wires/openai-responses" && folderOf(t) === "wires/openai-chat"),
    );
    expect(wrong).toEqual([]);
  });

  it("lets a platform reach a wire only through its call, options and wire types", () => {
    // `option-types.ts`: the option types every entry of a wire re-exports, listed once (types
    // only, so it brings no wire code into an entry; ADR 0035).
    const door = /\/(call|options|option-types|wire)\.ts$/;
    const wrong = edges().filter(
      ([f, t]) => roomOf(f) === "platforms" && roomOf(t) === "wires" && !door.test(t),
    );
    expect(wrong).toEqual([]);
  });

  it("never lets one platform import another", () => {
    const wrong = edges().filter(
      ([f, t]) =>
        roomOf(f) === "platforms" && roomOf(t) === "platforms" && folderOf(f) !== folderOf(t),
    );
    expect(wrong).toEqual([]);
  });
});
