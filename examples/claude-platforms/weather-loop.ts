/**
 * The weather conversation every Claude platform example runs (anthropic-aws,
 * anthropic-bedrock, anthropic-foundry, anthropic-google-cloud, and vertex for Claude and
 * Gemini): the platforms differ in how they connect, not in what is said, so each example's
 * main.ts builds its model and hands it here. Each turn's message goes back into the history as it came, thinking blocks and their
 * signatures included, which is what the platforms check on the next turn.
 */
import { type Message, type Model, type ModelRequest, partsOf, textOf, toolCallsOf } from "golem";

/** The one tool of the conversation: the model calls it for Florence, then answers. */
export const WEATHER = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
};

/** What one turn produced, for the line printed after it. */
export interface WeatherTurn {
  /** 1 for the first turn, 2 for the answer after the tool result. */
  turn: number;
  /** The stream events seen (0 when the answer came whole). */
  deltas: number;
  /** The assistant message of the turn. */
  message: Message;
}

/** How an example runs the loop and prints it. */
export interface WeatherLoopOptions {
  /** Printed in brackets before every line, when an example runs more than one model. */
  label?: string;
  /** Ask for each answer whole (generate) instead of streaming it. */
  whole?: boolean;
  /** The line printed after each turn; by default its deltas and signed thinking blocks. */
  summary?: (turn: WeatherTurn) => string;
  /** Sent with every request (Vertex's Gemini example asks for "auto"). */
  toolChoice?: ModelRequest["toolChoice"];
}

/** The default turn line: the stream's size and how many thinking blocks came signed. */
function countSignedThinking({ turn, deltas, message }: WeatherTurn): string {
  const signed = partsOf(message).filter((p) => p.type === "thinking" && p.signature).length;
  return `turn ${turn}: ${deltas} deltas, ${signed} signed thinking block(s)`;
}

/** Runs one turn, streamed (counting the events) or whole. */
async function runTurn(model: Model, messages: Message[], options: WeatherLoopOptions) {
  const request: ModelRequest = {
    system: "You are a helpful assistant",
    messages,
    tools: [WEATHER],
    ...(options.toolChoice ? { toolChoice: options.toolChoice } : {}),
  };
  if (options.whole) return { deltas: 0, message: (await model.generate(request)).message };
  const stream = model.stream(request);
  let deltas = 0;
  for await (const _ of stream) deltas++;
  return { deltas, message: (await stream.response).message };
}

/** Two turns: the model calls the weather tool, then answers from its result ("40 C"). */
export async function weatherLoop(model: Model, options: WeatherLoopOptions = {}): Promise<void> {
  const prefix = options.label ? `[${options.label}] ` : "";
  const print = (line: string) => console.log(`${prefix}${line}`);
  const history: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];
  for (let turn = 1; turn <= 2; turn++) {
    const { deltas, message } = await runTurn(model, history, options);
    print((options.summary ?? countSignedThinking)({ turn, deltas, message }));
    const text = textOf(message).trim();
    if (text) print(text);
    history.push(message);
    const calls = toolCallsOf(message);
    if (calls.length === 0) break;
    for (const call of calls) {
      print(`calls ${call.name}(${call.arguments})`);
      history.push({ role: "tool", toolCallId: call.id, content: "40 C" });
    }
  }
}
