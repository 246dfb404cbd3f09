import type { Message, ToolCallPart } from "../core/types.js";
import type { Tool, ToolArgs } from "./tool.js";

/**
 * Runs one tool call and answers it with a `tool` message; never throws. Bad JSON, arguments
 * the tool refuses, a schema that throws while checking them, an unknown name, a throwing tool
 * and an unsendable result all become a message with `isError: true` whose content tells the
 * model what went wrong.
 */
export async function runToolCall(
  call: ToolCallPart,
  tools: ReadonlyMap<string, Tool>,
  signal: AbortSignal | undefined,
): Promise<Message> {
  const found = tools.get(call.name);
  if (!found) return failed(call, unknownToolProblem(call.name, tools));
  const decoded = decodeArguments(call.arguments);
  if (!decoded.ok) {
    return failed(
      call,
      `The arguments of tool ${JSON.stringify(call.name)} are not valid JSON (${decoded.problem}). Send one JSON object that matches the tool's parameters.`,
    );
  }
  let checked: ToolArgs;
  try {
    // A Standard Schema may validate asynchronously (zod with an async refinement).
    checked = await found.check(decoded.value);
  } catch (err) {
    return failed(
      call,
      `The arguments of tool ${JSON.stringify(call.name)} could not be checked: ${describe(err)}`,
    );
  }
  if (!checked.ok) {
    return failed(
      call,
      `The arguments of tool ${JSON.stringify(call.name)} do not match its parameters:\n${checked.problem}`,
    );
  }
  let result: unknown;
  try {
    result = await found.execute(checked.value, signal ? { signal } : {});
  } catch (err) {
    return failed(call, `Tool ${JSON.stringify(call.name)} failed: ${describe(err)}`);
  }
  try {
    return { role: "tool", content: formatResult(result), toolCallId: call.id };
  } catch (err) {
    return failed(
      call,
      `Tool ${JSON.stringify(call.name)} returned a value that cannot be sent as JSON: ${describe(err)}`,
    );
  }
}

/** A string is sent as is, `undefined` as `""`, anything else as JSON. */
function formatResult(result: unknown): string {
  if (typeof result === "string") return result;
  if (result === undefined) return "";
  const json: string | undefined = JSON.stringify(result);
  // JSON.stringify gives undefined for a function or a symbol: say so rather than send nothing.
  if (json === undefined) throw new TypeError(`a ${typeof result} is not JSON`);
  return json;
}

function decodeArguments(text: string): ToolArgs {
  // Some providers send "" for a call without arguments; that means {}.
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, problem: describe(err) };
  }
}

function unknownToolProblem(name: string, tools: ReadonlyMap<string, Tool>): string {
  const known = [...tools.keys()].map((n) => JSON.stringify(n)).join(", ");
  const offer = known ? `The tools you can call are: ${known}.` : "No tools are available.";
  return `There is no tool named ${JSON.stringify(name)}. ${offer}`;
}

function failed(call: ToolCallPart, content: string): Message {
  return { role: "tool", content, toolCallId: call.id, isError: true };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
