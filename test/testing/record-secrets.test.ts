import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import {
  CassetteSecretError,
  type Recorder,
  recordFetch,
  responseBytes,
} from "../../src/testing/index.js";
import { decodeFrames } from "../../src/transport/event-stream.js";
import { type Emulator, startEmulator } from "../faults/emulator.js";
import { encodeFrame } from "../providers/bedrock/frames.js";

/**
 * What the recorder removes: the key or token a request carried, wherever a response echoes
 * it (a kept header, a JSON body, an SSE comment, inside an event-stream frame), plus bearer
 * tokens, the caller's patterns and AWS account ids; and what it refuses to hand out.
 */

const KEY = "sk-ant-api03-PLANTED-0123456789";
const TOKEN = "IQoJb3JpZ2luPLANTEDsessionToken";
const ACCESS = "AKIAPLANTED0EXAMPLE";
const SECRET = "wJalrXUtnFEMI/PLANTED/bPxRfiCYEXAMPLEKEY";
const encoder = new TextEncoder();
const ASK = { messages: [{ role: "user" as const, content: "Hi" }] };

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const anthropicAnswer = (echo: string) =>
  JSON.stringify({
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [{ type: "text", text: `you sent ${echo}` }],
    stop_reason: "end_turn",
    usage: { input_tokens: 1, output_tokens: 1 },
  });

async function recordAnthropic(answer: string, headers: Record<string, string> = {}) {
  const route = emulator.route([
    {
      status: 200,
      headers: { "content-type": "application/json", ...headers },
      chunks: [encoder.encode(answer)],
    },
  ]);
  const recorder = recordFetch(globalThis.fetch);
  const model = anthropic.create({
    apiKey: KEY,
    model: "claude-sonnet-4-5",
    maxTokens: 64,
    baseURL: route.url,
    fetch: recorder.fetch,
  });
  const response = await model.generate(ASK);
  return { recorder, response };
}

