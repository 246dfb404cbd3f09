import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import {
  type Config,
  resolveConfig,
} from "../../../src/platforms/anthropic-google-cloud/config.js";
import { APIError, create } from "../../../src/platforms/anthropic-google-cloud/index.js";
import { itRefusesEach } from "../../helpers/config-refusals.js";
import { keysForFile, serviceAccount } from "../../transport/auth/keys.js";
import { answer, HI, useLoopback } from "../claude-platforms/helpers.js";

const BASE = { model: "claude-sonnet-4-6", maxTokens: 1024 };
const WHERE = { project: "p1", workspaceId: "wrkspc1" };
const TOKEN = async (): Promise<string> => "t";

const keys = keysForFile();
const lb = useLoopback("");

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * A loopback server for both Google hosts: `/token` hands out token-1, token-2, ...; every
 * other path is the gateway, which refuses the tokens in `refused` with a 401 quoting them.
 */
async function fakeGoogle(refused: string[] = []) {
  let issued = 0;
  const origin = await lb.serve((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/token") {
      issued++;
      return json(res, 200, { access_token: `token-${issued}-0123456789`, expires_in: 3599 });
    }
    const auth = String(req.headers.authorization ?? "");
    if (refused.some((t) => auth === `Bearer ${t}`)) {
      const message = `invalid credentials: ${auth}`;
      return json(res, 401, { type: "error", error: { type: "authentication_error", message } });
    }
    json(res, 200, answer());
  });
  const sent = () => (lb.server?.requests ?? []).filter((r) => r.url !== "/token");
  const tokens = () => (lb.server?.requests ?? []).filter((r) => r.url === "/token").length;
  return { origin, sent, tokens };
}

describe("Claude Models on Google Cloud (Anthropic managed)", () => {
  it("sends the first-party request under the workspace's gateway path with a bearer token", async () => {
    const { origin, sent } = await fakeGoogle();
    const baseURL = `${origin}/v1alpha/projects/p1/locations/global/workspaces/wrkspc1/invoke/v1`;
    const model = create({ ...BASE, baseURL, token: async () => "ya29.token-0123456789" });
    await model.generate(HI);
    const seen = sent()[0];
    expect(seen?.url).toBe(
      "/v1alpha/projects/p1/locations/global/workspaces/wrkspc1/invoke/v1/messages",
    );
    expect(seen?.headers.authorization).toBe("Bearer ya29.token-0123456789");
    expect(seen?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(seen?.headers["x-api-key"]).toBeUndefined();
    expect(JSON.parse(seen?.body ?? "{}").model).toBe("claude-sonnet-4-6");
    expect(model.provider).toBe("anthropic-google-cloud");
  });

  it("exchanges a service-account key once for concurrent calls", async () => {
    const { origin, sent, tokens } = await fakeGoogle();
    const model = create({
      ...BASE,
      baseURL: `${origin}/v1`,
      serviceAccount: serviceAccount(keys().pem, `${origin}/token`),
    });
    await Promise.all([model.generate(HI), model.generate(HI), model.generate(HI)]);
    expect(tokens()).toBe(1);
    expect(sent().map((r) => r.headers.authorization)).toEqual(
      Array(3).fill("Bearer token-1-0123456789"),
    );
  });

  it("exchanges the key again after a 401 and retries once with the new token", async () => {
    const { origin, sent, tokens } = await fakeGoogle(["token-1-0123456789"]);
    const model = create({
      ...BASE,
      baseURL: `${origin}/v1`,
      serviceAccount: serviceAccount(keys().pem, `${origin}/token`),
    });
    await model.generate(HI);
    expect(tokens()).toBe(2);
    expect(sent().map((r) => r.headers.authorization)).toEqual([
      "Bearer token-1-0123456789",
      "Bearer token-2-0123456789",
    ]);
  });

  it("asks a token function once more after a 401; a second 401 is the APIError without the token", async () => {
    const { origin, sent } = await fakeGoogle(["refused-1", "refused-2", "refused-3"]);
    let asked = 0;
    const model = create({
      ...BASE,
      baseURL: `${origin}/v1`,
      token: async () => `refused-${++asked}`,
    });
    const err = (await model.generate(HI).catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.status).toBe(401);
    expect(asked).toBe(2);
    expect(sent()).toHaveLength(2);
    expect(err.message).not.toContain("refused-2");
  });

  it("counts tokens at …/invoke/v1/messages/count_tokens", async () => {
    const { origin, sent } = await fakeGoogle();
    const model = create({ ...BASE, baseURL: `${origin}/v1`, token: async () => "t-0123456789" });
    await model.countTokens?.(HI).catch(() => {});
    expect(sent()[0]?.url).toBe("/v1/messages/count_tokens");
    expect(JSON.parse(sent()[0]?.body ?? "{}").max_tokens).toBeUndefined();
  });
});

describe("anthropic-google-cloud config", () => {
  it("derives the gateway URL, reading project, location and workspace from the environment", () => {
    const token = async () => "t";
    const cfg = resolveConfig(
      { ...BASE, token },
      {
        GOOGLE_CLOUD_PROJECT: "from-gcp",
        ANTHROPIC_GOOGLE_CLOUD_PROJECT: "from-env",
        ANTHROPIC_GOOGLE_CLOUD_LOCATION: "us-east5",
        ANTHROPIC_GOOGLE_CLOUD_WORKSPACE_ID: "wrkspc_env",
      },
    );
    expect(cfg.baseURL).toBe(
      "https://claude.googleapis.com/v1alpha/projects/from-env/locations/us-east5/workspaces/wrkspc_env/invoke/v1",
    );
    const given = resolveConfig({ ...BASE, ...WHERE, token }, { GOOGLE_CLOUD_PROJECT: "x" });
    expect(given.baseURL).toBe(
      "https://claude.googleapis.com/v1alpha/projects/p1/locations/global/workspaces/wrkspc1/invoke/v1",
    );
    expect(given.auth).toEqual({ token });
  });

  itRefusesEach<Config>(resolveConfig, [
    ["no project", { ...BASE, workspaceId: "w", token: TOKEN }, /`project` is required/],
    ["no workspace", { ...BASE, project: "p", token: TOKEN }, /`workspaceId` is required/],
    [
      "a bad location",
      { ...BASE, ...WHERE, location: "US East", token: TOKEN },
      /`location` must be/,
    ],
    ["no credentials", { ...BASE, ...WHERE }, /no credentials; pass `token`/],
    [
      "two kinds of credentials",
      { ...BASE, ...WHERE, token: TOKEN, serviceAccount: "{}" },
      /not both/,
    ],
    ["an API key (not served)", { ...BASE, ...WHERE, apiKey: "k" }, /apiKey/],
    [
      "a token that is not a function",
      { ...BASE, ...WHERE, token: "t" },
      /`token` must be a function/,
    ],
    [
      "thinking over maxTokens (the Anthropic wire's rule)",
      { ...BASE, ...WHERE, token: TOKEN, thinking: { budgetTokens: 4000 } },
      /budgetTokens/,
    ],
  ]);
});
