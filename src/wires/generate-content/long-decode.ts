/**
 * Gemini 4 long decode: one answer over several requests ("hops"). A hop that reaches the
 * per-request cap (32,768 tokens unary, 65,536 streamed) with budget left ends with
 * `finishReason: "CONTINUATION"` and `candidate.continuationToken`; the client sends the same
 * request again with that token as the request's top-level `continuationToken` (never the
 * partial output) until another finish reason. `maxOutputTokens` is the budget of all hops,
 * and each hop bills its input again.
 * @see https://ai.google.dev/gemini-api/docs/generate-content/long-decode
 * @see @google/genai 3.6.1 (`Candidate.continuationToken`, `FinishReason.CONTINUATION`,
 *   `GenerateContentConfig.continuationToken` and `automaticContinuation`, which its own
 *   clients do by default, and `ContinuationInterruptedError` for a hop that fails)
 *
 * golem does it around the model, so the send path stays the same for every wire: a hop is an
 * ordinary call whose request carries the token (as `extraBody`, so its body is the first
 * request's plus that one field), and the hops become one response (ADR "Gemini long decode").
 * @module
 */
import { cancelled } from "../../core/cancel.js";
import { GolemError } from "../../core/errors.js";
import { markInterrupted } from "../../core/interrupted.js";
import { createLazyPromise } from "../../core/lazy-promise.js";
import { partsOf } from "../../core/parts.js";
import { readOnce } from "../../core/read-once.js";
import type {
  CallOptions,
  Delta,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStream,
  Usage,
  UsageIteration,
} from "../../core/types.js";
import { abortReason } from "../../transport/abort.js";

/** The finish reason of a hop that stopped at the per-request cap with budget left. */
export const CONTINUATION = "CONTINUATION";

/**
 * The token that asks for the rest of `hop`'s answer; undefined when `hop` ends it, or when it
 * gave back the token its request sent (another hop would only repeat it, as @google/genai
 * 3.6.1's stream continuation reasons too): the answer then ends visibly in `CONTINUATION`.
 */
function nextToken(hop: ModelResponse, sent: string | undefined): string | undefined {
  const token = hop.stopReason === CONTINUATION ? hop.continuationToken : undefined;
  return token === sent ? undefined : token;
}

/** The request of the hop after `token`: the same request, the token at the body's top level. */
function resumed(req: ModelRequest, token: string): ModelRequest {
  return { ...req, extraBody: { ...req.extraBody, continuationToken: token } };
}

/**
 * The hops as one response: their parts in order (adjacent texts stay the parts the provider
 * made), usage summed with each hop kept in `iterations`, the last hop's stop reason and token,
 * the first hop's id and model. One hop is returned as it is.
 */
export function joinHops(hops: readonly ModelResponse[]): ModelResponse {
  const first = hops[0] as ModelResponse;
  const last = hops[hops.length - 1] as ModelResponse;
  if (hops.length === 1) return first;
  const { id: _, model: __, continuationToken, ...rest } = last;
  const out: ModelResponse = {
    ...rest,
    message: { ...last.message, content: hops.flatMap((h) => partsOf(h.message)) },
    usage: sumUsage(hops),
  };
  if (first.id !== undefined) out.id = first.id;
  if (first.model !== undefined) out.model = first.model;
  if (continuationToken !== undefined) out.continuationToken = continuationToken;
  return out;
}

const COUNTS = ["reasoningTokens", "cacheReadTokens", "cacheWriteTokens"] as const;

/** Every hop's usage summed (each hop bills its input again), each hop one iteration. */
function sumUsage(hops: readonly ModelResponse[]): Usage {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const iterations: UsageIteration[] = hops.map(({ usage: u }, i) => {
    usage.inputTokens += u.inputTokens;
    usage.outputTokens += u.outputTokens;
    const step: UsageIteration = {
      type: i === 0 ? "message" : "continuation",
      inputTokens: u.inputTokens,
      outputTokens: u.outputTokens,
    };
    for (const key of COUNTS) {
      const n = u[key];
      if (n === undefined) continue;
      step[key] = n;
      usage[key] = (usage[key] ?? 0) + n;
    }
    return step;
  });
  usage.iterations = iterations;
  return usage;
}

/** A GolemError a long decode can carry its hops on. */
type Resumable = GolemError & { partial?: ModelResponse; continuationToken?: string };

/**
 * A hop failed after `done` succeeded: its error (class, status and all) with `partial` the
 * hops so far joined (with what the failed hop had streamed, if anything) and the latest
 * token to resume from. A streamed hop's own token may be a checkpoint inside it: resuming
 * from it makes again what that hop streamed after the checkpoint. An abort is the signal's.
 */
function interrupted(err: unknown, done: readonly ModelResponse[], signal?: AbortSignal): unknown {
  if (done.length === 0 || signal?.aborted || !(err instanceof GolemError)) return err;
  const e = err as Resumable;
  const hop = e.partial;
  // The answer is cut off between or inside hops: it says so, as any stream's partial does.
  const partial = markInterrupted(joinHops(hop ? [...done, hop] : done));
  const token = hop?.continuationToken ?? done[done.length - 1]?.continuationToken;
  if (token !== undefined) {
    partial.continuationToken = token;
    e.continuationToken = token;
  }
  e.partial = partial;
  return e;
}

