import { GolemError } from "../core/errors.js";
import {
  type Cassette,
  type CassetteInteraction,
  parseCassette,
  responseBytes,
} from "./cassette.js";
import { CassetteSecretError } from "./errors.js";
import { bodyKind, storeBody, teeBody } from "./record-body.js";
import {
  holdsSecret,
  RESPONSE_HEADERS,
  redactHeaders,
  redactURL,
  type ScrubRules,
  scrubText,
  secretsOf,
} from "./redact.js";
import { scrubBinaryBodies } from "./scrub-binary.js";

type Fetch = typeof globalThis.fetch;

/** How {@link recordFetch} records and what it removes. */
export interface RecordOptions {
  /**
   * More values to remove wherever they appear (an AWS secret access key, which no request
   * carries). Keys and tokens the requests carry are found on their own.
   */
  secrets?: readonly (string | undefined)[];
  /** The caller's own patterns to replace with `<redacted>` (a RegExp is applied globally). */
  redact?: readonly (string | RegExp)[];
  /** Zero the AWS account ids in ARNs. @defaultValue false */
  redactAccountIds?: boolean;
  /** Response headers to keep besides content type, request ids and retry hints. */
  keepResponseHeaders?: readonly string[];
  /** The clock named in the default `source`. @defaultValue () => new Date() */
  now?: () => Date;
}

/** What a cassette says about itself; the rest comes from the exchanges. */
export interface CassetteMeta {
  /** @defaultValue "recorded" */
  scenario?: string;
  /** @defaultValue the provider the first request's host belongs to, else the host */
  provider?: string;
  /** @defaultValue "captured by recordFetch on <date> from <origins>" */
  source?: string;
}

/** A recording `fetch` and the cassette of what it saw. */
export interface Recorder {
  /** Hand to `create()`: every exchange goes through `base` and is recorded exactly. */
  fetch: Fetch;
  /**
   * The cassette so far, secrets removed; throws a `CassetteSecretError` when a key or token
   * in use would still be in it, and a `GolemError` while a response body is still unread.
   */
  cassette(meta?: CassetteMeta): Cassette;
}

/** An interaction and whether its response body has been read to its end (or cancelled). */
interface Entry {
  interaction: CassetteInteraction;
  settled: boolean;
}

/**
 * Wraps a fetch so every exchange is recorded exactly: the request as golem built it, the
 * response as the chunks that arrived (SSE as text, binary event streams as base64, JSON
 * parsed). The caller reads the very bytes it would have read without the recorder.
 * @example
 * const recorder = recordFetch();
 * const model = anthropic.create({ model: "claude-sonnet-4-6", fetch: recorder.fetch });
 * await model.generate({ messages: [{ role: "user", content: "Hi" }] });
 * const cassette = recorder.cassette({ scenario: "hello" });
 */
export function recordFetch(base?: Fetch, options: RecordOptions = {}): Recorder {
  const entries: Entry[] = [];
  const secrets = new Set<string>();
  for (const s of options.secrets ?? []) if (s) secrets.add(s);
  const keep = new Set([...RESPONSE_HEADERS, ...(options.keepResponseHeaders ?? []).map(lower)]);

  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const recorded = await recordRequest(request);
    for (const secret of recorded.secrets) secrets.add(secret);
    // Resolved per call, so a test double installed after the recorder still applies.
    const send = base ?? globalThis.fetch.bind(globalThis);
    // A Request given as input had its body moved into `request`: send that one.
    const response = await (input instanceof Request ? send(request) : send(input, init));
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      if (keep.has(k)) headers[k] = v;
    });
    const interaction: CassetteInteraction = {
      request: recorded.request,
      response: { status: response.status, headers },
    };
    const entry: Entry = { interaction, settled: response.body === null };
    entries.push(entry);
    return response.body ? recordBody(response, response.body, entry) : response;
  };

  const rules: ScrubRules = {
    accountIds: options.redactAccountIds,
    patterns: options.redact,
  };
  return {
    fetch: fetch as Fetch,
    cassette(meta = {}) {
      const open = entries.findIndex((e) => !e.settled);
      if (open >= 0) {
        throw new GolemError(
          `interaction ${open + 1}: its response body has not been read to its end yet; read or cancel it before asking for the cassette`,
        );
      }
      const interactions = entries.map((e) => e.interaction);
      const draft: Cassette = {
        scenario: meta.scenario ?? "recorded",
        provider: meta.provider ?? providerOf(interactions),
        streaming: interactions.some((i) => i.response.chunks ?? i.response.chunksBase64),
        source: meta.source ?? defaultSource(interactions, options.now?.() ?? new Date()),
        interactions,
      };
      return scrubCassette(draft, [...secrets], rules);
    },
  };
}

