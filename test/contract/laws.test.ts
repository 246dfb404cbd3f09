/**
 * The generic laws, run over every row of the contract table (a row per cassette file):
 *   1. exact replay: every request equals the recorded one (replayFetch checks it), and the
 *      answer of turn n goes back in turn n+1 part for part, in order, evidence byte for byte;
 *   2. stream = generate: a streamed row ends with the messages of its non-streamed twin;
 *   3. the same result under any re-chunking of the bodies (1 byte, 7 bytes, random cuts);
 *   4. the deltas add up to the final message (or to the partial one of a broken stream);
 *   5. every history survives serializeHistory/parseHistory exactly;
 *   6. the strict prefix law: each request is the previous request's wire plus the new turns,
 *      byte for byte with cache markers removed (a breakpoint on the last message moves on as
 *      the conversation grows, as the providers' docs do it): the same system, tools and
 *      earlier messages. A row that breaks it on purpose says why (`prefixBreak`);
 *   7. replay notices a request header that matters (a beta, a version) which the recording
 *      lacks, so a recording cannot pass for a request it never saw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import { partsOf } from "../../src/core/parts.js";
import type { Message, ModelResponse, Part } from "../../src/core/types.js";
import {
  concatBytes,
  explainCacheMiss,
  responseChunks,
  splitBytes,
} from "../../src/testing/index.js";
import { adapterModule } from "./adapters.js";
import { accumulate, withoutTags } from "./deltas.js";
import { SPECS } from "./rows/index.js";
import { loadCassette, type Row, type RowRun, type RowSpec, rows, runRow } from "./table.js";

const ROWS = rows(SPECS);

/**
 * A JSON.stringify replacer that leaves out cache markers (`cache_control`,
 * `prompt_cache_breakpoint`, `cachePoint` blocks).
 */
const unmarked = (key: string, value: unknown) =>
  key === "cache_control" || key === "prompt_cache_breakpoint"
    ? undefined
    : Array.isArray(value)
      ? value.filter((v) => (v as { cachePoint?: unknown } | null)?.cachePoint === undefined)
      : value;

/** The top-level fields every provider counts in a request's prefix, by their wire names. */
const PREFIX_HEAD = ["system", "tools", "toolConfig", "instructions", "systemInstruction"];

/**
 * The tag of the parts a row's model gives: the adapter's name, or its Responses tag on the
 * Responses API (ADR 0019).
 */
function tagOf(row: Row, provider: string): string {
  return row.spec?.config.api === "responses" ? `${provider}-responses` : provider;
}

/** Providers whose wire keeps an assistant turn's parts in one ordered list. */
function ordered(row: Row): boolean {
  if (row.provider === "openai") return row.spec?.config.api === "responses";
  return row.provider !== "azure";
}

/** A message with its tool calls' arguments parsed ("" is {}), for comparing across wire forms. */
function argumentsAsJSON(m: Message | undefined): unknown {
  if (!m) return m;
  return {
    ...m,
    content: partsOf(m).map((p) =>
      p.type === "tool-call" ? { ...p, arguments: JSON.parse(p.arguments || "{}") } : p,
    ),
  };
}

/** What a broken stream delivered, as the error's `partial`. */
const partialOf = (e: unknown) => (e as { partial?: ModelResponse } | undefined)?.partial;

/**
 * The strings of a part that must reach the next request verbatim, in the order of the parts:
 * signatures and redacted payloads always; texts, thinking texts, call names and provider
 * values where the wire is ordered.
 */
function evidence(part: Part, own: string, inOrder: boolean): string[] {
  const text = (s: string | undefined) => (s ? [JSON.stringify(s).slice(1, -1)] : []);
  switch (part.type) {
    case "thinking":
      if (part.provider !== undefined && part.provider !== own) return [];
      // OpenAI Responses sends a summary back in the parts it came in, not as one text.
      return [
        ...(inOrder && !own.endsWith("-responses") ? text(part.text) : []),
        ...text(part.signature),
        ...text(part.redacted),
      ];
    case "text":
      return [...(inOrder ? text(part.text) : []), ...text(part.signature)];
    case "tool-call":
      return [...(inOrder ? text(part.name) : []), ...text(part.signature)];
    case "provider":
      return part.provider === own ? [JSON.stringify(part.value)] : [];
    default:
      return [];
  }
}

