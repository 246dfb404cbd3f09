import { afterEach, describe, expect, it } from "vitest";
import { envVar, readEnv } from "../../src/core/env.js";

const realProcess = globalThis.process;

afterEach(() => {
  globalThis.process = realProcess;
});

describe("readEnv", () => {
  it("reads process.env where it exists", () => {
    process.env.GOLEM_TEST_VARIABLE = "from-env";
    try {
      expect(readEnv().GOLEM_TEST_VARIABLE).toBe("from-env");
    } finally {
      delete process.env.GOLEM_TEST_VARIABLE;
    }
  });

  it("gives an empty map where there is no process (workerd, browsers)", () => {
    (globalThis as { process?: unknown }).process = undefined;
    const env = readEnv();
    globalThis.process = realProcess;
    expect(env).toStrictEqual({});
  });

  it("gives an empty map where reading the environment throws (Deno without --allow-env)", () => {
    (globalThis as { process?: unknown }).process = {
      get env(): never {
        throw new Error("Requires env access");
      },
    };
    const env = readEnv();
    globalThis.process = realProcess;
    expect(env).toStrictEqual({});
  });
});

describe("envVar", () => {
  it("reads a variable, and gives undefined where the read itself throws (Deno without --allow-env)", () => {
    const denied = new Proxy({} as Record<string, string>, {
      get: () => {
        throw new Error('NotCapable: Requires env access to "X"');
      },
    });
    expect(envVar({ X: "1" }, "X")).toBe("1");
    expect(envVar(denied, "X")).toBeUndefined();
  });
});
