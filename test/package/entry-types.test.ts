/**
 * Every package entry's public surface, by one table. A platform entry exports `create`, an
 * `APIError` class and type, and `Config`; every option name means one thing (one type) on
 * every platform that takes it; and the entry itself names the type of each option that is not
 * a plain string, number or boolean, so a caller can write `anthropicAws.ThinkingConfig`
 * rather than reach into another entry (golem's core types, `PrefixCheck`, come from `golem`;
 * a union written out in `Config` is written out in the row). The other entries name the
 * options object each of their functions takes.
 *
 * Type checks only: these cases run as no-ops, and `npm run typecheck` (tsc over test/) fails
 * on a wrong row. The table is keyed by package.json `exports` (the one list of entries), so a
 * new entry is a type error here until it has a row.
 */
import type * as golem from "golem";
import type * as anthropic from "golem/anthropic";
import type * as anthropicAws from "golem/anthropic-aws";
import type * as anthropicBedrock from "golem/anthropic-bedrock";
import type * as anthropicFoundry from "golem/anthropic-foundry";
import type * as anthropicGoogleCloud from "golem/anthropic-google-cloud";
import type * as azure from "golem/azure";
import type * as bedrock from "golem/bedrock";
import type * as cohere from "golem/cohere";
import type * as gemini from "golem/gemini";
import type * as inspector from "golem/inspect";
import type * as openai from "golem/openai";
import type * as otel from "golem/otel";
import type * as sse from "golem/sse";
import type * as testing from "golem/testing";
import type * as vertex from "golem/vertex";
import { describe, expectTypeOf, it } from "vitest";
import type { AwsCredentialSource } from "../../src/auth/aws.js";
import type { ServiceAccountKey } from "../../src/auth/google.js";
import type { TokenResult } from "../../src/auth/token.js";
import type { CacheConfig, Effort, ThinkingConfig } from "../../src/kit/claude-options.js";
import type { AnthropicVersion } from "../../src/platforms/anthropic/config.js";
import type { Capabilities } from "../../src/rules/capabilities.js";
import type { FetchLike } from "../../src/transport/exchange.js";
import type { ContextManagement, Fallbacks } from "../../src/wires/messages/options.js";
import type {
  Api,
  ReasoningEffort,
  ReasoningFormat,
  ReasoningSummaryOption,
} from "../../src/wires/openai-chat/options.js";
import type { Provider } from "../contract/adapters.js";

/**
 * Every option name a platform takes, and the one type it has wherever it is taken. A new
 * option name is a type error until it is here; a platform whose option of that name has
 * another type must say why in its row's `differs`.
 */
interface OptionTypes {
  // The transport, on every platform.
  fetch: FetchLike;
  baseURL: string;
  headers: Record<string, string>;
  maxRetries: number;
  timeoutMs: number;
  idleTimeoutMs: number;
  deadlineMs: number;
  // The call settings, on every platform.
  maxTokens: number;
  temperature: number;
  topP: number;
  topK: number;
  stopSequences: string[];
  seed: number;
  extraBody: Record<string, unknown>;
  // The rules, on every platform.
  prefixCheck: golem.PrefixCheck;
  capabilities: Capabilities;
  // Which model, where, as whom.
  model: string;
  apiKey: string;
  region: string;
  project: string;
  location: string;
  workspaceId: string;
  resource: string;
  deployment: string;
  /** A URL (golem/azure's resource), nothing else. */
  endpoint: string;
  apiVersion: string;
  /** Which Bedrock service serves the Messages API (golem/anthropic-bedrock). */
  service: "runtime" | "mantle";
  credentials: AwsCredentialSource;
  serviceAccount: string | ServiceAccountKey;
  token: () => Promise<TokenResult>;
  // Claude's options, on every wire that serves Claude.
  thinking: ThinkingConfig;
  effort: Effort;
  cache: CacheConfig;
  contextManagement: ContextManagement;
  fallbacks: Fallbacks;
  speed: "standard" | "fast";
  inferenceGeo: string;
  compaction: { type: "summarize"; instructions?: string };
  anthropicVersion: AnthropicVersion;
  citations: boolean;
  /** Which compatible server `baseURL` is (golem/openai). */
  server: openai.ServerName;
  // Gemini's.
  cachedContent: string;
  /** Gemini 4 long decode (golem/gemini, golem/vertex's Gemini). */
  longDecode: boolean;
  // The OpenAI wires'.
  api: Api;
  reasoningEffort: ReasoningEffort;
  replayReasoning: boolean;
  reasoningSummary: ReasoningSummaryOption;
  reasoningFormat: ReasoningFormat;
  promptCacheKey: string;
  promptCacheRetention: "in_memory" | "24h";
  promptCacheOptions: openai.PromptCacheOptions;
  // Server-held conversations (docs/server-history.md).
  serverHistory: boolean;
}

