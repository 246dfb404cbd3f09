import { AwsV4Signer } from "aws4fetch";
import type { SignableRequest } from "../../transport/request.js";
import type { Credentials } from "./config.js";

/** Bedrock's SigV4 signing name: `bedrock`, not the host's `bedrock-runtime` (spec 2.1). */
export const SIGNING_SERVICE = "bedrock";

/**
 * Signs one attempt with SigV4 and returns the headers to send (`authorization`,
 * `x-amz-date`, `x-amz-security-token` with session credentials). The canonical path is the
 * URL path encoded once more (`%3A` -> `%253A`), as every non-S3 service expects. `cache`
 * keeps the derived signing key, so it is computed once per day and region, not per request.
 * `datetime` (`YYYYMMDDTHHMMSSZ`) pins the clock for tests.
 */
export async function signRequest(
  req: SignableRequest,
  credentials: Credentials,
  region: string,
  cache: Map<string, ArrayBuffer>,
  datetime?: string,
): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method: req.method,
    url: req.url,
    headers: req.headers,
    body: req.body,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    ...(credentials.sessionToken ? { sessionToken: credentials.sessionToken } : {}),
    service: SIGNING_SERVICE,
    region,
    cache,
    ...(datetime ? { datetime } : {}),
  });
  const signed = await signer.sign();
  const headers: Record<string, string> = {};
  signed.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}
