import { APIError, type APIErrorFields, ConfigError, HistoryError } from "../core/errors.js";
import { withoutInterruptedCalls } from "../core/interrupted.js";
import type {
  CallOptions,
  CallSettings,
  InputTransformation,
  Model,
  ModelRequest,
  ModelResponse,
} from "../core/types.js";
import { validateHistory } from "../core/validate.js";
import type { Seed } from "../kit/prefix/guard.js";
import { recordingSetup } from "../kit/prefix/setup.js";
import type { ServerCheck } from "../kit/server-history/resume.js";
import { planOf, type ServerPlan } from "../kit/server-history/table.js";
import { modelSettings } from "../kit/settings.js";
import type { Capabilities } from "../rules/capabilities.js";
import type { ErrorResponse, RequestOptions, StreamResponse } from "../transport/exchange.js";
import { parseJSONBody } from "../transport/json.js";
import { joinHeaders } from "../transport/options.js";
import { redactError } from "../transport/redact.js";
import { requestStream, requestText } from "../transport/request.js";
import type { RecordReader } from "../transport/sse.js";
import { streamLimits, watchReader } from "../transport/watch.js";
import type { ModelsReader } from "./capabilities.js";
import { createModelStream, redactStreamErrors, type StreamMachine } from "./model-stream.js";
import type { Operation, Platform } from "./platform.js";
import { checkModelRequest, type RequestRules, TOOL_NAME } from "./request-checks.js";

/** What a wire's reader of one answer is told about the call. */
export interface WireContext {
  /** The platform's tag, for the blocks and errors the answer makes. */
  provider: string;
  requestId: string | undefined;
  /** Builds the platform's own `APIError` from fields the wire read. */
  toError(fields: APIErrorFields): APIError;
  /** The auth's secrets, for a wire that quotes what arrived. */
  secrets: readonly string[];
}

/**
 * A wire format, apart from where it is deployed: what each `call.ts` exports (request body,
 * answer, stream machine, error fields), taken by every platform that speaks it.
 */
export interface Wire<R> {
  /** The tool names this wire takes, when not the common {@link TOOL_NAME} pattern. */
  toolName?: RegExp;
  /** How its tool calls carry their arguments: a JSON object, or the model's text. */
  toolArguments: "object" | "text";
  /** A tool's input schema must be `{ type: "object", ... }` (Anthropic's `input_schema`). */
  objectToolSchema?: true;
  /** The request body, as an object, for one call. */
  body(req: ModelRequest, streaming: boolean): object;
  /** `create()`'s call settings as the wire resolved them, the defaults of every call. */
  settings?: CallSettings | undefined;
  /** A 2xx JSON body -> the response; throws `ctx.toError(…)` for an error hidden in a 2xx. */
  parse(body: unknown, ctx: WireContext): ModelResponse;
  /** An error answer (secrets already scrubbed from `text`) -> the fields of its `APIError`. */
  errorFields(res: ErrorResponse, provider: string): APIErrorFields;
  /** The whole-request check (the prefix guard), on the body as built. */
  check?: WireCheck;
  /**
   * Headers this body needs besides the platform's (the betas of the blocks it holds); a
   * value joins the platform's value of the same header with a comma.
   */
  headers?(body: object): Record<string, string> | undefined;
  /** A 2xx streaming answer -> where its records come from and the state that reads them. */
  open(
    res: StreamResponse,
    ctx: WireContext,
  ):
    | { reader: RecordReader<R>; machine: StreamMachine<R> }
    | Promise<{ reader: RecordReader<R>; machine: StreamMachine<R> }>;
  /**
   * Token counting: the generate body as the count endpoint takes it, and the count in its
   * answer. A string: the API has no count endpoint, and `countTokens` rejects with it as a
   * {@link ConfigError} after the platform's tag (no guess). Absent: no `countTokens`.
   */
  count?: WireCount | string;
}

/**
 * The whole-request check (the prefix guard), on the body as built and before the
 * platform's patch: throws before any request, may change `body` in place, and returns
 * what completes the response (its prefix record), if anything. With `seed`, the body was
 * built from history index `seed.from` on (`resume`), and the check throws unless it proves
 * the request goes as the suffix the whole body would send.
 */
export interface WireCheck {
  (req: ModelRequest, body: object, seed?: Seed): Finish | undefined;
  /**
   * `serverHistory`: `req` prepared from where it can be (`prepare(seed)`), when it only
   * appends to the last request this model checked (kit/server-history/resume.ts).
   */
  resume?: ServerCheck["resume"];
}

/** How a wire counts tokens at its platform's `count` URL. */
export interface WireCount {
  body(body: object): object;
  read(answer: unknown, provider: string): { inputTokens: number };
}

/** A platform's error class, `err instanceof` it for that platform's calls. */
export type APIErrorClass = new (fields: APIErrorFields) => APIError;

