/**
 * The recorded tool-loop conversations, one each: what the user asks, the tool and what it
 * answers, and the settings the model was created with. Capture (scripts/scenarios/), the
 * contract table, the agent tests and the runtime matrix all run them from here.
 *
 * Data and pure functions only, with type imports alone: the runtime matrix bundles this file
 * with the BUILT package, so it may load no source module.
 */
import type { Message, Model, ModelRequest, ModelResponse, ToolSpec } from "../../src/index.js";

/** A tool-loop conversation as a tool-calling app holds it. */
export interface Conversation {
  /** The system prompt (the agent's `instructions`). */
  system?: string;
  prompt: string;
  tool: ToolSpec;
  /** What the tool answers, given the call's arguments as the model sent them (JSON text). */
  answer(args: string): string;
  /** What the user asks after the answer: a last turn whose request replays the earlier ones. */
  followUp?: string;
}

/**
 * `model` sending `toolChoice: "auto"` with every request: the recorded Azure and Gemini loops
 * carry it, and an agent sends none by itself.
 */
export function autoToolChoice(model: Model): Model {
  return {
    provider: model.provider,
    model: model.model,
    generate: (req, opts) => model.generate({ ...req, toolChoice: "auto" }, opts),
    stream: (req, opts) => model.stream({ ...req, toolChoice: "auto" }, opts),
  };
}

/** The weather tool the recorded tool loops use (the same as in fixtures/). */
export const WEATHER: ToolSpec = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    properties: { location: { description: "the city", type: "string" } },
    required: ["location"],
    type: "object",
  },
};

/** The weather the tool reports; fixed, so captures are repeatable. */
export function weatherIn(args: string): string {
  const { location } = JSON.parse(args || "{}") as { location?: string };
  return location?.startsWith("Florence") ? "40 C" : "18 C";
}

/**
 * The weather loop every adapter records (fixtures/<provider>/thinking-tool-loop*.json and
 * their kin): one call of the weather tool, then the answer.
 */
export const WEATHER_LOOP: Conversation = {
  system: "You are a helpful assistant",
  prompt: "What's the weather in Florence, Italy?",
  tool: WEATHER,
  answer: weatherIn,
};

/**
 * Cohere's weather loop (fixtures/cohere/thinking-tool-loop*.json): the weather loop, then a
 * follow-up question, so the last request carries both earlier turns' thinking in its places.
 */
export const WEATHER_FOLLOW_UP_LOOP: Conversation = {
  ...WEATHER_LOOP,
  followUp: "Thanks! Should I pack an umbrella?",
};

/** Cohere's reasoning model with a 2,000-token thinking budget (the Cohere weather loop). */
export const COHERE_REASONING = {
  model: "command-a-reasoning-08-2025",
  thinking: { budgetTokens: 2000 },
};

/** The tool of pydantic-ai's Bedrock capture (fixtures/bedrock/thinking-tool-loop.json). */
export const USER_COUNTRY: ToolSpec = {
  name: "get_user_country",
  description: "",
  parameters: { additionalProperties: false, properties: {}, type: "object" },
};

/** pydantic-ai's Bedrock loop: the user's country, then its largest city. */
export const COUNTRY_LOOP: Conversation = {
  prompt: "What is the largest city in the user country?",
  tool: USER_COUNTRY,
  answer: () => "Mexico",
};

/** Claude Sonnet 4 with a 4,000-token thinking budget: every Claude platform's weather loop. */
export const CLAUDE_SONNET_4 = {
  model: "claude-sonnet-4-20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
};

/** The Bedrock Converse loop's model (the country loop), with a 1,024-token budget. */
export const BEDROCK_SONNET_3_7 = {
  model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
  thinking: { budgetTokens: 1024 },
};

/** Gemini 3 Pro with its thoughts (the Gemini weather loops, on the API and on Vertex). */
export const GEMINI_3_PRO = {
  model: "gemini-3-pro-preview" as const,
  thinking: { includeThoughts: true, level: "high" as const },
};

/** The Azure deployment of the recorded v1 tool call. */
export const AZURE_GPT_5_MINI = {
  endpoint: "https://fantasy-playground-resource.openai.azure.com",
  deployment: "gpt-5-mini",
  reasoningEffort: "high" as const,
};

/**
 * The credentials of the recorded Azure loops, as a test replays them: the streamed cassette
 * was recorded with an Entra ID token, the other with a key.
 */
export const azureAuth = (streaming: boolean) =>
  streaming
    ? { token: async () => "entra-token-0123456789" }
    : { apiKey: "azure-key-0123456789abcdef" };

/** The Responses API planning loop's model (fixtures/openai/responses-thinking-tool-loop*). */
export const RESPONSES_GPT_5 = {
  model: "gpt-5",
  api: "responses" as const,
  reasoningEffort: "low" as const,
  reasoningSummary: "detailed" as const,
};

