/**
 * AWS Signature Version 4 for a request with a string body, signed in headers, on
 * `crypto.subtle` and `TextEncoder` alone. It signs exactly what aws4fetch's `AwsV4Signer`
 * signs, the same way, so both give the same `authorization` for the same input (the tests
 * hold them to it); it differs in keeping the derived signing key as an imported `CryptoKey`,
 * so a signature costs two SHA-256 digests and one HMAC (docs/adr/0004-sigv4-signer.md).
 * @see https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
 * @module
 */
import { ConfigError } from "../core/errors.js";
import { EDGE_WHITESPACE, UNSENDABLE } from "./header-value.js";

/** AWS credentials for SigV4 signing. */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * Headers left out of the signature: aws4fetch's `UNSIGNABLE_HEADERS` (after the AWS SDK's),
 * so a proxy or the runtime may change them without breaking the signature.
 */
export const UNSIGNABLE_HEADERS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "authorization",
  "content-type",
  "content-length",
  "user-agent",
  "presigned-expires",
  "expect",
  "x-amzn-trace-id",
  "range",
  "connection",
]);

/** Derived signing keys, per secret, date, region and service; one map per model. */
export type SigningKeyCache = Map<string, Promise<CryptoKey>>;

/** The request to sign; the URL as it is sent (its path encoded once). */
export interface SigV4Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Who signs, for which scope, and what varies in tests. */
export interface SigV4Options {
  credentials: Credentials;
  region: string;
  service: string;
  cache: SigningKeyCache;
  /** `YYYYMMDDTHHMMSSZ`; @defaultValue now */
  datetime?: string | undefined;
  /** @defaultValue {@link UNSIGNABLE_HEADERS} (aws4fetch's `allHeaders` is an empty set) */
  unsignable?: ReadonlySet<string> | undefined;
}

/** The parts of a signature, for tests against published vectors. */
export interface SigV4Parts {
  canonicalRequest: string;
  stringToSign: string;
  /** The headers to send: the caller's (lower-cased), `x-amz-*` and `authorization`. */
  headers: Record<string, string>;
}

/** A day's signing key is used all day; a long-lived model keeps only the last few. */
const MAX_CACHED_KEYS = 8;
const ALGORITHM = "AWS4-HMAC-SHA256";
const HMAC = { name: "HMAC", hash: "SHA-256" } as const;
const ENCODER = /* @__PURE__ */ new TextEncoder();

/**
 * Signs `req` and returns the headers to send. Throws {@link ConfigError} for a header that
 * `fetch` could not send, naming the header but never its value.
 */
export async function signV4(
  req: SigV4Request,
  opts: SigV4Options,
): Promise<Record<string, string>> {
  return (await signV4Parts(req, opts)).headers;
}

/** {@link signV4}, with the canonical request and string to sign it computed. */
export async function signV4Parts(req: SigV4Request, opts: SigV4Options): Promise<SigV4Parts> {
  const { credentials, region, service } = opts;
  const datetime = opts.datetime || amzDate(Date.now());
  // They go into the authorization header: checked here rather than the whole header later.
  if (UNSENDABLE.test(`${credentials.accessKeyId}${region}${service}`)) {
    throw unsendable("authorization");
  }
  const target = readURL(req.url);
  const headers = readHeaders(req.headers);
  headers.set("x-amz-date", headerValue("x-amz-date", datetime));
  if (credentials.sessionToken) {
    headers.set(
      "x-amz-security-token",
      headerValue("x-amz-security-token", credentials.sessionToken),
    );
  }
  // aws4fetch takes a caller's x-amz-content-sha256 as the payload hash; so do we.
  const payloadHash = headers.get("x-amz-content-sha256") || (await hexDigest(req.body));
  const { canonicalHeaders, signedHeaders } = canonicalizeHeaders(
    headers,
    target.host,
    opts.unsignable ?? UNSIGNABLE_HEADERS,
  );
  const method = (req.method || (req.body ? "POST" : "GET")).toUpperCase();
  const canonicalRequest = `${method}\n${target.path}\n${target.query}\n${canonicalHeaders}\n${signedHeaders}\n${payloadHash}`;
  const date = datetime.slice(0, 8);
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = `${ALGORITHM}\n${datetime}\n${scope}\n${await hexDigest(canonicalRequest)}`;
  const key = await signingKey(opts.cache, credentials.secretAccessKey, date, region, service);
  const signature = hex(await crypto.subtle.sign("HMAC", key, ENCODER.encode(stringToSign)));
  const authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  headers.set("authorization", authorization);
  return { canonicalRequest, stringToSign, headers: Object.fromEntries(headers) };
}

/**
 * The key for one day, region and service, imported once as a non-extractable HMAC key. The
 * promise is kept, so concurrent first signatures derive it once; a failure is not kept.
 */
function signingKey(
  cache: SigningKeyCache,
  secret: string,
  date: string,
  region: string,
  service: string,
): Promise<CryptoKey> {
  // JSON: no two (secret, date, region, service) tuples share an id, whatever they hold.
  const id = JSON.stringify([secret, date, region, service]);
  const cached = cache.get(id);
  if (cached) return cached;
  const derived = deriveKey(secret, date, region, service);
  derived.catch(() => {
    if (cache.get(id) === derived) cache.delete(id);
  });
  cache.set(id, derived);
  // Map order is insertion order: the first key is the oldest.
  if (cache.size > MAX_CACHED_KEYS) cache.delete(cache.keys().next().value as string);
  return derived;
}

