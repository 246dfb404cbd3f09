import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ConfigError } from "../../../src/core/errors.js";
import {
  type Config,
  DEFAULT_BASE_URL,
  resolveConfig,
} from "../../../src/platforms/gemini/config.js";
import { isGemini3 } from "../../../src/rules/gemini.js";
import { modelPath } from "../../../src/wires/generate-content/request.js";
import { bundledPackages } from "../../core/bundle-inputs.js";
import { thrownAs } from "../../helpers/errors.js";

const KEY = { apiKey: "AIza-test-key" };

const configError = (run: () => unknown): ConfigError => thrownAs(ConfigError, run);

describe("resolveConfig", () => {
  it("applies the defaults and sends no generationConfig when nothing asks for one", () => {
    const cfg = resolveConfig({ ...KEY, model: "gemini-3-pro-preview" }, {});
    expect(cfg).toEqual({
      apiKey: "AIza-test-key",
      model: "gemini-3-pro-preview",
      baseURL: DEFAULT_BASE_URL,
      headers: {},
      maxRetries: 2,
      idleTimeoutMs: 600_000,
      deadlineMs: undefined,
      timeoutMs: undefined,
      fetch: undefined,
      generationConfig: undefined,
      settings: {},
    });
    expect(DEFAULT_BASE_URL).toBe("https://generativelanguage.googleapis.com/v1beta");
  });

  it("maps thinking to thinkingConfig with the level in upper case", () => {
    const cfg = resolveConfig(
      {
        ...KEY,
        model: "m",
        maxTokens: 8192,
        thinking: { includeThoughts: true, level: "high" },
      },
      {},
    );
    expect(cfg.generationConfig).toEqual({
      thinkingConfig: { includeThoughts: true, thinkingLevel: "HIGH" },
    });
    expect(cfg.settings).toEqual({ maxTokens: 8192 });
  });

  it.each([
    ["minimal", "MINIMAL"],
    ["low", "LOW"],
    ["medium", "MEDIUM"],
    ["xhigh", "XHIGH"],
  ] as const)("sends level %s as %s", (level, wire) => {
    const cfg = resolveConfig({ ...KEY, model: "m", thinking: { level } }, {});
    expect(cfg.generationConfig).toEqual({ thinkingConfig: { thinkingLevel: wire } });
  });

  it("sends a budget as thinkingBudget, -1 (dynamic) and 0 (off) included", () => {
    for (const budget of [-1, 0, 2048]) {
      const cfg = resolveConfig(
        { ...KEY, model: "m", thinking: { budget, includeThoughts: false } },
        {},
      );
      expect(cfg.generationConfig).toEqual({
        thinkingConfig: { thinkingBudget: budget, includeThoughts: false },
      });
    }
  });

  it("sends no thinkingConfig for an empty thinking object", () => {
    expect(
      resolveConfig({ ...KEY, model: "m", thinking: {} }, {}).generationConfig,
    ).toBeUndefined();
  });

  it.each([true, false])("takes longDecode %s", (longDecode) => {
    expect(() => resolveConfig({ ...KEY, model: "m", longDecode }, {})).not.toThrow();
  });

  it("refuses a longDecode that is not a boolean, naming the option", () => {
    const err = configError(() =>
      resolveConfig({ ...KEY, model: "m", longDecode: "no" as unknown as boolean }, {}),
    );
    expect(err.message).toBe("gemini: longDecode: must be a boolean");
  });

  it("refuses budget and level together", () => {
    const err = configError(() =>
      resolveConfig({ ...KEY, model: "m", thinking: { budget: 1024, level: "low" } }, {}),
    );
    expect(err.message).toBe(
      "gemini: thinking.budget and thinking.level cannot both be set; pick one",
    );
  });

  it("refuses an unknown level, naming the option", () => {
    const err = configError(() =>
      resolveConfig({ ...KEY, model: "m", thinking: { level: "max" as "high" } }, {}),
    );
    expect(err.message).toBe(
      'gemini: thinking.level: must be "minimal", "low", "medium", "high" or "xhigh"',
    );
  });

  it("refuses a budget below -1 or not an integer", () => {
    for (const budget of [-2, 1.5]) {
      const err = configError(() =>
        resolveConfig({ ...KEY, model: "m", thinking: { budget } }, {}),
      );
      expect(err.message).toMatch(/^gemini: thinking\.budget: /);
    }
  });

  it("refuses a missing or empty model", () => {
    const message = 'gemini: model: is required: a model id such as "gemini-3-pro-preview"';
    expect(configError(() => resolveConfig({ ...KEY } as never, {})).message).toBe(message);
    expect(configError(() => resolveConfig({ ...KEY, model: "" }, {})).message).toBe(message);
  });

  it("refuses nonsense numbers and a baseURL that is no URL", () => {
    expect(
      configError(() => resolveConfig({ ...KEY, model: "m", maxTokens: 0 }, {})).message,
    ).toMatch(/maxTokens/);
    expect(
      configError(() => resolveConfig({ ...KEY, model: "m", maxRetries: -1 }, {})).message,
    ).toMatch(/maxRetries/);
    expect(
      configError(() => resolveConfig({ ...KEY, model: "m", baseURL: "nope" }, {})).message,
    ).toMatch(/baseURL/);
  });

  it("takes the key from GEMINI_API_KEY, then GOOGLE_API_KEY, an explicit key first", () => {
    const env = { GEMINI_API_KEY: "from-gemini-env", GOOGLE_API_KEY: "from-google-env" };
    expect(resolveConfig({ model: "m" }, env).apiKey).toBe("from-gemini-env");
    expect(resolveConfig({ model: "m" }, { GOOGLE_API_KEY: "from-google-env" }).apiKey).toBe(
      "from-google-env",
    );
    expect(resolveConfig({ model: "m", apiKey: "explicit" }, env).apiKey).toBe("explicit");
    expect(resolveConfig({ model: "m" }, { GEMINI_API_KEY: "", GOOGLE_API_KEY: "g" }).apiKey).toBe(
      "g",
    );
  });

  it("refuses a missing key, naming the environment variables that would supply it", () => {
    const err = configError(() => resolveConfig({ model: "m", apiKey: "" }, {}));
    expect(err.message).toContain("GEMINI_API_KEY");
    expect(err.message).toContain("GOOGLE_API_KEY");
  });

  it("drops trailing slashes from baseURL and keeps extra headers", () => {
    const cfg = resolveConfig(
      { ...KEY, model: "m", baseURL: "http://127.0.0.1:8080/v1beta/", headers: { "x-team": "a" } },
      {},
    );
    expect(cfg.baseURL).toBe("http://127.0.0.1:8080/v1beta");
    expect(cfg.headers).toEqual({ "x-team": "a" });
  });
});

