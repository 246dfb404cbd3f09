import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { capture } from "../../scripts/capture.js";
import { type Cassette, parseCassette, responseChunks } from "../../src/testing/index.js";
import { loadCassette } from "../helpers/cassettes.js";

const FAKE_KEY = "sk-ant-FAKE-capture-key-9f8e7d6c5b4a";

/** A loopback server that plays a provider: interaction i answers request i, chunk by chunk. */
function playServer(cassette: Cassette): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  let next = 0;
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const part of req) body += part;
    seen.push(`${req.method} ${req.url} ${req.headers["x-api-key"] ?? ""} ${body.length}`);
    const interaction = cassette.interactions[next++];
    if (!interaction) {
      res.writeHead(500).end("no more interactions");
      return;
    }
    res.socket?.setNoDelay(true);
    res.writeHead(interaction.response.status, interaction.response.headers);
    for (const chunk of responseChunks(interaction.response)) {
      res.write(chunk);
      // Real chunk timing: the client reads each write on its own.
      await new Promise((r) => setTimeout(r, 4));
    }
    res.end();
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen });
    });
  });
}

/** Offsets where chunks end; a recording can merge writes but never split one. */
function boundaries(chunks: string[]): number[] {
  let at = 0;
  return chunks.map((c) => (at += new TextEncoder().encode(c).length));
}

describe.each([
  ["anthropic", "thinking-tool-loop-stream"],
  ["anthropic", "redacted-thinking"],
])("capture %s %s against a loopback provider", (provider, scenario) => {
  const original = loadCassette(provider, scenario);
  let out: string;
  let played: Awaited<ReturnType<typeof playServer>>;
  let written: Cassette;
  let text: string;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), "golem-capture-"));
    played = await playServer(original);
    vi.stubEnv("ANTHROPIC_API_KEY", FAKE_KEY);
    vi.stubEnv("NO_PROXY", "127.0.0.1");
    const file = await capture({
      provider,
      scenario,
      baseURL: `${played.url}/v1`,
      out,
      now: new Date(0),
    });
    text = readFileSync(file, "utf8");
    written = parseCassette(text);
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    played.server.close();
    rmSync(out, { recursive: true, force: true });
  });

  it("records every exchange with the bodies golem sent", () => {
    expect(written.interactions).toHaveLength(original.interactions.length);
    written.interactions.forEach((interaction, i) => {
      const recorded = original.interactions[i];
      expect(new URL(interaction.request.url).pathname).toBe(
        new URL(recorded?.request.url ?? "").pathname,
      );
      expect(interaction.request.body).toEqual(recorded?.request.body);
      expect(interaction.request.headers).toEqual(recorded?.request.headers);
    });
  });

  it("records the response bodies exactly, chunk boundaries included", () => {
    written.interactions.forEach((interaction, i) => {
      const recorded = original.interactions[i]?.response;
      expect(interaction.response.status).toBe(recorded?.status);
      expect(interaction.response.body).toEqual(recorded?.body);
      if (recorded?.chunks) {
        const got = interaction.response.chunks ?? [];
        expect(got.join("")).toBe(recorded.chunks.join(""));
        const want = new Set(boundaries(recorded.chunks));
        for (const b of boundaries(got)) expect(want.has(b)).toBe(true);
        expect(got.length).toBeGreaterThan(recorded.chunks.length / 2);
      }
    });
  });

  it("writes no secret and says honestly where it came from", () => {
    expect(played.seen.every((line) => line.includes(FAKE_KEY))).toBe(true);
    expect(text).not.toContain(FAKE_KEY);
    expect(written.interactions.every((i) => i.request.headers["x-api-key"] === "<redacted>")).toBe(
      true,
    );
    expect(written.source).toBe(
      `captured from the server at ${played.url} (--base-url) on 1970-01-01T00:00:00.000Z with model ${
        (original.interactions[0]?.request.body as { model: string }).model
      } by scripts/capture.ts (scenario ${scenario})`,
    );
  });
});
