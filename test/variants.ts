/**
 * The one registry of test variants: every package entry a user creates a model with (a
 * platform, `golem/<name>`), the wires it serves with the smallest config that makes a model of
 * each, where it is deployed, and every kind of credentials it takes with the secrets they
 * hold. test/variants.test.ts checks the names against package.json `exports`.
 *
 * A behaviour table iterates this registry and declares a row for every variant, or a written
 * reason it does not apply ({@link Skip}, {@link everyVariant}): adding a variant here is a type
 * error in each table until it says which, unless its row says it `deploys` another's wire:
 * then each table derives its rows from that one's, and keeps its own only where it differs.
 *
 * Data only (no imports): the contract table, the faults, the secret-scrubbing tests and the
 * provider tests read it, each with its own way to make a model.
 */

/** Every fake credential carries this mark; it must never show up in an error or a log. */
export const MARK = "SECRETMARK";

/** A wire: a folder of src/wires/, the JSON one API speaks. */
export type Wire =
  | "messages"
  | "converse"
  | "generate-content"
  | "openai-chat"
  | "openai-responses"
  | "cohere";

/** What a table knows of each wire without a model: how tool-call arguments travel. */
export const WIRES = {
  messages: { arguments: "object" },
  converse: { arguments: "object" },
  "generate-content": { arguments: "object" },
  "openai-chat": { arguments: "text" },
  "openai-responses": { arguments: "text" },
  cohere: { arguments: "text" },
} as const satisfies Record<Wire, { arguments: "object" | "text" }>;

/** One kind of credentials a variant takes. */
export interface Auth {
  /** Its `create()` keys, with fake values. */
  config: Readonly<Record<string, unknown>>;
  /** Every secret `config` holds or hands out (each with {@link MARK}). */
  secrets: readonly string[];
  /** Only these wires take it (Vertex's express-mode key: Gemini only). */
  wires?: readonly Wire[];
  /** Where it is deployed with this kind, when not the variant's `place` (express mode: none). */
  place?: Readonly<Record<string, unknown>>;
  /** Why it makes no request without more (a key exchanged at a token endpoint first). */
  offline?: string;
}

/** One package entry a user creates a model with. */
export interface VariantSpec {
  /** Each wire it serves, the default first, with the smallest config that makes its model. */
  wires: Readonly<Partial<Record<Wire, Readonly<Record<string, unknown>>>>>;
  /** Where it is deployed: the config keys besides credentials that `create()` needs. */
  place: Readonly<Record<string, unknown>>;
  /** The keys of `place` that `baseURL` stands in for (it may not come with them). */
  baseURLReplaces?: readonly string[];
  /** Every kind of credentials it takes; the first is the one a test gets unless it says. */
  auth: Readonly<Record<string, Auth>>;
  /**
   * A deployment of another variant's wire elsewhere (`"anthropic"`: Anthropic's Messages API
   * behind another host and auth), its recorded conversations that variant's tool loops moved
   * to its URLs (fixtures/<name>/thinking-tool-loop{,-stream}.json). Every behaviour table
   * derives its rows from that variant's ({@link everyVariant}, {@link perVariant}), keeping
   * a row of its own only where the platform really differs (its auth, its URLs). Without it,
   * a new variant is a type error in each table until it has a row or a reason there.
   */
  deploys?: string;
}

/** Fake AWS credentials (shaped as AWS's, marked). */
export const AWS_KEYS = {
  accessKeyId: `AKIA${MARK}00000001`,
  secretAccessKey: `wJalrXUtnFEMI/${MARK}/bPxRfiCYEXAMPLEKEY`,
};
export const AWS_SESSION = { ...AWS_KEYS, sessionToken: `IQoJb3JpZ2luX2Vj${MARK}SessionToken0001` };
const AWS_SECRETS = Object.values(AWS_SESSION);