/**
 * One exchange with a platform, whatever the operation: the platform's URL for `op`, the
 * call's method (POST unless it says GET), headers, body and signal, the auth on each attempt
 * (once more after a 401 when it had a token to drop), the platform's error class, and the
 * auth's secrets scrubbed from every error (the transport's part). `generate`, `stream`,
 * `countTokens` and `capabilities()` all go through it.
 */
function exchanger(
  platform: Platform,
  errorFields: Wire<unknown>["errorFields"],
  ErrorClass: APIErrorClass,
) {
  const { provider, auth } = platform;
  return async function exchange<T>(
    op: Operation,
    call: Pick<RequestOptions, "method" | "headers" | "body" | "signal">,
    transport: (opts: RequestOptions) => Promise<T>,
  ): Promise<T> {
    const { fetch, maxRetries, timeoutMs, idleTimeoutMs, deadlineMs } = platform.options;
    // The last attempt's credentials: a 401 names what was refused, not what is cached now.
    let sent: Record<string, string> | undefined;
    const opts: RequestOptions = {
      provider,
      fetch,
      maxRetries,
      timeoutMs,
      idleTimeoutMs,
      deadlineMs,
      url: platform.urls[op] as string,
      ...call,
      sign: async (signable, attempt) => {
        sent = await auth.authorize(signable, attempt);
        return sent;
      },
      secrets: auth.secrets,
      toError: (res) => new ErrorClass(errorFields(res, provider)),
    };
    try {
      return await transport(opts);
    } catch (err) {
      if (!(err instanceof APIError && isExpiredCredential(err) && auth.expire?.(sent))) throw err;
      return transport(opts);
    }
  };
}

/**
 * The one send path: a {@link Model} that speaks `wire` on `platform`. Each call checks the
 * history, builds the body as an object, runs the whole-request checks, applies the
 * platform's patch, serializes once, and goes through the platform's one exchange.
 */
export function createHTTPModel<R>(
  wire: Wire<R>,
  platform: Platform,
  ErrorClass: APIErrorClass,
): Model {
  const { provider, auth } = platform;
  const secrets = auth.secrets;
  const toError = (fields: APIErrorFields) => new ErrorClass(fields);
  const exchange = exchanger(platform, wire.errorFields, ErrorClass);
  // The platform's tool-name rule where it is stricter than its wire's (Gemini on Vertex).
  const requestRules: RequestRules = {
    toolName: platform.toolName ?? wire.toolName ?? TOOL_NAME,
    toolArguments: wire.toolArguments,
    ...(wire.objectToolSchema && { objectToolSchema: true }),
  };
  const context = (headers: Headers): WireContext => ({
    provider,
    requestId: platform.requestId(headers),
    toError,
    secrets,
  });
  /**
   * Builds, checks and patches one call: what completes its response (the prefix record) and
   * what its exchange sends. With `serverHistory` on, the body sent is the plan's (a suffix, or
   * the whole history held), and `retry` is the one full replay a refused suffix gets.
   */
  function prepare(req: ModelRequest, op: Operation, signal: AbortSignal | undefined): Prepared {
    // A server-held step that only appends to the last request is prepared from the recorded
    // turn before the one the server holds, when the check proves it goes as the same suffix
    // (kit/server-history/resume.ts); anything else is the whole history's, a count always.
    const prepared = (seed?: Seed, part?: ModelRequest) => prepareFrom(req, op, signal, seed, part);
    return wire.check?.resume?.(req, prepared) ?? prepared();
  }
  function prepareFrom(
    req: ModelRequest,
    op: Operation,
    signal: AbortSignal | undefined,
    seed?: Seed,
    part = req,
  ): Prepared {
    checkRequest(provider, requestRules, part);
    const [asSent, leftOut] = withoutInterruptedCalls(part);
    const built = wire.body(asSent, op === "stream");
    // Whole-request checks: on the body as an object, as the wire built it and before the
    // platform's patch (the prefix guard: a signed turn replayed under another prefix). A
    // count sends the same body, so it is checked too, and its answer has nothing to complete.
    const checked =
      recordingSetup(wire.check?.(seed ? req : asSent, built, seed), req) ??
      ((response) => response);
    const finish = leftOut.length === 0 ? checked : reporting(checked, leftOut);
    if (op === "count" && typeof wire.count === "object") {
      return withBody(finish, wire.count.body(built), op, signal);
    }
    const plan = planOf(built);
    return plan ? planned(finish, plan, op, signal) : withBody(finish, built, op, signal);
  }
  function withBody(finish: Finish, body: object, op: Operation, signal?: AbortSignal): Prepared {
    const headers = joinHeaders(platform.headers, wire.headers?.(body));
    const sent = JSON.stringify(platform.patch ? platform.patch(body, op) : body);
    return { finish, call: { headers, body: sent, signal } };
  }
  /** A server-held call: its body, its report (with the bytes sent) and its one fallback. */
  function planned(finish: Finish, plan: ServerPlan, op: Operation, signal?: AbortSignal) {
    const out = withBody(finish, plan.body, op, signal);
    const bytes = new TextEncoder().encode(out.call.body).length;
    out.finish = (response) => plan.finish(finish(response), bytes);
    out.retry = (err) => {
      const next = plan.fallback?.(err);
      return next && planned(finish, next, op, signal);
    };
    return out;
  }
  /** One exchange of a prepared call, and the one full replay its refusal asks for. */
  async function send<T>(
    op: Operation,
    prepared: Prepared,
    transport: (opts: RequestOptions) => Promise<T>,
  ): Promise<[T, Finish]> {
    try {
      return [await exchange(op, prepared.call, transport), prepared.finish];
    } catch (err) {
      const next = prepared.retry?.(err);
      if (!next) throw err;
      return [await exchange(op, next.call, transport), next.finish];
    }
  }
  const count = wire.count;
  return {
    provider,
    model: platform.model,
    ...(wire.settings && { settings: modelSettings(wire.settings) }),
    ...((typeof count === "string" || (count && platform.urls.count)) && {
      async countTokens(req: ModelRequest, opts?: CallOptions) {
        if (typeof count !== "object") throw new ConfigError(`${provider}: ${count}`);
        const { call } = prepareFrom(req, "count", opts?.signal);
        const { text } = await exchange("count", call, requestText);
        return count.read(parseJSONBody(text, provider, secrets), provider);
      },
    }),
    async generate(req, opts) {
      const prepared = prepare(req, "generate", opts?.signal);
      const [{ response, text }, finish] = await send("generate", prepared, requestText);
      const body = parseJSONBody(text, provider, secrets);
      try {
        return finish(wire.parse(body, context(response.headers)));
      } catch (err) {
        throw redactError(err as APIError, secrets);
      }
    },
    stream(req, opts) {
      return createModelStream(async () => {
        const [res, finish] = await send(
          "stream",
          prepare(req, "stream", opts?.signal),
          requestStream,
        );
        try {
          const opened = await wire.open(res, context(res.response.headers));
          return {
            reader: watchReader(opened.reader, streamLimits(provider, platform.options, res)),
            machine: redactStreamErrors(opened.machine, secrets, finish),
            release: res.release,
          };
        } catch (err) {
          await res.body.cancel().catch(() => {});
          res.release();
          throw redactError(err, secrets);
        }
      }, opts?.signal);
    },
  };
}

