import { type APIError, HistoryError } from "../core/errors.js";
import type { Model, ModelRequest, ModelResponse } from "../core/types.js";
import { validateHistory } from "../core/validate.js";
import { parseJSONBody } from "./json.js";
import { createModelStream, type StreamMachine } from "./model-stream.js";
import { redactError, redactStreamErrors } from "./redact.js";
import { type RequestOptions, requestStream, requestText, type StreamResponse } from "./request.js";
import type { RecordReader } from "./sse.js";

/** What an adapter knows about one call; the rest of a call is the same for every provider. */
export interface ModelCall<R> {
  /**
   * The transport options of one call, its body built from `req` (the signal is added here);
   * `finish`, when the prefix check ran on the body, completes the response it answers.
   */
  request(req: ModelRequest, streaming: boolean): CallRequest;
  /** A 2xx JSON body -> the response; throws the provider's error for one hidden in a 2xx. */
  parse(body: unknown, response: Response): ModelResponse;
  /** A 2xx streaming answer -> where its records come from and the state that reads them. */
  open(
    res: StreamResponse,
    secrets: readonly string[],
  ):
    | { reader: RecordReader<R>; machine: StreamMachine<R> }
    | Promise<{ reader: RecordReader<R>; machine: StreamMachine<R> }>;
}

/** One call's transport options, and what completes its response (the prefix record). */
export type CallRequest = Omit<RequestOptions, "signal"> & {
  finish?: ((response: ModelResponse) => ModelResponse) | undefined;
};

/**
 * A {@link Model} over HTTP: the history is checked before anything is sent (in `stream`,
 * inside the stream, so the error arrives where every other one does), and every error that
 * leaves carries none of the call's secrets.
 */
export function createHTTPModel<R>(provider: string, model: string, call: ModelCall<R>): Model {
  return {
    provider,
    model,
    async generate(req, opts) {
      checkRequest(req);
      const { finish, ...base } = call.request(req, false);
      const options = withSignal(provider, base, opts?.signal);
      const { secrets } = options;
      const { response, text } = await requestText(options);
      const body = parseJSONBody(text, provider, secrets);
      try {
        const parsed = call.parse(body, response);
        return finish ? finish(parsed) : parsed;
      } catch (err) {
        throw redactError(err as APIError, secrets);
      }
    },
    stream(req, opts) {
      return createModelStream(async () => {
        checkRequest(req);
        const { finish, ...base } = call.request(req, true);
        const options = withSignal(provider, base, opts?.signal);
        const { secrets } = options;
        const res = await requestStream(options);
        try {
          const opened = await call.open(res, secrets);
          const machine = finish ? finishing(opened.machine, finish) : opened.machine;
          return {
            reader: opened.reader,
            machine: redactStreamErrors(machine, secrets),
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

/** A stream machine whose final response goes through `finish` (the prefix record). */
function finishing<R>(
  machine: StreamMachine<R>,
  finish: (response: ModelResponse) => ModelResponse,
): StreamMachine<R> {
  return {
    push: (record) => machine.push(record),
    finish: () => finish(machine.finish()),
    partial: () => machine.partial(),
  };
}

/** The history is valid and not empty: no provider answers a request without messages. */
function checkRequest(req: ModelRequest): void {
  validateHistory(req.messages);
  if (req.messages.length === 0) {
    throw new HistoryError("messages is empty: a request needs at least one message");
  }
}

/**
 * One call's options with the caller's signal. `secrets` stays the very array the adapter
 * made, since its signer may add to it per attempt (an Entra token).
 */
function withSignal(
  provider: string,
  base: Omit<RequestOptions, "signal">,
  signal: AbortSignal | undefined,
): RequestOptions & { secrets: readonly string[] } {
  return { provider, ...base, secrets: base.secrets ?? [], signal };
}