describe("modelPath", () => {
  it("prefixes ids with models/ and keeps full paths", () => {
    expect(modelPath("gemini-3-pro-preview")).toBe("models/gemini-3-pro-preview");
    expect(modelPath("tunedModels/my-model")).toBe("tunedModels/my-model");
  });
});

describe("isGemini3", () => {
  it("matches Gemini 3 model names only", () => {
    expect(isGemini3("gemini-3-pro-preview")).toBe(true);
    expect(isGemini3("gemini-3.1-flash-lite")).toBe(true);
    expect(isGemini3("gemini-2.5-flash")).toBe(false);
    // An alias hides the family: see fixtures/gemini/missing-thought-signature.json.
    expect(isGemini3("gemini-flash-latest")).toBe(false);
  });
});

/**
 * The zod schema `resolveConfig` checked configs with before it used plain checks (kept here as
 * the reference, less the transport options, which `resolveTransport` now checks as for every
 * adapter): the plain checks must refuse exactly what it refused, with the same path and message.
 */
function zodReference() {
  const BUDGET = "must be an integer: -1 (dynamic), 0 (off) or a token count";
  const MODEL = 'is required: a model id such as "gemini-3-pro-preview"';
  // `xhigh`: Gemini 4's level (@google/genai 3.6.1 ThinkingLevel.XHIGH), added since.
  const LEVELS = ["minimal", "low", "medium", "high", "xhigh"] as const;
  const thinkingSchema = z.object(
    {
      includeThoughts: z.optional(z.boolean("must be a boolean")),
      budget: z.optional(z.int(BUDGET).check(z.gte(-1, BUDGET))),
      level: z.optional(z.enum(LEVELS, 'must be "minimal", "low", "medium", "high" or "xhigh"')),
    },
    "must be an object",
  );
  return z.object(
    {
      apiKey: z.optional(z.string("must be a string")),
      model: z.string(MODEL).check(z.minLength(1, MODEL)),
      thinking: z.optional(thinkingSchema),
    },
    "must be an object",
  );
}

/** Values of every kind, valid and not, for any option. */
const ANY: unknown[] = [
  undefined,
  null,
  "",
  "m",
  " https://example.test/v1 ",
  "\u00a0https://example.test\u00a0",
  "https://example.test/v1/",
  "http:example.test",
  "nope",
  0,
  -1,
  1,
  2,
  1.5,
  -2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  -(2 ** 53),
  true,
  false,
  [],
  ["a"],
  {},
  { "x-team": "a" },
  { "x-team": 1 },
  { "a.b": "c", d: null },
  Object.create(null),
  Object.assign(Object.create(null), { k: "v" }),
  Object.defineProperty({ k: "v" }, "hidden", { value: 1, enumerable: false }),
  new Date(0),
  new Headers({ a: "b" }),
  () => undefined,
  "low",
  "max",
];

const anyValue = fc.constantFrom(...ANY);
/** Mostly values that pass, so that the options after this one get checked too. */
const mostly = (...valid: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ weight: 1, arbitrary: anyValue }, { weight: 4, arbitrary: fc.oneof(...valid) });

