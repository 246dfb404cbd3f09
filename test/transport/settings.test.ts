import { describe, expect, it } from "vitest";
import { deepMerge, withExtraBody } from "../../src/kit/settings.js";

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

describe("extraBody and `__proto__`", () => {
  it("refuses a `__proto__` key at any depth of plain objects, which assignment would drop", async () => {
    const { pickSettings } = await import("../../src/kit/settings.js");
    for (const extra of [
      JSON.parse('{"__proto__":{"a":1}}'),
      { deep: JSON.parse('{"x":{"__proto__":1}}') },
    ]) {
      expect(() => pickSettings("p", { extraBody: extra })).toThrow(
        "p: `extraBody` must be free of `__proto__` keys (they cannot reach the wire)",
      );
    }
    // Other keys named like Object.prototype members are plain fields and reach the wire.
    const ok = { constructor: { a: 1 }, toString: "x", list: [JSON.parse('{"__proto__":1}')] };
    expect(pickSettings("p", { extraBody: ok }).extraBody).toBe(ok);
    expect(JSON.stringify(deepMerge({ constructor: { b: 2 } }, ok))).toBe(
      '{"constructor":{"b":2,"a":1},"toString":"x","list":[{"__proto__":1}]}',
    );
  });
});
