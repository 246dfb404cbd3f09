/**
 * ConverseStream members beyond reasoning, text and tools: a cited text (`citation` deltas in a
 * text block), an image the model makes (`image` start and deltas), and members the API
 * reference does not list (ADR 0034). The shapes are the API reference's:
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlockDelta.html
 */
import { describe, expect, it } from "vitest";
import { APIError, StreamError } from "../../../src/core/errors.js";
import type { Delta } from "../../../src/core/types.js";
import type { EventStreamMessage } from "../../../src/transport/event-stream.js";
import { parseResponse } from "../../../src/wires/converse/response.js";
import { createStreamState } from "../../../src/wires/converse/stream.js";
import { thrown } from "../../helpers/errors.js";
import { eventMessage } from "./frames.js";

const delta = (index: number, d: unknown) =>
  eventMessage("contentBlockDelta", { contentBlockIndex: index, delta: d, p: "abcd" });
const start = (index: number, s: unknown) =>
  eventMessage("contentBlockStart", { contentBlockIndex: index, start: s, p: "ab" });
const stop = (index: number) => eventMessage("contentBlockStop", { contentBlockIndex: index });
const ending = [
  eventMessage("messageStop", { stopReason: "end_turn" }),
  eventMessage("metadata", { usage: { inputTokens: 9, outputTokens: 4, totalTokens: 13 } }),
];

/** A CitationsDelta with a documentChar location (API_runtime_CitationsDelta.html). */
const CITATION = {
  title: "golem-notes",
  sourceContent: [{ text: "The golem is made of river clay." }],
  location: { documentChar: { documentIndex: 0, start: 13, end: 45 } },
};
const CITED_BLOCK = {
  citationsContent: { citations: [CITATION], content: [{ text: "made of river clay" }] },
};

function feed(messages: EventStreamMessage[], citations = false) {
  const machine = createStreamState((f) => new APIError(f), "req-1", "bedrock", citations);
  const deltas: Delta[] = [];
  for (const m of messages) deltas.push(...machine.push(m));
  return { machine, deltas };
}

/** The response parseResponse gives for these blocks, as a body carries them. */
const asBody = (content: unknown[]) =>
  parseResponse({
    output: { message: { role: "assistant", content } },
    stopReason: "end_turn",
    usage: { inputTokens: 9, outputTokens: 4, totalTokens: 13 },
  });

describe("a streamed cited text", () => {
  it("is one provider part, citationsContent as a body holds it, with one delta at its stop", () => {
    const { machine, deltas } = feed([
      delta(0, { citation: CITATION }),
      delta(0, { text: "made of " }),
      delta(0, { text: "river clay" }),
      stop(0),
      ...ending,
    ]);
    expect(deltas).toEqual([
      { type: "provider", index: 0, provider: "bedrock", value: CITED_BLOCK },
    ]);
    expect(machine.finish()).toEqual(asBody([CITED_BLOCK]));
  });

  it("with citations on, holds each text block till its stop: plain text whole, a cited one as its block", () => {
    const { machine, deltas } = feed(
      [
        delta(0, { text: "The note says " }),
        delta(0, { text: "it is " }),
        stop(0),
        delta(1, { text: "made of " }),
        delta(1, { citation: CITATION }),
        delta(1, { text: "river clay" }),
        stop(1),
        ...ending,
      ],
      true,
    );
    expect(deltas).toEqual([
      { type: "text", index: 0, text: "The note says it is " },
      { type: "provider", index: 1, provider: "bedrock", value: CITED_BLOCK },
    ]);
    expect(machine.finish()).toEqual(asBody([{ text: "The note says it is " }, CITED_BLOCK]));
  });

  it("shows a held block in partial: as text till a citation comes, then as its block so far", () => {
    const { machine } = feed([delta(0, { text: "made of " })], true);
    expect(machine.partial().message.content).toEqual([{ type: "text", text: "made of " }]);
    machine.push(delta(0, { citation: CITATION }));
    expect(machine.partial().message.content).toEqual([
      {
        type: "provider",
        provider: "bedrock",
        value: { citationsContent: { citations: [CITATION], content: [{ text: "made of " }] } },
      },
    ]);
  });

  it("without citations on, refuses a citation after its block's text streamed as plain text", () => {
    const { machine } = feed([delta(0, { text: "made of " })]);
    const err = thrown(() => machine.push(delta(0, { citation: CITATION })));
    expect(err).toBeInstanceOf(StreamError);
    expect((err as Error).message).toMatch(/citation for block 0.*`citations: true`/);
  });

  it("refuses a citation that is not an object, and one on a block of another kind", () => {
    expect((thrown(() => feed([delta(0, { citation: "x" })])) as Error).message).toBe(
      "bedrock: contentBlockDelta for block 0 without an object `citation`",
    );
    const mixed = thrown(() =>
      feed([delta(0, { reasoningContent: { text: "hm" } }), delta(0, { citation: CITATION })]),
    );
    expect((mixed as Error).message).toBe("bedrock: block 0 mixes reasoning and citation deltas");
  });
});

describe("a streamed image", () => {
  it("joins its base64 pieces as bytes into one provider part, as a body's image block", () => {
    const { machine, deltas } = feed([
      start(0, { image: { format: "png" } }),
      delta(0, { image: { source: { bytes: btoa("\x89PN") } } }),
      delta(0, { image: { source: { bytes: btoa("G\r\n") } } }),
      stop(0),
      ...ending,
    ]);
    const block = { image: { format: "png", source: { bytes: btoa("\x89PNG\r\n") } } };
    expect(deltas).toEqual([{ type: "provider", index: 0, provider: "bedrock", value: block }]);
    expect(machine.finish()).toEqual(asBody([block]));
  });

  it("is a StreamError when a delta carries its error, or when it never started", () => {
    const failed = thrown(() =>
      feed([
        start(0, { image: { format: "png" } }),
        delta(0, { image: { error: { message: "blocked" } } }),
      ]),
    );
    expect((failed as Error).message).toBe("bedrock: image block 0 failed: blocked");
    const stray = thrown(() => feed([delta(0, { image: { source: { bytes: "AA==" } } })]));
    expect((stray as Error).message).toBe("bedrock: image for block 0, which never started");
    const noFormat = thrown(() => feed([start(0, { image: {} })]));
    expect((noFormat as Error).message).toMatch(/`image.format`/);
  });
});

describe("a member the API reference does not list", () => {
  it.each([
    ["contentBlockStart", start(0, { hologram: { depth: 3 } })],
    ["contentBlockDelta", delta(0, { hologram: { depth: 3 } })],
  ])("on a %s is a StreamError naming it", (event, message) => {
    const err = thrown(() => feed([message]));
    expect(err).toBeInstanceOf(StreamError);
    expect((err as Error).message).toBe(
      `bedrock: ${event} for block 0 has \`hologram\`, which golem does not read`,
    );
  });

  it("is not there in an empty start or delta, which says nothing", () => {
    expect(feed([start(0, {}), delta(0, {}), stop(0)]).deltas).toEqual([]);
  });
});
