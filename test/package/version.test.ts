import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../../src/core/version.js";
import { requestText } from "../../src/transport/request.js";
import { USER_AGENT } from "../../src/transport/user-agent.js";
import { ENTRIES, ensureBuilt, ROOT } from "../runtimes/built.js";

/** package.json's version: the one source the build, the docs and the user-agent agree with. */
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
};

describe("golem's version", () => {
  it("is package.json's, in the sources and in the lockfile", () => {
    expect(VERSION).toBe(version);
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    expect([lock.version, lock.packages[""].version]).toEqual([version, version]);
  });

  it("is the one the README names", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme).toContain(`This is golem ${version};`);
    expect(readme).toContain(`\`golem/${version}\``);
  });
});

describe("the user-agent", () => {
  const sent: Headers[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    sent.push(new Headers(init?.headers));
    return new Response("{}");
  };
  const send = (headers: Record<string, string>) =>
    requestText({ url: "https://api.test/v1", headers, body: "{}", fetch, toError: () => never() });
  const never = (): never => {
    throw new Error("no error expected");
  };
  afterEach(() => {
    sent.length = 0;
    delete (globalThis as { document?: unknown }).document;
  });

  it("says golem and its version", async () => {
    await send({ "content-type": "application/json" });
    expect(USER_AGENT).toBe(`golem/${version}`);
    expect(sent[0]?.get("user-agent")).toBe(`golem/${version}`);
  });

  it("leaves a user-agent the caller set alone, whatever its case", async () => {
    await send({ "User-Agent": "my-app/2.0" });
    expect(sent[0]?.get("user-agent")).toBe("my-app/2.0");
  });

  it("is not set in a browser page, which keeps its own", async () => {
    (globalThis as { document?: unknown }).document = {};
    await send({});
    expect(sent[0]?.get("user-agent")).toBeNull();
  });
});

describe("the built package", () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it.each(ENTRIES)("ships %s with its source maps, sources inside", (entry) => {
    for (const file of [`${entry}.js`, `${entry}.cjs`]) {
      const code = readFileSync(join(ROOT, "dist", file), "utf8");
      expect(code).toContain(`//# sourceMappingURL=${file}.map`);
      const map = JSON.parse(readFileSync(join(ROOT, "dist", `${file}.map`), "utf8"));
      expect(map.sources.length).toBeGreaterThan(0);
      expect(map.sourcesContent?.length).toBe(map.sources.length);
    }
  });

  it.each(["esm", "cjs"] as const)("sends golem/<version> from the built adapter (%s)", (kind) => {
    const load = kind === "esm" ? 'await import("golem/anthropic")' : 'require("golem/anthropic")';
    const code = `(async () => {
      const anthropic = ${load};
      let agent;
      const fetch = async (_url, init) => {
        agent = new Headers(init.headers).get("user-agent");
        return new Response("{}", { status: 400 });
      };
      const model = anthropic.create({ apiKey: "k", model: "m", maxTokens: 10, fetch, maxRetries: 0 });
      await model.generate({ messages: [{ role: "user", content: "hi" }] }).catch(() => {});
      console.log(agent);
    })();`;
    const args = kind === "esm" ? ["--input-type=module", "-e", code] : ["-e", code];
    const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe(`golem/${version}`);
  });
});
