/**
 * golem/bedrock: Claude (and other models) through AWS Bedrock Converse and ConverseStream,
 * signed with SigV4 or a Bedrock API key, with reasoning blocks and signatures kept and
 * replayed exactly.
 * @module
 */
import { readEnv } from "../../core/env.js";
import {
  AuthError,
  type APIError as CoreAPIError,
  defineAPIError,
  StreamError,
} from "../../core/errors.js";
import type { Model, ModelRequest } from "../../core/types.js";
import { createEventStreamReader } from "../../transport/event-stream.js";
import { createHTTPModel } from "../../transport/http-model.js";
import { mergeHeaders } from "../../transport/options.js";
import { redactSecrets } from "../../transport/redact.js";
import type { RequestOptions, StreamResponse } from "../../transport/request.js";
import {
  type Config,
  type Credentials,
  checkCredentials,
  type ResolvedConfig,
  resolveConfig,
} from "./config.js";
import { buildRequest, PROVIDER, requestUrl } from "./request.js";
import { parseErrorBody, parseResponse } from "./response.js";
import { type SigningKeyCache, signRequest } from "./sign.js";
import { createStreamState } from "./stream.js";

export type { CacheConfig, Config, Credentials, Effort, ThinkingConfig } from "./config.js";

/**
 * An error answer from Bedrock: `status`, `type` (e.g. `ValidationException`, or a stream's
 * `throttlingException`), `requestId` (`x-amzn-requestid`), `retryable`.
 */
export const APIError = /* @__PURE__ */ defineAPIError();
/** The error of a failed call, `err instanceof APIError` for this adapter's calls. */
export type APIError = CoreAPIError;

/**
 * A Bedrock model. Throws `ConfigError` at once for a missing region, model or credentials,
 * an unknown effort, or a thinking budget outside 1024..maxTokens.
 * @example
 * const model = bedrock.create({ region: "us-east-1",
 *   model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0", maxTokens: 16000,
 *   thinking: { budgetTokens: 10000 } });
 * const { message } = await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 */
export function create(config: Config): Model {
  const cfg = resolveConfig(config, readEnv());
  // One per model: the derived SigV4 signing key, kept once per day and region (sign.ts).
  const cache: SigningKeyCache = new Map();
  return createHTTPModel(PROVIDER, cfg.model, {
    request: (req, streaming) => requestOptions(cfg, cache, req, streaming),
    parse: (body) => parseResponse(body),
    async open(res, secrets) {
      await refuseJSONStream(res, secrets);
      return {
        reader: createEventStreamReader(res.body),
        machine: createStreamState(
          (fields) => new APIError(fields),
          res.response.headers.get("x-amzn-requestid") ?? undefined,
        ),
      };
    },
  });
}

/**
 * A 200 with a JSON body instead of an event stream means the request reached another
 * operation (an unencoded `/` in the model id does that: vercel/ai#17523); say so plainly
 * rather than as a broken frame.
 */
async function refuseJSONStream(res: StreamResponse, secrets: readonly string[]): Promise<void> {
  const type = res.response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return;
  const text = redactSecrets(await new Response(res.body).text().catch(() => ""), secrets);
  const start = text.length > 200 ? `${text.slice(0, 200)}...` : text;
  throw new StreamError(`bedrock answered the stream with JSON, not an event stream: ${start}`);
}

function requestOptions(
  cfg: ResolvedConfig,
  cache: SigningKeyCache,
  req: ModelRequest,
  streaming: boolean,
): Omit<RequestOptions, "signal"> {
  const { auth } = cfg;
  const bearer = "bearer" in auth ? { authorization: `Bearer ${auth.bearer}` } : {};
  const headers = mergeHeaders({}, cfg.headers, { "content-type": "application/json", ...bearer });
  const options: Omit<RequestOptions, "signal"> = {
    url: requestUrl(cfg, streaming),
    headers,
    body: JSON.stringify(buildRequest(req, cfg, streaming)),
    fetch: cfg.fetch,
    timeoutMs: cfg.timeoutMs,
    maxRetries: cfg.maxRetries,
    toError: (res) =>
      new APIError(parseErrorBody(res.status, res.text, res.headers, res.retryable)),
  };
  if ("bearer" in auth) {
    // A Bedrock API key replaces SigV4 entirely.
    options.secrets = [auth.bearer];
  } else if ("sigv4Provider" in auth) {
    // Asked per attempt (the provider caches and refreshes), and once more after a 401.
    const secrets: string[] = [];
    options.secrets = secrets;
    options.onUnauthorized = () => true;
    options.sign = async (signable) => {
      const credentials = await providedCredentials(auth.sigv4Provider);
      secrets.push(credentials.accessKeyId, credentials.secretAccessKey);
      if (credentials.sessionToken) secrets.push(credentials.sessionToken);
      return signRequest(signable, credentials, cfg.region, cache);
    };
  } else if ("sigv4" in auth) {
    const { sigv4 } = auth;
    // Signed per attempt: the date in the signature changes between retries.
    options.sign = (signable) => signRequest(signable, sigv4, cfg.region, cache);
    // The access key id too: it names the account, and the Authorization header carries it.
    options.secrets = sigv4.sessionToken
      ? [sigv4.accessKeyId, sigv4.secretAccessKey, sigv4.sessionToken]
      : [sigv4.accessKeyId, sigv4.secretAccessKey];
  }
  return options;
}

/** The provider's current credentials, checked; any failure an {@link AuthError}. */
async function providedCredentials(provider: () => Promise<Credentials>): Promise<Credentials> {
  try {
    return checkCredentials(await provider());
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new AuthError(`bedrock: the credentials provider failed: ${why}`, {}, { cause: err });
  }
}
