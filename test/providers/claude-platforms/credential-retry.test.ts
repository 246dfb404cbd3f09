/**
 * On every Claude platform with a credential function, the function is asked before every
 * attempt, and once more after the platform refuses what it gave (a 401, or AWS's
 * expired-token 403): the call is retried once with the new credential and succeeds.
 */
import { describe, expect, it } from "vitest";
import type { Model } from "../../../src/core/types.js";
import * as anthropicAws from "../../../src/platforms/anthropic-aws/index.js";
import * as anthropicBedrock from "../../../src/platforms/anthropic-bedrock/index.js";
import * as anthropicFoundry from "../../../src/platforms/anthropic-foundry/index.js";
import type { Handler } from "../../transport/loopback.js";
import {
  answer,
  expiredToken,
  HI,
  jsonReply,
  SESSION,
  unauthorizedQuoting,
  useLoopback,
} from "./helpers.js";

const SONNET = { model: "claude-sonnet-4-6", maxTokens: 1024 };

/** AWS credentials whose access key id says which call of the provider issued them. */
const numberedKeys = (n: number) => ({ ...SESSION, accessKeyId: `AKID${n}` });
/** What identifies a SigV4 request's key: the Authorization header up to the key id. */
const sigV4Key = (authorization: string) => authorization.split("/")[0];

interface Row {
  /** The model, its credential function counting its calls with `next`. */
  make: (baseURL: string, next: () => number) => Model;
  /** The path up to `/v1` on the platform. */
  basePath: string;
  /** The refusal of the first attempt. */
  refusal: Handler;
  /** The part of an Authorization header that names the credential. */
  identity: (authorization: string) => string | undefined;
  /** That part on the two attempts, in order. */
  sent: [string, string];
}

const awsRow = (refusal: Handler, make: Row["make"], basePath: string): Row => ({
  make,
  basePath,
  refusal,
  identity: sigV4Key,
  sent: ["AWS4-HMAC-SHA256 Credential=AKID1", "AWS4-HMAC-SHA256 Credential=AKID2"],
});

const aws: Row["make"] = (baseURL, next) =>
  anthropicAws.create({
    ...SONNET,
    region: "us-west-2",
    workspaceId: "wrkspc1",
    baseURL,
    credentials: async () => numberedKeys(next()),
  });
const bedrock: Row["make"] = (baseURL, next) =>
  anthropicBedrock.create({
    ...SONNET,
    model: "global.anthropic.claude-sonnet-4-6",
    region: "us-east-1",
    baseURL,
    credentials: async () => numberedKeys(next()),
  });

const ROWS: [string, string, Row][] = [
  ["anthropic-aws", "a 401", awsRow(unauthorizedQuoting("x-amz-security-token"), aws, "/v1")],
  [
    "anthropic-bedrock",
    "a 401",
    awsRow(unauthorizedQuoting("x-amz-security-token"), bedrock, "/anthropic/v1"),
  ],
  ["anthropic-bedrock", "an expired-token 403", awsRow(expiredToken, bedrock, "/anthropic/v1")],
  [
    "anthropic-foundry",
    "a 401",
    {
      make: (baseURL, next) =>
        anthropicFoundry.create({ ...SONNET, baseURL, token: async () => `entra-${next()}` }),
      basePath: "/anthropic/v1",
      refusal: unauthorizedQuoting("authorization"),
      identity: (authorization) => authorization,
      sent: ["Bearer entra-1", "Bearer entra-2"],
    },
  ],
];

const lb = useLoopback("");

describe("a refused credential on the Claude platforms", () => {
  it.each(ROWS)(
    "%s: asks the credential function before every attempt and once more after %s",
    async (_, __, row) => {
      const origin = await lb.serve([row.refusal, jsonReply(answer())]);
      let asked = 0;
      const model = row.make(`${origin}${row.basePath}`, () => ++asked);
      const { message } = await model.generate(HI);
      expect(message.content).toEqual([{ type: "text", text: "Hi!" }]);
      expect(asked).toBe(2);
      const seen = lb.server?.requests ?? [];
      expect(seen.map((r) => r.url)).toEqual(Array(2).fill(`${row.basePath}/messages`));
      expect(seen.map((r) => row.identity(String(r.headers.authorization)))).toEqual(row.sent);
    },
  );
});