/**
 * A platform entry's row: its module, its `Config`, its `APIError` type, the type its entry
 * names for each option that is not plain (`names`), and the options whose type is not the
 * one in {@link OptionTypes}, each with its reason (`differs`).
 */
interface PlatformRow {
  module: { create: unknown; APIError: unknown };
  config: object;
  error: unknown;
  names: object;
  differs: PropertyKey;
}

interface PlatformRows {
  anthropic: {
    module: typeof anthropic;
    config: anthropic.Config;
    error: anthropic.APIError;
    names: {
      thinking: anthropic.ThinkingConfig;
      effort: anthropic.Effort;
      cache: anthropic.CacheConfig;
      contextManagement: anthropic.ContextManagement;
      fallbacks: anthropic.Fallbacks;
      compaction: anthropic.CompactionConfig;
      speed: anthropic.Speed;
      prefixCheck: golem.PrefixCheck;
      capabilities: anthropic.Capabilities;
      anthropicVersion: anthropic.AnthropicVersion;
    };
    differs: never;
  };
  "anthropic-aws": {
    module: typeof anthropicAws;
    config: anthropicAws.Config;
    error: anthropicAws.APIError;
    names: {
      thinking: anthropicAws.ThinkingConfig;
      effort: anthropicAws.Effort;
      cache: anthropicAws.CacheConfig;
      contextManagement: anthropicAws.ContextManagement;
      fallbacks: anthropicAws.Fallbacks;
      compaction: anthropicAws.CompactionConfig;
      speed: anthropicAws.Speed;
      prefixCheck: golem.PrefixCheck;
      capabilities: anthropicAws.Capabilities;
      credentials: anthropicAws.AwsCredentialSource;
    };
    differs: never;
  };
  "anthropic-bedrock": {
    module: typeof anthropicBedrock;
    config: anthropicBedrock.Config;
    error: anthropicBedrock.APIError;
    names: {
      thinking: anthropicBedrock.ThinkingConfig;
      effort: anthropicBedrock.Effort;
      cache: anthropicBedrock.CacheConfig;
      contextManagement: anthropicBedrock.ContextManagement;
      fallbacks: anthropicBedrock.Fallbacks;
      compaction: anthropicBedrock.CompactionConfig;
      speed: anthropicBedrock.Speed;
      prefixCheck: golem.PrefixCheck;
      capabilities: anthropicBedrock.Capabilities;
      service: anthropicBedrock.Service;
      endpoint: anthropicBedrock.Service;
      credentials: anthropicBedrock.AwsCredentialSource;
    };
    /** `endpoint`: 0.3's name of `service`, kept for one release (deprecated). */
    differs: "endpoint";
  };
  "anthropic-foundry": {
    module: typeof anthropicFoundry;
    config: anthropicFoundry.Config;
    error: anthropicFoundry.APIError;
    names: {
      thinking: anthropicFoundry.ThinkingConfig;
      effort: anthropicFoundry.Effort;
      cache: anthropicFoundry.CacheConfig;
      contextManagement: anthropicFoundry.ContextManagement;
      fallbacks: anthropicFoundry.Fallbacks;
      compaction: anthropicFoundry.CompactionConfig;
      speed: anthropicFoundry.Speed;
      prefixCheck: golem.PrefixCheck;
      capabilities: anthropicFoundry.Capabilities;
      token: () => Promise<anthropicFoundry.TokenResult>;
    };
    differs: never;
  };
  "anthropic-google-cloud": {
    module: typeof anthropicGoogleCloud;
    config: anthropicGoogleCloud.Config;
    error: anthropicGoogleCloud.APIError;
    names: {
      thinking: anthropicGoogleCloud.ThinkingConfig;
      effort: anthropicGoogleCloud.Effort;
      cache: anthropicGoogleCloud.CacheConfig;
      contextManagement: anthropicGoogleCloud.ContextManagement;
      fallbacks: anthropicGoogleCloud.Fallbacks;
      compaction: anthropicGoogleCloud.CompactionConfig;
      speed: anthropicGoogleCloud.Speed;
      prefixCheck: golem.PrefixCheck;
      capabilities: anthropicGoogleCloud.Capabilities;
      token: () => Promise<anthropicGoogleCloud.TokenResult>;
      serviceAccount: string | anthropicGoogleCloud.ServiceAccountKey;
    };
    differs: never;
  };
  azure: {
    module: typeof azure;
    config: azure.Config;
    error: azure.APIError;
    names: {
      api: azure.Api;
      reasoningEffort: azure.ReasoningEffort;
      reasoningSummary: azure.ReasoningSummaryOption;
      promptCacheRetention: "in_memory" | "24h"; // declared inline in Config
      promptCacheOptions: azure.PromptCacheOptions;
      cache: "auto"; // declared inline in Config
      prefixCheck: golem.PrefixCheck;
      capabilities: azure.Capabilities;
      token: () => Promise<string>;
    };
    /**
     * `token`: a string only, not yet the `{ token, expiresAt }` the Claude platforms take.
     * `cache`: `"auto"` only; OpenAI's breakpoint lifetime is `promptCacheOptions.ttl`.
     */
    differs: "token" | "cache";
  };
  bedrock: {
    module: typeof bedrock;
    config: bedrock.Config;
    error: bedrock.APIError;
    names: {
      thinking: bedrock.ThinkingConfig;
      effort: bedrock.Effort;
      cache: bedrock.CacheConfig;
      prefixCheck: golem.PrefixCheck;
      capabilities: bedrock.Capabilities;
      credentials: bedrock.AwsCredentialSource;
    };
    differs: never;
  };
  cohere: {
    module: typeof cohere;
    config: cohere.Config;
    error: cohere.APIError;
    names: {
      thinking: cohere.ThinkingConfig;
      prefixCheck: golem.PrefixCheck;
      capabilities: cohere.Capabilities;
    };
    /** `thinking`: Cohere's own (`budgetTokens`, `disabled`). */
    differs: "thinking";
  };
  gemini: {
    module: typeof gemini;
    config: gemini.Config;
    error: gemini.APIError;
    names: {
      thinking: gemini.ThinkingConfig;
      prefixCheck: golem.PrefixCheck;
      capabilities: gemini.Capabilities;
    };
    /** `thinking`: Gemini's own (`level`, `budget`, `includeThoughts`). */
    differs: "thinking";
  };
  openai: {
    module: typeof openai;
    config: openai.Config;
    error: openai.APIError;
    names: {
      api: openai.Api;
      reasoningEffort: openai.ReasoningEffort;
      reasoningSummary: openai.ReasoningSummaryOption;
      reasoningFormat: openai.ReasoningFormat;
      promptCacheRetention: "in_memory" | "24h"; // declared inline in Config
      promptCacheOptions: openai.PromptCacheOptions;
      cache: "auto"; // declared inline in Config
      prefixCheck: golem.PrefixCheck;
      capabilities: openai.Capabilities;
      server: openai.ServerName;
    };
    /** `cache`: `"auto"` only; OpenAI's breakpoint lifetime is `promptCacheOptions.ttl`. */
    differs: "cache";
  };
  vertex: {
    module: typeof vertex;
    config: vertex.Config;
    error: vertex.APIError;
    names: {
      model: `claude-${string}` | `gemini-${string}`;
      thinking: vertex.ClaudeThinkingConfig | vertex.GeminiThinkingConfig;
      effort: vertex.Effort;
      cache: vertex.CacheConfig;
      contextManagement: vertex.ContextManagement;
      fallbacks: vertex.Fallbacks;
      compaction: vertex.CompactionConfig;
      speed: vertex.Speed;
      prefixCheck: golem.PrefixCheck;
      capabilities: vertex.Capabilities;
      token: () => Promise<string>;
      serviceAccount: string | vertex.ServiceAccountKey;
    };
    /**
     * `model`: the id's prefix picks the publisher; `thinking`: Claude's or Gemini's, by
     * publisher; `token`: a string only, as on golem/azure.
     */
    differs: "model" | "thinking" | "token";
  };
}

