/**
 * How each variant of the registry (test/variants.ts) is created with fake credentials and an
 * injected fetch, and its APIError class. Contract rows, faults, fuzz and provider tests use it
 * instead of their own copies of the keys and `create` calls.
 */
import type { APIError as CoreAPIError } from "../../src/core/errors.js";
import type { Delta, Model } from "../../src/core/types.js";
import { authOf, VARIANT_NAMES, VARIANTS, type Variant } from "../variants.js";

export { AWS_KEYS, AWS_SESSION } from "../variants.js";

/** A variant of the registry, by the name its rows have always used. */
export type Provider = Variant;
export const PROVIDERS: readonly Provider[] = VARIANT_NAMES;

type Fetch = typeof globalThis.fetch;

/**
 * The fake credentials each provider is created with unless a test gives its own: where it is
 * deployed and its first kind of credentials.
 */
export const FAKE_AUTH = Object.fromEntries(
  VARIANT_NAMES.map((v) => [v, { ...VARIANTS[v].place, ...authOf(v)[0]?.[1].config }]),
) as Record<Provider, Readonly<Record<string, unknown>>>;

/** The first secret of a provider's fake credentials: its API key or token. */
export function fakeSecret(provider: Provider): string {
  const secret = authOf(provider)[0]?.[1].secrets[0];
  if (secret === undefined) throw new Error(`${provider} has no credentials in the registry`);
  return secret;
}

/** A provider's module: its `create` and its APIError class. */
export interface AdapterModule {
  create(config: never): Model;
  APIError: typeof CoreAPIError;
}

/**
 * Imported on first use (from the entry's folder, src/platforms/<name>/), so an adapter that
 * does not load fails its own rows only, not the whole table.
 */
export function adapterModule(provider: Provider): Promise<AdapterModule> {
  // A variable import names the source file: Vite globs the pattern, and no .js file is there.
  return import(`../../src/platforms/${provider}/index.ts`) as Promise<AdapterModule>;
}

/**
 * `provider.create({ ...fake credentials, ...config, fetch })`. `config` may replace the fake
 * credentials (`apiKey`, `credentials`, `token`, `region`).
 */
export async function createModel(
  provider: Provider,
  config: Record<string, unknown>,
  fetch: Fetch | ((input: string | URL | Request, init?: RequestInit) => Promise<Response>),
): Promise<Model> {
  const auth: Record<string, unknown> = { ...FAKE_AUTH[provider] };
  // A config that brings its own kind of credentials must not get the fake ones too.
  if ("apiKey" in config || "token" in config) delete auth.credentials;
  if ("credentials" in config || "token" in config) delete auth.apiKey;
  if ("apiKey" in config || "serviceAccount" in config) delete auth.token;
  const { create } = await adapterModule(provider);
  return create({ ...auth, ...config, fetch } as never);
}

/** Every delta of a stream, in order. */
export async function collect(stream: AsyncIterable<Delta>): Promise<Delta[]> {
  const out: Delta[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

/**
 * A fetch that answers every request with the same body (a string, bytes or chunks, each
 * chunk its own read), for tests that feed an adapter a hand-made answer.
 */
export function bodyFetch(
  body: string | Uint8Array | readonly (string | Uint8Array)[],
  init: { status?: number; headers?: Record<string, string> } = {},
): Fetch {
  const encoder = new TextEncoder();
  const pieces = (Array.isArray(body) ? body : [body]) as (string | Uint8Array)[];
  return (async () => {
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = pieces[i++];
        if (piece === undefined) controller.close();
        else controller.enqueue(typeof piece === "string" ? encoder.encode(piece) : piece.slice());
      },
    });
    return new Response(stream, { status: init.status ?? 200, headers: init.headers ?? {} });
  }) as Fetch;
}
