import type { Auth } from "../auth/auth.js";
import type { ResolvedCallOptions } from "../transport/options.js";

/**
 * What a call does: answer whole, answer as a stream, or (where served) count tokens or read
 * the model's metadata from a models API (`capabilities()`, a GET with no body).
 */
export type Operation = "generate" | "stream" | "count" | "models";

/**
 * Where a wire is deployed, as data plus two hooks: the first-party APIs, Bedrock, Azure and
 * every cloud that serves a known wire are each one of these over that wire's `call.ts`.
 */
export interface Platform {
  /** The tag of this platform's errors and of the blocks its answers make (`"azure"`). */
  provider: string;
  /** `Model.model`: the model name as the caller gave it, and the one the rules read. */
  model: string;
  /**
   * The URL of each operation; a platform without token counting has no `count`, one whose
   * provider serves no models API no `models` (the GET of its model's metadata).
   */
  urls: {
    generate: string;
    stream: string;
    count?: string | undefined;
    models?: string | undefined;
  };
  /** Credentials, per attempt; its secrets are scrubbed from every error. */
  auth: Auth;
  /** Every header but the credentials: golem's defaults, the caller's, the content type. */
  headers: Record<string, string>;
  /**
   * What this platform changes in the wire's body, after the whole-request checks and before
   * the body is serialized (Claude on Vertex: `anthropic_version` in, `model` out).
   */
  patch?: ((body: object, op: Operation) => object) | undefined;
  /**
   * The tool names this deployment takes, where it is stricter than its wire's rule (a name
   * outside it is refused before any request).
   */
  toolName?: RegExp | undefined;
  /** The request id of an answer, from its headers. */
  requestId(headers: Headers): string | undefined;
  /** The fetch, retries and timeout of every call. */
  options: ResolvedCallOptions;
}
