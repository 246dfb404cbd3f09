import type { IncomingMessage, ServerResponse } from "node:http";
import { AwsV4Signer } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { HistoryError } from "../../../src/core/errors.js";
import type { Message } from "../../../src/core/types.js";
import { type Config, resolveConfig } from "../../../src/platforms/anthropic-bedrock/config.js";
import { APIError, create } from "../../../src/platforms/anthropic-bedrock/index.js";
import * as bedrock from "../../../src/platforms/bedrock/index.js";
import { awsCredentialRefusals, itRefusesEach } from "../../helpers/config-refusals.js";
import { jsonResponse, scriptedFetch } from "../../helpers/fetch.js";
import {
  answer,
  expiredToken,
  HI,
  jsonReply,
  KEYS,
  SESSION,
  useLoopback,
} from "../claude-platforms/helpers.js";

const BASE = { region: "us-east-1", model: "global.anthropic.claude-sonnet-4-6", maxTokens: 1024 };
const ANSWER = answer("msg_bdrk_01");

const lb = useLoopback("/anthropic/v1");
const ok = jsonReply(ANSWER);
const denied = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(403, {
    "content-type": "application/json",
    "x-amzn-errortype": "AccessDeniedException",
  });
  res.end(JSON.stringify({ message: "not authorized to perform bedrock:InvokeModel" }));
};

const serve = lb.serve;

/** aws4fetch's signature of the request the server saw, for `service`. */
async function referenceSignature(baseURL: string, service: string, extra: Record<string, string>) {
  const seen = lb.server?.requests[0];
  const h = seen?.headers ?? {};
  const signer = new AwsV4Signer({
    method: "POST",
    url: `${baseURL}/messages`,
    headers: { "content-type": "application/json", "anthropic-version": "2023-06-01", ...extra },
    body: seen?.body ?? "",
    ...SESSION,
    service,
    region: "us-east-1",
    datetime: String(h["x-amz-date"]),
  });
  return (await signer.sign()).headers.get("authorization");
}

describe("Bedrock's Messages API", () => {
  it.each([
    ["runtime", "bedrock"],
    ["mantle", "bedrock-mantle"],
  ] as const)(
    "on %s signs with SigV4 for signing name %s exactly as aws4fetch does",
    async (service, signingName) => {
      const baseURL = await serve(ok);
      await create({ ...BASE, service, credentials: SESSION, baseURL }).generate(HI);
      const seen = lb.server?.requests[0];
      expect(seen?.url).toBe("/anthropic/v1/messages");
      const h = seen?.headers ?? {};
      expect(h["anthropic-version"]).toBe("2023-06-01");
      expect(h["x-api-key"]).toBeUndefined();
      expect(h["x-amz-security-token"]).toBe(SESSION.sessionToken);
      expect(h.authorization).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/\\d{8}/us-east-1/${signingName}/aws4_request, `,
        ),
      );
      expect(h.authorization).toBe(await referenceSignature(baseURL, signingName, {}));
      // The first-party body: the model id in it, no `anthropic_version`.
      const body = JSON.parse(seen?.body ?? "{}");
      expect(body.model).toBe("global.anthropic.claude-sonnet-4-6");
      expect(body).not.toHaveProperty("anthropic_version");
    },
  );

  it("sends a Bedrock API key as a bearer token, unsigned", async () => {
    const baseURL = await serve(ok);
    await create({ ...BASE, baseURL, apiKey: "ABSKQmVkcm9ja0FQSUtleS1example" }).generate(HI);
    const h = lb.server?.requests[0]?.headers ?? {};
    expect(h.authorization).toBe("Bearer ABSKQmVkcm9ja0FQSUtleS1example");
    expect(h["x-amz-date"]).toBeUndefined();
  });

  it("sends the binding beta with a binding model's block_binding, signed with it", async () => {
    const baseURL = await serve(ok);
    const model = "global.anthropic.claude-opus-5-5";
    await create({
      ...BASE,
      model,
      credentials: SESSION,
      baseURL,
      thinking: { adaptive: true },
    }).generate(HI);
    const seen = lb.server?.requests[0];
    expect(seen?.headers["anthropic-beta"]).toBe("thinking-binding-controls-2026-08-01");
    expect(JSON.parse(seen?.body ?? "{}").thinking.block_binding).toEqual({
      prefix_mismatch_behavior: "error",
    });
    const beta = { "anthropic-beta": "thinking-binding-controls-2026-08-01" };
    expect(seen?.headers.authorization).toBe(await referenceSignature(baseURL, "bedrock", beta));
  });

  it("a streamed call also gets its one more attempt after an expired-token 403", async () => {
    const sse = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const start = {
        type: "message_start",
        message: { ...ANSWER, content: [], stop_reason: null },
      };
      res.end(
        `event: message_start\ndata: ${JSON.stringify(start)}\n\n` +
          `event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n` +
          `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi!"}}\n\n` +
          `event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n` +
          `event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}\n\n` +
          `event: message_stop\ndata: {"type":"message_stop"}\n\n`,
      );
    };
    const baseURL = await serve([expiredToken, sse]);
    let asked = 0;
    const model = create({
      ...BASE,
      baseURL,
      credentials: async () => {
        asked++;
        return SESSION;
      },
    });
    const { message } = await model.stream(HI).response;
    expect(message.content).toEqual([{ type: "text", text: "Hi!" }]);
    expect(asked).toBe(2);
  });

  it("golem/bedrock's credentials provider gets the same one more attempt after an expired-token 403", async () => {
    const converse = jsonReply({
      output: { message: { role: "assistant", content: [{ text: "Hi!" }] } },
      stopReason: "end_turn",
      usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
    });
    const origin = new URL(await serve([expiredToken, converse])).origin;
    let asked = 0;
    const model = bedrock.create({
      region: "us-east-1",
      model: "us.anthropic.claude-sonnet-4-6",
      baseURL: origin,
      credentials: async () => {
        asked++;
        return SESSION;
      },
    });
    const { message } = await model.generate(HI);
    expect(message.content).toEqual([{ type: "text", text: "Hi!" }]);
    expect(asked).toBe(2);
    expect(lb.server?.requests).toHaveLength(2);
  });

  it("an access-denied 403 is not retried: its AWS type and message, no secret in it", async () => {
    const baseURL = await serve(denied);
    let asked = 0;
    const err = (await create({
      ...BASE,
      baseURL,
      credentials: async () => {
        asked++;
        return SESSION;
      },
    })
      .generate(HI)
      .catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.provider).toBe("anthropic-bedrock");
    expect(err.status).toBe(403);
    expect(err.type).toBe("AccessDeniedException");
    expect(err.message).toContain("not authorized to perform bedrock:InvokeModel");
    expect(asked).toBe(1);
    expect(lb.server?.requests).toHaveLength(1);
  });

  it("fixed credentials are not sent again after an expired-token 403, and the error hides the token", async () => {
    const baseURL = await serve(expiredToken);
    const err = (await create({ ...BASE, baseURL, credentials: SESSION })
      .generate(HI)
      .catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.type).toBe("ExpiredTokenException");
    expect(lb.server?.requests).toHaveLength(1);
    expect(err.message).toContain("The security token <redacted> is expired");
    expect(JSON.stringify(err.body)).not.toContain(SESSION.sessionToken);
  });
});

