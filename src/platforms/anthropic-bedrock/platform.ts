/**
 * Amazon Bedrock's Messages API as a platform over the Anthropic Messages wire: the
 * `/anthropic/v1/messages` URL of the bedrock-runtime or bedrock-mantle host, SigV4 (service
 * `bedrock` or `bedrock-mantle`) or a Bedrock API key as a bearer token. The body is the
 * first-party API's, `model` the Bedrock model id; the version and betas travel as headers.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/inference-messages-api.html
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html
 */

import type { Auth } from "../../auth/auth.js";
import { type KeyOrCredentials, keyOrSigV4Auth } from "../../auth/aws.js";
import type { APIErrorFields } from "../../core/errors.js";
import type { Wire } from "../../send/http-model.js";
import type { Platform } from "../../send/platform.js";
import type { ErrorResponse } from "../../transport/exchange.js";
import { messagesHeaders, messagesUrl, messagesWire } from "../../wires/messages/call.js";
import { type ResolvedConfig, type Service, SIGNING_SERVICE } from "./config.js";

/** The platform tag: `Model.provider`, every APIError's `provider`, and its parts' tag. */
export const PLATFORM = "anthropic-bedrock";

/** One {@link Auth} per model (its SigV4 signing-key cache is shared by the model's calls). */
export function createAuth(auth: KeyOrCredentials, region: string, service: Service): Auth {
  return keyOrSigV4Auth(auth, { region, service: SIGNING_SERVICE[service], who: PLATFORM });
}

/** Bedrock's Messages API: `{host}/anthropic/v1/messages`, Anthropic's headers. */
export function bedrockMessagesPlatform(cfg: ResolvedConfig): Platform {
  const url = messagesUrl(cfg.baseURL);
  const { wire } = cfg;
  return {
    provider: PLATFORM,
    model: wire.model,
    urls: { generate: url, stream: url },
    auth: createAuth(cfg.auth, cfg.region, cfg.service),
    // The binding beta goes with the body's `thinking.block_binding`, as on the first-party API.
    headers: messagesHeaders({
      headers: cfg.headers,
      contextManagement: wire.contextManagement,
      model: wire.model,
      thinking: wire.thinking,
      ...(wire.prefixCheck !== undefined && { prefixCheck: wire.prefixCheck }),
      ...(wire.capabilities !== undefined && { capabilities: wire.capabilities }),
    }),
    requestId: (h) => h.get("x-amzn-requestid") ?? h.get("request-id") ?? undefined,
    options: cfg,
  };
}

/**
 * Claude's wire, reading errors in either shape: AWS's front end answers auth, signature and
 * throttling errors as `{ "message": … }` with the type in `x-amzn-errortype`
 * (`ExpiredTokenException:…`), the model as Anthropic does. Whichever names a type is kept.
 */
export function withAwsErrors<R>(wire: Wire<R>): Wire<R> {
  return {
    ...wire,
    errorFields(res, provider) {
      const fields = wire.errorFields(res, provider);
      return fields.type === undefined ? awsErrorFields(fields, res) : fields;
    },
  };
}

function awsErrorFields(fields: APIErrorFields, res: ErrorResponse): APIErrorFields {
  const type = res.headers.get("x-amzn-errortype")?.split(":")[0];
  const body = fields.body as { message?: unknown; Message?: unknown } | undefined;
  const message = body?.message ?? body?.Message;
  return {
    ...fields,
    ...(type && { type }),
    ...(typeof message === "string" && { message }),
  };
}

/** What `anthropicBedrock.create` sends through: the Messages wire, AWS's errors read too. */
export function bedrockMessagesDeployment(cfg: ResolvedConfig) {
  return [withAwsErrors(messagesWire(cfg.wire, PLATFORM)), bedrockMessagesPlatform(cfg)] as const;
}
