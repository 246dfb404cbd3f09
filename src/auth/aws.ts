/**
 * SigV4 from a credentials provider function (as the AWS SDKs' providers are: they cache and
 * refresh on their own): asked before every attempt, and once more after a 401. Fixed
 * credentials use {@link sigv4Auth}.
 */
import { type Env, envVar } from "../core/env.js";
import { AuthError, ConfigError } from "../core/errors.js";
import { type Auth, apiKeyAuth } from "./auth.js";
import { type Credentials, type SigningKeyCache, signV4 } from "./sigv4.js";
import { sigv4Auth } from "./sigv4-auth.js";

/** AWS credentials for SigV4: `{ accessKeyId, secretAccessKey, sessionToken? }`. */
export type AwsCredentials = Credentials;

/** Fixed credentials, or a function that returns current ones (e.g. `fromNodeProviderChain()`). */
export type AwsCredentialSource = AwsCredentials | (() => Promise<AwsCredentials>);

/** How a platform that takes an API key or SigV4 credentials authenticates its calls. */
export type KeyOrCredentials = { apiKey: string } | { credentials: AwsCredentialSource };

/** Where SigV4 signs (`service` in `region`) and whom errors name. */
export interface SigningScope {
  region: string;
  service: string;
  who: string;
}

/**
 * The keys fixed `credentials` take, for a config's key set: a misspelt one (`sessiontoken`)
 * is refused like a misspelt option, not dropped to fail later as a 403.
 */
export const AWS_CREDENTIAL_KEYS = {
  accessKeyId: true,
  secretAccessKey: true,
  sessionToken: true,
} as const;

/** Credentials sent and kept for scrubbing; a provider hands out a few an hour. */
const MAX_SECRETS = 24;

/** Checks credentials; `who` and `option` name the config option in the error, never a value. */
export function checkAwsCredentials(c: unknown, who: string, option = "credentials"): Credentials {
  const ok = (v: unknown) => typeof v === "string" && v !== "" && !hasSpaceOrControl(v);
  const k = c as Partial<Credentials> | null;
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
  const { accessKeyId, secretAccessKey, sessionToken } = k as Credentials;
  return sessionToken
    ? { accessKeyId, secretAccessKey, sessionToken }
    : { accessKeyId, secretAccessKey };
}

/**
 * SigV4 for `service` in `region` with credentials from `provider`, asked before every
 * attempt. A provider that throws or answers without usable credentials is an
 * {@link AuthError} (naming no value); everything it handed out is among the secrets.
 */
export function sigv4ProviderAuth(provider: () => Promise<Credentials>, scope: SigningScope): Auth {
  const cache: SigningKeyCache = new Map();
  const secrets: string[] = [];
  const keep = (value: string | undefined) => {
    if (value === undefined || secrets.includes(value)) return;
    secrets.push(value);
    if (secrets.length > MAX_SECRETS) secrets.shift();
  };
  const current = async (): Promise<Credentials> => {
    let value: unknown;
    try {
      value = await provider();
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new AuthError(
        `${scope.who}: the credentials provider failed: ${why}`,
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
    secrets,
    async authorize(req) {
      const credentials = await current();
      keep(credentials.accessKeyId);
      keep(credentials.secretAccessKey);
      keep(credentials.sessionToken);
      const { region, service } = scope;
      return signV4(req, { credentials, region, service, cache });
    },
    // The provider is asked again on the next attempt anyway; a 401 is worth that one attempt.
    expire: () => true,
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

/**
 * A key-or-SigV4 platform's auth: `apiKey` or `credentials` from the config, else the key in
 * the `keyVar` environment variable, else `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with
 * `AWS_SESSION_TOKEN`). Complaints are {@link ConfigError}s naming `who`, never a value.
 */
export function resolveKeyOrCredentials(
  config: { apiKey?: string; credentials?: AwsCredentialSource },
  env: Env,
  who: string,
  keyVar: string,
): KeyOrCredentials {
  if (config.apiKey !== undefined) {
    if (typeof config.apiKey !== "string" || config.apiKey === "") {
      throw new ConfigError(`${who}: \`apiKey\` must be a non-empty string`);
    }
    return { apiKey: config.apiKey };
  }
  if (typeof config.credentials === "function") return { credentials: config.credentials };
  if (config.credentials !== undefined) {
    return { credentials: checkAwsCredentials(config.credentials, who) };
  }
  const key = envVar(env, keyVar);
  if (key) return { apiKey: key };
  const accessKeyId = envVar(env, "AWS_ACCESS_KEY_ID");
  const secretAccessKey = envVar(env, "AWS_SECRET_ACCESS_KEY");
  if (accessKeyId && secretAccessKey) {
    const sessionToken = envVar(env, "AWS_SESSION_TOKEN");
    const fromEnv = { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    return { credentials: checkAwsCredentials(fromEnv, who) };
  }
  throw new ConfigError(
    `${who}: no credentials; pass \`apiKey\` (or ${keyVar}) or \`credentials\` (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)`,
  );
}

/**
 * One {@link Auth} per model (its SigV4 signing-key cache is shared by the model's calls): the
 * key as a bearer token, or SigV4 with fixed credentials or a provider's.
 */
export function keyOrSigV4Auth(auth: KeyOrCredentials, scope: SigningScope): Auth {
  if ("apiKey" in auth) return apiKeyAuth("authorization", auth.apiKey, "Bearer ");
  const { region, service } = scope;
  return typeof auth.credentials === "function"
    ? sigv4ProviderAuth(auth.credentials, scope)
    : sigv4Auth({ region, service, credentials: auth.credentials });
}
