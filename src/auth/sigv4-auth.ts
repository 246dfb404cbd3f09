import type { Auth } from "./auth.js";
import { type Credentials, type SigningKeyCache, signV4 } from "./sigv4.js";

/** Who signs and for which scope: the service is the platform's signing name. */
export interface SigV4AuthOptions {
  credentials: Credentials;
  region: string;
  /** The signing name: `bedrock` for Bedrock Runtime, another for another AWS service. */
  service: string;
}

/**
 * SigV4 per attempt (the date in the signature changes between retries). The derived signing
 * key is kept for the life of the auth, once per day and region. The access key id is a
 * secret too: it names the account, and the `authorization` header carries it.
 */
export function sigv4Auth(opts: SigV4AuthOptions): Auth {
  const { credentials, region, service } = opts;
  const cache: SigningKeyCache = new Map();
  const { accessKeyId, secretAccessKey, sessionToken } = credentials;
  return {
    secrets: sessionToken
      ? [accessKeyId, secretAccessKey, sessionToken]
      : [accessKeyId, secretAccessKey],
    authorize: (req) => signV4(req, { credentials, region, service, cache }),
  };
}
