import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { AuthError } from "../../../src/core/errors.js";
import { APIError, create } from "../../../src/platforms/vertex/index.js";
import { keysForFile, serviceAccount } from "../../transport/auth/keys.js";
import { type Loopback, startServer } from "../../transport/loopback.js";
import { answer, sseText } from "../anthropic/answer.js";

const keys = keysForFile();
let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CLAUDE_ANSWER = {
  id: "msg_vrtx_01",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-5-20250929",
  content: [
    { type: "thinking", thinking: "Say hi.", signature: "c2lnbmF0dXJl" },
    { type: "text", text: "Hi!" },
  ],
  stop_reason: "end_turn",
  usage: { input_tokens: 10, output_tokens: 5 },
};
const HI = { messages: [{ role: "user" as const, content: "Hi" }] };

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * One loopback server standing in for both Google hosts: `/token` is the OAuth endpoint (it
 * hands out token-1, token-2, ...), every other path Vertex, which refuses the tokens listed
 * in `refused` with a 401.
 */
async function fakeGoogle(refused: string[] = []) {
  let issued = 0;
  server = await startServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/token") {
      issued++;
      return json(res, 200, { access_token: `token-${issued}-0123456789`, expires_in: 3599 });
    }
    const auth = String(req.headers.authorization ?? "");
    if (refused.some((t) => auth === `Bearer ${t}`)) {
      return json(res, 401, {
        error: {
          code: 401,
          message: `Request had invalid authentication credentials: ${auth}`,
          status: "UNAUTHENTICATED",
        },
      });
    }
    json(res, 200, CLAUDE_ANSWER);
  });
  const origin = new URL(server.url).origin;
  const model = create({
    project: "p1",
    location: "us-east5",
    model: "claude-sonnet-4-5@20250929",
    maxTokens: 4096,
    thinking: { budgetTokens: 1024 },
    serviceAccount: serviceAccount(keys().pem, `${origin}/token`),
    baseURL: `${origin}/v1`,
  });
  const sent = () => (server?.requests ?? []).filter((r) => r.url !== "/token");
  const tokenRequests = () => (server?.requests ?? []).filter((r) => r.url === "/token").length;
  return { model, sent, tokenRequests };
}

