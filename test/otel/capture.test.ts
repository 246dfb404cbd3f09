import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../src/index.js";
import { captureMessage, capturePart, MARKER, withTracing } from "../../src/otel/index.js";
import { type CassetteResponse, responseBytes } from "../../src/testing/index.js";
import { FAKE_AUTH } from "../contract/adapters.js";
import { SPECS } from "../contract/rows/index.js";
import { type Row, rows, runRow } from "../contract/table.js";
import { recordSpans, spanText } from "./spans.js";

describe("capturePart: a part as content capture records it", () => {
  const cases: [string, Part, unknown][] = [
    ["text", { type: "text", text: "hi" }, { type: "text", content: "hi" }],
    [
      "signed text with a phase",
      {
        type: "text",
        text: "hi",
        signature: "c2lnbmF0dXJl",
        phase: "final_answer",
        provider: "openai",
      },
      { type: "text", content: "hi", phase: "final_answer", signature: MARKER.signature },
    ],
    [
      "signed thinking",
      { type: "thinking", text: "let me see", signature: "EqQBCkYIBRgC" },
      { type: "reasoning", content: "let me see", signature: MARKER.signature },
    ],
    [
      "redacted thinking",
      { type: "thinking", redacted: "EmwKAhgBEgy3va3pzix" },
      { type: "reasoning", content: MARKER.redacted },
    ],
    [
      "a tool call, arguments as an object",
      {
        type: "tool-call",
        id: "t1",
        name: "weather",
        arguments: '{"city":"Paris"}',
        signature: "sig",
      },
      {
        type: "tool_call",
        id: "t1",
        name: "weather",
        arguments: { city: "Paris" },
        signature: MARKER.signature,
      },
    ],
    [
      "a tool call whose arguments are not JSON",
      { type: "tool-call", id: "t1", name: "weather", arguments: "{bad" },
      { type: "tool_call", id: "t1", name: "weather", arguments: "{bad" },
    ],
    [
      "an image's bytes",
      { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
      { type: "blob", mime_type: "image/png", content: MARKER.data },
    ],
    [
      "a file's URL (it may be presigned)",
      {
        type: "file",
        mediaType: "application/pdf",
        url: "https://x.test/a.pdf?X-Amz-Signature=abc",
      },
      { type: "uri", mime_type: "application/pdf", uri: MARKER.url },
    ],
    [
      "a provider block (it may hold encrypted items)",
      {
        type: "provider",
        provider: "openai",
        value: { type: "reasoning", encrypted_content: "gAAAA" },
      },
      { type: "provider", provider: "openai", content: MARKER.provider },
    ],
  ];
  it.each(cases)("%s", (_, part, expected) => {
    expect(capturePart(part)).toEqual(expected);
  });

  it("a tool message is one tool_call_response; string content is one text part", () => {
    const tool: Message = { role: "tool", toolCallId: "t1", content: "18 C" };
    expect(captureMessage(tool)).toEqual({
      role: "tool",
      parts: [{ type: "tool_call_response", id: "t1", response: "18 C" }],
    });
    expect(captureMessage({ role: "user", content: "hi" })).toEqual({
      role: "user",
      parts: [{ type: "text", content: "hi" }],
    });
  });
});

/** Keys under which a wire body keeps opaque evidence: signatures, redacted and encrypted payloads. */
const OPAQUE_KEY = /signature|encrypted|redacted/i;
/**
 * Blocks whose `data` is the opaque payload: Anthropic's `redacted_thinking`, OpenRouter's
 * `reasoning.encrypted` reasoning detail.
 */
const OPAQUE_DATA_TYPE = /redacted|encrypted/i;

/** The kinds of evidence the wire scan found, as `key` or `type.data`, over every row. */
const KINDS_SEEN = new Set<string>();

/** Every opaque string in a wire JSON value, by its key or its block's type. */
function opaque(value: unknown, out: Set<string>, key = "", blockType = ""): Set<string> {
  if (typeof value === "string") {
    const data = key === "data" && OPAQUE_DATA_TYPE.test(blockType);
    if ((data || OPAQUE_KEY.test(key)) && value.length >= 8) {
      out.add(value);
      KINDS_SEEN.add(data ? `${blockType}.data` : key);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) opaque(v, out, key, blockType);
  } else if (typeof value === "object" && value !== null) {
    const type = (value as { type?: unknown }).type;
    const own = typeof type === "string" ? type : blockType;
    for (const [k, v] of Object.entries(value)) opaque(v, out, k, own);
  }
  return out;
}

/**
 * Every opaque string of a cassette: request and JSON answer bodies, each event of a
 * streamed answer (its chunks joined first, since a chunk may split an event), and the JSON
 * payloads inside a Bedrock event stream's binary frames.
 */
function wireSecrets(cassette: Row["cassette"]): Set<string> {
  const out = new Set<string>();
  for (const { request, response } of cassette.interactions) {
    opaque(request.body, out);
    opaque(response.body, out);
    const text = response.chunks?.join("") ?? response.text ?? "";
    for (const line of text.split("\n")) {
      const data = line.startsWith("data:") ? line.slice(5).trim() : "";
      if (data.startsWith("{")) opaque(JSON.parse(data), out);
    }
    if (response.chunksBase64) frameSecrets(response, out);
  }
  return out;
}

/** Opaque strings in the JSON payloads of an event stream's frames, read as latin1 text. */
function frameSecrets(response: CassetteResponse, out: Set<string>): void {
  const bytes = Buffer.from(responseBytes(response)).toString("latin1");
  for (const m of bytes.matchAll(/"(\w*(?:signature|encrypted|redacted)\w*)":"([^"]{8,})"/gi)) {
    out.add(m[2] as string);
    KINDS_SEEN.add(`${m[1]} (event stream)`);
  }
}

