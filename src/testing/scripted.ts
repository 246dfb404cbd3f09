import { cancelled } from "../core/cancel.js";
import { GolemError } from "../core/errors.js";
import { createLazyPromise } from "../core/lazy-promise.js";
import { partsOf } from "../core/parts.js";
import { readOnce } from "../core/read-once.js";
import type {
  CallOptions,
  Delta,
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStream,
  Part,
} from "../core/types.js";

/**
 * One scripted answer: a string (a text answer that ends the turn), a whole response, or a
 * response with the deltas `stream` yields for it, or an error to fail the call with.
 */
export type ScriptedAnswer =
  | string
  | ModelResponse
  | { response: ModelResponse; deltas?: readonly Delta[] }
  | { error: unknown; deltas?: readonly Delta[] };

/** What the scripted model saw of one call. */
export interface ScriptedCall {
  kind: "generate" | "stream";
  request: ModelRequest;
  signal: AbortSignal | undefined;
}

/** A {@link Model} that answers from a list and keeps every request it got. */
export interface ScriptedModel extends Model {
  /** Every call, in order. */
  readonly calls: readonly ScriptedCall[];
  /** The requests, in call order. */
  readonly requests: readonly ModelRequest[];
  /** How many answers are left. */
  readonly remaining: number;
}

/** Names the model reports, for a test that reads them. */
export interface ScriptedModelOptions {
  /** @defaultValue "scripted" */
  provider?: string;
  /** @defaultValue "scripted-1" */
  model?: string;
}

const USAGE = { inputTokens: 0, outputTokens: 0 };

/**
 * A model for unit tests of agents and processors: call *n* gets answer *n* (`generate` the
 * response, `stream` its deltas, one part after another, then the response); a call past the
 * end of the list throws a `GolemError`. No network, no provider.
 * @example
 * const model = scriptedModel(["Hello!"]);
 * await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * model.requests[0]; // the request the agent built
 */
export function scriptedModel(
  answers: readonly ScriptedAnswer[],
  options: ScriptedModelOptions = {},
): ScriptedModel {
  const script = [...answers];
  const calls: ScriptedCall[] = [];
  const take = (kind: ScriptedCall["kind"], request: ModelRequest, opts?: CallOptions) => {
    calls.push({ kind, request, signal: opts?.signal });
    const next = script.shift();
    if (next === undefined) {
      throw new GolemError(`scripted model: no answer scripted for call ${calls.length}`);
    }
    return normalize(next);
  };
  return {
    provider: options.provider ?? "scripted",
    model: options.model ?? "scripted-1",
    calls,
    get requests() {
      return calls.map((c) => c.request);
    },
    get remaining() {
      return script.length;
    },
    async generate(request, opts) {
      const turn = take("generate", request, opts);
      opts?.signal?.throwIfAborted();
      if ("error" in turn) throw turn.error;
      return turn.response;
    },
    stream(request, opts) {
      let turn: ReturnType<typeof normalize>;
      try {
        turn = take("stream", request, opts);
      } catch (error) {
        turn = { error };
      }
      return streamOf(turn, opts?.signal);
    },
  };
}

type Turn =
  | { response: ModelResponse; deltas?: readonly Delta[] }
  | { error: unknown; deltas?: readonly Delta[] };

function normalize(answer: ScriptedAnswer): Turn {
  if (typeof answer === "string") {
    const message: Message = { role: "assistant", content: [{ type: "text", text: answer }] };
    return { response: { message, usage: USAGE, stopReason: "end_turn" } };
  }
  if ("error" in answer || "response" in answer) return answer;
  return { response: answer };
}

function streamOf(turn: Turn, signal: AbortSignal | undefined): ModelStream {
  let phase: "idle" | "iterating" | "draining" = "idle";
  // `response` drains the deltas only when awaited before anyone iterates (as adapters do).
  const settled = createLazyPromise<ModelResponse>(() => {
    if (phase !== "idle") return;
    phase = "draining";
    (async () => {
      for await (const _ of run());
    })().catch(() => {});
  });
  async function* run(): AsyncGenerator<Delta> {
    let done = false;
    try {
      const planned = turn.deltas ?? ("response" in turn ? deltasOf(turn.response.message) : []);
      for (const delta of planned) {
        signal?.throwIfAborted();
        yield delta;
      }
      signal?.throwIfAborted();
      if ("error" in turn) throw turn.error;
      done = true;
      settled.resolve(turn.response);
    } catch (err) {
      done = true;
      settled.reject(err);
      throw err;
    } finally {
      if (!done) settled.reject(cancelled("stream"));
    }
  }
  return readOnce(settled.promise, () => {
    if (phase !== "idle") return undefined;
    phase = "iterating";
    const deltas = run();
    return {
      next: () => deltas.next(),
      // A generator closed before its first `next` never runs its `finally`: settle here too.
      return: () => {
        settled.reject(cancelled("stream"));
        return deltas.return(undefined);
      },
    };
  });
}

/** The deltas a provider would stream for a message: one run per part, in part order. */
export function deltasOf(message: Message): Delta[] {
  return partsOf(message).flatMap((p, index) => partDeltas(p, index));
}

function partDeltas(p: Part, index: number): Delta[] {
  switch (p.type) {
    case "thinking": {
      const out: Delta[] = [];
      if (p.text !== undefined) out.push({ type: "thinking", index, text: p.text });
      if (p.signature !== undefined) out.push({ type: "thinking", index, signature: p.signature });
      if (p.redacted !== undefined) out.push({ type: "thinking", index, redacted: p.redacted });
      return out;
    }
    case "text":
      return p.signature === undefined
        ? [{ type: "text", index, text: p.text }]
        : [
            { type: "text", index, text: p.text },
            { type: "text", index, signature: p.signature },
          ];
    case "tool-call": {
      const signature = p.signature === undefined ? {} : { signature: p.signature };
      const { id, name, arguments: args } = p;
      return [{ type: "tool-call", index, id, name, arguments: args, ...signature }];
    }
    case "provider":
      return [{ type: "provider", index, provider: p.provider, value: p.value }];
    default:
      return [];
  }
}
