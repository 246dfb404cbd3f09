/**
 * The runtime matrix's recorder case: in each runtime, an agent's tool loop is recorded (the
 * provider played by a replay of the committed cassette), then replayed from what was made.
 * Node, Deno and Bun go through files, the way a user's test does: `openCassette(path,
 * { mode: "record" })` writes the cassette with `save()` and `openCassette(path, { mode:
 * "replay" })` reads it back. workerd and the edge runtime have no file system: there
 * `recordFetch` records and `openCassette` replays the object it made, as a test there replays
 * an imported cassette. Either way the recorded bytes must be the committed ones, the replayed
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

/**
 * Where Node, Deno and Bun keep the cassettes they record: a folder the harness made, and a
 * way to read a file back for the checks (the probe itself reads only through openCassette).
 */
export interface CassetteDisk {
  folder: string;
  readText(path: string): Promise<string>;
}

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

/** Records and replays each of {@link RECORDED}, through files when given a disk. */
export async function recorderProbe(
  cassettes: Record<string, unknown>,
  runAgent: RunAgent,
  disk?: CassetteDisk,
): Promise<RecorderResult[]> {
  const out: RecorderResult[] = [];
  for (const name of RECORDED) {
    const committed = parseCassette(cassettes[name]);
    const made = disk
      ? await viaFile(name, committed, runAgent, disk)
      : await viaObject(name, committed, runAgent);
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

/** Records with `recordFetch`, replays the object made; returns the made cassette. */
async function viaObject(name: string, committed: Cassette, runAgent: RunAgent) {
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
  sameRun(name, recorded, await runAgent(name, made, tape.fetch));
  await tape.save();
  return made;
}

/** Records to `<folder>/<name>.json` and replays that file, by path both times. */
async function viaFile(name: string, committed: Cassette, runAgent: RunAgent, disk: CassetteDisk) {
  const path = `${disk.folder}/${name}.json`;
  const upstream = replayFetch(committed);
  const meta = { scenario: name, provider: committed.provider, source: "matrix" };
  const record = await openCassette(path, {
    mode: "record",
    fetch: upstream as typeof globalThis.fetch,
    meta,
  });
  const recorded = await runAgent(name, committed, record.fetch);
  upstream.assertDone();
  const changes = await record.save();
  if (changes.length !== committed.interactions.length || changes.some((c) => c.kind !== "added")) {
    throw new Error(`${name}: a new file's save() did not report every interaction as added`);
  }
  const made = parseCassette(await disk.readText(path));
  check(name, committed, made);
  const replay = await openCassette(path, { mode: "replay" });
  if (replay.mode !== "replay") throw new Error(`${name}: the file did not open for replay`);
  sameRun(name, recorded, await runAgent(name, made, replay.fetch));
  await replay.save();
  return made;
}

/** Throws unless the replayed run came out as the recorded one did. */
function sameRun(name: string, recorded: unknown, replayed: unknown): void {
  if (JSON.stringify(replayed) !== JSON.stringify(recorded)) {
    throw new Error(`${name}: the replay of the recorded cassette ran differently`);
  }
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