/** The evidence golem parsed into parts: signatures, redacted payloads, provider blocks' opaque strings. */
function partSecrets(messages: Message[], out: Set<string>): void {
  for (const m of messages) {
    if (typeof m.content === "string") continue;
    for (const p of m.content) {
      if ("signature" in p && p.signature) out.add(p.signature);
      if (p.type === "thinking" && p.redacted) out.add(p.redacted);
      if (p.type === "provider") opaque(p.value, out);
    }
  }
}

/** Where a platform is, not a secret: a region, a project, a workspace id. */
const PLACES = new Set(["region", "location", "project", "workspaceId"]);
// A token function (Vertex) holds no key to look for; credentials objects hold strings.
// Deduplicated: two platforms share the AWS keys, and the count below subtracts these.
const KEYS = [
  ...new Set(
    Object.values(FAKE_AUTH).flatMap((auth) =>
      Object.entries(auth).flatMap(([name, v]: [string, unknown]) =>
        PLACES.has(name)
          ? []
          : typeof v === "string"
            ? [v]
            : typeof v === "object" && v !== null
              ? Object.values(v).filter((x): x is string => typeof x === "string")
              : [],
      ),
    ),
  ),
];

const RUNNABLE = rows(SPECS).filter((r): r is Row & { spec: NonNullable<Row["spec"]> } => !!r.spec);

describe("no signature, redacted payload, encrypted item or key in any span, content capture on", () => {
  const found = { secrets: 0, captured: 0 };

  it.each(RUNNABLE.map((r) => [`${r.provider}/${r.file}`, r] as const))("%s", async (_, row) => {
    const recorder = recordSpans();
    const run = await runRow(row.provider, row.cassette, row.spec, {
      wrap: (m) => withTracing(m, { tracer: recorder.tracer, captureContent: true }),
    });
    const secrets = wireSecrets(row.cassette);
    for (const turn of run.turns) {
      partSecrets(turn.request.messages, secrets);
      if (turn.response) partSecrets([turn.response.message], secrets);
    }
    for (const key of KEYS) secrets.add(key);
    // An "encrypted" payload that is the reasoning's own text (Ollama's Responses
    // `encrypted_content`) hides nothing: that text is content, captured as such.
    for (const turn of run.turns) {
      for (const m of [
        ...turn.request.messages,
        ...(turn.response ? [turn.response.message] : []),
      ]) {
        for (const p of typeof m.content === "string" ? [] : m.content) {
          if (p.type === "thinking" && p.text) secrets.delete(p.text);
        }
      }
    }
    const spans = recorder.spans();
    expect(spans.length).toBe(run.turns.length);
    for (const span of spans) {
      const text = spanText(span);
      for (const secret of secrets) {
        if (text.includes(secret)) throw new Error(`${span.name} carries ${secret.slice(0, 40)}…`);
      }
      if (span.attributes["gen_ai.input.messages"] !== undefined) found.captured++;
    }
    found.secrets += secrets.size - KEYS.length;
  });

  it("the runs above had evidence of every kind to leak, and captured content", () => {
    // Anthropic, Bedrock (JSON and event stream), Gemini, OpenAI Responses, OpenRouter.
    expect([...KINDS_SEEN].sort()).toEqual(
      expect.arrayContaining([
        "encrypted_content",
        "reasoning.encrypted.data",
        "redactedContent",
        "redactedContent (event stream)",
        "redacted_thinking.data",
        "signature",
        "signature (event stream)",
        "thoughtSignature",
      ]),
    );
    expect(found.secrets).toBeGreaterThan(50);
    expect(found.captured).toBeGreaterThan(RUNNABLE.length);
  });
});
