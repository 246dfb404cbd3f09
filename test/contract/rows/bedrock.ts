import { toolChangesLoop } from "../../../scripts/scenarios/append-only.js";
import { citedConversation } from "../../../scripts/scenarios/citations.js";
import {
  BEDROCK_SONNET_3_7,
  COUNTRY_LOOP,
  WEATHER_LOOP,
} from "../../../scripts/scenarios/loops.js";
import { REPORT_REQUEST } from "../../../scripts/scenarios/tool-loop.js";
import { AWS_SESSION } from "../adapters.js";
import { andThen, conversation, loop, toolResults, user } from "../conversations.js";
import { firstUserText, mediaRun, type RowSpec, WEATHER, withStream } from "../table.js";
import { cacheLoop } from "./anthropic.js";

const SONNET_37 = BEDROCK_SONNET_3_7;
/** Claude Sonnet 4.5 without thinking: its client calls carry `"type": "tool_use"`. */
const SONNET_45 = { model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0", maxTokens: 1024 };
/** The weather loop without its system prompt, as it was recorded on Converse. */
const weatherLoop = conversation(WEATHER_LOOP, {});
const SONNET_4 = {
  model: "us.anthropic.claude-sonnet-4-20250514-v1:0",
  thinking: { budgetTokens: 1024 },
};
const countryLoop = conversation(COUNTRY_LOOP);

export const BEDROCK_API_KEY = "ABSKexampleBedrockApiKey0123";

const OPUS_46 = {
  model: "us.anthropic.claude-opus-4-6-v1",
  maxTokens: 8000,
  thinking: { adaptive: true },
};
const interleavedLoop = loop(
  {
    tools: [
      WEATHER,
      {
        name: "local_time",
        description: "Get the local time in a city",
        parameters: {
          properties: { city: { description: "the city", type: "string" } },
          required: ["city"],
          type: "object",
        },
      },
    ],
  },
  [
    user(
      "What's the weather in Florence, Italy, and what time is it there? Use both tools, and think between the calls.",
    ),
  ],
  toolResults("40 C", "14:05"),
);

/** Documents may be cited: fixtures/bedrock/citations*.json. */
const CITED_SONNET_45 = { ...SONNET_45, citations: true };

const MEDIA_SONNET_4 = { model: "us.anthropic.claude-sonnet-4-20250514-v1:0", maxTokens: 1024 };

/** Binds reasoning to its prefix and takes Converse's system-role messages. */
const OPUS_55 = {
  model: "us.anthropic.claude-opus-5-5-v1",
  maxTokens: 8000,
  thinking: { adaptive: true },
  apiKey: BEDROCK_API_KEY,
};

export const BEDROCK: Record<string, RowSpec> = {
  "tool-changes-loop": { config: OPUS_55, run: (call) => toolChangesLoop(call) },
  ...withStream(
    "cache-tool-loop",
    { config: { ...OPUS_46, cache: "auto" }, run: cacheLoop },
    { exact: true },
  ),
  ...withStream("media", { config: MEDIA_SONNET_4, run: mediaRun(true) }),
  ...withStream("citations", { config: CITED_SONNET_45, run: citedConversation }, { exact: true }),
  ...withStream("structured-output", {
    config: {
      model: "us.anthropic.claude-sonnet-4-6",
      maxTokens: 16000,
      thinking: { adaptive: true },
    },
    run: (call) => call(REPORT_REQUEST),
  }),
  ...withStream("interleaved-tool-loop", {
    config: { ...OPUS_46, credentials: AWS_SESSION },
    run: interleavedLoop,
  }),
  "redacted-split-stream": {
    config: { ...SONNET_37, credentials: AWS_SESSION },
    run: (call, c) => loop({}, [user(firstUserText(c))], andThen("What was that?"))(call, c),
  },
  "reasoning-chunks-stream": {
    config: SONNET_37,
    run: loop({}, [user("How many r's are in strawberry?")]),
  },
  ...withStream("thinking-tool-loop", {
    config: { ...SONNET_37, credentials: AWS_SESSION },
    run: countryLoop,
  }),
  "thinking-stream": { config: SONNET_4, run: loop({}, [user("Hello")]) },
  "redacted-thinking-stream": {
    config: { ...SONNET_37, apiKey: BEDROCK_API_KEY },
    run: (call, c) => loop({}, [user(firstUserText(c))])(call, c),
  },
  "exception-stream": { config: SONNET_4, run: loop({}, [user("Hello")]), fails: true },
  ...withStream("typed-tool-use", { config: SONNET_45, run: weatherLoop }),
  "split-signature-stream": {
    config: SONNET_37,
    run: loop({}, [user("What is 17 * 23?")], andThen("Add 9.")),
  },
};
