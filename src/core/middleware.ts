import { cancelled } from "./cancel.js";
import { ConfigError } from "./errors.js";
import { createLazyPromise } from "./lazy-promise.js";
import { readOnce } from "./read-once.js";
import type {
  CallOptions,
  Delta,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStream,
} from "./types.js";

/** One model call as a {@link ModelMiddleware} sees it before the request goes out. */
export interface ModelCall {
  /** The wrapped model (its `provider` and `model` name the call). */
  readonly model: Model;
  /** The request as the caller gave it; read it, never change it. */
  readonly request: Readonly<ModelRequest>;
  /** The caller's options, passed on to the wrapped model unchanged. */
  readonly options: CallOptions | undefined;
  /** `true` for `stream`, `false` for `generate`. */
  readonly streaming: boolean;
}

/**
 * What a middleware hears of one call, in this order: each `delta` (streamed calls; in part
 * order, as the provider sent them), then exactly one of `response` and `error`. The objects
 * are the wrapped model's own: read them, never change them.
 */
export interface CallHooks {
  delta?(delta: Delta): void;
  response?(response: ModelResponse): void;
  /** The call failed: an `APIError`, a `StreamError`, the signal's `AbortError`… */
  error?(error: unknown): void;
}

/**
 * A model middleware: called before each request (a streamed call's when the stream is first
 * read, so a stream stays lazy), it returns the hooks that hear how that call goes, or nothing.
 * A throw refuses the call: it rejects with what was thrown and no request is sent.
 */
export type ModelMiddleware = (call: ModelCall) => CallHooks | undefined;

/**
 * `model` with `middleware` run on each of its calls; every other member (`provider`, `model`,
 * `countTokens`…) is the wrapped model's. Requests, deltas and responses pass through as the
 * very objects the caller and the wrapped model handed over, so a wrapper never changes a
 * part; a stream stays lazy and abortable, and breaking out of it cancels the wrapped stream.
 * Wrap again to stack middlewares: the outer one sees a call first.
 * @example
 * const logged = wrapModel(model, ({ request }) => {
 *   const started = Date.now();
 *   return { response: (r) => console.log(request.messages.length, r.usage, Date.now() - started) };
 * });
 */
export function wrapModel<M extends Model>(model: M, middleware: ModelMiddleware): M {
  if (typeof model?.generate !== "function" || typeof model.stream !== "function") {
    throw new ConfigError("wrapModel: model must be a Model (with generate and stream)");
  }
  if (typeof middleware !== "function") {
    throw new ConfigError("wrapModel: middleware must be a function of the call");
  }
  const generate = async (request: ModelRequest, options?: CallOptions) => {
    const hooks = middleware({ model, request, options, streaming: false });
    let response: ModelResponse;
    try {
      response = await model.generate(request, options);
    } catch (err) {
      hooks?.error?.(err);
      throw err;
    }
    hooks?.response?.(response);
    return response;
  };
  const stream = (request: ModelRequest, options?: CallOptions): ModelStream =>
    watchStream(() => {
      const hooks = middleware({ model, request, options, streaming: true });
      return { stream: model.stream(request, options), hooks };
    });
  return extendModel(model, { generate, stream });
}

/**
 * `model` with `members` in place of its own; every other member is read from `model` and
 * its methods are called on it. A proxy rather than a copy, so members a model adds later
 * (`countTokens`) and getters stay the wrapped model's, and a class with private fields works.
 */
export function extendModel<M extends Model>(model: M, members: Partial<Model> & object): M {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(model, {
    get(target, key) {
      if (Object.hasOwn(members, key)) return (members as Record<PropertyKey, unknown>)[key];
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (!bound.has(key)) bound.set(key, value.bind(target));
      return bound.get(key);
    },
  });
}

type Opened = { stream: ModelStream; hooks: CallHooks | undefined };
type Phase = "idle" | "iterating" | "draining" | "done";

/**
 * A {@link ModelStream} over the one `open` makes on first use, reporting to its hooks. Only
 * awaiting `response` drains by iterating when there is a `delta` hook (it must hear every
 * delta) and by awaiting the wrapped `response` otherwise, which skips making deltas.
 */
function watchStream(open: () => Opened): ModelStream {
  let phase: Phase = "idle";
  let opened: Opened | undefined;
  let inner: AsyncIterator<Delta> | undefined;
  const settled = createLazyPromise<ModelResponse>(() => {
    if (phase !== "idle") return;
    phase = "draining";
    drain().catch(() => {});
  });

  const start = (): Opened => {
    opened ??= open();
    return opened;
  };
  const fail = (err: unknown): never => {
    if (phase !== "done") {
      phase = "done";
      opened?.hooks?.error?.(err);
      settled.reject(err);
    }
    throw err;
  };
  const succeed = (response: ModelResponse): IteratorResult<Delta> => {
    // Before `done`: a response hook that throws fails the call like any other error.
    opened?.hooks?.response?.(response);
    phase = "done";
    settled.resolve(response);
    return { done: true, value: undefined };
  };

  const next = async (): Promise<IteratorResult<Delta>> => {
    if (phase === "done") return { done: true, value: undefined };
    try {
      const { stream, hooks } = start();
      inner ??= stream[Symbol.asyncIterator]();
      const step = await inner.next();
      if (step.done) return succeed(await stream.response);
      hooks?.delta?.(step.value);
      return step;
    } catch (err) {
      // A hook that threw mid-stream ends the wrapped stream too.
      await inner?.return?.().catch(() => {});
      return fail(err);
    }
  };

  const drain = async () => {
    try {
      const { stream, hooks } = start();
      if (hooks?.delta === undefined) {
        succeed(await stream.response);
        return;
      }
      while (!(await next()).done) {}
    } catch (err) {
      fail(err);
    }
  };

  const iterator: AsyncIterator<Delta> = {
    next,
    async return() {
      if (phase !== "done" && opened === undefined) {
        phase = "done";
        settled.reject(cancelled("stream"));
      }
      if (phase !== "done") {
        await inner?.return?.();
        // The wrapped stream rejects its response with a cancellation: the hooks hear it.
        await opened?.stream.response.then(succeed, fail).catch(() => {});
        phase = "done";
      }
      return { done: true, value: undefined };
    },
  };

  return readOnce(settled.promise, () => {
    if (phase !== "idle") return undefined;
    phase = "iterating";
    return iterator;
  });
}