describe("the contract table", () => {
  it("has a row spec for every cassette file, and no spec without a cassette", () => {
    const missing = ROWS.filter((r) => !r.spec).map((r) => `fixtures/${r.provider}/${r.file}.json`);
    expect(missing, "cassettes without a row spec in test/contract/rows/").toEqual([]);
    const files = new Set(ROWS.map((r) => `${r.provider}/${r.file}`));
    const extra = Object.entries(SPECS).flatMap(([p, specs]) =>
      Object.keys(specs)
        .map((f) => `${p}/${f}`)
        .filter((k) => !files.has(k)),
    );
    expect(extra, "row specs without a cassette").toEqual([]);
  });
});

describe.each(ROWS.map((r) => [`${r.provider}/${r.file}`, r] as const))("%s", (_, row) => {
  const spec = row.spec as RowSpec;
  if (!spec) {
    it("has a row spec", () => {
      throw new Error(
        `no row spec for fixtures/${row.provider}/${row.file}.json in test/contract/rows/${row.provider === "azure" ? "openai" : row.provider}.ts`,
      );
    });
    return;
  }
  const run = (options = {}) => runRow(row.provider, row.cassette, spec, options);

  it("1. replays: every request is the recorded one, the answer goes back part for part", async () => {
    const r = await run();
    r.fetch.assertDone();
    if (spec.fails) {
      expect(r.error).toBeInstanceOf((await adapterModule(row.provider)).APIError);
    } else {
      expect(r.error).toBe(undefined);
    }
    const inOrder = ordered(row);
    for (const [n, turn] of r.turns.entries()) {
      const next = r.turns[n + 1];
      const answer = turn.response?.message;
      if (!answer || !next?.request.messages.includes(answer)) continue;
      let sent = JSON.stringify(r.fetch.requests[n + 1]?.body);
      const held = next.response?.serverHistory;
      if (held) {
        // serverHistory (docs/server-history.md): a refused suffix adds a request, so the one
        // that answered is found by its answer's id; a suffix sends the id, not the answer.
        const k = row.cassette.interactions.findIndex(
          (i) => (i.response.body as { id?: unknown } | undefined)?.id === held.id,
        );
        sent = JSON.stringify(r.fetch.requests[k]?.body);
      }
      const body = JSON.parse(sent ?? "null") as { thread?: { type?: string } } | null;
      if (held?.sent === "suffix" || body?.thread?.type === "continue") {
        expect(sent, `the request after turn ${n + 1} continues it`).toContain(
          JSON.stringify(turn.response?.id),
        );
        continue;
      }
      let at = 0;
      for (const part of partsOf(answer)) {
        for (const needle of evidence(part, tagOf(row, r.model.provider), inOrder)) {
          const found = inOrder ? sent.indexOf(needle, at) : sent.indexOf(needle);
          expect(
            found,
            `turn ${n + 1}'s ${part.type} part in request ${n + 2}: ${needle.slice(0, 80)}`,
          ).toBeGreaterThanOrEqual(0);
          if (inOrder) at = found + needle.length;
        }
      }
    }
  });

  if (row.cassette.streaming && spec.twin)
    it("2. stream = generate: ends each turn with the messages of its non-streamed twin", async () => {
      const twin = spec.twin as NonNullable<RowSpec["twin"]>;
      const other = loadCassette(row.provider, twin.file);
      const twinSpec = SPECS[row.provider][twin.file] as RowSpec;
      const streamed = await run();
      const generated = await runRow(row.provider, other, twinSpec);
      const turns = twin.turns ?? generated.turns.map((_, i) => i);
      // Tool-call arguments are the provider's own text, which may differ in white space
      // between a streamed body and a JSON one: equal as JSON.
      expect(streamed.turns.map((t) => argumentsAsJSON(t.response?.message))).toEqual(
        turns.map((i) => argumentsAsJSON(generated.turns[i]?.response?.message)),
      );
      expect(streamed.turns.map((t) => t.response?.stopReason)).toEqual(
        turns.map((i) => generated.turns[i]?.response?.stopReason),
      );
      if (twin.exact) {
        // Twins are separate recordings, so the provider named each response with its own id:
        // equal apart from it (the id itself is checked per wire in the provider tests).
        const withoutId = (r: ModelResponse | undefined) => r && { ...r, id: undefined };
        expect(streamed.turns.map((t) => withoutId(t.response))).toEqual(
          turns.map((i) => withoutId(generated.turns[i]?.response)),
        );
      }
    });

  if (row.cassette.streaming)
    it("3. gives the same deltas, messages and errors under any re-chunking of the bodies", async () => {
      const outcome = (r: RowRun) => ({
        turns: r.turns.map((t) => ({
          deltas: t.deltas,
          response: t.response,
          error: t.error && String(t.error),
          partial: partialOf(t.error),
        })),
        error: r.error && String(r.error),
      });
      const reference = outcome(await run());
      const length = Math.max(
        ...row.cassette.interactions.map((i) => concatBytes(responseChunks(i.response)).length),
      );
      const every = (size: number) => (bytes: Uint8Array) =>
        splitBytes(
          bytes,
          Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => i * size),
        );
      expect(outcome(await run({ rechunk: every(1) }))).toEqual(reference);
      expect(outcome(await run({ rechunk: every(7) }))).toEqual(reference);
      expect(outcome(await run({ rechunk: (b: Uint8Array) => [b] }))).toEqual(reference);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 40 }),
          async (cuts) => {
            const again = outcome(await run({ rechunk: (b: Uint8Array) => splitBytes(b, cuts) }));
            expect(again).toEqual(reference);
          },
        ),
        { numRuns: 15, seed: 0x901e },
      );
    });

  if (row.cassette.streaming)
    it("4. the deltas add up to the final message (a broken stream's: to its partial)", async () => {
      const r = await run();
      for (const turn of r.turns) {
        const final = turn.response?.message ?? partialOf(turn.error)?.message;
        if (!final) continue;
        expect(accumulate(turn.deltas)).toEqual(withoutTags(partsOf(final)));
      }
    });

  it("6. each request is the previous one's wire plus the new turns, cache markers aside", async () => {
    const r = await run();
    const bodies = r.fetch.requests.map((q) => q.body as Record<string, unknown>);
    if (bodies.length < 2) return;
    if (row.spec?.prefixBreak !== undefined) {
      // A written reason, not an empty excuse.
      expect(row.spec.prefixBreak.length).toBeGreaterThan(20);
      return;
    }
    const list = ["messages", "contents", "input"].find((k) => k in (bodies[0] as object));
    const wire = (body: Record<string, unknown>, key: string) =>
      JSON.stringify(body[key], unmarked);
    const turns = (body: Record<string, unknown>) =>
      ((body[list ?? ""] as unknown[] | undefined) ?? []).map((m) => JSON.stringify(m, unmarked));
    for (let n = 0; n + 1 < bodies.length; n++) {
      const previous = bodies[n] as Record<string, unknown>;
      const later = bodies[n + 1] as Record<string, unknown>;
      for (const key of PREFIX_HEAD) {
        expect(wire(later, key), `request ${n + 2}: \`${key}\` as in request ${n + 1}`).toBe(
          wire(previous, key),
        );
      }
      expect(explainCacheMiss(previous, later), `request ${n + 2} after request ${n + 1}`).toEqual({
        extends: true,
      });
      // explainCacheMiss compares values; the cache compares bytes, so key order counts too.
      const before = turns(previous);
      expect(turns(later).slice(0, before.length), `request ${n + 2}, byte for byte`).toEqual(
        before,
      );
    }
  });

  it("5. every history of the row survives serializeHistory/parseHistory exactly", async () => {
    const r = await run();
    const histories: Message[][] = r.turns.map((t) => {
      const answer = t.response?.message ?? partialOf(t.error)?.message;
      return answer ? [...t.request.messages, answer] : t.request.messages;
    });
    for (const history of histories) {
      // Messages golem made are checked; a history the row made up to provoke a 400 may not be valid.
      if (spec.fails && history === histories.at(-1) && !r.turns.at(-1)?.response) continue;
      expect(parseHistory(serializeHistory(history))).toEqual(history);
    }
  });

  if (row.cassette.interactions.length > 0)
    it("7. notices a beta header the recording lacks", async () => {
      const own = spec.config.headers as Record<string, string> | undefined;
      const r = await run({ config: { headers: { ...own, "x-contract-beta": "on" } } });
      expect(r.fetch.mismatches[0]).toContain('header x-contract-beta: unexpected "on"');
    });
});
