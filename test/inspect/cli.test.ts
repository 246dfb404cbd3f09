/**
 * `npx golem inspect FILE > page.html`: the command (scripts/cli.ts, run with tsx; and built
 * as dist/cli.js, package.json `bin`) writes the page for a cassette and for a stored history,
 * and says what is wrong with a file it cannot read.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeHistory } from "../../src/core/history.js";
import { ensureBuilt, ROOT } from "../runtimes/built.js";
import { SIGNATURE_1, weatherHistory } from "./histories.js";

const dir = mkdtempSync(join(tmpdir(), "golem-cli-"));
const history = join(dir, "history.json");
const CASSETTE = join(ROOT, "fixtures/anthropic/cache-tool-loop.json");

beforeAll(async () => {
  writeFileSync(history, serializeHistory(await weatherHistory()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const viaTsx = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "scripts/cli.ts"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });

describe("golem inspect", () => {
  it("writes the page of a stored history to standard output", () => {
    const run = viaTsx("inspect", history, "--title", "a stored history");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^<!doctype html>/);
    expect(run.stdout).toContain("<title>a stored history</title>");
    expect(run.stdout.match(/<article class="turn/g)).toHaveLength(5);
    expect(run.stdout).toContain('data-outcome="kept"');
    expect(run.stdout).not.toContain(SIGNATURE_1);
  });

  it("writes the page of a cassette, with its requests", () => {
    const run = viaTsx("inspect", CASSETTE);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("anthropic/cache-tool-loop");
    expect(run.stdout.match(/<tr data-step=/g)).toHaveLength(3);
  });

  it("takes the verdicts' provider as an option", () => {
    const run = viaTsx("inspect", history, "--provider", "openai");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('data-outcome="dropped"');
  });

  it("says what is wrong, with exit code 1 for a bad file and 2 for bad usage", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{"neither": true}');
    const run = viaTsx("inspect", bad);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/ConfigError: inspect takes a history/);
    expect(viaTsx("inspect", join(dir, "missing.json")).stderr).toMatch(/cannot read/);
    const usage = viaTsx("look", history);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^usage: golem inspect FILE/);
  });

  it("is built as the package's bin, which imports the built inspector", () => {
    ensureBuilt();
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    expect(pkg.bin).toEqual({ golem: "./dist/cli.js" });
    const cli = readFileSync(join(ROOT, "dist/cli.js"), "utf8");
    expect(cli.startsWith("#!/usr/bin/env node")).toBe(true);
    expect(cli).toContain('from "./inspect.js"');
    const run = spawnSync(process.execPath, [join(ROOT, "dist/cli.js"), "inspect", CASSETTE], {
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("anthropic/cache-tool-loop");
  }, 300_000);
});
