import type {
  Message,
  Model,
  ModelRequest,
  ModelResponse,
  OutputSpec,
  ToolCallPart,
  ToolSpec,
} from "../../src/index.js";
import { toolCallsOf } from "../../src/index.js";
import { type Conversation, WEATHER, weatherIn } from "./loops.js";

export { WEATHER } from "./loops.js";

/** The second tool of the interleaved and cache loops: a city's local time. */
export const LOCAL_TIME: ToolSpec = {
  name: "local_time",
  description: "Get the current local time in a city",
  parameters: {
    properties: { city: { description: "the city", type: "string" } },
    required: ["city"],
    type: "object",
  },
};

/** The structured output the `structured-output*` scenarios ask for (and their cassettes hold). */
export const REPORT: OutputSpec = {
  name: "weather_report",
  description: "The city and its temperature",
  schema: {
    type: "object",
    properties: { city: { type: "string" }, celsius: { type: "number" } },
    required: ["city", "celsius"],
    additionalProperties: false,
  },
};

/** The request of the `structured-output*` scenarios: one user turn and {@link REPORT}. */
export const REPORT_REQUEST: ModelRequest = {
  messages: [
    { role: "user", content: "It is 18 C in Oslo today. Report the city and the temperature." },
  ],
  output: REPORT,
};

/** The weather the tool reports; fixed, so captures are repeatable. */
export function weather(call: ToolCallPart): string {
  return weatherIn(call.arguments);
}

/** What a tool answers: its text, or a failure the model is told about. */
export type ToolAnswer = string | { content: string; isError: true };

/** A tool loop's conversation: prompt, tools, and how each call is answered. */
export interface LoopOptions {
  system?: string;
  prompt: string;
  stream: boolean;
  /** @defaultValue [WEATHER] */
  tools?: ToolSpec[];
  toolChoice?: ModelRequest["toolChoice"];
  /** @defaultValue {@link weather} */
  answer?: (call: ToolCallPart) => ToolAnswer;
  /** @defaultValue 4 */
  maxSteps?: number;
}

/** One call, streamed (read to its end) or not. */
export function call(model: Model, req: ModelRequest, stream: boolean): Promise<ModelResponse> {
  return stream ? model.stream(req).response : model.generate(req);
}

/** The tool messages that answer every call of a response. */
export function toolResults(
  response: ModelResponse,
  answer: (call: ToolCallPart) => ToolAnswer,
): Message[] {
  return toolCallsOf(response.message).map((c) => {
    const a = answer(c);
    return typeof a === "string"
      ? { role: "tool", toolCallId: c.id, content: a }
      : { role: "tool", toolCallId: c.id, content: a.content, isError: true };
  });
}

/**
 * Calls the model until it answers without tool calls (at most `maxSteps` calls), answering
 * each call with `answer`. Returns every response, in order.
 */
export async function toolLoop(model: Model, opts: LoopOptions): Promise<ModelResponse[]> {
  const messages: Message[] = [{ role: "user", content: opts.prompt }];
  const responses: ModelResponse[] = [];
  const base = {
    tools: opts.tools ?? [WEATHER],
    ...(opts.system ? { system: opts.system } : {}),
    ...(opts.toolChoice ? { toolChoice: opts.toolChoice } : {}),
  };
  for (let step = 0; step < (opts.maxSteps ?? 4); step++) {
    const response = await call(model, { ...base, messages: [...messages] }, opts.stream);
    responses.push(response);
    messages.push(response.message);
    const results = toolResults(response, opts.answer ?? weather);
    if (results.length === 0) break;
    messages.push(...results);
  }
  return responses;
}

/** A recorded conversation of loops.ts as a tool loop: its prompts, its tool and its answers. */
export function conversationLoop(
  model: Model,
  c: Conversation,
  opts: Omit<LoopOptions, "prompt" | "tools" | "answer">,
): Promise<ModelResponse[]> {
  return toolLoop(model, {
    ...(c.system === undefined ? {} : { system: c.system }),
    ...opts,
    prompt: c.prompt,
    tools: [c.tool],
    answer: (call) => c.answer(call.arguments),
  });
}

/** Runs `fn` and swallows the provider error it is expected to produce. */
export async function expectError(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if ((err as Error).name === "APIError") return;
    throw err;
  }
  throw new Error("the scenario expected an error answer, but the call succeeded");
}
