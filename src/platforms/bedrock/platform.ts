import { type Auth, apiKeyAuth } from "../../auth/auth.js";
import { type Credentials, type SigningKeyCache, signV4 } from "../../auth/sigv4.js";
import { sigv4Auth } from "../../auth/sigv4-auth.js";
import { AuthError } from "../../core/errors.js";
import type { Platform } from "../../send/platform.js";
import { mergeHeaders } from "../../transport/options.js";

export type { SigningKeyCache } from "../../auth/sigv4.js";

import type { SignableRequest } from "../../transport/exchange.js";
import { converseWire, countUrl } from "../../wires/converse/call.js";
import { checkCredentials, type ResolvedConfig } from "./config.js";

/** Bedrock's SigV4 signing name: `bedrock`, not the host's `bedrock-runtime`. */
export const SIGNING_SERVICE = "bedrock";

/**
 * The Converse URL; the model id (foundation id, inference profile or ARN) is one path label,
 * so `:` and `/` are percent-encoded (a literal `/` routes to another operation: vercel/ai#17523).
 */
export function requestUrl(
  cfg: Pick<ResolvedConfig, "baseURL" | "model">,
  stream: boolean,
): string {
  const op = stream ? "converse-stream" : "converse";
  return `${cfg.baseURL}/model/${encodeURIComponent(cfg.model)}/${op}`;
}

/**
 * Signs one attempt as Bedrock Runtime does (SigV4, service {@link SIGNING_SERVICE}) and
 * returns the headers to send. The canonical path is the URL path encoded once more (`%3A` ->
 * `%253A`), as every non-S3 service expects. `datetime` (`YYYYMMDDTHHMMSSZ`) pins the clock.
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

/** Bedrock Runtime: Converse URLs in the region, SigV4 or a Bedrock API key as a bearer. */
export function bedrockPlatform(cfg: ResolvedConfig): Platform {
  const { auth, region } = cfg;
  return {
    provider: "bedrock",
    model: cfg.model,
    urls: {
      generate: requestUrl(cfg, false),
      stream: requestUrl(cfg, true),
      count: countUrl(cfg.baseURL, cfg.model),
    },
    // A Bedrock API key replaces SigV4 entirely.
    auth:
      "bearer" in auth
        ? apiKeyAuth("authorization", auth.bearer, "Bearer ")
        : "sigv4Provider" in auth
          ? providerAuth(auth.sigv4Provider, region)
          : sigv4Auth({ credentials: auth.sigv4, region, service: SIGNING_SERVICE }),
    headers: mergeHeaders({}, cfg.headers, { "content-type": "application/json" }),
    requestId: (headers) => headers.get("x-amzn-requestid") ?? undefined,
    options: cfg,
  };
}

/**
 * SigV4 with credentials from a provider function (an AWS SDK credential provider caches and
 * refreshes on its own), asked before every attempt and once more after a 401. Checked with
 * Bedrock's own credential check: `auth/aws.ts` would cost this bundle 0.5 KB.
 */
function providerAuth(provider: () => Promise<Credentials>, region: string): Auth {
  const cache: SigningKeyCache = new Map();
  const secrets: string[] = [];
  return {
    secrets,
    async authorize(req) {
      let credentials: Credentials;
      try {
        credentials = checkCredentials(await provider());
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new AuthError(`bedrock: the credentials provider failed: ${why}`, {}, { cause: err });
      }
      for (const s of [
        credentials.accessKeyId,
        credentials.secretAccessKey,
        credentials.sessionToken,
      ]) {
        if (s !== undefined && !secrets.includes(s)) secrets.push(s);
      }
      return signRequest(req, credentials, region, cache);
    },
    expire: () => true,
  };
}

/** What `bedrock.create` sends through: the Converse wire on Bedrock Runtime. */
export function bedrockDeployment(cfg: ResolvedConfig) {
  return [converseWire(cfg, "bedrock"), bedrockPlatform(cfg)] as const;
}
