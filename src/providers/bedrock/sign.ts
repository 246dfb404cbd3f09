import { type Credentials, type SigningKeyCache, signV4 } from "../../transport/auth/sigv4.js";
import type { SignableRequest } from "../../transport/request.js";

export type { SigningKeyCache } from "../../transport/auth/sigv4.js";

/** Bedrock's SigV4 signing name: `bedrock`, not the host's `bedrock-runtime`. */
export const SIGNING_SERVICE = "bedrock";

/**
 * Signs one attempt with SigV4 and returns the headers to send (the request's own,
 * `authorization`, `x-amz-date`, and `x-amz-security-token` with session credentials). The
 * canonical path is the URL path encoded once more (`%3A` -> `%253A`), as every non-S3 service
 * expects. `cache` keeps the derived signing key as a `CryptoKey`, so it is derived once per
 * day and region, not per request. `datetime` (`YYYYMMDDTHHMMSSZ`) pins the clock for tests.
 */
export function signRequest(
  req: SignableRequest,
  credentials: Credentials,
  region: string,
  cache: SigningKeyCache,
  datetime?: string,
): Promise<Record<string, string>> {
  return signV4(req, { credentials, region, service: SIGNING_SERVICE, cache, datetime });
}
