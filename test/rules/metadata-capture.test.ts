/**
 * `npm run capture -- <provider> model-metadata --out fixtures/models` refreshes the recorded
 * metadata: run against a loopback server that answers as the committed cassette did, the
 * capture writes the same request (a GET, the key redacted) and the same answer.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { capture } from "../../scripts/capture.js";
import { parseCassette } from "../../src/testing/index.js";
import { loadCassette } from "../helpers/cassettes.js";

const KEYS: Record<string, [string, string, string]> = {
  anthropic: ["ANTHROPIC_API_KEY", "sk-ant-FAKE-metadata-key-0123456789", "/v1"],
  gemini: ["GEMINI_API_KEY", "AIzaFAKEmetadataGeminiKey0123456789", "/v1beta"],
};

afterEach(() => vi.unstubAllEnvs());

describe.each(["anthropic", "gemini"])("%s model-metadata capture", (provider) => {
  it("records the committed cassette's request and answer, the key redacted", async () => {
    const original = loadCassette(`models/${provider}`, "model-metadata");
    const [name, key, basePath] = KEYS[provider] as [string, string, string];
    const recorded = original.interactions[0];
    const seen: { method?: string; path?: string }[] = [];
    const server = createServer((req, res) => {
      seen.push({ method: req.method ?? "", path: req.url ?? "" });
      res.writeHead(200, recorded?.response.headers).end(JSON.stringify(recorded?.response.body));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const out = mkdtempSync(join(tmpdir(), "golem-metadata-"));
    try {
      vi.stubEnv(name, key);
      vi.stubEnv("GOOGLE_API_KEY", "");
      vi.stubEnv("NO_PROXY", "127.0.0.1");
      const file = await capture({
        provider,
        scenario: "model-metadata",
        baseURL: `${url}${basePath}`,
        out,
        now: new Date(0),
      });
      const text = readFileSync(file, "utf8");
      const written = parseCassette(text);
      expect(text).not.toContain(key);
      expect(seen).toEqual([
        { method: "GET", path: new URL(recorded?.request.url ?? "").pathname },
      ]);
      expect(written.interactions[0]?.request.headers).toEqual(recorded?.request.headers);
      expect(written.interactions[0]?.response.body).toEqual(recorded?.response.body);
    } finally {
      server.close();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
