/**
 * golem/sse: a model stream or an agent run as server-sent events, for an edge function to
 * return, and the matching readers for the browser side. Web-standard APIs only.
 * @module
 */

export {
  type EventStreamBody,
  EventStreamError,
  type EventStreamReadOptions,
  EventStreamResponseError,
  readModelStream,
  readRunStream,
} from "./read.js";
export { type EventRelay, type EventRelayOptions, eventRelay } from "./relay.js";
export {
  defaultErrorEvent,
  type ErrorEventData,
  type EventStreamOptions,
  type EventStreamResponseInit,
  eventStreamResponse,
  toEventStream,
} from "./write.js";
