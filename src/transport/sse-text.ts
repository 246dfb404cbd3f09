import { createParser } from "eventsource-parser";
import type { SSERecord } from "./sse.js";

/**
 * The records of a whole `text/event-stream` text at once (a recorded body, its chunks
 * joined), parsed as `createSSEReader` parses a live body: the same parser, and a last event
 * without its blank line still counts. Synchronous: the parser calls back inside `feed`.
 * Its own module, so the reader's module (in every platform's bundle) stays as it is.
 */
export function sseRecords(text: string): SSERecord[] {
  const out: SSERecord[] = [];
  createParser({ onEvent: (record) => out.push(record) }).feed(`${text}\n\n`);
  return out;
}