/** The three ways AWS credentials come (SigV4), and an API key where the service has one. */
function awsAuth(apiKey: string, apiKeyName: string): Record<string, Auth> {
  return {
    "SigV4 keys": { config: { credentials: AWS_KEYS }, secrets: Object.values(AWS_KEYS) },
    "SigV4 keys with a session token": {
      config: { credentials: AWS_SESSION },
      secrets: AWS_SECRETS,
    },
    "SigV4 credentials provider": {
      config: { credentials: async () => AWS_SESSION },
      secrets: AWS_SECRETS,
    },
    [apiKeyName]: { config: { apiKey }, secrets: [apiKey] },
  };
}

const GOOGLE_TOKEN = `ya29.${MARK}-google-token-0001`;
const ENTRA_TOKEN = `eyJ0eXAiOiJKV1Qi${MARK}EntraToken0001`;
/** A service-account key file; its key is no RSA key, so it signs nothing. */
const SERVICE_ACCOUNT_KEY = `-----BEGIN PRIVATE KEY-----\nMIIEv${MARK}ServiceAccount0001\n-----END PRIVATE KEY-----\n`;
const googleAuth = (): Record<string, Auth> => ({
  "token function": { config: { token: async () => GOOGLE_TOKEN }, secrets: [GOOGLE_TOKEN] },
  "service account": {
    config: {
      serviceAccount: {
        client_email: "golem-test@example-project.iam.gserviceaccount.com",
        private_key: SERVICE_ACCOUNT_KEY,
      },
    },
    secrets: [SERVICE_ACCOUNT_KEY],
    offline: "its key is exchanged for a token at Google's token endpoint before any request",
  },
});
const apiKeyAuth = (apiKey: string): Record<string, Auth> => ({
  "API key": { config: { apiKey }, secrets: [apiKey] },
});
const entraAuth = (apiKey: string): Record<string, Auth> => ({
  ...apiKeyAuth(apiKey),
  "Entra ID token function": {
    config: { token: async () => ENTRA_TOKEN },
    secrets: [ENTRA_TOKEN],
  },
});

const CLAUDE = { model: "claude-sonnet-4-6", maxTokens: 1024 };

export const VARIANTS = {
  anthropic: {
    wires: { messages: CLAUDE },
    place: {},
    auth: apiKeyAuth(`sk-ant-api03-${MARK}-anthropic-0001`),
  },
  bedrock: {
    wires: { converse: { model: "anthropic.claude-sonnet-4-6" } },
    place: { region: "us-east-1" },
    auth: awsAuth(`ABSKQmVkcm9jaw${MARK}BearerKey0001`, "Bedrock API key"),
  },
  gemini: {
    wires: { "generate-content": { model: "gemini-2.5-flash" } },
    place: {},
    auth: apiKeyAuth(`AIzaSy${MARK}GeminiKey0001`),
  },
  openai: {
    wires: {
      "openai-chat": { model: "gpt-5.1" },
      "openai-responses": { model: "gpt-5.1", api: "responses" },
    },
    place: {},
    auth: apiKeyAuth(`sk-proj-${MARK}-openai-0001`),
  },
  azure: {
    wires: {
      "openai-chat": { endpoint: "https://example.openai.azure.com", deployment: "gpt-5-mini" },
      "openai-responses": {
        endpoint: "https://example.openai.azure.com",
        deployment: "gpt-5-mini",
        api: "responses",
      },
    },
    place: {},
    auth: entraAuth(`azure${MARK}ApiKey0001`),
  },
  vertex: {
    wires: {
      messages: { model: "claude-sonnet-4-6@20260101", maxTokens: 1024 },
      "generate-content": { model: "gemini-2.5-flash" },
    },
    place: { project: "golem", location: "global" },
    auth: {
      ...googleAuth(),
      "express-mode API key": {
        config: { apiKey: `AIzaSy${MARK}VertexExpress0001` },
        secrets: [`AIzaSy${MARK}VertexExpress0001`],
        wires: ["generate-content"],
        place: {},
      },
    },
  },
  "anthropic-aws": {
    deploys: "anthropic",
    wires: { messages: CLAUDE },
    place: { region: "us-west-2", workspaceId: "wrkspc1" },
    auth: awsAuth(`sk-ant-aws-${MARK}-workspace-0001`, "workspace API key"),
  },
  "anthropic-bedrock": {
    deploys: "anthropic",
    wires: { messages: { model: "global.anthropic.claude-sonnet-4-6", maxTokens: 1024 } },
    place: { region: "us-east-1" },
    auth: awsAuth(`ABSKQmVkcm9jaw${MARK}BearerKey0002`, "Bedrock API key"),
  },
  "anthropic-foundry": {
    deploys: "anthropic",
    wires: { messages: CLAUDE },
    place: { resource: "my-resource" },
    baseURLReplaces: ["resource"],
    auth: entraAuth(`foundry${MARK}ResourceKey0001`),
  },
  "anthropic-google-cloud": {
    deploys: "anthropic",
    wires: { messages: CLAUDE },
    place: { project: "golem", workspaceId: "wrkspc1" },
    auth: googleAuth(),
  },
  cohere: {
    wires: { cohere: { model: "command-a-reasoning-08-2025" } },
    place: {},
    auth: apiKeyAuth(`co-${MARK}-cohere-0001`),
  },
} as const satisfies Record<string, VariantSpec>;

