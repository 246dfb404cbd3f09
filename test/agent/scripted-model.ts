import { z } from "zod";
import type {
  CallOptions,
  Delta,
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStream,
  Part,
  ToolCallPart,
  Usage,
} from "../../src/index.js";
import { partsOf, tool } from "../../src/index.js";

/** A tool that takes no arguments and answers with `execute` (the parallel tools' slow and fast). */
export const bareTool = (name: string, execute: () => string | Promise<string>) =>
  tool({ name, description: "", parameters: z.object({}), execute });

/** The approval tests' tool: it sends a mail only once a person approves, telling `sent` of it. */
export const sendMailTool = (sent: (to: string) => void) =>
  tool({
    name: "send_mail",
    description: "Send an email",
    parameters: z.object({ to: z.string() }),
    needsApproval: true,
    execute: ({ to }) => {
      sent(to);
      return `sent to ${to}`;
    },
  });

/** A tool that answers with what it is asked to say: the agent tests' plainest tool. */
export const echo = tool({
  name: "echo",
  description: "",
  parameters: z.object({ say: z.string() }),
  execute: ({ say }) => say,
});

/** One scripted model call: what it answers, and how. */
export interface Turn {
  response: ModelResponse;
  /** What `stream` yields; by default the deltas that rebuild `response.message`. */
  deltas?: Delta[];
  /** Fail with this instead of answering (`stream`: after the deltas). */
  error?: unknown;
  /** Wait, after the deltas, until the call's signal aborts (for abort tests). */
  hold?: boolean;
}

/** What the model saw of one call. */
export interface RecordedCall {
  kind: "generate" | "stream";
  request: ModelRequest;
  signal: AbortSignal | undefined;
  /** A stream that ended before its script did: closed by the consumer, or failed by an abort. */
  stoppedEarly: boolean;
  /** How many deltas the stream handed out. */
  yielded: number;
}

/**
 * A fake {@link Model} that answers from a script, records every request, and streams deltas
 * one macrotask apart (so aborts and breaks can land between them). Tests only use the
 * `Model` interface plus `calls`, so a real adapter over `replayFetch` can take its place.
 */
export class ScriptedModel implements Model {
  readonly provider = "scripted";
  readonly model = "scripted-1";
  readonly calls: RecordedCall[] = [];
  readonly #turns: Turn[];

  constructor(turns: Turn[]) {
    this.#turns = [...turns];
  }

  /** The requests, in call order. */
  get requests(): ModelRequest[] {
    return this.calls.map((c) => c.request);
  }

  async generate(request: ModelRequest, opts?: CallOptions): Promise<ModelResponse> {
    const turn = this.#take("generate", request, opts);
    await tick();
    if (turn.hold) await abortOf(opts?.signal);
    if (turn.error !== undefined) throw turn.error;
    return turn.response;
  }

  stream(request: ModelRequest, opts?: CallOptions): ModelStream {
    const turn = this.#take("stream", request, opts);
    const call = this.calls[this.calls.length - 1] as RecordedCall;
    const signal = opts?.signal;
    let settle!: { resolve: (r: ModelResponse) => void; reject: (e: unknown) => void };
    const response = new Promise<ModelResponse>((resolve, reject) => {
      settle = { resolve, reject };
    });
    response.catch(() => {});
    async function* deltas(): AsyncGenerator<Delta> {
      let finished = false;
      try {
        for (const delta of turn.deltas ?? deltasOf(turn.response.message)) {
          await tick();
          signal?.throwIfAborted();
          call.yielded++;
          yield delta;
        }
        if (turn.hold) await abortOf(signal);
        if (turn.error !== undefined) throw turn.error;
        finished = true;
        settle.resolve(turn.response);
      } catch (err) {
        finished = true;
        if (signal?.aborted) call.stoppedEarly = true;
        settle.reject(err);
        throw err;
      } finally {
        if (!finished) {
          call.stoppedEarly = true;
          settle.reject(new Error("stream cancelled"));
        }
      }
    }
    return { response, [Symbol.asyncIterator]: () => deltas() };
  }

  #take(kind: RecordedCall["kind"], request: ModelRequest, opts?: CallOptions): Turn {
    this.calls.push({ kind, request, signal: opts?.signal, yielded: 0, stoppedEarly: false });
    const turn = this.#turns.shift();
    if (!turn) throw new Error(`ScriptedModel: no turn scripted for call ${this.calls.length}`);
    return turn;
  }
}

/**
 * The deltas a provider would stream for `message`: one run of deltas per part, in part order,
 * `index` being the part's place in `content` (as `Delta` defines it).
 */
export function deltasOf(message: Message): Delta[] {
  const out: Delta[] = [];
  partsOf(message).forEach((p, index) => {
    switch (p.type) {
      case "thinking":
        if (p.text !== undefined) out.push({ type: "thinking", index, text: p.text });
        if (p.signature !== undefined)
          out.push({ type: "thinking", index, signature: p.signature });
        if (p.redacted !== undefined) out.push({ type: "thinking", index, redacted: p.redacted });
        break;
      case "text":
        out.push({ type: "text", index, text: p.text });
        if (p.signature !== undefined) out.push({ type: "text", index, signature: p.signature });
        break;
      case "tool-call": {
        const { id, name, arguments: args } = p;
        const signature = p.signature === undefined ? {} : { signature: p.signature };
        out.push({ type: "tool-call", index, id, name, arguments: args, ...signature });
        break;
      }
      case "provider":
        out.push({ type: "provider", index, provider: p.provider, value: p.value });
        break;
      default:
        throw new Error(`deltasOf: no delta streams a ${p.type} part`);
    }
  });
  return out;
}

const DEFAULT_USAGE: Usage = { inputTokens: 10, outputTokens: 5 };

/** A turn whose assistant message answers with `before` (thinking, ...) then text, and no tool calls. */
export function answer(text: string, before: Part[] = [], usage = DEFAULT_USAGE): Turn {
  const content: Part[] = text === "" ? [...before] : [...before, { type: "text", text }];
  return { response: { message: { role: "assistant", content }, usage, stopReason: "end_turn" } };
}

/** A turn whose assistant message holds `before` (thinking, text, ...) then the tool calls. */
export function callTools(
  toolCalls: ToolCallPart[],
  before: Part[] = [],
  usage = DEFAULT_USAGE,
): Turn {
  return {
    response: {
      message: { role: "assistant", content: [...before, ...toolCalls] },
      usage,
      stopReason: "tool_use",
    },
  };
}

/** A tool call with JSON-encoded arguments. */
export function call(id: string, name: string, args: unknown): ToolCallPart {
  return {
    type: "tool-call",
    id,
    name,
    arguments: typeof args === "string" ? args : JSON.stringify(args),
  };
}

/** Resolves on a later macrotask. */
export function tick(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Rejects with the signal's reason once it aborts; never settles without a signal. */
function abortOf(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** A promise plus its resolve, to let tests decide when a tool finishes. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