/** The options object each function of a non-platform entry takes, named by the entry. */
interface OtherRow {
  module: object;
  options: object;
}

interface OtherRows {
  golem: {
    module: typeof golem;
    options: {
      dropOldThinking: golem.PrefixChangeOptions;
      keepLastTurns: golem.PrefixChangeOptions;
    };
  };
  testing: {
    module: typeof testing;
    options: {
      cassetteHandlers: testing.ReplayOptions;
      compareRequest: testing.ReplayOptions;
      openCassette: testing.OpenCassetteOptions;
      recordFetch: testing.RecordOptions;
      replayFetch: testing.ReplayOptions;
      scriptedModel: testing.ScriptedModelOptions;
    };
  };
  otel: { module: typeof otel; options: { withTracing: otel.TracingOptions } };
  sse: {
    module: typeof sse;
    options: {
      eventStreamResponse: sse.EventStreamResponseInit;
      toEventStream: sse.EventStreamOptions;
      eventRelay: sse.EventRelayOptions;
      readRunStream: sse.EventStreamReadOptions;
      readModelStream: sse.EventStreamReadOptions;
    };
  };
  inspect: {
    module: typeof inspector;
    options: { inspect: inspector.InspectOptions; inspectView: inspector.InspectOptions };
  };
}

// ---- What the checks compute ------------------------------------------------------------

