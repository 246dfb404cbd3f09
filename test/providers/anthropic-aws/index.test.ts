import { AwsV4Signer } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { type Config, resolveConfig } from "../../../src/platforms/anthropic-aws/config.js";
import { APIError, create } from "../../../src/platforms/anthropic-aws/index.js";
import { awsCredentialRefusals, itRefusesEach } from "../../helpers/config-refusals.js";
import { HI, KEYS, SESSION, usePlatformServer } from "../claude-platforms/helpers.js";

const BASE = {
  region: "us-west-2",
  workspaceId: "wrkspc1",
  model: "claude-sonnet-4-6",
  maxTokens: 1024,
};

// A 401 quotes the session token it got: it must not reach the error.
const { lb, ok, unauthorized, serve } = usePlatformServer("/v1", "x-amz-security-token");

describe("Claude Platform on AWS", () => {
  it("signs with SigV4 for aws-external-anthropic exactly as aws4fetch does, with the workspace header", async () => {
    const baseURL = await serve(ok);
    const model = create({ ...BASE, credentials: SESSION, baseURL });
    await model.generate(HI);
    const seen = lb.server?.requests[0];
    expect(seen?.url).toBe("/v1/messages");
    const h = seen?.headers ?? {};
    expect(h["anthropic-workspace-id"]).toBe("wrkspc1");
    expect(h["anthropic-version"]).toBe("2023-06-01");
    expect(h["x-api-key"]).toBeUndefined();
    expect(h["x-amz-security-token"]).toBe(SESSION.sessionToken);
    expect(h.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/aws-external-anthropic\/aws4_request, /,
    );
    const reference = new AwsV4Signer({
      method: "POST",
      url: `${baseURL}/messages`,
      headers: {
        "content-type": "application/json",
        "anthropic-version": "2023-06-01",
        "anthropic-workspace-id": "wrkspc1",
      },
      body: seen?.body ?? "",
      ...SESSION,
      service: "aws-external-anthropic",
      region: "us-west-2",
      datetime: String(h["x-amz-date"]),
    });
    expect(h.authorization).toBe((await reference.sign()).headers.get("authorization"));
    expect(JSON.parse(seen?.body ?? "{}").model).toBe("claude-sonnet-4-6");
  });

  it("fixed credentials are not sent again after a 401: the error, with no secret in it", async () => {
    const baseURL = await serve(unauthorized);
    const err = (await create({ ...BASE, baseURL, credentials: SESSION })
      .generate(HI)
      .catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.provider).toBe("anthropic-aws");
    expect(err.type).toBe("authentication_error");
    expect(lb.server?.requests).toHaveLength(1);
    expect(err.message).toContain("expired: <redacted>");
    expect(JSON.stringify(err.body)).not.toContain(SESSION.sessionToken);
  });

  it("a provider's credentials without a secret are an AuthError naming no value", async () => {
    const baseURL = await serve(ok);
    const model = create({
      ...BASE,
      baseURL,
      credentials: async () => ({ accessKeyId: "AKIDX", secretAccessKey: "" }),
    });
    await expect(model.generate(HI)).rejects.toThrow(
      /`credentials\(\)` needs a non-empty `accessKeyId` and `secretAccessKey`/,
    );
  });

  it("sends a workspace API key as a bearer token", async () => {
    const baseURL = await serve(ok);
    await create({ ...BASE, baseURL, apiKey: "sk-ant-aws-key-0123456789" }).generate(HI);
    expect(lb.server?.requests[0]?.headers.authorization).toBe("Bearer sk-ant-aws-key-0123456789");
    expect(lb.server?.requests[0]?.headers["x-amz-date"]).toBeUndefined();
  });
});

describe("anthropic-aws config", () => {
  it("calls the regional endpoint and reads region, workspace and credentials from the environment", () => {
    const cfg = resolveConfig(
      { model: "claude-sonnet-4-6", maxTokens: 1024 },
      {
        AWS_REGION: "eu-west-1",
        ANTHROPIC_AWS_WORKSPACE_ID: "wrkspc_env",
        AWS_ACCESS_KEY_ID: "AKIDENV",
        AWS_SECRET_ACCESS_KEY: "secret",
      },
    );
    expect(cfg.baseURL).toBe("https://aws-external-anthropic.eu-west-1.api.aws/v1");
    expect(cfg.workspaceId).toBe("wrkspc_env");
    expect(cfg.auth).toEqual({
      credentials: { accessKeyId: "AKIDENV", secretAccessKey: "secret" },
    });
    const keyed = resolveConfig({ ...BASE }, { ANTHROPIC_AWS_API_KEY: "key-from-env" });
    expect(keyed.auth).toEqual({ apiKey: "key-from-env" });
  });

  itRefusesEach<Config>(resolveConfig, [
    ["no region", { ...BASE, region: undefined, apiKey: "k" }, /`region` is required/],
    ["no workspace", { ...BASE, workspaceId: undefined, apiKey: "k" }, /`workspaceId` is required/],
    ...awsCredentialRefusals(BASE, KEYS),
    [
      "an access key id with a line break",
      { ...BASE, credentials: { ...KEYS, accessKeyId: "AKID\nX" } },
      /needs a non-empty/,
    ],
    [
      "thinking over maxTokens (the Anthropic wire's rule)",
      { ...BASE, apiKey: "k", thinking: { budgetTokens: 4000 } },
      /budgetTokens/,
    ],
  ]);
});