async function deriveKey(secret: string, date: string, region: string, service: string) {
  let key: ArrayBuffer = await hmac(ENCODER.encode(`AWS4${secret}`), date);
  for (const part of [region, service, "aws4_request"]) key = await hmac(key, part);
  return crypto.subtle.importKey("raw", key, HMAC, false, ["sign"]);
}

async function hmac(raw: BufferSource, data: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", raw, HMAC, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, ENCODER.encode(data));
}

async function hexDigest(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", ENCODER.encode(text)));
}

// Built on first use: no work at import.
let hexPairs: string[] | undefined;

function hex(buffer: ArrayBuffer): string {
  hexPairs ??= Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
  const bytes = new Uint8Array(buffer);
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += hexPairs[bytes[i] as number];
  return out;
}

// The last second's date: formatting one took ~8% of the signer's own JS time (a profile).
let lastSecond = Number.NaN;
let lastDate = "";

/** `YYYYMMDDTHHMMSSZ` for a time in milliseconds, as aws4fetch writes it. */
function amzDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    const iso = new Date(second * 1000).toISOString(); // 2026-08-01T12:34:56.000Z
    lastDate = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
    lastSecond = second;
  }
  return lastDate;
}

/** What the signature takes from a URL; Bedrock signs the same two URLs over and over. */
interface Target {
  url: string;
  host: string;
  path: string;
  query: string;
}
let lastTarget: Target | undefined;

function readURL(href: string): Target {
  if (lastTarget?.url === href) return lastTarget;
  const url = new URL(href);
  lastTarget = {
    url: href,
    host: url.host,
    path: canonicalPath(url.pathname),
    query: canonicalQuery(url),
  };
  return lastTarget;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The caller's headers as `new Headers(headers)` holds them in Node (names lower-cased, values
 * trimmed, names that differ only in case joined with ", "), less `host`, which comes from
 * the URL.
 */
function readHeaders(input: Record<string, string>): Map<string, string> {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(input)) {
    // Node's `Headers` (undici) drops a record key "__proto__" and so does aws4fetch there;
    // dropping it everywhere keeps what is signed and what is sent the same in every runtime.
    if (name === "__proto__") continue;
    if (!TOKEN.test(name)) {
      throw new ConfigError(`bedrock: header name ${JSON.stringify(name)} is not an HTTP token`);
    }
    const lower = name.toLowerCase();
    const clean = headerValue(lower, String(value));
    const before = headers.get(lower);
    headers.set(lower, before === undefined ? clean : `${before}, ${clean}`);
  }
  headers.delete("host");
  return headers;
}

/** A value trimmed as `Headers` trims it; one it would refuse is an error without the value. */
function headerValue(name: string, value: string): string {
  const clean = value.replace(EDGE_WHITESPACE, "");
  if (UNSENDABLE.test(clean)) throw unsendable(name);
  return clean;
}

function unsendable(name: string): ConfigError {
  return new ConfigError(
    `bedrock: the value of header "${name}" holds a line break, NUL or a character above U+00FF, so it cannot be sent (the value is not shown)`,
  );
}

/**
 * `host` (from the URL) and every header not in `unsignable`, sorted, each as `name:value\n`
 * with runs of whitespace inside the value made one space (aws4fetch: `/\s+/g`).
 */
function canonicalizeHeaders(
  headers: Map<string, string>,
  host: string,
  unsignable: ReadonlySet<string>,
): { canonicalHeaders: string; signedHeaders: string } {
  const names = ["host", ...[...headers.keys()].filter((name) => !unsignable.has(name))].sort();
  let canonicalHeaders = "";
  for (const name of names) {
    const value = name === "host" ? host : (headers.get(name) ?? "");
    canonicalHeaders += `${name}:${value.replace(/\s+/g, " ")}\n`;
  }
  return { canonicalHeaders, signedHeaders: names.join(";") };
}

/**
 * Every non-S3 service signs the path encoded once more: the URL's `%3A` is signed as
 * `%253A`, and every byte but the unreserved ones and `/` is escaped. Empty
 * segments collapse, as in aws4fetch and the AWS SDK.
 */
function canonicalPath(pathname: string): string {
  return escapeRFC3986(encodeURIComponent(pathname.replace(/\/+/g, "/")).replace(/%2F/g, "/"));
}

/**
 * The query as SigV4 wants it: pairs decoded, each side escaped again, sorted by key then
 * value, empty keys dropped (aws4fetch's rules). Bedrock's operations send none today.
 */
function canonicalQuery(url: URL): string {
  if (url.search === "") return "";
  return [...url.searchParams]
    .filter(([key]) => key !== "")
    .map(([key, value]) => [
      escapeRFC3986(encodeURIComponent(key)),
      escapeRFC3986(encodeURIComponent(value)),
    ])
    .sort(([k1 = "", v1 = ""], [k2 = "", v2 = ""]) =>
      k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0,
    )
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

/** `encodeURIComponent` leaves `!'()*` alone; RFC 3986 (and SigV4) escape them. */
function escapeRFC3986(encoded: string): string {
  return encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