/** Whether two types are the same type (not merely assignable either way). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The package's entries, from package.json `exports`: `golem` and `golem/<name>` as `<name>`. */
type EntryName = {
  [K in keyof typeof import("../../package.json")["exports"]]: K extends "."
    ? "golem"
    : K extends "./package.json"
      ? never
      : K extends `./${infer Name}`
        ? Name
        : never;
}[keyof typeof import("../../package.json")["exports"]];

/** The option names of a config, of either side of a union config (golem/vertex). */
type Keys<C> = C extends unknown ? keyof C : never;
/** The type of option `K`, over every side of a union config that takes it. */
type OptionType<C, K extends PropertyKey> = NonNullable<
  C extends unknown ? (K extends keyof C ? C[K] : never) : never
>;

/** A type a caller writes without a name from the entry. */
type IsPlain<T> = true extends
  | Equal<T, string>
  | Equal<T, number>
  | Equal<T, boolean>
  | Equal<T, string[]>
  | Equal<T, Record<string, string>>
  | Equal<T, Record<string, unknown>>
  | Equal<T, FetchLike>
  ? true
  : false;

/** Options of `C` whose type is not the one in {@link OptionTypes}, or that it lacks. */
type OffTable<C, Differs> = {
  [K in Exclude<Keys<C>, Differs>]: K extends keyof OptionTypes
    ? Equal<OptionType<C, K>, OptionTypes[K]> extends true
      ? never
      : K
    : K;
}[Exclude<Keys<C>, Differs>];

/** Options a row says differ that no longer do: the exception should go. */
type StaleDiffers<C, Differs> = {
  [K in Differs & PropertyKey]: K extends keyof OptionTypes
    ? Equal<OptionType<C, K>, OptionTypes[K]> extends true
      ? K
      : never
    : never;
}[Differs & PropertyKey];

/** Options of `C` that are not plain, whose type the row does not name as the entry does. */
type Unnamed<C, Names> = {
  [K in Keys<C> | keyof Names]: K extends keyof Names
    ? Equal<OptionType<C, K>, Names[K]> extends true
      ? never
      : K
    : IsPlain<OptionType<C, K>> extends true
      ? never
      : K;
}[Keys<C> | keyof Names];

/** The last parameter of a function when it may be left out: an options object. */
type OptionsParameter<F> = F extends (...args: infer P) => unknown
  ? P extends [...unknown[], unknown]
    ? never
    : Required<P> extends [...unknown[], infer Last]
      ? Last extends object
        ? Last extends (...args: never[]) => unknown
          ? never
          : Last
        : never
      : never
  : never;

