/**
 * Claude Platform on AWS: the weather conversation, streamed, thinking on. golem signs each
 * request with SigV4 (service aws-external-anthropic) or sends a workspace API key, adds the
 * required anthropic-workspace-id header, and sends each turn's thinking blocks and
 * signatures back on the next, exactly.
 *
 * With ANTHROPIC_AWS_WORKSPACE_ID and either ANTHROPIC_AWS_API_KEY or AWS credentials
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_REGION) set, it calls your workspace.
 * Without them it replays fixtures/anthropic-aws/thinking-tool-loop-stream.json, checking
 * that every request it sends is the recorded one.
 *
 *   npm run example:anthropic-aws
 */
import { readFileSync } from "node:fs";
import { type Message, partsOf, textOf, toolCallsOf } from "golem";
import * as anthropicAws from "golem/anthropic-aws";
import { parseCassette, replayFetch } from "golem/testing";

const workspaceId = process.env.ANTHROPIC_AWS_WORKSPACE_ID;
const live = Boolean(
  workspaceId && (process.env.ANTHROPIC_AWS_API_KEY || process.env.AWS_ACCESS_KEY_ID),
);

/** Where and as whom: the live workspace (from the environment), or the recorded exchange. */
function connection() {
  if (live) return {};
  const url = new URL(
    "../../fixtures/anthropic-aws/thinking-tool-loop-stream.json",
    import.meta.url,
  );
  const fetch = replayFetch(parseCassette(readFileSync(url, "utf8")));
  return { region: "us-west-2", workspaceId: "wrkspc1", apiKey: "offline", fetch };
}

const model = anthropicAws.create({
  ...connection(),
  model: "claude-sonnet-4-20250514",
  maxTokens: 4096,
  thinking: { budgetTokens: 4000 },
});

const WEATHER = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: {
    type: "object",
    properties: { location: { type: "string", description: "the city" } },
    required: ["location"],
  },
};

const history: Message[] = [{ role: "user", content: "What's the weather in Florence, Italy?" }];
for (let turn = 1; turn <= 2; turn++) {
  const stream = model.stream({
    system: "You are a helpful assistant",
    messages: history,
    tools: [WEATHER],
  });
  let deltas = 0;
  for await (const _ of stream) deltas++;
  const { message } = await stream.response;
  const signed = partsOf(message).filter((p) => p.type === "thinking" && p.signature).length;
  console.log(`turn ${turn}: ${deltas} deltas, ${signed} signed thinking block(s)`);
  const text = textOf(message).trim();
  if (text) console.log(text);
  history.push(message);
  const calls = toolCallsOf(message);
  if (calls.length === 0) break;
  for (const call of calls) {
    console.log(`calls ${call.name}(${call.arguments})`);
    history.push({ role: "tool", toolCallId: call.id, content: "40 C" });
  }
}
