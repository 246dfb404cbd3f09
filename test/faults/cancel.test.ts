import { describe, expect, it } from "vitest";
import { Agent } from "../../src/agent/agent.js";
import { runEvidenceOf } from "../../src/agent/errors.js";
import { wrapModel } from "../../src/core/middleware.js";
import type { Model, ModelResponse } from "../../src/core/types.js";
import { readModelStream, readRunStream, toEventStream } from "../../src/sse/index.js";
import { scriptedModel } from "../../src/testing/index.js";
import { bodyFetch } from "../contract/adapters.js";
import { ADAPTERS, type Adapter } from "./adapters.js";
import { REQUEST } from "./calls.js";

/**
 * "The caller cancelled" has one outcome, whatever stream golem handed out: leaving the loop
 * early (or closing its iterator before reading) rejects the stream's final promise
 * (`response`, `result`) with a `DOMException` named `AbortError`, as an aborted `fetch` does.
 * A model stream's keeps what had arrived as `partial`; a run's keeps its evidence.
 */

/** A stream golem hands out, and the promise that settles with its end. */
interface Cancellable {
  iterable: AsyncIterable<unknown>;
  final: Promise<unknown>;
}

/** An adapter answering its recorded stream, from memory. */
function adapterModel(a: Adapter): Model {
  const b = a.body("stream");
  return a.create("http://127.0.0.1:9", {
    fetch: bodyFetch(b.pieces, { status: b.status, headers: b.headers }),
  });
}

const modelStream = (model: Model): Cancellable => {
  const stream = model.stream(REQUEST);
  return { iterable: stream, final: stream.response };
};
const TEXT = "It is 40 °C in Florence.";
const agentRun = (): Cancellable => {
  const run = new Agent({ model: scriptedModel([TEXT]) }).runStream("Weather in Florence?");
  return { iterable: run, final: run.result };
};

const STREAMS: [string, () => Cancellable, "partial" | "evidence" | undefined][] = [
  ...ADAPTERS.map((a): [string, () => Cancellable, "partial"] => [
    `${a.name}'s model.stream()`,
    () => modelStream(adapterModel(a)),
    "partial",
  ]),
  [
    "a wrapModel model's stream()",
    () => modelStream(wrapModel(adapterModel(ADAPTERS[0] as Adapter), () => ({}))),
    "partial",
  ],
  ["golem/testing's scriptedModel stream()", () => modelStream(scriptedModel([TEXT])), undefined],
  ["agent.runStream()", agentRun, "evidence"],
  [
    "golem/sse's readModelStream()",
    () => {
      const read = readModelStream(toEventStream(scriptedModel([TEXT]).stream(REQUEST)));
      return { iterable: read, final: read.response };
    },
    undefined,
  ],
  [
    "golem/sse's readRunStream()",
    () => {
      const read = readRunStream(toEventStream(agentRun().iterable as never));
      return { iterable: read, final: read.result };
    },
    undefined,
  ],
];

const WHEN = ["after the first item", "before reading anything"] as const;

const CASES = STREAMS.flatMap(([name, open, keeps]) =>
  WHEN.map((when) => [name, when, open, keeps] as const),
);

describe("the caller cancelled: one outcome for every stream golem hands out", () => {
  it.each(CASES)(
    "%s left %s rejects its final promise with an AbortError",
    async (_, when, open, keeps) => {
      const { iterable, final } = open();
      if (when === "after the first item") {
        for await (const _ of iterable) break;
      } else {
        await iterable[Symbol.asyncIterator]().return?.();
      }
      const error = await Promise.race([
        final.then(
          () => "resolved",
          (e: unknown) => e,
        ),
        new Promise((resolve) => setTimeout(() => resolve("never settled"), 2000)),
      ]);
      expect(error).toBeInstanceOf(DOMException);
      expect(error).toMatchObject({ name: "AbortError" });
      if (keeps === "partial" && when === "after the first item") {
        expect((error as { partial?: ModelResponse }).partial?.message.role).toBe("assistant");
      }
      if (keeps === "evidence") expect(runEvidenceOf(error)).toBeDefined();
    },
  );
});
