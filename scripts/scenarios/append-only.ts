/**
 * Append-only conversations on models that bind reasoning to its prefix (docs/append-only.md):
 * the exchanges the synthesized cassettes stand in for, so a key holder can record them live
 * (`npm run capture -- anthropic preserved-thinking-loop`), and the contract rows replay.
 */
import { toolCallsOf } from "../../src/core/parts.js";
import type { Message, ModelRequest, ModelResponse } from "../../src/core/types.js";
import { LOCAL_TIME, WEATHER } from "./tool-loop.js";

type Call = (req: ModelRequest) => Promise<ModelResponse>;

const user = (content: string): Message => ({ role: "user", content });
const results = (m: Message, content: string): Message[] =>
  toolCallsOf(m).map((c) => ({ role: "tool", toolCallId: c.id, content }));

/**
 * A three-step tool loop with an instruction added late, as a system message in place right
 * after the tool result, then a follow-up: each request is the previous one plus new turns.
 */
export async function lateInstructionLoop(call: Call): Promise<void> {
  const base = { system: "You are a helpful assistant", tools: [WEATHER] };
  const history: Message[] = [user("What's the weather in Florence, Italy?")];
  const first = await call({ ...base, messages: [...history] });
  history.push(first.message, ...results(first.message, "40 C"), {
    role: "system",
    content: "From now on, answer in one short sentence.",
  });
  const second = await call({ ...base, messages: [...history] });
  history.push(second.message, user("And in Fahrenheit?"));
  await call({ ...base, messages: [...history] });
}

/**
 * A three-step tool loop changed mid-run without touching the prefix: after the first tool
 * result, a system message adds an instruction, a tool (`local_time`) and a higher effort, as one
 * `update`; the model calls the new tool, then answers. Each request is the previous one plus
 * new turns (the request's `system` and `tools` never change).
 */
export async function midRunUpdateLoop(call: Call): Promise<void> {
  const base = { system: "You are a helpful assistant", tools: [WEATHER] };
  const history: Message[] = [user("What's the weather in Florence, Italy?")];
  const first = await call({ ...base, messages: [...history] });
  history.push(first.message, ...results(first.message, "40 C"), {
    role: "system",
    content: "Also give the local time there; the local_time tool tells it.",
    update: { addTools: [LOCAL_TIME], effort: "high" },
  });
  const second = await call({ ...base, messages: [...history] });
  history.push(second.message, ...results(second.message, "15:00"));
  await call({ ...base, messages: [...history] });
}

/**
 * A stored turn golem has no record of, replayed under a changed system prompt: with
 * prefixCheck "drop" golem asks the API to drop the block ("drop_block"), which reports it.
 */
export async function droppedTurn(call: Call): Promise<void> {
  await call({
    system: "You are a helpful assistant. Today is Tuesday.",
    messages: [
      user("Which day is it?"),
      {
        role: "assistant",
        content: [
          {
            type: "thinking",
            text: "The system prompt says Monday.",
            signature: "c2lnLW1vbmRheQ==",
          },
          { type: "text", text: "It is Monday." },
        ],
      },
      user("Are you sure?"),
    ],
  });
}

/**
 * A request the first model declines and a fallback model answers in the same response (a
 * `fallback` block marks the change), then a follow-up: the fallback turn goes back as it came.
 */
export async function fallbackTurn(call: Call): Promise<void> {
  const history: Message[] = [user("How do lock-picking tools work, in general terms?")];
  const first = await call({ messages: [...history] });
  history.push(first.message, user("And how do locks resist them?"));
  await call({ messages: [...history] });
}
