/**
 * An agent with a zod tool, on Claude through Amazon Bedrock with extended thinking: the model
 * reasons, asks for the tool, gets its result and answers. Reasoning streams before the text;
 * the run's messages keep every thinking part in its place with its signature, which the
 * second request sends back byte for byte. Then the conversation is saved and read back.
 *
 * With AWS credentials in the environment (AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY, or
 * AWS_BEARER_TOKEN_BEDROCK; AWS_REGION) it calls Bedrock. Without them it replays the exchange
 * recorded in fixtures/bedrock/thinking-tool-loop-stream.json, checking every request it sends.
 *
 *   npm run example:agent
 */
import { readFileSync } from "node:fs";
import { Agent, parseHistory, serializeHistory, thinkingOf, tool } from "golem";
import * as bedrock from "golem/bedrock";
import { parseCassette, replayFetch } from "golem/testing";
import { z } from "zod";

const live = Boolean(process.env.AWS_ACCESS_KEY_ID || process.env.AWS_BEARER_TOKEN_BEDROCK);
const cassette = new URL("../../fixtures/bedrock/thinking-tool-loop-stream.json", import.meta.url);

const model = bedrock.create({
  // Live: AWS_REGION (or AWS_DEFAULT_REGION) from the environment.
  ...(live ? {} : { region: "us-east-1" }),
  // Offline, the model the recording was made with (retired since); live, a current one.
  model: live ? "us.anthropic.claude-sonnet-4-6" : "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
  thinking: { budgetTokens: 1024 },
  // Offline: made-up credentials (the replay checks that requests are signed, not by whom)
  // and a fetch that serves the recorded answers.
  ...(live
    ? {}
    : {
        credentials: {
          accessKeyId: "AKIDOFFLINEEXAMPLE",
          secretAccessKey: "offline-example-secret",
          sessionToken: "offline-example-session",
        },
        fetch: replayFetch(parseCassette(readFileSync(cassette, "utf8"))),
      }),
});

// The schema types `execute`'s arguments and is sent to the model as JSON Schema.
const getUserCountry = tool({
  name: "get_user_country",
  description: "",
  parameters: z.strictObject({}),
  execute: () => "Mexico",
});

const agent = new Agent({ model, tools: [getUserCountry] });
const run = agent.runStream("What is the largest city in the user country?");

let phase = "";
for await (const event of run) {
  if (event.type === "delta") {
    const { delta } = event;
    // Reasoning and answer text come as deltas of their own part; tool arguments are not shown.
    if (delta.type !== "thinking" && delta.type !== "text") continue;
    const now = delta.type === "thinking" ? "reasoning" : "answer";
    const piece = delta.text ?? "";
    if (!piece) continue;
    if (now !== phase) {
      phase = now;
      process.stdout.write(`\n[step ${event.step}] ${phase}: `);
    }
    process.stdout.write(piece);
  } else if (event.type === "tool-result") {
    phase = "";
    console.log(`\n[step ${event.step}] tool result: ${event.message.content}`);
  }
}

const result = await run.result;
console.log(
  `\n\n${result.steps} steps, ${result.output.length} characters of answer, tokens in/out: ${result.usage.inputTokens}/${result.usage.outputTokens}`,
);
for (const [i, message] of result.messages.entries()) {
  // The thinking parts stay in the message, in their place, with their signatures.
  for (const part of thinkingOf(message)) {
    const signature = part.signature ?? part.redacted ?? "";
    console.log(
      `messages[${i}] keeps a ${part.provider} reasoning block, signature ${signature.length} chars`,
    );
  }
}

// A conversation survives a round trip through storage with its signatures intact.
const saved = serializeHistory(result.messages);
const restored = parseHistory(saved);
console.log(
  `saved ${saved.length} bytes; read back ${restored.length} messages, equal: ${serializeHistory(restored) === saved}`,
);
