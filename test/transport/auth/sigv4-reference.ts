import { AwsV4Signer } from "aws4fetch";
import type { Credentials, SigV4Request } from "../../../src/auth/sigv4.js";

// AWS's documentation example credentials, not a real key.
export const KEYS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};

/** What aws4fetch's `AwsV4Signer` sends for the same request: the independent reference. */
export async function aws4fetchHeaders(
  req: SigV4Request,
  credentials: Credentials,
  region: string,
  datetime: string,
  service = "bedrock",
): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({ ...req, ...credentials, service, region, datetime });
  return Object.fromEntries([...(await signer.sign()).headers]);
}

/** A Converse request as golem signs it. */
export const REQ: SigV4Request = {
  method: "POST",
  url: "https://bedrock-runtime.us-west-2.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse",
  headers: { "content-type": "application/json" },
  body: '{"messages":[]}',
};
