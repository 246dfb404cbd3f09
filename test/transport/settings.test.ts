import { describe, expect, it } from "vitest";
import { deepMerge, withExtraBody } from "../../src/transport/settings.js";

describe("deepMerge (extraBody)", () => {
  it("merges plain objects key by key; arrays, scalars and null replace; undefined removes", () => {
    const base = { a: { b: 1, c: [1, 2], d: { e: 1 } }, f: 1, g: "keep", h: { i: 1 } };
    const merged = deepMerge(base, { a: { c: [3], d: null, x: 2 }, f: undefined, h: [1] });
    expect(merged).toEqual({ a: { b: 1, c: [3], d: null, x: 2 }, g: "keep", h: [1] });
  });

  it("changes neither the body nor the extra, so a config's objects stay as they were", () => {
    const shared = { thinking: { type: "adaptive" } };
    const base = { config: shared };
    const extra = { config: { thinking: { display: "omitted" } } };
    const merged = deepMerge(base, extra);
    expect(merged.config).toEqual({ thinking: { type: "adaptive", display: "omitted" } });
    expect(shared).toEqual({ thinking: { type: "adaptive" } });
    expect(extra).toEqual({ config: { thinking: { display: "omitted" } } });
  });

  it("applies create()'s extraBody, then the call's over it", () => {
    const body = withExtraBody(
      { model: "m", stream: true },
      { extraBody: { model: "from-create", x: { a: 1 } } },
      { extraBody: { x: { b: 2 }, stream: undefined } },
    );
    expect(body).toEqual({ model: "from-create", x: { a: 1, b: 2 } });
  });
});
