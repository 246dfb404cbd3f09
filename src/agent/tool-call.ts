import type { Message, Part, ToolCallPart } from "../core/types.js";
import { validateHistory } from "../core/validate.js";
import type { Tool, ToolArgs } from "./tool.js";

/**
 * Runs one tool call and answers it with a `tool` message; never throws. Bad JSON, arguments
 * the tool refuses, a schema that throws while checking them, an unknown name, a throwing tool,
 * a tool past its time limit (the tool's `timeoutMs`, else `defaultTimeoutMs`), a result that
 * is not JSON and parts that are not valid all become a message with `isError: true` whose
 * content tells the model what went wrong.
 */
export async function runToolCall(
  call: ToolCallPart,
  tools: ReadonlyMap<string, Tool>,
  signal: AbortSignal | undefined,
  defaultTimeoutMs?: number,
): Promise<Message> {
  const ready = await prepareToolCall(call, tools);
  return "answer" in ready ? ready.answer : executeToolCall(ready, signal, defaultTimeoutMs);
}

/**
 * A call read and checked, ready to run (its tool and the arguments `execute` gets), or
 * already answered with the error the model reads (unknown tool, bad JSON, refused arguments).
 */
export type PreparedCall =
  | { call: ToolCallPart; tool: Tool; args: unknown }
  | { call: ToolCallPart; answer: Message };

/** Finds the call's tool and checks its arguments; never throws. */
export async function prepareToolCall(
  call: ToolCallPart,
  tools: ReadonlyMap<string, Tool>,
): Promise<PreparedCall> {
  const found = tools.get(call.name);
  if (!found) return { call, answer: failed(call, unknownToolProblem(call.name, tools)) };
  const decoded = decodeArguments(call.arguments);
  if (!decoded.ok) {
    const problem = `The arguments of tool ${JSON.stringify(call.name)} are not valid JSON (${decoded.problem}). Send one JSON object that matches the tool's parameters.`;
    return { call, answer: failed(call, problem) };
  }
  let checked: ToolArgs;
  try {
    // A Standard Schema may validate asynchronously (zod with an async refinement).
    checked = await found.check(decoded.value);
  } catch (err) {
    const problem = `The arguments of tool ${JSON.stringify(call.name)} could not be checked: ${describe(err)}`;
    return { call, answer: failed(call, problem) };
  }
  if (!checked.ok) {
    const problem = `The arguments of tool ${JSON.stringify(call.name)} do not match its parameters:\n${checked.problem}`;
    return { call, answer: failed(call, problem) };
  }
  return { call, tool: found, args: checked.value };
}

/** Runs a checked call and answers it with a `tool` message; never throws. */
export async function executeToolCall(
  ready: { call: ToolCallPart; tool: Tool; args: unknown },
  signal: AbortSignal | undefined,
  defaultTimeoutMs?: number,
): Promise<Message> {
  const { call, tool: found } = ready;
  let result: unknown;
  const timeoutMs = found.timeoutMs ?? defaultTimeoutMs;
  try {
    result = await executeWithin(found, ready.args, signal, timeoutMs);
  } catch (err) {
    if (err instanceof ToolTimeout) {
      return failed(
        call,
        `Tool ${JSON.stringify(call.name)} did not finish within ${timeoutMs} ms and was stopped.`,
      );
    }
    return failed(call, `Tool ${JSON.stringify(call.name)} failed: ${describe(err)}`);
  }
  let content: string | Part[];
  try {
    content = formatResult(result);
  } catch (err) {
    return failed(
      call,
      `Tool ${JSON.stringify(call.name)} returned a value that cannot be sent as JSON: ${describe(err)}`,
    );
  }
  const problem = partsProblem(content);
  if (problem) {
    return failed(
      call,
      `Tool ${JSON.stringify(call.name)} returned parts that cannot be sent: ${problem}`,
    );
  }
  return { role: "tool", content, toolCallId: call.id };
}

/** The reason a tool's signal aborts with when its time is up. */
class ToolTimeout extends Error {
  override name = "TimeoutError";
}

/**
 * Runs the tool; with a time limit, its signal (linked to the run's) aborts when the time is
 * up and the call rejects with a {@link ToolTimeout} even if the tool never settles.
 */
async function executeWithin(
  found: Tool,
  args: unknown,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): Promise<unknown> {
  if (timeoutMs === undefined) return found.execute(args, signal ? { signal } : {});
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener("abort", onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new ToolTimeout(`no result within ${timeoutMs} ms`);
      controller.abort(reason);
      reject(reason);
    }, timeoutMs);
  });
  try {
    const running = (async () => found.execute(args, { signal: controller.signal }))();
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** The part types a tool message may hold, and so what makes a returned array parts. */
const RESULT_PARTS = new Set<unknown>(["text", "image", "file"]);

/**
 * Parts (a non-empty array of objects whose every `type` is text, image or file) are sent as
 * they are, a string too, `undefined` as `""`, anything else as JSON.
 */
function formatResult(result: unknown): string | Part[] {
  if (typeof result === "string") return result;
  if (result === undefined) return "";
  if (isParts(result)) return result;
  const json: string | undefined = JSON.stringify(result);
  // JSON.stringify gives undefined for a function or a symbol: say so rather than send nothing.
  if (json === undefined) throw new TypeError(`a ${typeof result} is not JSON`);
  return json;
}

function isParts(value: unknown): value is Part[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((p) => typeof p === "object" && p !== null && RESULT_PARTS.has(p.type))
  );
}

/**
 * What `validateHistory` would refuse in the parts (a bad base64 `data`, no `mediaType`...),
 * found now so the model reads it as the tool's error instead of the run failing on its
 * next call. A user message holds the same part types as a tool message.
 */
function partsProblem(content: string | Part[]): string | undefined {
  if (typeof content === "string") return undefined;
  try {
    validateHistory([{ role: "user", content }]);
    return undefined;
  } catch (err) {
    return describe(err).replace(/^messages\[0\]: /, "");
  }
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

/** The tool message of a call a decision denied: the model reads it as the tool's error. */
export function deniedAnswer(call: ToolCallPart, reason: string | undefined): Message {
  const why = reason ? ` (reason: ${reason})` : ".";
  return failed(
    call,
    `Tool ${JSON.stringify(call.name)} was not run: the call was not approved${why}`,
  );
}

function failed(call: ToolCallPart, content: string): Message {
  return { role: "tool", content, toolCallId: call.id, isError: true };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
