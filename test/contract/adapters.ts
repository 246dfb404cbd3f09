/**
 * The one registry of test adapters: how each provider is created with fake credentials and an
 * injected fetch, and its APIError class. Contract rows, faults, fuzz and provider tests use it
 * instead of their own copies of the keys and `create` calls.
 */
import type { APIError as CoreAPIError } from "../../src/core/errors.js";
import type { Delta, Model } from "../../src/core/types.js";

export type Provider =
  | "anthropic"
  | "bedrock"
  | "gemini"
  | "openai"
  | "azure"
  | "vertex"
  | "anthropic-aws"
  | "anthropic-bedrock"
  | "anthropic-foundry"
  | "anthropic-google-cloud"
  | "cohere";
export const PROVIDERS: readonly Provider[] = [
  "anthropic",
  "bedrock",
  "gemini",
  "openai",
  "azure",
  "vertex",
  "anthropic-aws",
  "anthropic-bedrock",
  "anthropic-foundry",
  "anthropic-google-cloud",
  "cohere",
];

type Fetch = typeof globalThis.fetch;

/** Fake AWS keys (the SigV4 test suite's example keys). */
export const AWS_KEYS = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
};
export const AWS_SESSION = { ...AWS_KEYS, sessionToken: "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN" };

/** The fake credentials each provider is created with unless a test gives its own. */
export const FAKE_AUTH = {
  anthropic: { apiKey: "sk-ant-test-key-0123456789" },
  bedrock: { region: "us-east-1", credentials: AWS_KEYS },
  gemini: { apiKey: "AIza-test-key" },
  openai: { apiKey: "sk-test-0123456789abcdef" },
  azure: { apiKey: "azure-key-0123456789abcdef" },
  vertex: {
    project: "golem",
    location: "global",
    token: async () => "ya29.test-token-0123456789",
  },
  "anthropic-aws": { region: "us-west-2", workspaceId: "wrkspc1", credentials: AWS_KEYS },
  "anthropic-bedrock": { region: "us-east-1", credentials: AWS_KEYS },
  "anthropic-foundry": { resource: "my-resource", apiKey: "foundry-key-0123456789abcdef" },
  "anthropic-google-cloud": {
    project: "golem",
    workspaceId: "wrkspc1",
    token: async () => "ya29.test-token-0123456789",
  },
  cohere: { apiKey: "co-test-key-0123456789abcdef" },
} satisfies Record<Provider, object>;

/** A provider's module: its `create` and its APIError class. */
export interface AdapterModule {
  create(config: never): Model;
  APIError: typeof CoreAPIError;
}

/**
 * Imported on first use, so an adapter that does not load fails its own rows only, not the
 * whole table.
 */
const IMPORT: Record<Provider, () => Promise<AdapterModule>> = {
  anthropic: () => import("../../src/platforms/anthropic/index.js"),
  bedrock: () => import("../../src/platforms/bedrock/index.js"),
  gemini: () => import("../../src/platforms/gemini/index.js"),
  openai: () => import("../../src/platforms/openai/index.js"),
  azure: () => import("../../src/platforms/azure/index.js"),
  vertex: () => import("../../src/platforms/vertex/index.js"),
  "anthropic-aws": () => import("../../src/platforms/anthropic-aws/index.js"),
  "anthropic-bedrock": () => import("../../src/platforms/anthropic-bedrock/index.js"),
  "anthropic-foundry": () => import("../../src/platforms/anthropic-foundry/index.js"),
  "anthropic-google-cloud": () => import("../../src/platforms/anthropic-google-cloud/index.js"),
  cohere: () => import("../../src/platforms/cohere/index.js"),
};

export function adapterModule(provider: Provider): Promise<AdapterModule> {
  return IMPORT[provider]();
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
