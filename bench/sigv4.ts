/**
 * SigV4 signing rate: golem's Bedrock signer (its own, with the per-model key cache that
 * `bedrock.create` sets up) signing a Converse request, awaited one after another in
 * one-second windows; for reference, the AWS SDK's own signer (`@smithy/signature-v4`) and
 * aws4fetch's `AwsV4Signer` (golem's signer until ADR 0004, with its own key cache) on the
 * same request, their windows taken in turn with golem's. run.ts pins this section to one CPU
 * where `taskset` exists.
 */
import { Sha256 } from "@aws-crypto/sha256-js";
import { SignatureV4 } from "@smithy/signature-v4";
import { AwsV4Signer } from "aws4fetch";
import { type SigningKeyCache, signRequest } from "../src/platforms/bedrock/platform.js";
import { median } from "./measure.js";

const URL_ =
  "https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse";
const BODY = JSON.stringify({
  messages: [{ role: "user", content: [{ text: "What is the weather in Florence, Italy?" }] }],
  inferenceConfig: { maxTokens: 16000 },
  additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 10000 } },
});
const CREDENTIALS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  sessionToken: "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN",
};

/** Signed requests per second in one window of `windowMs`, awaited one after another. */
async function rate(sign: () => Promise<unknown>, windowMs: number): Promise<number> {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < windowMs) {
    await sign();
    n++;
  }
  return (n * 1000) / (performance.now() - start);
}

/**
 * Each signer's median rate over `windows` rounds; every round gives each signer one window,
 * in turn, so a change in the machine's load falls on all of them alike.
 */
async function rates(
  signers: Record<string, () => Promise<unknown>>,
  windowMs: number,
  windows: number,
): Promise<Record<string, number>> {
  for (const sign of Object.values(signers)) for (let i = 0; i < 200; i++) await sign();
  const seen = new Map(Object.keys(signers).map((name) => [name, [] as number[]]));
  for (let w = 0; w < windows; w++) {
    for (const [name, sign] of Object.entries(signers)) {
      seen.get(name)?.push(await rate(sign, windowMs));
    }
  }
  return Object.fromEntries([...seen].map(([name, r]) => [name, median(r)]));
}

/** Signed requests per second: golem's signer, and the AWS SDK's and aws4fetch's for reference. */
export async function sigv4Rates(windowMs = 1000, windows = 5): Promise<Record<string, number>> {
  const cache: SigningKeyCache = new Map();
  const headers = { "content-type": "application/json" };
  const golem = () =>
    signRequest(
      { method: "POST", url: URL_, headers, body: BODY },
      CREDENTIALS,
      "us-east-1",
      cache,
    );
  const url = new URL(URL_);
  const smithy = new SignatureV4({
    credentials: CREDENTIALS,
    region: "us-east-1",
    service: "bedrock",
    sha256: Sha256,
  });
  const aws = () =>
    smithy.sign({
      method: "POST",
      protocol: "https:",
      hostname: url.hostname,
      path: url.pathname,
      headers: { ...headers, host: url.hostname },
      body: BODY,
    });
  const aws4fetchCache = new Map<string, ArrayBuffer>();
  const aws4fetch = () =>
    new AwsV4Signer({
      method: "POST",
      url: URL_,
      headers,
      body: BODY,
      ...CREDENTIALS,
      service: "bedrock",
      region: "us-east-1",
      cache: aws4fetchCache,
    }).sign();
  return rates(
    { golem, "@smithy/signature-v4": aws, "aws4fetch AwsV4Signer": aws4fetch },
    windowMs,
    windows,
  );
}
