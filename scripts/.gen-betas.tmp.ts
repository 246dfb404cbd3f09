import { writeFileSync } from "node:fs";
import * as anthropic from "../src/platforms/anthropic/index.js";
import { recordFetch } from "../src/testing/index.js";
import { BETA_CONFIGS, BETA_RUNS, SIGNED_COMPACTION } from "./scenarios/anthropic-betas.js";

const usage = (extra: Record<string, unknown> = {}) => ({
  input_tokens: 412,
  output_tokens: 96,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  ...extra,
});
const msg = (id: string, model: string, content: unknown[], extra: Record<string, unknown> = {}, stop = "end_turn") => ({
  model, id, type: "message", role: "assistant", content, stop_reason: stop, stop_sequence: null, ...extra,
});
const think = (t: string, n: number) => ({ type: "thinking", thinking: t, signature: Buffer.from(`synthesized-signature-${n}`).toString("base64") });
const ANSWERS: Record<string, unknown[]> = {
  "thinking-display-updates": [
    msg("msg_01TDU1", "claude-fable-5-2", [think("Checking divisors up to 45.\n\nNo prime up to 43 divides 2027.", 1), { type: "text", text: "Yes: 2027 is prime." }], { usage: usage(), input_transformations: [] }),
  ],
  "speed-fast": [msg("msg_01SPF1", "claude-opus-5-5", [think("2027 has no divisor up to 45.", 2), { type: "text", text: "Yes: 2027 is prime." }], { usage: usage({ speed: "fast" }), input_transformations: [] })],
  "inference-geo": [msg("msg_01IGE1", "claude-opus-5-5", [think("2027 has no divisor up to 45.", 3), { type: "text", text: "Yes: 2027 is prime." }], { usage: usage({ inference_geo: "us" }), input_transformations: [] })],
  "compaction-summarize": [msg("msg_01CSU1", "claude-fable-5-2", [SIGNED_COMPACTION], { usage: usage({ input_tokens: 1840, output_tokens: 212 }), input_transformations: [] }, "compaction")],
  "compaction-signed-replay": [msg("msg_01CSR1", "claude-fable-5-2", [think("Day three: the bookings say Wednesday.", 4), { type: "text", text: "Day three: Santa Croce, then dinner at Trattoria Mario." }], { usage: usage(), input_transformations: [] })],
  "clear-at-system-message": [
    msg("msg_01CAT1", "claude-fable-5-2", [think("The instruction asks for French this time.", 5), { type: "text", text: "Jour trois : Santa Croce le matin, puis le Ponte Vecchio." }], { usage: usage(), input_transformations: [] }),
    msg("msg_01CAT2", "claude-fable-5-2", [think("Back to English: the French instruction is no longer shown.", 6), { type: "text", text: "In the evening: sunset at Piazzale Michelangelo." }], { usage: usage(), input_transformations: [] }),
  ],
};
const SOURCES: Record<string, string> = {
  "thinking-display-updates": 'the request carries thinking { type: "adaptive", display: "updates" } (BetaThinkingConfigAdaptive.display: "summarized" | "omitted" | "updates") with the beta thinking-display-updates-2026-08-18 (AnthropicBeta); the answer is an ordinary thinking block (BetaThinkingBlock), its text as a display of "updates" might read. https://platform.claude.com/docs/en/build-with-claude/thinking#controlling-thinking-display',
  "speed-fast": 'the request carries speed "fast" (MessageCreateParams.speed: "standard" | "fast") with the beta fast-mode-2026-02-01, which "some models require" (the SDK\'s comment); the answer\'s usage reports speed "fast" (BetaUsage.speed). https://platform.claude.com/docs/en/build-with-claude/fast-mode',
  "inference-geo": 'the request carries inference_geo "us" (MessageCreateParams.inference_geo: "Specifies the geographic region for inference processing"; no beta); the answer\'s usage reports inference_geo (BetaUsage.inference_geo).',
  "compaction-summarize": 'the request carries compaction { type: "summarize", instructions } (BetaCompactionConfig / BetaSummarizeCompaction) with the beta compact-2026-09-04; the answer is one compaction block alone, stop_reason "compaction", with its signature and tool_changes (BetaCompactionBlock; the tool changes hold a tool_reference, an mcp_tool_reference and an mcp_toolset_reference: BetaResponseToolAdditionBlock / BetaResponseToolRemovalBlock). https://platform.claude.com/docs/en/build-with-claude/compaction',
  "compaction-signed-replay": "the signed compaction block of compaction-summarize goes back first in messages byte for byte, signature and tool_changes included (BetaCompactionBlockParam: \"Send it back unchanged\"), so the request carries the beta compact-2026-09-04. https://platform.claude.com/docs/en/build-with-claude/compaction",
  "clear-at-system-message": 'a system message after the user\'s question carries clear_at "next_user_message" (BetaSystemMessageParam.clear_at: "next_user_message" | "never") with the beta mid-conversation-system-clear-at-2026-08-21; the next request sends it unchanged in its place ("the message stays in the array (send it unchanged) but is no longer shown to the model"). https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages',
};

for (const [name, config] of Object.entries(BETA_CONFIGS)) {
  const answers = [...(ANSWERS[name] ?? [])];
  let n = 0;
  const base = async () => {
    const body = answers.shift();
    n++;
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", "request-id": `req_${name}_${n - 1}` } });
  };
  const recorder = recordFetch(base as never);
  const model = anthropic.create({ ...config, apiKey: "sk-ant-synthesized-0123456789", fetch: recorder.fetch });
  await (BETA_RUNS[name] as (c: unknown) => Promise<void>)((req: never) => model.generate(req));
  const cassette = recorder.cassette({
    scenario: name,
    provider: "anthropic",
    source: `synthesized from @anthropic-ai/sdk 1.17.0's beta types (resources/beta/messages), not captured: ${SOURCES[name]} Signatures and ids are placeholders.`,
  });
  writeFileSync(`fixtures/anthropic/${name}.json`, `${JSON.stringify(cassette, null, 2)}\n`);
  console.log(name, (cassette as { interactions: unknown[] }).interactions.length);
}