describe("a recorded cassette holds no key or token in use", () => {
  it("replaces the key where a response header and the body echo it", async () => {
    const { recorder, response } = await recordAnthropic(anthropicAnswer(KEY), {
      "request-id": `req_${KEY}`,
      "set-cookie": `session=${KEY}`,
    });
    // The caller got the real answer; only the cassette is scrubbed.
    expect(JSON.stringify(response)).toContain(KEY);
    const cassette = recorder.cassette();
    const [interaction] = cassette.interactions;
    expect(interaction?.request.headers["x-api-key"]).toBe("<redacted>");
    expect(interaction?.response.headers).toStrictEqual({
      "content-type": "application/json",
      "request-id": "req_<redacted>",
    });
    expect(JSON.stringify(interaction?.response.body)).toContain("you sent <redacted>");
    expect(JSON.stringify(cassette)).not.toContain("PLANTED");
  });

  it("replaces a bearer token, the caller's patterns and secrets, and account ids when asked", async () => {
    const route = emulator.route([
      {
        status: 200,
        headers: { "content-type": "text/plain" },
        chunks: [
          encoder.encode(
            `Bearer abcdefghijklmnop user=alice@example.com ${SECRET} arn:aws:bedrock:us-east-1:123456789012:inference-profile/x`,
          ),
        ],
      },
    ]);
    const recorder = recordFetch(globalThis.fetch, {
      secrets: [SECRET, undefined],
      redact: [/[\w.]+@example\.com/],
      redactAccountIds: true,
    });
    await (
      await recorder.fetch(`${route.url}/x`, {
        headers: { authorization: "Bearer tok-0123456789" },
      })
    ).text();
    const [interaction] = recorder.cassette().interactions;
    expect(interaction?.request.headers.authorization).toBe("<redacted>");
    expect(interaction?.response.text).toBe(
      "Bearer <redacted> user=<redacted> <redacted> arn:aws:bedrock:us-east-1:000000000000:inference-profile/x",
    );
  });

  it("re-encodes a Bedrock event stream whose frame echoes the session token, CRCs intact", async () => {
    // A whole Converse stream (messageStart first: one without it carries no message).
    const frames = [
      encodeFrame(
        {
          ":message-type": "event",
          ":event-type": "messageStart",
          ":content-type": "application/json",
        },
        JSON.stringify({ role: "assistant" }),
      ),
      encodeFrame(
        { ":message-type": "event", ":event-type": "echo", ":content-type": "application/json" },
        JSON.stringify({ echo: `${TOKEN} ${ACCESS}` }),
      ),
      encodeFrame(
        {
          ":message-type": "event",
          ":event-type": "messageStop",
          ":content-type": "application/json",
        },
        JSON.stringify({ stopReason: "end_turn" }),
      ),
      encodeFrame(
        {
          ":message-type": "event",
          ":event-type": "metadata",
          ":content-type": "application/json",
        },
        JSON.stringify({ usage: { inputTokens: 1, outputTokens: 1 }, metrics: { latencyMs: 1 } }),
      ),
    ];
    const route = emulator.route([
      {
        status: 200,
        headers: { "content-type": "application/vnd.amazon.eventstream" },
        chunks: frames,
      },
    ]);
    const recorder = recordFetch(globalThis.fetch);
    const model = bedrock.create({
      region: "us-east-1",
      model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
      credentials: { accessKeyId: ACCESS, secretAccessKey: SECRET, sessionToken: TOKEN },
      baseURL: route.url,
      fetch: recorder.fetch,
    });
    await model.stream(ASK).response;
    const [interaction] = recorder.cassette().interactions;
    expect(interaction?.request.headers["x-amz-security-token"]).toBe("<redacted>");
    const decoded = decodeFrames(
      responseBytes(interaction?.response ?? { status: 200, headers: {} }),
    );
    expect(decoded).toHaveLength(4);
    expect(new TextDecoder().decode(decoded[1]?.payload)).toBe('{"echo":"<redacted> <redacted>"}');
    expect(JSON.stringify(recorder.cassette())).not.toContain("PLANTED");
  });

  it("refuses a binary body that holds the key and is no event stream", async () => {
    const recorder = await recordBinary(encoder.encode(`\u0000\u0001garbage ${KEY}`));
    expect(() => recorder.cassette()).toThrow(CassetteSecretError);
    expect(() => recorder.cassette()).toThrow(
      /interaction 1: its binary body holds a credential and is not an event stream the recorder can write back \(no whole frame at byte 0\)/,
    );
    try {
      recorder.cassette();
    } catch (err) {
      expect((err as Error).message).not.toContain(KEY);
    }
  });

  it("refuses an event stream whose frame has a header that is not a string", async () => {
    const frame = encodeFrame(
      { ":message-type": "event", ":event-type": "echo", count: { type: "int", value: 1 } },
      JSON.stringify({ echo: KEY }),
    );
    const recorder = await recordBinary(frame);
    expect(() => recorder.cassette()).toThrow(/\(header count is not a string\)/);
  });

  it("keeps a binary body that holds no credential byte for byte", async () => {
    const bytes = encoder.encode("\u0000\u0001garbage, no secret");
    const recorder = await recordBinary(bytes);
    const [interaction] = recorder.cassette().interactions;
    expect(responseBytes(interaction?.response ?? { status: 200, headers: {} })).toStrictEqual(
      bytes,
    );
  });

  it("records a Request given as input, its text body as text, and sends it whole", async () => {
    const route = emulator.route([{ status: 204, headers: {} }]);
    const recorder = recordFetch(globalThis.fetch);
    const response = await recorder.fetch(
      new Request(`${route.url}/upload`, { method: "PUT", body: "plain text" }),
    );
    expect(response.status).toBe(204);
    expect(route.seen[0]?.body).toBe("plain text");
    const [interaction] = recorder.cassette().interactions;
    expect(interaction?.request).toMatchObject({ method: "PUT", body: "plain text" });
    expect(interaction?.response).toStrictEqual({ status: 204, headers: {} });
  });

  it("will not hand out a cassette while a response body is still unread", async () => {
    const route = emulator.route([
      {
        status: 200,
        headers: { "content-type": "text/event-stream" },
        chunks: [encoder.encode("data: 1\n\n")],
      },
    ]);
    const recorder = recordFetch(globalThis.fetch);
    const response = await recorder.fetch(`${route.url}/x`);
    expect(() => recorder.cassette()).toThrow(/interaction 1: its response body has not been read/);
    await response.text();
    expect(recorder.cassette().interactions[0]?.response.chunks).toStrictEqual(["data: 1\n\n"]);
  });
});

async function recordBinary(bytes: Uint8Array): Promise<Recorder> {
  const route = emulator.route([
    {
      status: 200,
      headers: { "content-type": "application/vnd.amazon.eventstream" },
      chunks: [bytes],
    },
  ]);
  const recorder = recordFetch(globalThis.fetch);
  const response = await recorder.fetch(`${route.url}/x`, { headers: { "x-api-key": KEY } });
  await response.arrayBuffer();
  return recorder;
}
