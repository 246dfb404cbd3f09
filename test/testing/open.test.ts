import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/errors.js";
import { textOf } from "../../src/core/parts.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import {
  type Cassette,
  CassetteMismatchError,
  CassetteSecretError,
  openCassette,
  parseCassette,
} from "../../src/testing/index.js";
import { type Emulator, type Route, startEmulator } from "../faults/emulator.js";

/** openCassette in each mode, on real files, against a loopback server standing in for the API. */

const KEY = "sk-ant-api03-OPENTEST-0123456789";
const encoder = new TextEncoder();

let emulator: Emulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator();
  dir = mkdtempSync(join(tmpdir(), "golem-cassettes-"));
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A server that answers each question with the given texts, in order. */
function server(...texts: string[]): Route {
  return emulator.route(
    texts.map((text, i) => ({
      status: 200,
      headers: { "content-type": "application/json", "request-id": `req_${i}_${Math.random()}` },
      chunks: [
        encoder.encode(
          JSON.stringify({
            id: `msg_${text}`,
            type: "message",
            role: "assistant",
            model: "claude-sonnet-4-5",
            content: [{ type: "text", text }],
            stop_reason: "end_turn",
            usage: { input_tokens: 3, output_tokens: 2 },
          }),
        ),
      ],
    })),
  );
}

/** A model that asks the server at `url` through `fetch`. */
const modelAt = (url: string, fetch: typeof globalThis.fetch) =>
  anthropic.create({ apiKey: KEY, model: "claude-sonnet-4-5", maxTokens: 64, baseURL: url, fetch });

/** Two questions asked through `fetch` against `url`; the answers' texts. */
async function ask(url: string, fetch: typeof globalThis.fetch): Promise<string[]> {
  const model = modelAt(url, fetch);
  const out: string[] = [];
  for (const q of ["Weather in Florence?", "And in Rome?"]) {
    const r = await model.generate({ messages: [{ role: "user", content: q }] });
    out.push(textOf(r.message));
  }
  return out;
}

const file = (name: string) => join(dir, "nested", `${name}.json`);

/** Records the two questions against `url` into the cassette `name`, saved. */
async function recorded(name: string, url: string): Promise<void> {
  const rec = await openCassette(file(name), { mode: "record" });
  await ask(url, rec.fetch);
  await rec.save();
}

