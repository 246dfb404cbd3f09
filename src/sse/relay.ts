import type { RunStream } from "../agent/types.js";
import { ConfigError } from "../core/errors.js";
import type { ModelStream } from "../core/types.js";
import {
  type ErrorEventData,
  type EventStreamOptions,
  errorEventOf,
  eventOf,
  eventText,
  STREAM_HEADERS,
} from "./write.js";

/** How {@link eventRelay} writes and how much it keeps. */
export interface EventRelayOptions extends EventStreamOptions {
  /**
   * How many events the relay keeps for clients that reconnect; a client that missed older
   * ones gets an `EventsGone` error event instead. @defaultValue 10000
   */
  buffer?: number;
}

/** A source's events, kept for every client that asks (see {@link eventRelay}). */
export interface EventRelay {
  /**
   * A `text/event-stream` response for one client: every event from the start, or, when the
   * request carries `Last-Event-ID`, the events after that id (from the buffer), then the
   * rest as they come. A client going away stops nothing: it can come back.
   */
  response(request?: Request, init?: ResponseInit): Response;
  /** Stops the source (the model call, or the run and its tools); clients get what came. */
  cancel(): Promise<void>;
}

/** The `error` event of a reconnect whose events are gone (status 410, as HTTP's Gone). */
const GONE = "EventsGone";

/**
 * A model stream or an agent's run stream as server-sent events with ids, read once and
 * relayed to any number of clients: a browser whose connection drops reconnects with
 * `Last-Event-ID` (what `EventSource` sends, and `readRunStream`'s `reconnect` gives) and gets
 * the events it missed from a bounded buffer, then the rest, each exactly once; when they are
 * no longer buffered it gets an `error` event named `EventsGone` (status 410). The source
 * starts with the first response and runs to its end whoever is listening; `cancel` stops it.
 * @example
 * const relays = new Map<string, EventRelay>();
 * // POST /api/agent: start the run, keep its relay under an id
 * const relay = eventRelay(agent.runStream(prompt));
 * relays.set(id, relay);
 * return relay.response(request, { headers: { "x-run-id": id } });
 * // GET /api/agent/:id (a reconnect): the same relay, from the client's Last-Event-ID
 * return relays.get(id)?.response(request) ?? new Response(null, { status: 404 });
 */
export function eventRelay(
  source: ModelStream | RunStream<unknown>,
  options: EventRelayOptions = {},
): EventRelay {
  if (typeof (source as Partial<ModelStream> | undefined)?.[Symbol.asyncIterator] !== "function") {
    throw new ConfigError("eventRelay: source must be a model stream or an agent's run stream");
  }
  const keep = options.buffer ?? 10_000;
  if (!Number.isInteger(keep) || keep < 1) {
    throw new ConfigError(`eventRelay: buffer must be a whole number, at least 1 (got ${keep})`);
  }
  /** The events kept, oldest first: `texts[i]` is event `first + i`. */
  const texts: string[] = [];
  let first = 1;
  let done = false;
  let iterator: AsyncIterator<unknown> | undefined;
  const waiting = new Set<() => void>();
  const add = (event: string, data: unknown) => {
    const id = first + texts.length;
    texts.push(`id: ${id}\n${eventText(event, data)}`);
    if (texts.length > keep) {
      texts.shift();
      first++;
    }
    for (const wake of waiting) wake();
    waiting.clear();
  };
  const pump = async () => {
    iterator = source[Symbol.asyncIterator]();
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        add(...eventOf(source, next.value as never));
      }
      add(
        "result" in source ? "result" : "response",
        "result" in source ? await source.result : await source.response,
      );
    } catch (err) {
      add("error", errorEventOf(err, options.errorEvent));
    }
    done = true;
    for (const wake of waiting) wake();
  };
  let started: Promise<void> | undefined;

  return {
    response(request, init = {}) {
      started ??= pump();
      const asked = request?.headers.get("last-event-id") ?? null;
      const encoder = new TextEncoder();
      /** The id of the last event this client has. */
      let seen = asked === null ? 0 : Number(asked);
      let ended = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            const last = first + texts.length - 1;
            // A whole number this relay gave, at most its last; the events after it still kept
            // (a slow client can fall behind the buffer too).
            if (!Number.isInteger(seen) || seen < first - 1 || seen > last) {
              controller.enqueue(encoder.encode(eventText("error", goneEvent(asked, first, keep))));
              return controller.close();
            }
            if (seen < last) {
              const out = texts.slice(seen - first + 1).join("");
              seen = last;
              return controller.enqueue(encoder.encode(out));
            }
            if (done) return controller.close();
            await new Promise<void>((wake) => waiting.add(wake));
            if (ended) return;
          }
        },
        cancel() {
          // The client went away; the source goes on for the next one.
          ended = true;
        },
      });
      const headers = new Headers(STREAM_HEADERS);
      for (const [k, v] of new Headers(init.headers)) headers.set(k, v);
      return new Response(body, { ...init, headers });
    },
    async cancel() {
      started ??= pump();
      await iterator?.return?.();
      await started;
    },
  };
}

function goneEvent(asked: string | null, first: number, keep: number): ErrorEventData {
  return {
    name: GONE,
    status: 410,
    message: `the events after id ${JSON.stringify(asked ?? "")} are not kept: this relay keeps the last ${keep}, from id ${first}`,
  };
}