describe("the prefix guard on Bedrock's Messages API", () => {
  it("refuses a changed system prompt under replayed signed thinking before any request", async () => {
    const turn = {
      ...ANSWER,
      content: [
        { type: "thinking", thinking: "Need the weather.", signature: "sig-1" },
        { type: "text", text: "Cold." },
      ],
    };
    const { fetch, calls } = scriptedFetch([jsonResponse(200, turn)]);
    const model = create({
      ...BASE,
      model: "global.anthropic.claude-opus-5-5",
      apiKey: "k",
      fetch,
    });
    const history: Message[] = [{ role: "user", content: "Weather in Oslo?" }];
    const first = await model.generate({ system: "You are terse.", messages: history });
    expect(JSON.parse(calls[0]?.body ?? "{}").thinking.block_binding).toEqual({
      prefix_mismatch_behavior: "error",
    });
    history.push(first.message, { role: "user", content: "And tomorrow?" });
    const err = await model
      .generate({ system: "You are chatty.", messages: history })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HistoryError);
    expect((err as Error).message).toMatch(/system/);
    expect(calls).toHaveLength(1);
  });
});

describe("anthropic-bedrock config", () => {
  it("calls each service's regional host and reads region and credentials from the environment", () => {
    const env = {
      AWS_REGION: "eu-west-1",
      AWS_ACCESS_KEY_ID: "AKIDENV",
      AWS_SECRET_ACCESS_KEY: "s",
    };
    const runtime = resolveConfig({ model: "eu.anthropic.claude-sonnet-4-6", maxTokens: 1 }, env);
    expect(runtime.baseURL).toBe("https://bedrock-runtime.eu-west-1.amazonaws.com/anthropic/v1");
    expect(runtime.auth).toEqual({ credentials: { accessKeyId: "AKIDENV", secretAccessKey: "s" } });
    const mantle = resolveConfig({ ...BASE, service: "mantle" }, env);
    expect(mantle.baseURL).toBe("https://bedrock-mantle.us-east-1.api.aws/anthropic/v1");
    const keyed = resolveConfig({ ...BASE }, { ...env, AWS_BEARER_TOKEN_BEDROCK: "key-from-env" });
    expect(keyed.auth).toEqual({ apiKey: "key-from-env" });
  });

  it("still takes 0.3's name of `service`, `endpoint` (deprecated), with the same meaning", () => {
    const env = { AWS_REGION: "eu-west-1", AWS_BEARER_TOKEN_BEDROCK: "k" };
    const model = { model: "anthropic.claude-sonnet-4-6", maxTokens: 1 };
    const old = resolveConfig({ ...model, endpoint: "mantle" }, env);
    expect(old.baseURL).toBe("https://bedrock-mantle.eu-west-1.api.aws/anthropic/v1");
    expect(old).toEqual(resolveConfig({ ...model, service: "mantle" }, env));
  });

  itRefusesEach<Config>(resolveConfig, [
    ["no region", { ...BASE, region: undefined, apiKey: "k" }, /`region` is required/],
    [
      "an unknown service",
      { ...BASE, service: "converse", apiKey: "k" },
      /`service` must be "runtime" or "mantle"/,
    ],
    [
      "an unknown service under its old name",
      { ...BASE, endpoint: "https://bedrock-runtime.us-east-1.amazonaws.com", apiKey: "k" },
      /`endpoint` \(now `service`\) must be "runtime" or "mantle"/,
    ],
    [
      "both `service` and its old name `endpoint`",
      { ...BASE, service: "mantle", endpoint: "runtime", apiKey: "k" },
      /pass service or endpoint, not both/,
    ],
    ["no model", { ...BASE, model: "", apiKey: "k" }, /`model` is required/],
    ...awsCredentialRefusals(BASE, KEYS),
    [
      "server-side fallbacks, which Bedrock does not document",
      { ...BASE, apiKey: "k", fallbacks: "default" },
      /`fallbacks` \(server-side fallback\) is not documented on Amazon Bedrock/,
    ],
    [
      "thinking over maxTokens (the Anthropic wire's rule)",
      { ...BASE, apiKey: "k", thinking: { budgetTokens: 4000 } },
      /budgetTokens/,
    ],
  ]);
});