describe("openCassette", () => {
  it('"record" writes the cassette (folders made, key removed), "replay" serves it', async () => {
    const live = server("40 C", "25 C");
    const rec = await openCassette(file("weather"), { mode: "record" });
    expect(rec.mode).toBe("record");
    expect(await ask(live.url, rec.fetch)).toStrictEqual(["40 C", "25 C"]);
    const changes = await rec.save();
    expect(changes.map((c) => [c.interaction, c.kind])).toStrictEqual([
      [1, "added"],
      [2, "added"],
    ]);
    const text = readFileSync(file("weather"), "utf8");
    expect(text).not.toContain(KEY);
    const cassette = parseCassette(text);
    expect(cassette.scenario).toBe("weather");
    expect(cassette.provider).toBe("127.0.0.1");
    expect(cassette.source).toMatch(/^captured by recordFetch \(golem\/testing\) on \d{4}-/);

    const replay = await openCassette(file("weather"), { mode: "replay" });
    expect(replay.mode).toBe("replay");
    expect(await ask(live.url, replay.fetch)).toStrictEqual(["40 C", "25 C"]);
    expect(await replay.save()).toStrictEqual([]);
    expect(live.seen).toHaveLength(2);
  });

  it('"auto" records when the file is missing and replays once it exists', async () => {
    const live = server("sunny", "rainy");
    const first = await openCassette(pathToFileURL(file("auto")), { mode: "auto" });
    expect(first.mode).toBe("record");
    await ask(live.url, first.fetch);
    await first.save();
    const second = await openCassette(file("auto"), { mode: "auto" });
    expect(second.mode).toBe("replay");
    expect(await ask(live.url, second.fetch)).toStrictEqual(["sunny", "rainy"]);
    await second.save();
    expect(live.seen).toHaveLength(2);
  });

  it('"update" re-records and reports the interactions that changed', async () => {
    const before = server("40 C", "25 C");
    await recorded("update", before.url);
    const after = server("40 C", "27 C");
    // The same server origin, so only the answer differs.
    const update = await openCassette(file("update"), { mode: "update" });
    expect(update.mode).toBe("update");
    const texts = await ask(after.url, update.fetch);
    expect(texts).toStrictEqual(["40 C", "27 C"]);
    const changes = await update.save();
    const urlChanged = changes.filter((c) => c.kind === "request");
    // Each route has its own path prefix: both requests moved, and only the second answer.
    expect(urlChanged.map((c) => c.interaction)).toStrictEqual([1, 2]);
    expect(urlChanged[0]?.diff[0]).toMatch(
      /^request\.url: expected ".*\/r\/\d+\/v1\/messages", got ".*\/r\/\d+\/v1\/messages"$/,
    );
    const responses = changes.filter((c) => c.kind === "response");
    expect(responses).toStrictEqual([
      {
        interaction: 2,
        kind: "response",
        diff: [
          'response.body.id: expected "msg_25 C", got "msg_27 C"',
          'response.body.content[0].text: expected "25 C", got "27 C"',
        ],
      },
    ]);
    expect(
      parseCassette(readFileSync(file("update"), "utf8")).interactions[1]?.response.body,
    ).toMatchObject({
      content: [{ text: "27 C" }],
    });
  });

  it('"update" leaves the file untouched when nothing changed', async () => {
    // One route for both recordings, so the URLs are the same; only the request ids differ.
    const live = server("40 C", "25 C", "40 C", "25 C", "40 C", "25 C");
    await recorded("unchanged", live.url);
    const text = readFileSync(file("unchanged"), "utf8");
    const writes: string[] = [];
    const files = {
      read: async () => text,
      write: async (_: string | URL, written: string) => {
        writes.push(written);
      },
    };
    const update = await openCassette(file("unchanged"), { mode: "update", files });
    await ask(live.url, update.fetch);
    expect(await update.save()).toStrictEqual([]);
    expect(writes).toStrictEqual([]);
    // A new scenario name is a change of the file, if not of its interactions.
    const meta = { scenario: "renamed" };
    const renamed = await openCassette(file("unchanged"), { mode: "update", files, meta });
    await ask(live.url, renamed.fetch);
    expect(await renamed.save()).toStrictEqual([]);
    expect(writes.map((w) => parseCassette(w).scenario)).toStrictEqual(["renamed"]);
  });

  it('"update" reports an interaction added or removed', async () => {
    const live = server("a", "b", "a");
    await recorded("grow", live.url);
    const update = await openCassette(file("grow"), { mode: "update" });
    const model = modelAt(live.url, update.fetch);
    await model.generate({ messages: [{ role: "user", content: "Weather in Florence?" }] });
    expect(await update.save()).toStrictEqual([{ interaction: 2, kind: "removed", diff: [] }]);
  });

  it("replay checks every request and that every interaction was used", async () => {
    const live = server("x", "y");
    await recorded("strict", live.url);
    const replay = await openCassette(file("strict"), { mode: "replay" });
    const model = modelAt(live.url, replay.fetch);
    const wrong = await model
      .generate({ messages: [{ role: "user", content: "Other" }] })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(CassetteMismatchError);
    expect((wrong as CassetteMismatchError).field).toBe("body.messages[0].content[0].text");
    await expect(replay.save()).rejects.toBeInstanceOf(CassetteMismatchError);
  });

  it("replays a cassette object the test imported, with no file system", async () => {
    const cassette = parseCassette(readFileSync(file("weather"), "utf8"));
    const tape = await openCassette(cassette, {
      files: {
        read: () => Promise.reject(new Error("no files here")),
        write: () => Promise.reject(new Error("no files here")),
      },
    });
    const url = new URL(cassette.interactions[0]?.request.url ?? "").href.replace(
      /\/messages$/,
      "",
    );
    expect(await ask(url, tape.fetch)).toStrictEqual(["40 C", "25 C"]);
    await tape.save();
  });

  it("takes the mode from GOLEM_CASSETTE_MODE, else replays", async () => {
    const env = { GOLEM_CASSETTE_MODE: "record" };
    expect((await openCassette(file("env"), { env })).mode).toBe("record");
    expect((await openCassette(file("weather"), { env: {} })).mode).toBe("replay");
    // Deno without --allow-env throws on reading a variable: then the default holds.
    const denied = new Proxy(
      {},
      {
        get() {
          throw new Error("Requires env access");
        },
      },
    );
    expect((await openCassette(file("weather"), { env: denied })).mode).toBe("replay");
  });

  it("writes a planted key as <redacted>, and refuses to write a cassette it cannot clean", async () => {
    const echo = emulator.route([
      {
        status: 200,
        headers: { "content-type": "application/json", "request-id": `req_${KEY}` },
        chunks: [encoder.encode(JSON.stringify({ echo: `you sent ${KEY}` }))],
      },
      {
        status: 200,
        // Said to be an event stream but no whole frame: the recorder cannot rewrite it.
        headers: { "content-type": "application/vnd.amazon.eventstream" },
        chunks: [encoder.encode(`\u0000\u0001${KEY}`)],
      },
    ]);
    const headers = { "x-api-key": KEY };
    const clean = await openCassette(file("planted"), { mode: "record" });
    await (await clean.fetch(`${echo.url}/v1/echo`, { headers })).text();
    await clean.save();
    const text = readFileSync(file("planted"), "utf8");
    expect(text).not.toContain(KEY);
    expect(parseCassette(text).interactions[0]?.response).toMatchObject({
      headers: { "request-id": "req_<redacted>" },
      body: { echo: "you sent <redacted>" },
    });

    const dirty = await openCassette(file("planted"), { mode: "update" });
    await (await dirty.fetch(`${echo.url}/v1/echo`, { headers })).arrayBuffer();
    const refused = await dirty.save().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CassetteSecretError);
    expect((refused as Error).message).not.toContain(KEY);
    // Nothing was written: the file is the clean one from before.
    expect(readFileSync(file("planted"), "utf8")).toBe(text);
  });

  it("says clearly what is wrong before any request", async () => {
    await expect(openCassette(file("missing"), { mode: "replay" })).rejects.toThrow(
      new ConfigError(
        `no cassette at ${file("missing")}: record it once with mode "record" or "auto" (or GOLEM_CASSETTE_MODE=record)`,
      ),
    );
    const cassette: Cassette = {
      scenario: "s",
      provider: "p",
      streaming: false,
      source: "x",
      interactions: [],
    };
    await expect(openCassette(cassette, { mode: "record" })).rejects.toThrow(
      'mode "record" writes a file: open the cassette by its path',
    );
    await expect(
      openCassette(file("x"), { env: { GOLEM_CASSETTE_MODE: "rewind" } }),
    ).rejects.toThrow(
      "GOLEM_CASSETTE_MODE must be one of replay, record, auto, update, got rewind",
    );
    writeFileSync(file("broken"), "{}");
    await expect(openCassette(file("broken"), { mode: "auto" })).rejects.toThrow(
      /^Not a cassette: /,
    );
    expect(existsSync(file("missing"))).toBe(false);
  });
});