/**
 * `model` (a Gemini model) with long decode: `generate` and `stream` follow `CONTINUATION`
 * hops and answer with one response; every other member is the model's.
 */
export function withLongDecode<M extends Model>(model: M): M {
  // A copy, not a proxy (core's `extendModel`): the model is the send path's plain object, and
  // golem/gemini carries no middleware code (test/otel/bundle.test.ts).
  return {
    ...model,
    generate: (req: ModelRequest, opts?: CallOptions) => generateHops(model, req, opts),
    stream: (req: ModelRequest, opts?: CallOptions) => streamHops(model, req, opts),
  };
}

/**
 * A Gemini `create` whose models follow long-decode hops unless the config says
 * `longDecode: false` (`create` has checked it is a boolean). A config for another publisher
 * (Claude on Vertex) gets its model as it is.
 */
/* @__NO_SIDE_EFFECTS__ */
export function longDecodeCreate<C, M extends Model>(create: (config: C) => M) {
  return (config: C): M => {
    const model = create(config);
    const c = config as { model?: unknown; longDecode?: unknown };
    const gemini = typeof c.model === "string" && !c.model.startsWith("claude-");
    return gemini && c.longDecode !== false ? withLongDecode(model) : model;
  };
}

async function generateHops(
  model: Model,
  req: ModelRequest,
  opts: CallOptions | undefined,
): Promise<ModelResponse> {
  const signal = opts?.signal;
  const done: ModelResponse[] = [];
  let token: string | undefined;
  for (;;) {
    try {
      // Between hops too: a signal aborted after a hop ends stops before the next request.
      if (signal?.aborted) throw abortReason(signal);
      done.push(await model.generate(token === undefined ? req : resumed(req, token), opts));
    } catch (err) {
      throw interrupted(err, done, signal);
    }
    token = nextToken(done[done.length - 1] as ModelResponse, token);
    if (token === undefined) return joinHops(done);
  }
}

type Phase = "idle" | "iterating" | "draining" | "done";
const DONE: IteratorResult<Delta> = Object.freeze({ done: true, value: undefined });

/**
 * The hops' streams as one {@link ModelStream}: each hop's deltas as they come, their indices
 * those of the one final message (after the parts of the hops before), the next hop opened
 * when one ends in `CONTINUATION`. Lazy like any model stream (nothing is sent until read),
 * `response` alone drains without making deltas wait, and leaving the loop early cancels the
 * hop under way, `response` rejecting with an `AbortError` carrying the hops so far.
 */
function streamHops(model: Model, req: ModelRequest, opts: CallOptions | undefined): ModelStream {
  const signal = opts?.signal;
  const done: ModelResponse[] = [];
  let phase: Phase = "idle";
  /** The hop under way, and its iterator once read. */
  let hop: ModelStream | undefined;
  let deltas: AsyncIterator<Delta> | undefined;
  /** The parts of the hops before the one under way. */
  let offset = 0;
  /** The token the hop under way was asked with. */
  let sent: string | undefined;

  const settled = createLazyPromise<ModelResponse>(() => {
    if (phase !== "idle") return;
    phase = "draining";
    drain().catch(() => {});
  });
  const current = (): ModelStream => {
    hop ??= model.stream(req, opts);
    return hop;
  };
  /** The hop under way ended with `response`: true when the next hop is open. */
  const ended = (response: ModelResponse): boolean => {
    done.push(response);
    const token = nextToken(response, sent);
    if (token === undefined) {
      phase = "done";
      settled.resolve(joinHops(done));
      return false;
    }
    if (signal?.aborted) throw abortReason(signal);
    offset += partsOf(response.message).length;
    sent = token;
    hop = model.stream(resumed(req, token), opts);
    deltas = undefined;
    return true;
  };
  const fail = (err: unknown): never => {
    const error = interrupted(err, done, signal);
    if (phase !== "done") {
      phase = "done";
      settled.reject(error);
    }
    throw error;
  };

  const next = async (): Promise<IteratorResult<Delta>> => {
    if (phase === "done") return DONE;
    try {
      for (;;) {
        const stream = current();
        deltas ??= stream[Symbol.asyncIterator]();
        const step = await deltas.next();
        if (!step.done) {
          if (offset === 0) return step;
          return { done: false, value: { ...step.value, index: step.value.index + offset } };
        }
        if (!ended(await stream.response)) return DONE;
      }
    } catch (err) {
      return fail(err);
    }
  };

  const drain = async () => {
    try {
      while (ended(await current().response)) {}
    } catch (err) {
      fail(err);
    }
  };

  const iterator: AsyncIterator<Delta> = {
    next,
    async return() {
      if (phase !== "done") {
        phase = "done";
        let partial: ModelResponse | undefined;
        if (deltas !== undefined && hop !== undefined) {
          // The hop under way is cancelled: its response rejects with what it had made.
          await deltas.return?.();
          partial = await hop.response.then(
            (r) => r,
            (e: unknown) => (e as { partial?: ModelResponse } | undefined)?.partial,
          );
        }
        const hops = partial ? [...done, partial] : done;
        settled.reject(
          cancelled("stream", hops.length > 0 ? markInterrupted(joinHops(hops)) : undefined),
        );
      }
      return DONE;
    },
  };

  return readOnce(settled.promise, () => {
    if (phase !== "idle") return undefined;
    phase = "iterating";
    return iterator;
  });
}
