import { describe, expect, it } from "vitest";
import type { Message, Part } from "../../src/index.js";
import { captureMessage, capturePart, MARKER, withTracing } from "../../src/otel/index.js";
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

/** Every opaque string of a cassette's wire JSON (requests, answers and SSE chunks alike). */
function wireSecrets(
  value: unknown,
  key = "",
  inRedacted = false,
  out = new Set<string>(),
): Set<string> {
  if (typeof value === "string") {
    if ((OPAQUE_KEY.test(key) || (inRedacted && key === "data")) && value.length >= 8)
      out.add(value);
    // SSE chunks and event payloads are JSON inside strings.
    for (const m of value.matchAll(
      /"(\w*(?:signature|encrypted|redacted)\w*)"\s*:\s*"([^"]{8,})"/gi,
    )) {
      out.add(m[2] as string);
    }
    for (const m of value.matchAll(
      /"type"\s*:\s*"redacted_thinking"\s*,\s*"data"\s*:\s*"([^"]{8,})"/g,
    )) {
      out.add(m[1] as string);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) wireSecrets(v, key, inRedacted, out);
  } else if (typeof value === "object" && value !== null) {
    const redacted = inRedacted || (value as { type?: unknown }).type === "redacted_thinking";
    for (const [k, v] of Object.entries(value)) wireSecrets(v, k, redacted, out);
  }
  return out;
}

/** The evidence golem parsed into parts: signatures, redacted payloads, provider blocks' opaque strings. */
function partSecrets(messages: Message[], out: Set<string>): void {
  for (const m of messages) {
    if (typeof m.content === "string") continue;
    for (const p of m.content) {
      if ("signature" in p && p.signature) out.add(p.signature);
      if (p.type === "thinking" && p.redacted) out.add(p.redacted);
      if (p.type === "provider") wireSecrets(p.value, "", false, out);
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
    const secrets = wireSecrets(row.cassette.interactions);
    for (const turn of run.turns) {
      partSecrets(turn.request.messages, secrets);
      if (turn.response) partSecrets([turn.response.message], secrets);
    }
    for (const key of KEYS) secrets.add(key);
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

  it("the runs above had evidence to leak, and captured content", () => {
    expect(found.secrets).toBeGreaterThan(50);
    expect(found.captured).toBeGreaterThan(RUNNABLE.length);
  });
});
