/**
 * Conversations for the inspector's tests, made by golem itself: a Claude model that binds its
 * prefix answers from scripted bodies, so each assistant turn carries its real prefix record
 * and signatures, as a stored history does.
 */
import type { Message, Part, ToolSpec } from "../../src/core/types.js";
import { create } from "../../src/platforms/anthropic/index.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { answer } from "../providers/anthropic/answer.js";

export const MODEL = "claude-opus-5-5";
export const SYSTEM = "You are terse.";
const tool = (name: string): ToolSpec => ({
  name,
  description: `the ${name}`,
  parameters: { type: "object", properties: {} },
});
export const TOOLS = [tool("weather"), tool("time")];

/** A signature no test text contains: the page must never show it. */
export const SIGNATURE_1 = "c2lnbmF0dXJlLXBheWxvYWQtb25lLW5ldmVyLXNob3du";
export const SIGNATURE_2 = "c2lnbmF0dXJlLXBheWxvYWQtdHdvLW5ldmVyLXNob3du";
export const REDACTED_DATA = "ZW5jcnlwdGVkLXJlYXNvbmluZy1uZXZlci1zaG93bi1hdC1hbGw=";

/** Assistant answers in Messages JSON, one per call. */
export type Answer = Record<string, unknown>;

export const TURN_1 = answer(
  [
    { type: "thinking", thinking: "Need the weather.", signature: SIGNATURE_1 },
    { type: "tool_use", id: "call_1", name: "weather", input: { city: "Oslo" } },
  ],
  "tool_use",
);
export const TURN_2 = answer([
  { type: "redacted_thinking", data: REDACTED_DATA },
  { type: "thinking", thinking: "It is cold.", signature: SIGNATURE_2 },
  { type: "text", text: "Cold." },
]);

/**
 * Runs a conversation: the first user message, then for each answer a call; a tool turn gets
 * `toolResult` as its answer, a text turn the next user message. Returns the history.
 */
export async function converse(
  answers: Answer[],
  opts: { toolResult?: string; users?: string[] } = {},
): Promise<Message[]> {
  const { fetch } = scriptedFetch(answers.map((b) => jsonResponse(200, b)));
  const model = create({ apiKey: "k", model: MODEL, maxTokens: 4096, fetch });
  const users = [...(opts.users ?? ["Weather in Oslo?", "And tomorrow?"])];
  const history: Message[] = [{ role: "user", content: users.shift() ?? "?" }];
  for (const _ of answers) {
    const res = await model.generate({ system: SYSTEM, tools: TOOLS, messages: history });
    history.push(res.message);
    const call = (res.message.content as Part[]).find((p) => p.type === "tool-call");
    if (call?.type === "tool-call") {
      history.push({ role: "tool", toolCallId: call.id, content: opts.toolResult ?? "-3 C" });
    } else {
      history.push({ role: "user", content: users.shift() ?? "Thanks." });
    }
  }
  return history;
}

/** The two-turn tool conversation of the tests: user, assistant (call), tool, assistant, user. */
export const weatherHistory = () => converse([TURN_1, TURN_2]);
