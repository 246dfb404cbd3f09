import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { HistoryError } from "../../src/core/errors.js";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import { toolCallsOf } from "../../src/core/parts.js";
import type { Message } from "../../src/core/types.js";
import { validateHistory } from "../../src/core/validate.js";
import { ADAPTERS } from "../faults/adapters.js";
import { expected, REQUEST } from "../faults/calls.js";
import { editJSON, fuzzCounter, type Json, jsonEdit } from "./mutate.js";

const fuzzed = fuzzCounter("fuzz/history");
const SEEDS: Message[][] = [];

beforeAll(async () => {
  // Real assistant turns (signatures, redacted blocks, tool calls) from every adapter's cassette.
  for (const adapter of ADAPTERS) {
    for (const mode of ["generate", "stream"] as const) {
      const { message } = await expected(adapter, mode);
      const results: Message[] = toolCallsOf(message).map((c) => ({
        role: "tool",
        content: '{"temperature": 21}',
        toolCallId: c.id,
      }));
      SEEDS.push([...REQUEST.messages, message, ...results]);
    }
  }
});

/** parseHistory either returns a history that validates and round-trips, or a HistoryError. */
function checkParse(input: unknown): void {
  fuzzed.add();
  let messages: Message[];
  try {
    messages = parseHistory(input);
  } catch (error) {
    expect(error).toBeInstanceOf(HistoryError);
    return;
  }
  try {
    validateHistory(messages);
  } catch (error) {
    // A stored history may hold a tool call left open; only a request refuses that.
    expect(error).toBeInstanceOf(HistoryError);
    expect((error as Error).message).toMatch(/has no tool message answering it before this/);
  }
  if (typeof input === "string")
    expect(serializeHistory(messages)).toBe(JSON.stringify(JSON.parse(input)));
}

/** validateHistory either accepts or throws a HistoryError, for anything at all. */
function checkValidate(input: unknown): void {
  fuzzed.add();
  try {
    validateHistory(input as Message[]);
  } catch (error) {
    expect(error).toBeInstanceOf(HistoryError);
  }
}

describe("parseHistory and validateHistory on bad input", () => {
  it("turn random text into a history or a HistoryError", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 4 })), checkParse),
      { numRuns: 800 },
    );
  });

  it("turn random values of any JS type into a history or a HistoryError", () => {
    const anything = fc.anything({
      maxDepth: 4,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    });
    const message = fc.record(
      {
        role: anything,
        content: anything,
        cache: anything,
        isError: anything,
        toolCallId: anything,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anything, fc.array(message, { maxLength: 4 })), (value) => {
        checkParse(value);
        checkValidate(value);
      }),
      { numRuns: 1500 },
    );
  });

  it("turn random edits of real histories into a history or a HistoryError", () => {
    expect(SEEDS).toHaveLength(12);
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDS.keys()),
        fc.array(jsonEdit, { minLength: 1, maxLength: 4 }),
        (seed, edits) => {
          let value = SEEDS[seed] as unknown as Json;
          for (const edit of edits) value = editJSON(value, edit);
          checkParse(value);
          checkParse(JSON.stringify(value));
          checkValidate(value);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("turn random character edits of stored histories into a history or a HistoryError", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDS.keys()),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.string({ maxLength: 4 })), {
          minLength: 1,
          maxLength: 4,
        }),
        (seed, edits) => {
          let text = serializeHistory(SEEDS[seed] as Message[]);
          for (const [at, cut, insert] of edits) {
            const i = at % (text.length + 1);
            text = text.slice(0, i) + insert + text.slice(i + cut);
          }
          checkParse(text);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