/** A recorded Responses request, as far as the planning loop reads it. */
interface ResponsesBody {
  instructions?: string;
  input: { content?: unknown }[];
  tools?: { name?: string; parameters: object }[];
}

/**
 * The recorded Responses planning loop (pydantic-ai's): its prompt, instructions and planning
 * tool come from the first recorded request, and the tool answers "plan updated".
 */
export function planLoop(firstRequest: unknown): Conversation {
  const body = firstRequest as ResponsesBody;
  return {
    system: body.instructions ?? "",
    prompt: String(body.input[0]?.content ?? ""),
    tool: {
      name: body.tools?.[0]?.name ?? "update_plan",
      description: "",
      parameters: body.tools?.[0]?.parameters ?? {},
    },
    answer: () => "plan updated",
  };
}

/** The tool calls of a message, as parts. */
function callsOf(message: Message) {
  return typeof message.content === "string"
    ? []
    : message.content.flatMap((p) => (p.type === "tool-call" ? [p] : []));
}

/**
 * A recorded conversation driven turn by turn through `call` (as an app without the agent
 * does): its prompt, its tool's answer to each call until an answer calls none, then its
 * follow-up question, if it has one. At most `maxCalls` calls.
 */
export async function driveConversation(
  c: Conversation,
  call: (req: ModelRequest) => Promise<ModelResponse>,
  maxCalls = 6,
): Promise<{ messages: Message[]; responses: ModelResponse[] }> {
  const base = { ...(c.system === undefined ? {} : { system: c.system }), tools: [c.tool] };
  const messages: Message[] = [{ role: "user", content: c.prompt }];
  const responses: ModelResponse[] = [];
  let followUp = c.followUp;
  while (responses.length < maxCalls) {
    const response = await call({ ...base, messages: [...messages] });
    responses.push(response);
    messages.push(response.message);
    const calls = callsOf(response.message);
    if (calls.length > 0) {
      for (const p of calls) {
        messages.push({ role: "tool", toolCallId: p.id, content: c.answer(p.arguments) });
      }
    } else if (followUp !== undefined) {
      messages.push({ role: "user", content: followUp });
      followUp = undefined;
    } else break;
  }
  return { messages, responses };
}

/** A recorded Chat Completions request, as far as the DeepSeek loop reads it. */
interface ChatBody {
  messages: {
    content: string | null;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  }[];
  tools: { function: ToolSpec }[];
}

/** The DeepSeek loop's model (pydantic-ai's capture, fixtures/openai/deepseek-*). */
export const DEEPSEEK_REASONER = {
  model: "deepseek-reasoner",
  baseURL: "https://api.deepseek.com",
  replayReasoning: true,
};

/** Tool messages answering `message`'s tool calls, in order, with `contents`. */
function answers(message: Message, ...contents: string[]): Message[] {
  return callsOf(message).map((p, i) => ({
    role: "tool",
    toolCallId: p.id,
    content: contents[i] ?? "",
  }));
}

/**
 * The recorded three-turn DeepSeek loop (pydantic-ai's capability loading, then a dice roll),
 * driven turn by turn: each answer goes into the next turn's history, and what the app added
 * (two system prompts, the user's guess, tool results, its own `search_tools` step and the
 * tools it found) comes from the recorded requests. `call` sends turn `turn`'s request.
 */
export async function deepseekLoop(
  recordedBodies: readonly unknown[],
  call: (req: ModelRequest, turn: number) => Promise<ModelResponse>,
): Promise<{ messages: Message[]; responses: ModelResponse[] }> {
  const body = (i: number) => recordedBodies[i] as ChatBody;
  const recorded = body(2).messages;
  const req = (messages: Message[], turn: number): ModelRequest => ({
    system: recorded[0]?.content ?? "",
    messages,
    tools: body(turn).tools.map(({ function: f }) => ({
      name: f.name,
      description: f.description,
      parameters: f.parameters,
    })),
    toolChoice: "auto",
  });
  const first: Message[] = [
    { role: "system", content: recorded[1]?.content ?? "" },
    { role: "user", content: recorded[2]?.content ?? "" },
  ];
  const turn1 = await call(req(first, 0), 0);
  const search = recorded[5]?.tool_calls?.[0];
  const history2: Message[] = [
    ...first,
    turn1.message,
    ...answers(turn1.message, recorded[4]?.content ?? ""),
    {
      role: "assistant",
      content: [
        {
          type: "tool-call",
          id: search?.id ?? "",
          name: search?.function.name ?? "",
          arguments: search?.function.arguments ?? "",
        },
      ],
    },
    { role: "tool", toolCallId: search?.id ?? "", content: recorded[6]?.content ?? "" },
  ];
  const turn2 = await call(req(history2, 1), 1);
  const history3 = [...history2, turn2.message, ...answers(turn2.message, "Anne", "4")];
  const turn3 = await call(req(history3, 2), 2);
  return { messages: [...history3, turn3.message], responses: [turn1, turn2, turn3] };
}