describe("vertex with a service account", () => {
  it("exchanges the key once for concurrent calls and sends the token as a bearer", async () => {
    const { model, sent, tokenRequests } = await fakeGoogle();
    const answers = await Promise.all([model.generate(HI), model.generate(HI), model.generate(HI)]);
    expect(answers.map((a) => a.message.content)).toEqual(
      Array(3).fill([
        { type: "thinking", text: "Say hi.", signature: "c2lnbmF0dXJl", provider: "vertex" },
        { type: "text", text: "Hi!" },
      ]),
    );
    expect(tokenRequests()).toBe(1);
    expect(sent().map((r) => r.headers.authorization)).toEqual(
      Array(3).fill("Bearer token-1-0123456789"),
    );
    const first = sent()[0];
    expect(first?.url).toBe(
      "/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict",
    );
    const body = JSON.parse(first?.body ?? "{}");
    expect(body.anthropic_version).toBe("vertex-2023-10-16");
    expect("model" in body).toBe(false);
    expect(first?.headers["x-api-key"]).toBeUndefined();
    expect(first?.headers["anthropic-version"]).toBeUndefined();
  });

  it("after a 401 drops the token, exchanges the key again and retries once", async () => {
    const { model, sent, tokenRequests } = await fakeGoogle(["token-1-0123456789"]);
    const { message } = await model.generate(HI);
    expect(message.content).toHaveLength(2);
    expect(tokenRequests()).toBe(2);
    expect(sent().map((r) => r.headers.authorization)).toEqual([
      "Bearer token-1-0123456789",
      "Bearer token-2-0123456789",
    ]);
  });

  it("concurrent calls refused the same token each retry once, after one exchange", async () => {
    const { model, sent, tokenRequests } = await fakeGoogle(["token-1-0123456789"]);
    const answers = await Promise.all([model.generate(HI), model.generate(HI), model.generate(HI)]);
    expect(answers.map((a) => a.message.content)).toHaveLength(3);
    expect(tokenRequests()).toBe(2);
    const used = sent().map((r) => r.headers.authorization);
    expect(used.filter((t) => t === "Bearer token-1-0123456789")).toHaveLength(3);
    expect(used.filter((t) => t === "Bearer token-2-0123456789")).toHaveLength(3);
  });

  it("a 401 on the fresh token too is vertex's APIError, with no token in it", async () => {
    const { model, tokenRequests } = await fakeGoogle(["token-1-0123456789", "token-2-0123456789"]);
    const err = (await model.generate(HI).catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.status).toBe(401);
    expect(err.provider).toBe("vertex");
    expect(err.type).toBe("UNAUTHENTICATED");
    expect(tokenRequests()).toBe(2);
    expect(JSON.stringify({ m: err.message, b: err.body })).not.toMatch(/token-\d-0123456789/);
  });

  it("streams a 401 the same way: one refresh, then the answer", async () => {
    // A streaming answer: Claude's SSE events on streamRawPredict.
    let issued = 0;
    server = await startServer((req, res) => {
      if (req.url === "/token") {
        issued++;
        return json(res, 200, { access_token: `token-${issued}-0123456789`, expires_in: 3599 });
      }
      if (req.headers.authorization === "Bearer token-1-0123456789")
        return json(res, 401, {
          error: { code: 401, message: "expired", status: "UNAUTHENTICATED" },
        });
      res.writeHead(200, { "content-type": "text/event-stream" });
      const { content: _, ...fields } = CLAUDE_ANSWER;
      const hi = answer([{ type: "text", text: "Hi!" }], "end_turn", {
        ...fields,
        usage: { input_tokens: 10, output_tokens: 2 },
      });
      res.end(sseText(hi));
    });
    const origin = new URL(server.url).origin;
    const streaming = create({
      project: "p1",
      model: "claude-sonnet-4-5@20250929",
      maxTokens: 4096,
      serviceAccount: serviceAccount(keys().pem, `${origin}/token`),
      baseURL: `${origin}/v1`,
    });
    const stream = streaming.stream(HI);
    for await (const _ of stream) {
      // drained for the final response
    }
    expect((await stream.response).message.content).toEqual([{ type: "text", text: "Hi!" }]);
    const calls = server.requests.filter((r) => r.url !== "/token");
    expect(calls.map((r) => r.url)).toEqual(
      Array(2).fill(
        "/v1/projects/p1/locations/global/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict",
      ),
    );
    expect(JSON.parse(calls[1]?.body ?? "{}").stream).toBe(true);
  });

  it("a token endpoint that refuses the key is an AuthError before any Vertex request", async () => {
    server = await startServer((_req, res) =>
      json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." }),
    );
    const origin = new URL(server.url).origin;
    const model = create({
      project: "p1",
      model: "gemini-2.5-pro",
      serviceAccount: serviceAccount(keys().pem, `${origin}/token`),
      baseURL: `${origin}/v1`,
    });
    const err = (await model.generate(HI).catch((e: unknown) => e)) as AuthError;
    expect(err).toBeInstanceOf(AuthError);
    expect(err.type).toBe("invalid_grant");
    expect(server.requests.map((r) => r.url)).toEqual(["/token"]);
  });
});

describe("vertex with a token function", () => {
  it("asks it before every attempt, and once more after a 401", async () => {
    server = await startServer((req, res) =>
      req.headers.authorization === "Bearer token-one-0123456789"
        ? json(res, 401, { error: { code: 401, message: "expired", status: "UNAUTHENTICATED" } })
        : json(res, 200, CLAUDE_ANSWER),
    );
    const tokens = ["token-one-0123456789", "token-two-0123456789"];
    const model = create({
      project: "p1",
      model: "claude-sonnet-4-5@20250929",
      maxTokens: 4096,
      token: async () => tokens.shift() ?? "",
      baseURL: `${new URL(server.url).origin}/v1`,
    });
    await model.generate(HI);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer token-one-0123456789",
      "Bearer token-two-0123456789",
    ]);
  });
});

describe("vertex express mode", () => {
  it("sends the key as x-goog-api-key to the global publisher URL, and never in the URL", async () => {
    server = await startServer((_req, res) =>
      json(res, 200, {
        candidates: [
          { content: { role: "model", parts: [{ text: "Hi!" }] }, finishReason: "STOP" },
        ],
        usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 },
      }),
    );
    const origin = new URL(server.url).origin;
    const model = create({
      model: "gemini-2.5-flash",
      apiKey: "AIza-express-0123456789",
      baseURL: `${origin}/v1`,
    });
    const { message } = await model.generate(HI);
    expect(message.content).toEqual([{ type: "text", text: "Hi!" }]);
    const seen = server.requests[0];
    expect(seen?.url).toBe("/v1/publishers/google/models/gemini-2.5-flash:generateContent");
    expect(seen?.headers["x-goog-api-key"]).toBe("AIza-express-0123456789");
    expect(seen?.headers.authorization).toBeUndefined();
  });
});