/**
 * A scrubbed copy of the cassette: binary bodies re-encoded where they hold a secret, then
 * the whole JSON text scrubbed, then searched again; a secret still there is refused.
 */
function scrubCassette(draft: Cassette, secrets: string[], rules: ScrubRules): Cassette {
  const copy = JSON.parse(JSON.stringify(draft)) as Cassette;
  scrubBinaryBodies(copy, secrets, rules);
  const text = scrubText(JSON.stringify(copy), secrets, rules);
  const cassette = parseCassette(text);
  cassette.interactions.forEach((i, n) => {
    const decoded = i.response.chunksBase64
      ? new TextDecoder().decode(responseBytes(i.response))
      : "";
    if (holdsSecret(decoded, secrets)) {
      throw new CassetteSecretError(
        `interaction ${n + 1}: its response body still holds a key or token in use; no cassette was made`,
      );
    }
  });
  if (holdsSecret(text, secrets)) {
    throw new CassetteSecretError(
      "the cassette still holds a key or token in use; no cassette was made",
    );
  }
  return cassette;
}

/** The request as the cassette keeps it, and the keys and tokens it carried. */
async function recordRequest(
  request: Request,
): Promise<{ request: CassetteInteraction["request"]; secrets: string[] }> {
  const text = await request.clone().text();
  const headers: Record<string, string> = {};
  request.headers.forEach((v, k) => {
    if (k !== "content-length") headers[k] = v;
  });
  return {
    request: {
      method: request.method,
      url: redactURL(request.url),
      headers: redactHeaders(headers),
      ...(text === "" ? {} : { body: parseBody(text) }),
    },
    secrets: secretsOf(request.url, headers),
  };
}

/** The response with a body that is recorded as the caller reads it. */
function recordBody(response: Response, body: ReadableStream<Uint8Array>, entry: Entry): Response {
  const kind = bodyKind(response.headers.get("content-type") ?? "");
  const recorded = teeBody(body, (chunks) => {
    storeBody(entry.interaction.response, kind, chunks);
    entry.settled = true;
  });
  return new Response(recorded, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** JSON when the body is JSON, else the text as sent. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const HOSTS: [RegExp, string][] = [
  [/(^|\.)anthropic\.com$/, "anthropic"],
  [/^bedrock-runtime[.-]/, "bedrock"],
  [/(^|\.)generativelanguage\.googleapis\.com$/, "gemini"],
  [/\.(openai|cognitiveservices)\.azure\.com$|\.services\.ai\.azure\.com$/, "azure"],
  [/(^|\.)openai\.com$/, "openai"],
];

function providerOf(interactions: CassetteInteraction[]): string {
  const url = interactions[0]?.request.url;
  if (url === undefined) return "unknown";
  const host = new URL(url).hostname;
  return HOSTS.find(([re]) => re.test(host))?.[1] ?? host;
}

function defaultSource(interactions: CassetteInteraction[], when: Date): string {
  const origins = [...new Set(interactions.map((i) => new URL(i.request.url).origin))];
  const from = origins.length > 0 ? ` from ${origins.join(", ")}` : "";
  return `captured by recordFetch (golem/testing) on ${when.toISOString()}${from}`;
}

function lower(s: string): string {
  return s.toLowerCase();
}
