import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { AuthError } from "../../../src/core/errors.js";
import { create } from "../../../src/platforms/bedrock/index.js";
import { type Loopback, startServer } from "../../transport/loopback.js";

// AWS's documentation example credentials, not a real key.
const KEYS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};
const ANSWER = {
  output: { message: { role: "assistant", content: [{ text: "Hi!" }] } },
  stopReason: "end_turn",
  usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
};
const HI = { messages: [{ role: "user" as const, content: "Hi" }] };

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const reply = (status: number) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(
    JSON.stringify(
      status === 200
        ? ANSWER
        : { message: "The security token included in the request is expired" },
    ),
  );
};

async function model(credentials: () => Promise<typeof KEYS>) {
  return create({
    region: "us-east-1",
    model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
    credentials,
    baseURL: new URL(server?.url ?? "").origin,
  });
}

describe("bedrock with a credentials provider", () => {
  it("asks it before every attempt (a retry signs with fresh credentials)", async () => {
    server = await startServer([reply(500), reply(200)]);
    const ids = ["AKIDFIRST", "AKIDSECOND"];
    let asked = 0;
    const m = await model(async () => ({ ...KEYS, accessKeyId: ids[asked++] ?? "AKIDX" }));
    const { message } = await m.generate(HI);
    expect(message.content).toEqual([{ type: "text", text: "Hi!" }]);
    expect(server.requests.map((r) => String(r.headers.authorization).split("/")[0])).toEqual([
      "AWS4-HMAC-SHA256 Credential=AKIDFIRST",
      "AWS4-HMAC-SHA256 Credential=AKIDSECOND",
    ]);
    expect(String(server.requests[0]?.headers.authorization)).toContain(
      "/us-east-1/bedrock/aws4_request",
    );
  });

  it("asks once more after a 401, then succeeds", async () => {
    server = await startServer([reply(401), reply(200)]);
    let asked = 0;
    const m = await model(async () => {
      asked++;
      return KEYS;
    });
    await m.generate(HI);
    expect(asked).toBe(2);
    expect(server.requests).toHaveLength(2);
  });

  it("a provider that fails is an AuthError before any request", async () => {
    server = await startServer(reply(200));
    const m = await model(async () => Promise.reject(new Error("no SSO session")));
    const err = await m.generate(HI).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as Error).message).toBe("bedrock: the credentials provider failed: no SSO session");
    expect(server.requests).toHaveLength(0);
  });
});
