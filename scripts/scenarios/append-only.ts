/**
 * Append-only conversations on models that bind reasoning to its prefix (docs/append-only.md):
 * the exchanges the synthesized cassettes stand in for, so a key holder can record them live
 * (`npm run capture -- anthropic preserved-thinking-loop`), and the contract rows replay.
 */
import { Agent } from "../../src/agent/agent.js";
import type { ToolDecision } from "../../src/agent/pause.js";
import { type Tool, tool } from "../../src/agent/tool.js";
import { parseHistory, serializeHistory } from "../../src/core/history.js";
import { toolCallsOf } from "../../src/core/parts.js";
import type { StandardSchemaV1 } from "../../src/core/standard-schema.js";
import type {
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  ToolSpec,
} from "../../src/core/types.js";
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

/**
 * A tool for the agent runs below: the spec's JSON Schema, any arguments accepted, `answer`
 * returned; `needsApproval` as given.
 */
function agentTool(spec: ToolSpec, answer: string, needsApproval = false): Tool {
  const accept: StandardSchemaV1 = {
    "~standard": { version: 1, vendor: "golem-scenario", validate: (value) => ({ value }) },
  };
  return tool({
    ...spec,
    parameters: accept,
    jsonSchema: spec.parameters,
    needsApproval,
    execute: () => answer,
  });
}

/**
 * A run paused for approval and resumed in another process, on a model that binds reasoning
 * to its prefix: the agent's weather tool needs approval, so the run stops after the model's
 * signed call, before the tool runs; its messages go through serializeHistory / parseHistory
 * and a second agent (the same instructions and tools) resumes them with `decision`. The
 * resumed request is the paused one plus the assistant turn and the tool's answer (the
 * result, or the denial the model reads), so the prefix guard verifies it.
 */
export async function approvalLoop(call: Call, decision: ToolDecision): Promise<void> {
  const model = modelOf(call);
  const agent = () =>
    new Agent({
      model,
      instructions: "You are a helpful assistant",
      tools: [agentTool(WEATHER, "40 C", true)],
    });
  const paused = await agent().run("What's the weather in Florence, Italy?");
  const pending = paused.pending ?? [];
  if (pending.length === 0) throw new Error("approval scenario: the run did not pause");
  const stored = serializeHistory(paused.messages);
  const decisions = Object.fromEntries(pending.map((c) => [c.id, decision]));
  await agent().resume(parseHistory(stored), decisions);
}

/** A {@link Model} over `call`, for the agent (a scenario's model or a contract row's replay). */
function modelOf(call: Call): Model {
  return {
    provider: "scenario",
    model: "scenario",
    generate: (req) => call(req),
    stream: () => {
      throw new Error("the agent-updates scenario does not stream");
    },
  };
}

/**
 * Append-only updates driven by the agent on a binding model: agent A (weather) runs a tool
 * loop; agent B, with a new instruction and a `local_time` tool, continues it: the history's
 * system and tools stay top-level and B's changes go in one appended system message (text +
 * `tool_addition`); then the caller lowers the effort with an update-only system message.
 * Each request is the previous one plus new turns (docs/append-only.md).
 */
export async function agentUpdatesLoop(call: Call): Promise<void> {
  const model = modelOf(call);
  const weather = agentTool(WEATHER, "40 C");
  const localTime = agentTool(LOCAL_TIME, "14:05");
  const first = await new Agent({
    model,
    instructions: "You are a helpful assistant",
    tools: [weather],
  }).run("What's the weather in Florence, Italy?");
  const second = await new Agent({
    model,
    instructions: "Answer in one short sentence.",
    tools: [weather, localTime],
  }).runWithHistory(first.messages, "And the local time there?");
  await call({
    system: "You are a helpful assistant",
    tools: [WEATHER],
    messages: [
      ...second.messages,
      user("Thanks, that is all."),
      { role: "system", content: "", update: { effort: "low" } },
    ],
  });
}