/** A variant's name: its package entry, `golem/<name>`. */
export type Variant = keyof typeof VARIANTS;

/** Every variant, in the registry's order. */
export const VARIANT_NAMES = Object.keys(VARIANTS) as Variant[];

/** A variant that deploys another's wire (a `deploys` in its row): it inherits that one's rows. */
export type Deployment = {
  [V in Variant]: (typeof VARIANTS)[V] extends { deploys: Variant } ? V : never;
}[Variant];

/** Every deployment, in the registry's order. */
export const DEPLOYMENTS = VARIANT_NAMES.filter((v) => "deploys" in VARIANTS[v]) as Deployment[];

/** The variant whose wire a deployment deploys. */
export function deployed(deployment: Deployment): Variant {
  return VARIANTS[deployment].deploys;
}

/** The wires a variant serves, the default first. */
export function wiresOf(variant: Variant): Wire[] {
  return Object.keys(VARIANTS[variant].wires) as Wire[];
}

/** The smallest config of a variant's model over `wire` (its default wire unless given). */
export function minimalConfig(variant: Variant, wire?: Wire): Record<string, unknown> {
  const wires: VariantSpec["wires"] = VARIANTS[variant].wires;
  const config = wires[wire ?? (wiresOf(variant)[0] as Wire)];
  if (!config) throw new Error(`${variant} does not serve the ${wire} wire`);
  return { ...config };
}

/**
 * The config of a variant's model without `fetch`: the smallest over `wire` (the default one
 * unless given), where it is deployed and its credentials (`auth`, else its first kind).
 */
export function variantConfig(variant: Variant, wire?: Wire, auth?: Auth): Record<string, unknown> {
  const credentials = auth ?? (authOf(variant)[0]?.[1] as Auth);
  return {
    ...minimalConfig(variant, wire),
    ...(credentials.place ?? VARIANTS[variant].place),
    ...credentials.config,
  };
}

/**
 * {@link variantConfig} with its requests sent to `url` (a test server): `baseURL` in place of
 * what it stands in for.
 */
export function configAt(
  url: string,
  variant: Variant,
  wire?: Wire,
  auth?: Auth,
): Record<string, unknown> {
  const config = variantConfig(variant, wire, auth);
  const spec: VariantSpec = VARIANTS[variant];
  for (const key of spec.baseURLReplaces ?? []) delete config[key];
  return { ...config, baseURL: url };
}

/** Every variant over every wire it serves, in the registry's order: `[variant, wire]`. */
export function everyWire(): [Variant, Wire][] {
  return VARIANT_NAMES.flatMap((v) => wiresOf(v).map((wire): [Variant, Wire] => [v, wire]));
}

/**
 * Every variant over every wire it serves, once with each kind of its credentials that wire
 * takes: `[variant, wire, the kind's name, the kind]`.
 */
