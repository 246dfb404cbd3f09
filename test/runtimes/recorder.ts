/**
 * The runtime matrix's recorder case: in each runtime, golem/testing's `recordFetch` records an
 * agent's tool loop (the provider played by a replay of the committed cassette), then
 * `openCassette` replays the cassette just made, from the object (no file system, as in
 * workerd and the edge runtime). The recorded bytes must be the committed ones, the replayed
 * run must equal the recorded run, and no credential may be in the made cassette.
 */
import {
  type Cassette,
  diffJSON,
  openCassette,
  parseCassette,
  recordFetch,
  replayFetch,
  responseBytes,
} from "golem/testing";

/** What the recorder case produced for one cassette; equal JSON in every runtime. */
export interface RecorderResult {
  name: string;
  interactions: number;
  streaming: boolean;
  /** Response bytes recorded, all interactions together. */
  bytes: number;
  /** The made cassette's request headers that were redacted, by interaction. */
  redacted: string[][];
}

/** Runs the agent of a cassette through a fetch; the matrix's own `runAgent`. */
type RunAgent = (
  name: string,
  cassette: Cassette,
  fetch: typeof globalThis.fetch,
) => Promise<{ result: { messages: unknown; usage: unknown }; deltas: number }>;

/** One JSON response, one SSE stream, one signed binary event stream, and the Responses API. */
const RECORDED = [
  "gemini/thinking-tool-loop",
  "anthropic/thinking-tool-loop-stream",
  "bedrock/thinking-tool-loop-stream",
  "azure/v1-tool-call-stream",
  "openai/responses-thinking-tool-loop-stream",
] as const;

/** Records and replays each of {@link RECORDED}; throws on the first difference. */
export async function recorderProbe(
  cassettes: Record<string, unknown>,
  runAgent: RunAgent,
): Promise<RecorderResult[]> {
  const out: RecorderResult[] = [];
  for (const name of RECORDED) {
    const committed = parseCassette(cassettes[name]);
    const upstream = replayFetch(committed);
    const recorder = recordFetch(upstream as typeof globalThis.fetch);
    const recorded = await runAgent(name, committed, recorder.fetch);
    upstream.assertDone();
    const made = recorder.cassette({
      scenario: name,
      provider: committed.provider,
      source: "matrix",
    });
    check(name, committed, made);
    const tape = await openCassette(JSON.parse(JSON.stringify(made)) as Cassette);
    const replayed = await runAgent(name, made, tape.fetch);
    await tape.save();
    if (JSON.stringify(replayed) !== JSON.stringify(recorded)) {
      throw new Error(`${name}: the replay of the recorded cassette ran differently`);
    }
    out.push({
      name,
      interactions: made.interactions.length,
      streaming: made.streaming,
      bytes: made.interactions.reduce((n, i) => n + responseBytes(i.response).length, 0),
      redacted: made.interactions.map((i) =>
        Object.keys(i.request.headers).filter((h) => i.request.headers[h] === "<redacted>"),
      ),
    });
  }
  return out;
}

/** The credentials the matrix's adapters are created with (scenarios.ts). */
const SECRETS = [
  "AKIDEXAMPLE",
  "IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN",
  "test-key-0123456789",
  "AIza-test-key",
  "entra-token-0123456789",
  "sk-test-0123456789abcdef",
];

/** The made cassette holds the committed bytes and requests, and no credential. */
function check(name: string, committed: Cassette, made: Cassette): void {
  const text = JSON.stringify(made);
  for (const secret of SECRETS) {
    if (text.includes(secret)) throw new Error(`${name}: the recorded cassette holds a credential`);
  }
  made.interactions.forEach((m, i) => {
    const c = committed.interactions[i];
    const same = (a: Uint8Array, b: Uint8Array) =>
      a.length === b.length && a.every((x, k) => x === b[k]);
    if (!c || !same(responseBytes(m.response), responseBytes(c.response))) {
      throw new Error(`${name}: interaction ${i + 1} was not recorded byte for byte`);
    }
    if (diffJSON(c.request.body, m.request.body).length > 0) {
      throw new Error(`${name}: interaction ${i + 1}'s request was not recorded as sent`);
    }
  });
}