/** The functions of `M` that take an options object, and its type. */
type OptionsOf<M> = {
  [K in keyof M as [OptionsParameter<M[K]>] extends [never] ? never : K]: OptionsParameter<M[K]>;
};

/**
 * Compiles only when every entry's flags are `never`. Otherwise tsc names the entry and what
 * it flags: "Types of property 'gemini' are incompatible. Type '"foo"' is not assignable to
 * type 'never'".
 */
function expectNoneFlagged<Flags extends Record<keyof Flags, never>>(_flags?: Flags): void {}

// ---- The cases ---------------------------------------------------------------------------

describe("the entries' public surface (checked by the type checker)", () => {
  it("has a row for every entry of package.json exports, the platforms being the contract table's", () => {
    expectTypeOf<keyof PlatformRows | keyof OtherRows>().toEqualTypeOf<EntryName>();
    expectTypeOf<keyof PlatformRows>().toEqualTypeOf<Provider>();
    expectTypeOf<PlatformRows>().toExtend<Record<Provider, PlatformRow>>();
    expectTypeOf<OtherRows>().toExtend<Record<keyof OtherRows, OtherRow>>();
  });

  it("every platform exports create(config: Config) returning a Model, and an APIError class and type", () => {
    // A model that always counts is a `CountingModel`, a `Model` with `countTokens` required.
    type Create = { [E in Provider]: Parameters<PlatformRows[E]["module"]["create"]> };
    expectTypeOf<Create>().toEqualTypeOf<{
      [E in Provider]: [config: PlatformRows[E]["config"]];
    }>();
    type Made = { [E in Provider]: ReturnType<PlatformRows[E]["module"]["create"]> };
    expectTypeOf<Made>().toExtend<Record<Provider, golem.Model>>();
    type Errors = {
      [E in Provider]: [PlatformRows[E]["module"]["APIError"], PlatformRows[E]["error"]];
    };
    expectTypeOf<Errors>().toEqualTypeOf<{
      [E in Provider]: [typeof golem.APIError, golem.APIError];
    }>();
  });

  it("every option name has one type on every platform that takes it, or a reason in the row", () => {
    type Off = {
      [E in Provider]: OffTable<PlatformRows[E]["config"], PlatformRows[E]["differs"]>;
    };
    expectNoneFlagged<Off>();
    type Stale = {
      [E in Provider]: StaleDiffers<PlatformRows[E]["config"], PlatformRows[E]["differs"]>;
    };
    expectNoneFlagged<Stale>();
  });

  it("every platform takes the shared transport options, prefixCheck and capabilities", () => {
    type Shared =
      | "fetch"
      | "baseURL"
      | "headers"
      | "maxRetries"
      | "timeoutMs"
      | "idleTimeoutMs"
      | "deadlineMs"
      | "maxTokens"
      | "prefixCheck"
      | "capabilities";
    type Missing = { [E in Provider]: Exclude<Shared, Keys<PlatformRows[E]["config"]>> };
    expectNoneFlagged<Missing>();
  });

  it("every platform names, among its own exports, the type of each option that is not plain", () => {
    type Flags = { [E in Provider]: Unnamed<PlatformRows[E]["config"], PlatformRows[E]["names"]> };
    expectNoneFlagged<Flags>();
  });

  it("the three AWS platforms name AWS credentials alike, and 0.3's names still work (deprecated)", () => {
    expectTypeOf<bedrock.AwsCredentials>().toEqualTypeOf<anthropicAws.AwsCredentials>();
    expectTypeOf<anthropicBedrock.AwsCredentials>().toEqualTypeOf<anthropicAws.AwsCredentials>();
    expectTypeOf<bedrock.AwsCredentialSource>().toEqualTypeOf<
      anthropicAws.AwsCredentialSource | anthropicBedrock.AwsCredentialSource
    >();
    expectTypeOf<bedrock.Credentials>().toEqualTypeOf<bedrock.AwsCredentials>();
    expectTypeOf<anthropicBedrock.Endpoint>().toEqualTypeOf<anthropicBedrock.Service>();
  });

  it("every other entry names the options object each of its functions takes", () => {
    type Flags = {
      [E in keyof OtherRows]: Unnamed<OptionsOf<OtherRows[E]["module"]>, OtherRows[E]["options"]>;
    };
    expectNoneFlagged<Flags>();
  });
});