export function everyWireAndAuth(): [Variant, Wire, string, Auth][] {
  return everyWire().flatMap(([v, wire]) =>
    authOf(v)
      .filter(([, auth]) => auth.wires === undefined || auth.wires.includes(wire))
      .map(([name, auth]): [Variant, Wire, string, Auth] => [v, wire, name, auth]),
  );
}

/** A variant's kinds of credentials, by name, the default first. */
export function authOf(variant: Variant): [name: string, auth: Auth][] {
  return Object.entries(VARIANTS[variant].auth as VariantSpec["auth"]);
}

/** A table's written reason it has no row for a variant. */
export interface Skip {
  skip: string;
}

/** A table with one entry per variant: its row, or why it has none. */
export type PerVariant<Row> = { readonly [V in Variant]: Row | Skip };

/** A {@link PerVariant} table as written: a deployment's entry may be left to be derived. */
export type OwnRows<Row> = { readonly [V in Exclude<Variant, Deployment>]: Row | Skip } & {
  readonly [V in Deployment]?: Row | Skip;
};

/**
 * A per-variant table whole: each deployment without an entry of its own gets `derive`'s (by
 * default the entry of the variant it deploys). A variant that deploys none must be written.
 */
export function perVariant<Row>(
  own: OwnRows<Row>,
  derive?: (deployment: Deployment) => Row | Skip,
): PerVariant<Row> {
  const table: Partial<Record<Variant, Row | Skip>> = { ...own };
  for (const d of DEPLOYMENTS) {
    table[d] ??= derive ? derive(d) : (own[deployed(d)] as Row | Skip);
  }
  return table as PerVariant<Row>;
}

export function isSkip(row: unknown): row is Skip {
  return typeof row === "object" && row !== null && "skip" in row && Object.keys(row).length === 1;
}

/** The rows of a {@link PerVariant} table, by variant, without the skipped ones. */
export function variantRows<Row>(table: PerVariant<Row>): [Variant, Row][] {
  return VARIANT_NAMES.flatMap((v): [Variant, Row][] => {
    const row = table[v];
    return isSkip(row) ? [] : [[v, row as Row]];
  });
}

/** A row of a table keyed by variant, for a deployment: its other items as the row's. */
export type Renamed<R> = R extends readonly [Variant, ...infer Rest]
  ? readonly [Deployment, ...Rest]
  : never;

/** What a table keyed by variant writes of the variants it has no row for. */
export type Without<Has extends Variant> = {
  readonly [V in Exclude<Variant, Has | Deployment>]: string;
} & { readonly [V in Exclude<Deployment, Has>]?: string };

/**
 * A table of rows keyed by variant (each row's first item): the rows, given that every variant
 * without one has a written reason in `without`. A variant with neither is a type error, and so
 * is a reason for a variant that has rows; but a deployment (a `deploys` in its registry row)
 * may have neither: it gets `derive`'s rows, by default those of the variant it deploys with
 * its name in that one's place (none where that one has a reason, which then stands for it).
 * The derived rows follow the written ones.
 */
export function everyVariant<R extends readonly [Variant, ...unknown[]]>(
  rows: readonly R[],
  without: Without<R[0]>,
  derive?: (deployment: Deployment) => readonly NoInfer<Renamed<R>>[],
): (R | Renamed<R>)[] {
  const written = new Set<Variant>([
    ...rows.map((r) => r[0]),
    ...(Object.keys(without) as Variant[]),
  ]);
  const derived = DEPLOYMENTS.filter((d) => !written.has(d)).flatMap((d): readonly Renamed<R>[] =>
    derive
      ? derive(d)
      : rows
          .filter((r) => r[0] === deployed(d))
          .map((r) => [d, ...r.slice(1)] as unknown as Renamed<R>),
  );
  return [...rows, ...derived];
}

/** One written reason for several variants, for {@link everyVariant}'s `without`. */
export function because<V extends Variant>(reason: string, ...variants: V[]): Record<V, string> {
  return Object.fromEntries(variants.map((v) => [v, reason])) as Record<V, string>;
}