const thinking = mostly(
  fc.record(
    {
      includeThoughts: mostly(fc.boolean()),
      budget: mostly(fc.integer({ min: -3, max: 5000 })),
      level: mostly(fc.constantFrom("minimal", "low", "medium", "high", "xhigh", "HIGH")),
    },
    { requiredKeys: [] },
  ),
);
const config = fc.oneof(
  { weight: 1, arbitrary: anyValue },
  {
    weight: 9,
    arbitrary: fc.record(
      {
        apiKey: mostly(fc.string()),
        model: mostly(fc.constant("gemini-3-pro-preview")),
        thinking,
        // Valid transport options only: their checks are resolveTransport's (test/transport).
        fetch: fc.constant(fetch),
        baseURL: fc.constantFrom("https://example.test/v1beta", "http://127.0.0.1:1/"),
        headers: fc.dictionary(fc.string(), fc.string()),
        maxRetries: fc.integer({ min: 0, max: 5 }),
        timeoutMs: fc.double({ min: 1, max: 1e6, noNaN: true }),
      },
      { requiredKeys: [] },
    ),
  },
);

/** A key of `thinking` that is none of its options, when `thinking` is an object. */
function strayThinkingKey(c: unknown): string | undefined {
  const t = (c as { thinking?: unknown } | null)?.thinking;
  if (typeof t !== "object" || t === null || Array.isArray(t)) return undefined;
  return Object.keys(t).find((k) => !["includeThoughts", "budget", "level"].includes(k));
}

const BOTH = "gemini: thinking.budget and thinking.level cannot both be set; pick one";

function outcome(run: () => unknown): string {
  try {
    run();
    return "ok";
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

describe("resolveConfig's checks", () => {
  const reference = zodReference();

  it("refuse what the zod schema refused, with the same path and message", () => {
    fc.assert(
      fc.property(config, (c) => {
        const parsed = reference.safeParse(c);
        const got = outcome(() => resolveConfig(c as Config, { GEMINI_API_KEY: "k" }));
        const stray = strayThinkingKey(c);
        if (parsed.success && stray !== undefined) {
          // Past the schema, a key the thinking object does not have is refused by name.
          expect(got).toBe(
            `gemini: unknown option \`thinking.${stray}\`; \`thinking\` accepts budget, includeThoughts, level`,
          );
        } else if (parsed.success) {
          // Past the schema only the budget-and-level rule can refuse.
          expect(["ok", BOTH]).toContain(got);
        } else {
          const issue = parsed.error.issues[0];
          expect(got).toBe(`gemini: ${issue?.path.join(".") || "config"}: ${issue?.message}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    [null, "gemini: config: must be an object"],
    [{ model: "m", apiKey: 1 }, "gemini: apiKey: must be a string"],
    [{ model: "m", thinking: [] }, "gemini: thinking: must be an object"],
    [
      { model: "m", thinking: { includeThoughts: "yes" } },
      "gemini: thinking.includeThoughts: must be a boolean",
    ],
    // The call settings, checked by kit/settings.ts as for every adapter.
    [{ model: "m", maxTokens: 2 ** 53 }, "gemini: `maxTokens` must be an integer >= 1"],
    // The transport options, checked by resolveTransport as for every adapter.
    [{ model: "m", fetch: "fetch" }, "gemini: `fetch` must be a function"],
    [{ model: "m", baseURL: "/v1beta" }, 'gemini: `baseURL` is not a URL: "/v1beta"'],
    [{ model: "m", headers: new Headers() }, "gemini: `headers` must be an object of strings"],
    [{ model: "m", headers: { "x-a": "1", "x-b": 2 } }, "gemini: header x-b must be a string"],
    [
      { model: "m", timeoutMs: Number.POSITIVE_INFINITY },
      "gemini: `timeoutMs` must be a positive number, got Infinity",
    ],
    [{ model: "m", timeoutMs: 0 }, "gemini: `timeoutMs` must be a positive number, got 0"],
  ])("refuses %o with %s", (c, message) => {
    expect(outcome(() => resolveConfig(c as Config, { GEMINI_API_KEY: "k" }))).toBe(message);
  });

  it("accepts headers made in another realm or with a hidden key", () => {
    const headers = runInNewContext('({ "X-Team": "a" })') as Record<string, string>;
    const cfg = resolveConfig({ ...KEY, model: "m", headers }, {});
    expect(cfg.headers).toEqual({ "x-team": "a" });
    const hidden = Object.defineProperty({ "x-team": "a" }, "x-hidden", { value: 1 });
    expect(resolveConfig({ ...KEY, model: "m", headers: hidden }, {}).headers).toEqual({
      "x-team": "a",
    });
  });
});

describe("golem/gemini", () => {
  it("bundles without zod: its config is checked with plain code", async () => {
    const gemini = 'export * from "./src/platforms/gemini/index.ts";';
    expect(await bundledPackages(gemini)).toEqual(["eventsource-parser"]);
  });
});
