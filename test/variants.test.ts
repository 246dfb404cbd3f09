/**
 * The registry of test variants (test/variants.ts) against what it describes: its names are
 * package.json's platform entries, its wires are src/wires/'s folders, and every kind of
 * credentials it lists makes a model of every wire it names, whose request carries it.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageEntries } from "../scripts/entries.js";
import { adapterModule } from "./contract/adapters.js";
import { scriptedFetch } from "./helpers/fetch.js";
import {
  type Auth,
  authOf,
  DEPLOYMENTS,
  deployed,
  everyVariant,
  everyWireAndAuth,
  MARK,
  perVariant,
  VARIANT_NAMES,
  VARIANTS,
  type Variant,
  variantConfig,
  variantRows,
  WIRES,
  type Wire,
  wiresOf,
} from "./variants.js";

const ROOT = join(import.meta.dirname, "..");

describe("the registry of variants", () => {
  it("names every platform entry of package.json exports, in its order, and nothing else", () => {
    const platforms = packageEntries(ROOT).filter((e) => e.platform);
    expect(VARIANT_NAMES).toEqual(platforms.map((e) => e.name));
  });

  it("knows every wire of src/wires/", () => {
    const folders = readdirSync(join(ROOT, "src", "wires"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(Object.keys(WIRES).sort()).toEqual(folders.sort());
  });

  it("says of each deployment which variant's wire it deploys: one that serves that wire and deploys none", () => {
    expect(DEPLOYMENTS).toEqual(VARIANT_NAMES.filter((v) => "deploys" in VARIANTS[v]));
    expect(DEPLOYMENTS).toContain("anthropic-google-cloud");
    for (const d of DEPLOYMENTS) {
      const parent = deployed(d);
      expect(wiresOf(d), d).toEqual([wiresOf(parent)[0]]);
      expect("deploys" in VARIANTS[parent], parent).toBe(false);
    }
  });

  it("lists only secrets that carry the mark and stand in their credentials", async () => {
    for (const v of VARIANT_NAMES) {
      for (const [name, auth] of authOf(v)) {
        const given = await resolved(auth.config);
        for (const secret of auth.secrets) {
          expect(secret, `${v} ${name}`).toContain(MARK);
          expect(given, `${v} ${name}`).toContain(JSON.stringify(secret).slice(1, -1));
        }
      }
    }
  });
});

/** The config as JSON, with each function's answer in its place. */
async function resolved(config: Readonly<Record<string, unknown>>): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) out[k] = typeof v === "function" ? await v() : v;
  return JSON.stringify(out);
}

const CASES = everyWireAndAuth().map(
  ([v, wire, name, auth]) => [`${v} over ${wire} with its ${name}`, v, wire, auth] as const,
);

/** The variant's model over `wire` with these credentials, its place and the smallest config. */
async function create(variant: Variant, wire: Wire, auth: Auth, fetch: typeof globalThis.fetch) {
  const { create } = await adapterModule(variant);
  return create({ ...variantConfig(variant, wire, auth), fetch, maxRetries: 0 } as never);
}

describe.each(CASES)("%s", (_, variant, wire, auth) => {
  it("makes a model named for its entry", async () => {
    const model = await create(variant, wire, auth, scriptedFetch([]).fetch);
    expect(model.provider).toBe(variant);
  });
});

// A kind that first exchanges a key at a token endpoint (`offline`) is left to its own tests.
const ONLINE = CASES.filter(([, , , auth]) => auth.offline === undefined);

describe.each(ONLINE)("%s", (_, variant, wire, auth) => {
  it("sends a request that carries its credential", async () => {
    const { fetch, calls } = scriptedFetch([]);
    const model = await create(variant, wire, auth, fetch);
    await model.generate({ messages: [{ role: "user", content: "hi" }] }).catch(() => {});
    expect(calls).toHaveLength(1);
    const headers = Object.fromEntries(calls[0]?.headers ?? []);
    expect(JSON.stringify({ url: calls[0]?.url, headers })).toContain(auth.secrets[0]);
  });
});

describe("everyVariant", () => {
  it("gives back the rows as written", () => {
    const table = everyVariant(
      VARIANT_NAMES.map((v) => [v, wiresOf(v)[0]] as [Variant, string]),
      {},
    );
    expect(table.map(([v]) => v)).toEqual(VARIANT_NAMES);
  });

  const OTHERS = { bedrock: "r", gemini: "r", openai: "r", azure: "r", vertex: "r", cohere: "r" };

  it("gives a deployment without a row of its own the rows of the variant it deploys, renamed", () => {
    const table = everyVariant(
      [
        ["anthropic", "a"],
        ["anthropic", "b"],
        ["anthropic-bedrock", "own"],
      ] as const,
      OTHERS,
    );
    const others = DEPLOYMENTS.filter((d) => d !== "anthropic-bedrock");
    expect(table).toEqual([
      ["anthropic", "a"],
      ["anthropic", "b"],
      ["anthropic-bedrock", "own"],
      ...others.flatMap((d) => [
        [d, "a"],
        [d, "b"],
      ]),
    ]);
    expect(others).toContain("anthropic-google-cloud");
  });

  it("derives a deployment's rows by the table's own rule where it gives one", () => {
    const rows: ["anthropic", string][] = [["anthropic", "a"]];
    const table = everyVariant(rows, OTHERS, (d) => [[d, `${d}'s`]]);
    expect(table.filter(([v]) => v === "anthropic-google-cloud")).toEqual([
      ["anthropic-google-cloud", "anthropic-google-cloud's"],
    ]);
  });

  it("derives none for a deployment the table gives a reason for", () => {
    const table = everyVariant([["anthropic", "a"]] as const, {
      ...OTHERS,
      "anthropic-aws": "r",
    });
    expect(table.map(([v]) => v)).not.toContain("anthropic-aws");
    expect(table.map(([v]) => v)).toContain("anthropic-foundry");
  });

  it("is a type error for a variant that deploys no other with neither a row nor a reason", () => {
    const { cohere: _, ...withoutCohere } = OTHERS;
    // @ts-expect-error: cohere has neither a row nor a reason (the deployments derive theirs)
    expect(everyVariant([["anthropic", "a"]] as const, withoutCohere)).toHaveLength(
      1 + DEPLOYMENTS.length,
    );
  });

  it("leaves out a skipped variant of a per-variant table", () => {
    const table = Object.fromEntries(
      VARIANT_NAMES.map((v) => [v, v === "gemini" ? { skip: "why" } : v]),
    ) as Record<Variant, Variant | { skip: string }>;
    expect(variantRows(table).map(([v]) => v)).toEqual(VARIANT_NAMES.filter((v) => v !== "gemini"));
  });

  it("fills a per-variant table's deployments from the variant each deploys, or by the table's rule", () => {
    const own = { ...OTHERS, anthropic: "a", "anthropic-bedrock": "own" };
    const inherited = perVariant(own);
    expect(inherited["anthropic-google-cloud"]).toBe("a");
    expect(inherited["anthropic-bedrock"]).toBe("own");
    const ruled = perVariant(own, (d) => ({ skip: `${d} has none` }));
    expect(ruled["anthropic-aws"]).toEqual({ skip: "anthropic-aws has none" });
    expect(variantRows(ruled).map(([v]) => v)).toEqual(
      VARIANT_NAMES.filter((v) => v === "anthropic-bedrock" || !DEPLOYMENTS.includes(v as never)),
    );
  });
});
