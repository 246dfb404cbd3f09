/**
 * SigV4 signing rate: golem's Bedrock signer (aws4fetch's AwsV4Signer with a per-model key
 * cache, as `bedrock.create` sets it up) signing a Converse request, awaited one after
 * another for one-second windows; the AWS SDK's own signer (`@smithy/signature-v4`) on the
 * same request for reference. run.ts pins this section to one CPU where `taskset` exists.
 */
import { Sha256 } from "@aws-crypto/sha256-js";
import { SignatureV4 } from "@smithy/signature-v4";
import { signRequest } from "../src/providers/bedrock/sign.js";
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

async function rate(
  sign: () => Promise<unknown>,
  windowMs: number,
  windows: number,
): Promise<number> {
  for (let i = 0; i < 200; i++) await sign();
  const rates: number[] = [];
  for (let w = 0; w < windows; w++) {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < windowMs) {
      await sign();
      n++;
    }
    rates.push((n * 1000) / (performance.now() - start));
  }
  return median(rates);
}

/** Signed requests per second: golem's signer, and the AWS SDK's for reference. */
export async function sigv4Rates(windowMs = 1000, windows = 5): Promise<Record<string, number>> {
  const cache = new Map<string, ArrayBuffer>();
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
  return {
    golem: await rate(golem, windowMs, windows),
    "@smithy/signature-v4": await rate(aws, windowMs, windows),
  };
}
