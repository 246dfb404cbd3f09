/**
 * The prefix check's cost per request (docs/adr/0024-prefix-check.md): a long Anthropic
 * conversation (turns of a prompt, a signed thinking block, a tool call and its result, each
 * turn carrying the record golem put on it) built into a request body with and without the
 * check, at a few lengths, so a reader sees the cost and that it grows linearly.
 */
import { partsOf } from "../src/core/parts.js";
import type { Message, ModelResponse, ToolSpec } from "../src/core/types.js";
import { guardPrefix } from "../src/kit/prefix/guard.js";
import { MESSAGES_PREFIX } from "../src/wires/messages/prefix.js";
import { buildRequest } from "../src/wires/messages/request.js";
import { median } from "./measure.js";

const CFG = {
  model: "claude-opus-5-5",
  settings: { maxTokens: 8000 },
  thinking: { type: "adaptive" as const },
  effort: undefined,
  prefixCheck: "error" as const,
};
const TOOLS: ToolSpec[] = [
  { name: "search", description: "search", parameters: { type: "object", properties: {} } },
];

/** A conversation of `turns` steps of ~10 KB each, recorded as golem records it. */
function conversation(turns: number): Message[] {
  const history: Message[] = [];
  const filler = "lorem ipsum dolor sit amet ".repeat(120);
  for (let t = 0; t < turns; t++) {
    history.push({ role: "user", content: `question ${t}: ${filler}` });
    const body = buildRequest({ system: "S", tools: TOOLS, messages: history }, CFG, false);
    const guard = guardPrefix(MESSAGES_PREFIX, body, history, "error");
    const reply: ModelResponse = {
      message: {
        role: "assistant",
        content: [
          { type: "thinking", text: filler, signature: `sig-${t}-${"x".repeat(400)}` },
          { type: "tool-call", id: `call_${t}`, name: "search", arguments: '{"q":"x"}' },
        ],
      },
      usage: { inputTokens: 1, outputTokens: 1 },
      stopReason: "tool_use",
    };
    history.push((guard?.finish(reply) ?? reply).message);
    history.push({ role: "tool", toolCallId: `call_${t}`, content: filler.repeat(4) });
  }
  return history;
}

function timeMs(fn: () => void, rounds: number): number {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** Per length: the body's size, the build alone, build + check, and the check's share. */
export function prefixCheckCost(rounds: number) {
  return [50, 100, 200].map((turns) => {
    const messages = conversation(turns);
    const req = { system: "S", tools: TOOLS, messages };
    const bytes = JSON.stringify(buildRequest(req, CFG, false)).length;
    const build = timeMs(() => JSON.stringify(buildRequest(req, CFG, false)), rounds);
    const checked = timeMs(() => {
      const body = buildRequest(req, CFG, false);
      guardPrefix(MESSAGES_PREFIX, body, messages, "error");
      JSON.stringify(body);
    }, rounds);
    const recordBytes = messages.reduce((n, m) => n + JSON.stringify(m.prefix ?? "").length, 0);
    const parts = messages.reduce((n, m) => n + partsOf(m).length, 0);
    return { turns, bytes, parts, recordBytes, buildMs: build, checkedMs: checked };
  });
}
