/**
 * What only Gemini's cassettes show (the validator-skip signature, signatures on calls and on
 * answer text, functionResponse ids, RetryInfo waits); the laws every cassette obeys run in
 * test/contract/laws.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { Part } from "../../../src/core/types.js";
import * as gemini from "../../../src/platforms/gemini/index.js";
import { type Cassette, replayFetch } from "../../../src/testing/index.js";
import { SKIP_SIGNATURE_VALIDATOR } from "../../../src/wires/generate-content/request.js";
import { createModel, FAKE_AUTH } from "../../contract/adapters.js";
import { cassetteFiles, loadCassette, type RowRun, runCassette } from "../../contract/table.js";
import { expectAPIError } from "../../helpers/errors.js";
import { responseOf } from "../../helpers/responses.js";
import { inFakeTime } from "../../helpers/time.js";

const run = (file: string) => runCassette("gemini", file);

/** The SSE `data:` payloads of interaction i's recorded response. */
function recordedChunks(
  cassette: Cassette,
  i: number,
): { candidates?: { content?: { parts?: Record<string, unknown>[] } }[] }[] {
  return (cassette.interactions[i]?.response.chunks ?? [])
    .join("")
    .split(/\r\n\r\n|\n\n/)
    .filter((e) => e.startsWith("data: "))
    .map((e) => JSON.parse(e.slice(6)));
}

function recordedSignatures(cassette: Cassette, i: number): string[] {
  return recordedChunks(cassette, i)
    .flatMap((c) => c.candidates?.[0]?.content?.parts ?? [])
    .map((p) => p.thoughtSignature)
    .filter((s): s is string => typeof s === "string");
}

type SentBody = { contents: { role: string; parts: Record<string, unknown>[] }[] };
const sent = (r: RowRun, i: number) => r.fetch.requests[i]?.body as SentBody;

describe.each(cassetteFiles("gemini"))("gemini %s", (file) => {
  it("sends the API key in x-goog-api-key with every request", async () => {
    const r = await run(file);
    expect(r.fetch.requests.map((q) => q.headers["x-goog-api-key"])).toEqual(
      r.fetch.requests.map(() => FAKE_AUTH.gemini.apiKey),
    );
  });
});

describe("gemini thinking-streaming (fantasy, verified live)", () => {
  it("parses the signed function call and replays its signature byte for byte", async () => {
    const r = await run("thinking-streaming");
    const [signature] = recordedSignatures(r.cassette, 0);
    // The upstream turn 2 (answered 200) sent back exactly these bytes.
    const upstream = r.cassette.interactions[1]?.request.body as SentBody;
    expect(signature).toBe(upstream.contents[1]?.parts[0]?.thoughtSignature);
    expect(
      signature?.startsWith("Eu0DCuoDAb4+9vvdbiOpT/hdj5NfRT0HGI7d3Q7aVsxdntWDDSAKWXd1W9"),
    ).toBe(true);
    expect(r.turns[0]?.response).toEqual({
      message: {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            id: "9d532gc9",
            name: "weather",
            arguments: '{"location":"Florence, Italy"}',
            signature,
            provider: "gemini",
          },
        ],
      },
      usage: { inputTokens: 65, outputTokens: 110, reasoningTokens: 94 },
      stopReason: "STOP",
      id: "yACzaZiFOp3Uz7IP577z4Qk",
      model: "gemini-3.1-pro-preview",
    });
    const part = sent(r, 1).contents[1]?.parts[0];
    expect(part?.thoughtSignature).toBe(signature);
    expect(part?.functionCall).toEqual({
      name: "weather",
      args: { location: "Florence, Italy" },
      id: "9d532gc9",
    });
    expect(sent(r, 1).contents[2]).toEqual({
      role: "user",
      parts: [
        { functionResponse: { name: "weather", id: "9d532gc9", response: { result: "40 C" } } },
      ],
    });
  });

  it("keeps turn 2's answer signature from its trailing empty text part on the text", async () => {
    const r = await run("thinking-streaming");
    const [signature] = recordedSignatures(r.cassette, 1);
    expect(r.turns[1]?.response?.message).toEqual({
      role: "assistant",
      content: [
        {
          type: "text",
          text: "The current weather in Florence, Italy is 40°C (104°F). Stay cool, it's quite hot!",
          signature,
          provider: "gemini",
        },
      ],
    });
    expect(r.turns[1]?.response?.usage).toEqual({
      inputTokens: 189,
      outputTokens: 97,
      reasoningTokens: 68,
    });
  });
});

describe("gemini parallel-calls-one-signature (Vertex stream, re-framed)", () => {
  it("replays the thought, the one signature on the first call, and four results without invented ids", async () => {
    const r = await run("parallel-calls-one-signature");
    const [signature] = recordedSignatures(r.cassette, 0);
    const model = sent(r, 1).contents[1];
    expect(model?.parts.map((p) => p.thoughtSignature)).toEqual([
      undefined,
      signature,
      undefined,
      undefined,
      undefined,
    ]);
    expect(model?.parts[0]?.thought).toBe(true);
    expect(model?.parts.slice(1).map((p) => p.functionCall)).toEqual([
      { name: "read_theme", args: {} },
      { name: "read_screen", args: { id: "A" } },
      { name: "read_screen", args: { id: "B" } },
      { name: "read_screen", args: { id: "C" } },
    ]);
    expect(sent(r, 1).contents[2]?.parts).toHaveLength(4);
    expect(r.turns[1]?.response?.message.content).toEqual([
      {
        type: "text",
        text: "The theme is dark. Screen A is a login form, screen C the settings page; screen B was not found.",
      },
    ]);
  });
});

