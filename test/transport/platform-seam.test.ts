// The seam from outside: a platform written here (a stand-in URL, a token auth, a body patch
// as Claude on Vertex has it) over the Messages wire replays Anthropic cassettes, and every
// body it sends is the Anthropic body with the patch applied.
import { describe, expect, it } from "vitest";
import { tokenAuth } from "../../src/auth/token.js";
import { APIError } from "../../src/core/errors.js";
import type { ModelResponse } from "../../src/core/types.js";
import { createHTTPModel } from "../../src/send/http-model.js";
import type { Operation, Platform } from "../../src/send/platform.js";
import { replayFetch } from "../../src/testing/index.js";
import { messagesWire } from "../../src/wires/messages/call.js";
import { resolveOptions } from "../../src/wires/messages/options.js";
import { fakeSecret } from "../contract/adapters.js";
import { ANTHROPIC } from "../contract/rows/anthropic.js";
import { type Call, loadCassette, runRow } from "../contract/table.js";

const BASE = "https://claude.example.test/v1/projects/p/locations/l/publishers/anthropic/models/m";
const TOKEN = "stand-in-access-token-0123456789";
const VERSION = "vertex-2023-10-16";

/** Vertex's Messages body: the version in the body, the model in the URL. */
function patch(body: object, _op: Operation): object {
  const { model: _, ...rest } = body as Record<string, unknown>;
  return { ...rest, anthropic_version: VERSION };
}

describe.each(["thinking-tool-loop", "thinking-tool-loop-stream", "redacted-thinking"])(
  "a platform defined outside golem over the Messages wire: %s",
  (file) => {
    const cassette = loadCassette("anthropic", file);
    const spec = ANTHROPIC[file];
    if (!spec) throw new Error(`no row for ${file}`);

    it("sends the patched Anthropic body with a bearer token and gets the same answers", async () => {
      const replay = replayFetch(cassette);
      const seen: { url: string; body: unknown; authorization: string | null }[] = [];
      // Undoes the platform (URL, auth, patch) and hands the request to the cassette, which
      // checks it against what golem/anthropic sent when it was recorded.
      const fetch = async (input: string | URL | Request, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        seen.push({ url: String(input), body, authorization: headers.get("authorization") });
        const recorded = cassette.interactions[seen.length - 1]?.request;
        if (!recorded) throw new Error(`request #${seen.length} is not in the cassette`);
        const { anthropic_version: _, ...rest } = body;
        headers.delete("authorization");
        headers.set("x-api-key", fakeSecret("anthropic"));
        return replay(recorded.url, {
          ...init,
          headers,
          body: JSON.stringify({ model: (recorded.body as { model: string }).model, ...rest }),
        });
      };
      const config = spec.config as { model: string; maxTokens: number };
      const platform: Platform = {
        provider: "anthropic",
        model: config.model,
        urls: { generate: `${BASE}:rawPredict`, stream: `${BASE}:streamRawPredict` },
        auth: tokenAuth(async () => ({ token: TOKEN, expiresAt: Date.now() + 3_600_000 }), {
          provider: "vertex",
        }),
        headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
        patch,
        requestId: (h) => h.get("request-id") ?? undefined,
        options: { fetch, maxRetries: 0, timeoutMs: undefined },
      };
      const options = resolveOptions("anthropic", config.model, config);
      const model = createHTTPModel(messagesWire(options, "anthropic"), platform, APIError);

      const ours: ModelResponse[] = [];
      const call: Call = async (req) => {
        if (!cassette.streaming) {
          ours.push(await model.generate(req));
        } else {
          const s = model.stream(req);
          for await (const _ of s);
          ours.push(await s.response);
        }
        return ours[ours.length - 1] as ModelResponse;
      };
      await spec.run(call, cassette);

      replay.assertDone();
      expect(seen).toHaveLength(cassette.interactions.length);
      for (const [i, sent] of seen.entries()) {
        const recorded = cassette.interactions[i]?.request.body as object;
        expect(sent.body).toEqual(patch(recorded, "generate"));
        expect(sent.body).not.toHaveProperty("model");
        expect(sent.authorization).toBe(`Bearer ${TOKEN}`);
        expect(sent.url).toBe(`${BASE}:${cassette.streaming ? "streamRawPredict" : "rawPredict"}`);
      }
      // The same conversation through golem/anthropic gives the same answers.
      const first = await runRow("anthropic", cassette, spec);
      expect(ours).toEqual(first.turns.map((t) => t.response));
    });
  },
);
