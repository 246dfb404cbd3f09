import { describe, expect, it } from "vitest";
import { APIError, StreamError } from "../../src/core/errors.js";
import { NO_DELTAS, redactStreamErrors } from "../../src/send/model-stream.js";
import { redactError } from "../../src/transport/redact.js";

const KEY = "sk-test-SECRETMARK-0123";

describe("redactError", () => {
  it("scrubs message, stack and body down the cause chain, in place", () => {
    const root = new SyntaxError(`Unexpected token in "${KEY}"`);
    const mid = new TypeError(`fetch failed for ${KEY}`, { cause: root });
    const error = new APIError(
      {
        provider: "p",
        status: 401,
        message: `bad key ${KEY}`,
        body: { error: { message: `key ${KEY}`, [KEY]: [KEY, 1, null] } },
        retryable: false,
      },
      { cause: mid },
    );
    expect(redactError(error, [KEY])).toBe(error);
    expect(error.message).toBe("p 401: bad key <redacted>");
    expect(error.body).toEqual({
      error: { message: "key <redacted>", "<redacted>": ["<redacted>", 1, null] },
    });
    expect(mid.message).toBe("fetch failed for <redacted>");
    expect(root.message).toBe('Unexpected token in "<redacted>"');
    for (const e of [error, mid, root]) expect(e.stack).not.toContain(KEY);
  });

  it("keeps a __proto__ key of a body a plain key", () => {
    const body = JSON.parse(`{"__proto__": {"k": "${KEY}"}}`);
    const error = new APIError({
      provider: "p",
      status: 400,
      message: "m",
      body,
      retryable: false,
    });
    redactError(error, [KEY]);
    expect(Object.getPrototypeOf(error.body)).toBe(Object.prototype);
    expect(JSON.stringify(error.body)).toBe('{"__proto__":{"k":"<redacted>"}}');
  });

  it("survives cycles, frozen errors and values that are not errors", () => {
    const a = new Error(`a ${KEY}`);
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    redactError(b, [KEY]);
    expect(a.message).toBe("a <redacted>");
    const frozen = Object.freeze(new Error(`f ${KEY}`));
    expect(() => redactError(frozen, [KEY])).not.toThrow();
    expect(redactError("text", [KEY])).toBe("text");
    expect(redactError(undefined, [KEY])).toBeUndefined();
  });

  it("leaves errors alone when there is no secret long enough to look for", () => {
    const error = new Error("short key abc");
    redactError(error, ["abc", ""]);
    expect(error.message).toBe("short key abc");
  });
});

describe("redactStreamErrors", () => {
  it("scrubs what push and finish throw, and passes everything else through", () => {
    const partial = {
      message: { role: "assistant" as const, content: "so far" },
      usage: { inputTokens: 1, outputTokens: 2 },
      stopReason: "",
    };
    const machine = redactStreamErrors<string>(
      {
        push(record) {
          if (record === "bad")
            throw new APIError({
              provider: "p",
              status: 200,
              message: `echo ${KEY}`,
              retryable: false,
            });
          if (record === "json") return JSON.parse(`{"k": ${KEY}}`);
          return NO_DELTAS;
        },
        finish() {
          throw new StreamError(`ended, last record ${KEY}`, partial);
        },
        partial: () => partial,
      },
      [KEY],
    );
    expect(machine.push("ok")).toBe(NO_DELTAS);
    expect(() => machine.push("bad")).toThrow("p 200: echo <redacted>");
    expect(() => machine.push("json")).toThrow(SyntaxError);
    expect(() => machine.finish()).toThrow("ended, last record <redacted>");
    expect(machine.partial()).toBe(partial);
  });
});