/**
 * What the platform's models API (`urls.models`) says of its model, read by the wire's
 * `reader`: a GET through the same exchange as every call (auth per attempt, retries, once
 * more after a 401, the platform's error class, secrets scrubbed).
 */
export async function readCapabilities<R>(
  wire: Wire<R>,
  platform: Platform,
  ErrorClass: APIErrorClass,
  reader: ModelsReader["read"],
  signal: AbortSignal | undefined,
): Promise<Capabilities> {
  const { provider, auth } = platform;
  if (platform.urls.models === undefined) throw new ConfigError(`${provider}: no models API`);
  const exchange = exchanger(platform, wire.errorFields, ErrorClass);
  // A GET carries no body, so no content type either.
  const { "content-type": _, ...headers } = platform.headers;
  const { text } = await exchange(
    "models",
    { method: "GET", headers, body: "", signal },
    requestText,
  );
  return reader(parseJSONBody(text, provider, auth.secrets), platform.model);
}

/**
 * A 401, or AWS's 403 for expired credentials (`ExpiredTokenException`): either may pass with
 * a fresh credential, so the auth gets its one more attempt.
 */
function isExpiredCredential(err: APIError): boolean {
  return err.status === 401 || (err.status === 403 && /^ExpiredToken/.test(err.type ?? ""));
}

/** What completes a response after the whole-request check: its prefix record. */
export type Finish = (response: ModelResponse) => ModelResponse;

/** A finish that also reports what golem left out of the request before it was built. */
function reporting(finish: Finish, leftOut: readonly InputTransformation[]): Finish {
  return (response) => {
    const out = finish(response);
    return { ...out, inputTransformations: [...leftOut, ...(out.inputTransformations ?? [])] };
  };
}

/** One prepared call: what completes its response, what it sends, and its one replay. */
interface Prepared {
  finish: Finish;
  call: Pick<RequestOptions, "headers" | "body" | "signal">;
  retry?: (err: unknown) => Prepared | undefined;
}

/**
 * The history is valid and not empty (no provider answers a request without messages), and
 * nothing in the request is what the provider refuses whatever the model.
 */
function checkRequest(provider: string, rules: RequestRules, req: ModelRequest): void {
  validateHistory(req.messages);
  if (req.messages.length === 0) {
    throw new HistoryError("messages is empty: a request needs at least one message");
  }
  checkModelRequest(provider, rules, req);
}
