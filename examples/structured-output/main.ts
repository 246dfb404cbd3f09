/**
 * An agent whose run ends with a typed value instead of text: a zod schema is the agent's
 * `output`, every model call asks for JSON matching it (the provider's native JSON-schema
 * mode, tool calls still allowed), and the final answer is parsed and validated. An answer the
 * schema refuses goes back to the model with the problem, up to `outputRetries` times.
 *
 * With ANTHROPIC_API_KEY set it calls Claude. Without it, a scripted model plays the exchange
 * (a tool call, an answer in prose that the agent refuses, then the JSON), and checks that
 * every request asks for the output schema.
 *
 *   npm run example:output
 */
import {
  Agent,
  type Message,
  type Model,
  type ModelRequest,
  type ModelResponse,
  OutputError,
  tool,
} from "golem";
import * as anthropic from "golem/anthropic";
import { z } from "zod";

// Every field required, no other keys and no numeric or length limits: a schema every
// provider's native mode accepts (some refuse `minimum`, `maxItems` and the like).
const City = z.strictObject({
  country: z.string(),
  city: z.string().describe("the country's largest city"),
  population: z.number(),
  landmarks: z.array(z.string()).describe("at most three"),
});

const getUserCountry = tool({
  name: "get_user_country",
  description: "The country the user is in",
  parameters: z.strictObject({}),
  execute: () => "Mexico",
});

/** Offline: answers from a script, one answer per call, as a provider would. */
function scriptedModel(answers: Message["content"][]): Model {
  const generate = async (req: ModelRequest): Promise<ModelResponse> => {
    // What an adapter turns into its provider's JSON-schema mode, on every call.
    if (!req.output) throw new Error("the request does not ask for the output schema");
    const content = answers.shift();
    if (content === undefined) throw new Error("the script has no answer left");
    const message: Message = { role: "assistant", content };
    return { message, usage: { inputTokens: 0, outputTokens: 0 }, stopReason: "end_turn" };
  };
  return {
    provider: "scripted",
    model: "scripted",
    generate,
    stream: () => {
      throw new Error("this example does not stream");
    },
  };
}

const live = Boolean(process.env.ANTHROPIC_API_KEY);
const model = live
  ? anthropic.create({ model: "claude-sonnet-4-6", maxTokens: 4096 })
  : scriptedModel([
      [{ type: "tool-call", id: "call_1", name: "get_user_country", arguments: "{}" }],
      [{ type: "text", text: "The largest city in Mexico is Mexico City." }],
      [
        {
          type: "text",
          text: '{"country":"Mexico","city":"Mexico City","population":9209944,"landmarks":["Zócalo","Chapultepec Castle"]}',
        },
      ],
    ]);

const agent = new Agent({
  model,
  instructions: "Answer with facts you are sure of.",
  tools: [getUserCountry],
  output: City,
});

try {
  const result = await agent.run("What is the largest city in the user's country?");
  // Typed from the schema: { country: string; city: string; population: number; landmarks: string[] }
  const { country, city, population, landmarks } = result.output;
  console.log(`${city}, ${country}: ${population.toLocaleString("en")} people`);
  console.log(`landmarks: ${landmarks.join(", ")}`);
  // Refused answers stay in the evidence, each followed by the agent's request to fix it.
  for (const m of result.messages) {
    if (m.role === "user" && m !== result.messages[0])
      console.log(`agent asked again: ${m.content}`);
  }
  console.log(`${result.steps} model calls`);
} catch (err) {
  // After the retries: the last answer's raw text and what the schema said about it.
  if (!(err instanceof OutputError)) throw err;
  console.error(`no valid answer: ${err.message}\nlast answer: ${err.text}`);
  process.exitCode = 1;
}