describe("gemini text-signature-on-empty-part (gemini-3-pro-preview)", () => {
  it("replays the answer as one text part with the trailing part's signature", async () => {
    const r = await run("text-signature-on-empty-part");
    const [signature] = recordedSignatures(r.cassette, 0);
    const content = r.turns[0]?.response?.message.content as { signature?: string }[];
    expect(content.map((p) => p.signature)).toEqual([signature]);
    expect(sent(r, 1).contents[1]?.parts).toHaveLength(1);
    expect(sent(r, 1).contents[1]?.parts[0]?.thoughtSignature).toBe(signature);
  });
});

describe("gemini cross-provider-tool-call (pydantic-ai, verified live)", () => {
  it("sends the foreign call with the validator-skip signature and drops the foreign block", async () => {
    const r = await run("cross-provider-tool-call");
    expect(sent(r, 0).contents[1]?.parts).toEqual([
      {
        functionCall: { name: "get_country", args: {}, id: "call_1w9YRdMtRTRucwZShoZYlLJp" },
        thoughtSignature: SKIP_SIGNATURE_VALIDATOR,
      },
    ]);
    expect(SKIP_SIGNATURE_VALIDATOR).toBe("Y29udGV4dF9lbmdpbmVlcmluZ19pc190aGVfd2F5X3RvX2dv");
  });

  it("parses the answer's call with a made-up id and its signature", async () => {
    const r = await run("cross-provider-tool-call");
    const body = r.cassette.interactions[0]?.response.body as {
      candidates: { content: { parts: { thoughtSignature: string }[] } }[];
    };
    const call: Part = {
      type: "tool-call",
      id: "golem_TeAgaaKoDO-tz7IPmu30uQo_0",
      name: "final_result",
      arguments: '{"city":"Mexico City","country":"Mexico"}',
      signature: body.candidates[0]?.content.parts[0]?.thoughtSignature ?? "(none recorded)",
      provider: "gemini",
    };
    const usage = { inputTokens: 107, outputTokens: 146, reasoningTokens: 123 };
    expect(r.turns[0]?.response).toEqual({
      ...responseOf([call], usage, "STOP"),
      id: "TeAgaaKoDO-tz7IPmu30uQo",
      model: "gemini-3-pro-preview",
    });
  });
});

describe("gemini missing-thought-signature (400)", () => {
  it("rejects with gemini.APIError carrying Google's status and message, not retried", async () => {
    const { error, fetch } = await run("missing-thought-signature");
    expectAPIError(error, gemini.APIError, {
      provider: "gemini",
      status: 400,
      type: "INVALID_ARGUMENT",
      retryable: false,
    });
    expect((error as Error).message).toMatch(
      /^gemini 400 INVALID_ARGUMENT: Function call is missing a thought_signature/,
    );
    expect(fetch.requests).toHaveLength(1);
  });
});

describe("gemini overloaded-retry (429, 503, then 200)", () => {
  it("is retried by the transport until the answer arrives", async () => {
    const r = await run("overloaded-retry");
    expect(r.fetch.requests).toHaveLength(3);
    expect(r.turns[0]?.response?.message).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "Hello!" }],
    });
  });

  it("waits the 34.4 s the 429's RetryInfo asks for before the second try, not less", async () => {
    const fetch = replayFetch(loadCassette("gemini", "overloaded-retry"));
    const model = await createModel("gemini", { model: "gemini-3-flash-preview" }, fetch);
    const seen: number[] = [];
    await inFakeTime(async () => {
      const answer = model.generate({ messages: [{ role: "user", content: "Say hello." }] });
      // Sample how many requests went out as fake time passes.
      for (let t = 0; t < 36_000; t += 100) {
        seen.push(fetch.requests.length);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return answer;
    });
    // At 34.3 s one request has gone out; by 34.5 s the retry has (the 503 then backs off < 1 s).
    expect(seen[343]).toBe(1);
    expect(seen[345]).toBeGreaterThanOrEqual(2);
    fetch.assertDone();
  });

  it("gives up with the last error when retries are off", async () => {
    const fetch = replayFetch(loadCassette("gemini", "overloaded-retry"));
    const model = await createModel(
      "gemini",
      { model: "gemini-3-flash-preview", maxRetries: 0 },
      fetch,
    );
    const err = await model
      .generate({ messages: [{ role: "user", content: "Say hello." }] })
      .catch((e) => e);
    expect(err).toMatchObject({
      status: 429,
      type: "RESOURCE_EXHAUSTED",
      retryable: true,
      retryAfterMs: 34_400,
    });
  });
});
