/**
 * Where an SSE adapter's time goes, against the floor that keeps the text: each stage of
 * golem's stream path measured on its own over the same chunks, in one process, interleaved
 * (measure.ts), by main-thread CPU time. Not part of `npm run bench`; run it to see which
 * stage separates golem from the floor before trying to make one faster.
 *
 *   node --expose-gc --import tsx bench/decompose.ts [provider] [rounds]
 */
import { createParser } from "eventsource-parser";
import type { APIError, APIErrorFields } from "../src/core/errors.js";
import type { StreamMachine } from "../src/send/model-stream.js";
import { createSSEReader, type RecordReader, type SSERecord } from "../src/transport/sse.js";
import { watchReader } from "../src/transport/watch.js";
import * as gemini from "../src/wires/generate-content/stream.js";
import * as anthropic from "../src/wires/messages/stream.js";
import * as openai from "../src/wires/openai-chat/stream.js";
import { createResponsesStreamState } from "../src/wires/openai-responses/stream.js";
import { contentType, type Provider, streamResponse } from "./bodies.js";
import { perChunkEvents, separatorOf } from "./floors.js";
import { compare } from "./measure.js";
import { benchModel, responseOnly } from "./models.js";
import { floorsOf, servedBody } from "./throughput.js";

type SSEProvider = Exclude<Provider, "bedrock">;

const toError = (fields: APIErrorFields) => new Error(fields.message) as APIError;

/** The provider's stream state, as its wire opens it for a streamed answer. */
function stateOf(provider: SSEProvider): StreamMachine<SSERecord> {
  switch (provider) {
    case "anthropic":
      return anthropic.createStreamState(toError);
    case "gemini":
      return gemini.createStreamState(toError);
    case "openai":
    case "azure":
      return openai.createStreamState(toError, undefined, provider);
    case "responses":
      return createResponsesStreamState({ provider: "openai", requestId: undefined, toError });
  }
}

/** The stages, each one more step of golem's path (or of the floor's) than the one before. */
function stages(provider: SSEProvider): (readonly [string, () => unknown])[] {
  const { chunks, fetch } = servedBody(provider);
  const separator = separatorOf(provider);
  // Every chunk decoded, as the floor and golem both do first.
  const decodeAll = () => {
    const decoder = new TextDecoder();
    for (const c of chunks) decoder.decode(c, { stream: true });
    decoder.decode();
  };
  // The chunks decoded and fed to eventsource-parser, as golem's SSE reader does.
  const parse = (onEvent: (record: SSERecord) => void) => {
    const decoder = new TextDecoder();
    const parser = createParser({ onEvent });
    for (const c of chunks) parser.feed(decoder.decode(c, { stream: true }));
    parser.feed(`${decoder.decode()}\n\n`);
  };
  const body = () => streamResponse(chunks, contentType(provider)).body as ReadableStream;
  // The body read through a reader, every batch's records pushed into the state.
  const drain = async (reader: RecordReader<SSERecord>) => {
    const state = stateOf(provider);
    for (let batch = await reader.read(); batch; batch = await reader.read()) {
      for (const record of batch) state.push(record);
    }
    state.finish();
  };
  const json = (record: SSERecord) => record.data.startsWith("{") && JSON.parse(record.data);
  const model = benchModel(provider, fetch);
  return [
    ["decode", decodeAll],
    [
      "decode + cut events (the floor's)",
      () => {
        const events = perChunkEvents(chunks, separator);
        while (events.next() !== undefined);
      },
    ],
    ["decode + eventsource-parser", () => parse(() => {})],
    floorsOf(provider, chunks).keep,
    ["eventsource-parser + JSON.parse", () => parse(json)],
    [
      "eventsource-parser + the state",
      () => {
        const state = stateOf(provider);
        parse((record) => state.push(record));
        state.finish();
      },
    ],
    ["the SSE reader over the body + the state", () => drain(createSSEReader(body()))],
    [
      "the same, watched (idle timeout)",
      () => drain(watchReader(createSSEReader(body()), { provider, idleTimeoutMs: 600_000 })),
    ],
    ["golem `response` only", () => responseOnly(model)],
  ];
}

async function main(): Promise<void> {
  const provider = (process.argv[2] ?? "anthropic") as SSEProvider;
  const rounds = Number(process.argv[3] ?? 15);
  if (!["anthropic", "gemini", "openai", "azure", "responses"].includes(provider)) {
    throw new Error(`${provider}: an SSE provider, not Bedrock (see the event-stream section)`);
  }
  const measured = await compare(stages(provider), rounds, { rotate: true });
  console.log(`${provider}, median main-thread CPU ms of ${rounds} rounds:`);
  for (const s of measured) console.log(`  ${s.cpuMs.toFixed(1).padStart(7)}  ${s.name}`);
}

await main();
