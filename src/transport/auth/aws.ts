/**
 * SigV4 as an {@link Auth}: fixed AWS credentials or a provider function asked before every
 * attempt (as the AWS SDKs' credential providers are: they cache and refresh on their own),
 * with the signing service and region as parameters.
 */
import { AuthError, ConfigError } from "../../core/errors.js";
import { type SigningKeyCache, signV4 } from "../../providers/bedrock/sigv4.js";
import type { Auth } from "./auth.js";

/** AWS credentials for SigV4 signing. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Fixed credentials, or a function that returns current ones (e.g. `fromNodeProviderChain()`). */
export type AwsCredentialSource = AwsCredentials | (() => Promise<AwsCredentials>);

/** Checks credentials; `who` and `option` name the config option in the error, never a value. */
export function checkAwsCredentials(
  c: unknown,
  who: string,
  option = "credentials",
): AwsCredentials {
  const ok = (v: unknown) => typeof v === "string" && v !== "" && !hasSpaceOrControl(v);
  const k = c as Partial<AwsCredentials> | null;
  if (
    typeof k !== "object" ||
    k === null ||
    !ok(k.accessKeyId) ||
    typeof k.secretAccessKey !== "string" ||
    k.secretAccessKey === ""
  ) {
    throw new ConfigError(
      `${who}: \`${option}\` needs a non-empty \`accessKeyId\` and \`secretAccessKey\``,
    );
  }
  if (k.sessionToken !== undefined && !ok(k.sessionToken)) {
    throw new ConfigError(
      `${who}: \`${option}.sessionToken\` must be a non-empty string without spaces`,
    );
  }
  const { accessKeyId, secretAccessKey, sessionToken } = k as AwsCredentials;
  return sessionToken
    ? { accessKeyId, secretAccessKey, sessionToken }
    : { accessKeyId, secretAccessKey };
}

/**
 * Signs every attempt with SigV4 for `service` in `region`. A provider function's failure or
 * bad answer is an {@link AuthError}; after a 401 a provider function is asked once more.
 */
export function sigV4Auth(
  source: AwsCredentialSource,
  scope: { region: string; service: string; who: string; datetime?: () => string },
): Auth {
  const cache: SigningKeyCache = new Map();
  const current = async (): Promise<AwsCredentials> => {
    if (typeof source !== "function") return source;
    let value: unknown;
    try {
      value = await source();
    } catch (err) {
      throw new AuthError(
        `${scope.who}: the credentials provider failed: ${(err as Error)?.message ?? err}`,
        {},
        { cause: err },
      );
    }
    try {
      return checkAwsCredentials(value, scope.who, "credentials()");
    } catch (err) {
      throw new AuthError((err as Error).message);
    }
  };
  return {
    async authorize(req) {
      const credentials = await current();
      const headers = await signV4(req, {
        credentials,
        region: scope.region,
        service: scope.service,
        cache,
        datetime: scope.datetime?.(),
      });
      const secrets = credentials.sessionToken ? [credentials.sessionToken] : [];
      return { headers, credential: credentials.secretAccessKey, secrets };
    },
    expire: () => typeof source === "function",
  };
}

/** A space, line break or control character: `fetch` would refuse the header that holds it. */
function hasSpaceOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}
