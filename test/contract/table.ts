/**
 * The contract table: one row per cassette file under fixtures/<provider>/, with how to create
 * the model (config by file name, from test/contract/rows/<provider>.ts) and the calls that
 * produce the recorded requests. A cassette without a row fails loudly (see laws.test.ts).
 */

import { WEATHER } from "../../scripts/scenarios/loops.js";
import { mediaConversation } from "../../scripts/scenarios/media.js";
import type { Delta, Model, ModelRequest, ModelResponse } from "../../src/core/types.js";
import {
  type Cassette,
  type ReplayFetch,
  type ReplayOptions,
  replayFetch,
} from "../../src/testing/index.js";
import { cassetteFiles, FIXTURES, loadCassette } from "../helpers/cassettes.js";
import { inFakeTime } from "../helpers/time.js";
import { createModel, PROVIDERS, type Provider } from "./adapters.js";

export { cassetteFiles, FIXTURES, loadCassette };

/** One call of a row's conversation: `generate` or `stream` as the cassette is recorded. */
export type Call = (req: ModelRequest) => Promise<ModelResponse>;

/** How one cassette is driven. */
export interface RowSpec {
  /** The `create()` config without `fetch` (and without credentials unless the row's own). */
  config: Record<string, unknown>;
  /** The calls of the recorded conversation, in order. */
  run(call: Call, cassette: Cassette): Promise<unknown>;
  /**
   * A non-streamed cassette of the same answers: stream = generate, turn by turn. `exact`:
   * the twin holds the same answers to the letter, so the whole responses are equal (usage,
   * and tool-call arguments as text), not only the messages.
   */
  twin?: { file: string; turns?: number[]; exact?: boolean };
  /** The conversation ends in the provider's APIError (rejected by `run`). */
  fails?: boolean;
  /**
   * Changes each request body before it reaches the replay, as the capture scenario did (a
   * built-in tool golem has no option for); the cassette's `source` says so.
   */
  editBody?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** A retry in the cassette waits (in fake time). */
  fakeTime?: boolean;
  /**
   * Why a later request of this conversation is not the previous request's wire plus new
   * turns (the strict prefix law, law 6): what the scenario changes between calls, on purpose.
   */
  prefixBreak?: string;
}

/** One turn as it happened: the request, its deltas (streams), and its answer or error. */
export interface Turn {
  request: ModelRequest;
  deltas: Delta[];
  response?: ModelResponse;
  error?: unknown;
}

export interface RowRun {
  model: Model;
  fetch: ReplayFetch;
  turns: Turn[];
  /** What `run` rejected with (a failing row), or undefined. */
  error: unknown;
}

export interface Row {
  provider: Provider;
  /** The cassette file's name without `.json`. */
  file: string;
  cassette: Cassette;
  spec: RowSpec | undefined;
}

/** A row for every cassette file; `spec` is undefined where no row spec names it. */
export function rows(specs: Record<Provider, Record<string, RowSpec>>): Row[] {
  return PROVIDERS.flatMap((provider) =>
    cassetteFiles(provider).map((file) => ({
      provider,
      file,
      cassette: loadCassette(provider, file),
      spec: specs[provider][file],
    })),
  );
}

/**
 * A recorded conversation and its streamed twin, rows `file` and `file-stream`: the same config
 * and calls (`stream` changes what the streamed row does differently), the streamed answers
 * checked against the other's (`exact`: to the letter).
 */
export function withStream(
  file: string,
  spec: RowSpec,
  stream: Partial<RowSpec> & { exact?: boolean } = {},
): Record<string, RowSpec> {
  const { exact, ...streamed } = stream;
  const twin = exact ? { file, exact } : { file };
  return { [file]: spec, [`${file}-stream`]: { ...spec, twin, ...streamed } };
}

/** How a row is run: replay options, config over the row's, and a wrapper for the model. */
export type RowOptions = ReplayOptions & {
  config?: Record<string, unknown>;
  /** Calls go through the model this returns (a middleware, tracing). */
  wrap?: (model: Model) => Model;
};

/** Runs a row's conversation against its cassette through replayFetch. */
export async function runRow(
  provider: Provider,
  cassette: Cassette,
  spec: RowSpec,
  options: RowOptions = {},
): Promise<RowRun> {
  const { config, wrap, ...replay } = options;
  const fetch = replayFetch(cassette, replay);
  const edit = spec.editBody;
  const send = edit
    ? (input: string | URL | Request, init?: RequestInit) =>
        fetch(input, { ...init, body: JSON.stringify(edit(JSON.parse(String(init?.body)))) })
    : fetch;
  const created = await createModel(provider, { ...spec.config, ...config }, send);
  const model = wrap ? wrap(created) : created;
  const turns: Turn[] = [];
  const call: Call = async (request) => {
    const turn: Turn = { request, deltas: [] };
    turns.push(turn);
    try {
      if (!cassette.streaming) turn.response = await model.generate(request);
      else {
        const s = model.stream(request);
        for await (const d of s) turn.deltas.push(d);
        turn.response = await s.response;
      }
      return turn.response;
    } catch (e) {
      turn.error = e;
      throw e;
    }
  };
  const go = () =>
    spec.run(call, cassette).then(
      () => undefined,
      (e: unknown) => e,
    );
  const error = spec.fakeTime ? (await inFakeTime(go)).value : await go();
  return { model, fetch, turns, error };
}

// ---- helpers to write row specs (the conversation builders are in conversations.ts) ----

export { andThen, conversation, loop, toolResults, user } from "./conversations.js";

/** The weather tool of the recorded loops, as the capture scenarios send it. */
export { WEATHER };

/** Runs the row of fixtures/<provider>/<file>.json (its spec from the table). */
export async function runCassette(
  provider: Provider,
  file: string,
  options: RowOptions = {},
): Promise<RowRun & { cassette: Cassette }> {
  const { SPECS } = await import("./rows/index.js");
  const spec = SPECS[provider][file];
  if (!spec) throw new Error(`no row spec for fixtures/${provider}/${file}.json`);
  const cassette = loadCassette(provider, file);
  return { ...(await runRow(provider, cassette, spec, options)), cassette };
}

/** A Responses run's n-th request: the kind of each input item (its type, else its role). */
export function inputKinds(run: { fetch: { requests: { body: unknown }[] } }, n: number): string[] {
  const body = run.fetch.requests[n]?.body as { input: { role?: string; type?: string }[] };
  return body.input.map((i) => i.type ?? i.role ?? "");
}

/** The text of the first user message of the first recorded request (Anthropic, Bedrock). */
export function firstUserText(cassette: Cassette): string {
  const body = cassette.interactions[0]?.request.body as {
    messages: { content: { text: string }[] }[];
  };
  return body.messages[0]?.content[0]?.text ?? "";
}

/**
 * The media conversation of scripts/scenarios/media.ts (an image and a PDF in the prompt; with
 * the tool, an image as the tool's result), as the capture scenarios run it.
 */
export const mediaRun =
  (withTool: boolean): RowSpec["run"] =>
  (call) =>
    mediaConversation(call, withTool);
