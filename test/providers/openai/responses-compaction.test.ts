import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/core/types.js";
import { buildResponsesRequest } from "../../../src/wires/openai-responses/request.js";
import { parseResponsesResponse } from "../../../src/wires/openai-responses/response.js";
import { messageItem } from "../../wires/openai-responses/items.js";

// Server-side compaction on the Responses API (context_management with compact_threshold): the
// output holds an opaque, encrypted `compaction` item, and with stateless input-array chaining
// the output items are appended "as usual"; the API follows the compaction item with a fresh
// `configuration_update` when earlier ones exist. Synthesized from
// https://developers.openai.com/api/docs/guides/compaction (ids and payloads are placeholders).
const COMPACTION = {
  id: "cmp_1",
  type: "compaction",
  encrypted_content: "gAAAAA-synthesized-cmp_1",
};
const FRESH_UPDATE = { id: "cu_1", type: "configuration_update", reasoning: { effort: "high" } };
const ANSWER = messageItem("msg_1", "Done.");

describe("an OpenAI compaction item", () => {
  it("is kept as a provider part in its place and goes back verbatim, in order", () => {
    const parsed = parseResponsesResponse(
      {
        id: "resp_1",
        object: "response",
        status: "completed",
        model: "gpt-6.2",
        output: [COMPACTION, FRESH_UPDATE, ANSWER],
        usage: { input_tokens: 9000, output_tokens: 40 },
      },
      "openai",
    );
    expect(parsed.message.content).toEqual([
      { type: "provider", provider: "openai-responses", value: COMPACTION },
      { type: "provider", provider: "openai-responses", value: FRESH_UPDATE },
      { type: "text", text: "Done." },
    ]);
    const history: Message[] = [
      { role: "user", content: "Summarize the repo." },
      parsed.message,
      { role: "user", content: "Next?" },
    ];
    const body = buildResponsesRequest(
      { messages: history },
      { provider: "openai", model: "gpt-6.2" },
      false,
    );
    expect(body.input).toEqual([
      { role: "user", content: "Summarize the repo." },
      COMPACTION,
      FRESH_UPDATE,
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] },
      { role: "user", content: "Next?" },
    ]);
  });
});
