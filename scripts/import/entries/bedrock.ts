import { omitEmpty } from "../edits.js";
import type { Entry, InteractionPlan } from "../plan.js";
import { HEADERS } from "./common.js";

const PYDANTIC = "pydantic/pydantic-ai (commit 4fda38988f2939fa6ea9cdefcf120693e10ef491)";
const CASSETTES = "tests/models/cassettes/test_bedrock";

/** What every Bedrock cassette from pydantic-ai says about its requests. */
const REQUESTS_NOTE =
  "Request bodies: the empty `system: []` and `inferenceConfig: {}` that pydantic-ai sent are " +
  "left out, because golem does not send empty fields; nothing else in them was changed. " +
  "Request headers are the ones golem sends (the SDK's own headers dropped; signed headers " +
  'recorded as "<redacted>", x-amz-date not recorded).';

const BINARY_NOTE =
  "The response body is the recorded application/vnd.amazon.eventstream bytes, unchanged (the " +
  "capture stores it as one body, so it is one chunk here; tests re-chunk it); being binary, " +
  "it did not pass through pydantic-ai's string normalisation (NFKC), which only touched the " +
  "recorded request.";

const STREAM = {
  file: "bedrock/test_bedrock_model_thinking_part_stream.yaml",
  format: "pydantic",
} as const;

/** pydantic-ai's boto3 request without its empty fields, with golem's headers. */
const turn = (
  i: number,
  headers: Record<string, string>,
  response: InteractionPlan["response"],
): InteractionPlan => ({
  request: { recorded: i, headers, edits: [omitEmpty("system"), omitEmpty("inferenceConfig")] },
  response,
});

/** Bedrock cassettes made from reference captures. */
export const BEDROCK: readonly Entry[] = [
  {
    provider: "bedrock",
    scenario: "thinking-tool-loop",
    streaming: false,
    capture: { file: "bedrock/test_bedrock_anthropic_tool_with_thinking.yaml", format: "pydantic" },
    interactions: [0, 1].map((i) =>
      turn(i, HEADERS.bedrockSession, { recorded: i, shape: "json" }),
    ),
    source:
      `synthesized from a live capture by ${PYDANTIC}, file ` +
      `${CASSETTES}/test_bedrock_anthropic_tool_with_thinking.yaml: Converse with ` +
      "claude-3-7-sonnet and thinking budget 1024; turn 1 returns reasoningText (text + " +
      "signature), text and a toolUse, turn 2 replays them with a toolResult and the provider " +
      `answered 200 (verified replay). Responses as recorded. ${REQUESTS_NOTE} Caveat from the ` +
      "capture's serializer: pydantic-ai folds smart quotes/dashes to ASCII and applies NFKC to " +
      "recorded strings, so text may differ from the bytes the provider signed; signatures and " +
      "redacted payloads are byte-identical to the capture.",
  },
  {
    provider: "bedrock",
    scenario: "thinking-stream",
    streaming: true,
    capture: STREAM,
    interactions: [turn(0, HEADERS.bedrock, { recorded: 0, shape: "bytes" })],
    source:
      `synthesized from a live capture by ${PYDANTIC}, file ` +
      `${CASSETTES}/test_bedrock_model_thinking_part_stream.yaml: ConverseStream with ` +
      "claude-sonnet-4 and thinking budget 1024: 25 frames, reasoningContent text deltas, one " +
      `signature delta, text deltas, messageStop, metadata. ${BINARY_NOTE} ${REQUESTS_NOTE}`,
  },
  {
    provider: "bedrock",
    scenario: "redacted-thinking-stream",
    streaming: true,
    capture: {
      file: "bedrock/test_bedrock_model_thinking_part_redacted_stream.yaml",
      format: "pydantic",
    },
    interactions: [turn(0, HEADERS.bedrock, { recorded: 0, shape: "bytes" })],
    source:
      `synthesized from a live capture by ${PYDANTIC}, file ` +
      `${CASSETTES}/test_bedrock_model_thinking_part_redacted_stream.yaml: ConverseStream with ` +
      "claude-3-7-sonnet, triggered by Anthropic's redacted-thinking test string: two " +
      "reasoningContent.redactedContent deltas (blocks 0 and 1), then text. The contract test " +
      `sends it with a Bedrock API key (bearer). ${BINARY_NOTE} ${REQUESTS_NOTE}`,
  },
  {
    provider: "bedrock",
    scenario: "exception-stream",
    streaming: true,
    capture: STREAM,
    interactions: [
      turn(0, HEADERS.bedrock, {
        recorded: 0,
        // The stream breaks off after the sixth frame with a throttling exception we encode.
        shape: {
          frames: 6,
          append: {
            headers: [
              [":exception-type", "throttlingException"],
              [":content-type", "application/json"],
              [":message-type", "exception"],
            ],
            payload: '{"message":"Too many requests, please wait before trying again."}',
          },
        },
        headers: { "x-amzn-requestid": "7f1c2a9e-0000-4000-8000-00000000b3d1" },
      }),
    ],
    source:
      "synthesized: the first 1277 bytes (6 frames: messageStart and 5 reasoningContent text " +
      `deltas) of the recorded event stream in ${CASSETTES}/` +
      `test_bedrock_model_thinking_part_stream.yaml from a live capture by ${PYDANTIC}, ` +
      "unchanged, as the first chunk; then, as the second chunk, a 178-byte " +
      "throttlingException frame we encoded ourselves with correct CRCs (headers " +
      ":exception-type=throttlingException, :content-type=application/json, " +
      ':message-type=exception; payload {"message":"Too many requests, please wait before ' +
      'trying again."}, the exception text Bedrock uses). No messageStop follows. The ' +
      "x-amzn-requestid response header is made up. " +
      REQUESTS_NOTE,
  },
  {
    provider: "bedrock",
    scenario: "reasoning-chunks-stream",
    streaming: true,
    capture: { file: "bedrock/amazon-bedrock-reasoning.chunks.txt", format: "vercel" },
    interactions: [
      {
        request: {
          written: {
            url: "https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/converse-stream",
            headers: HEADERS.bedrock,
            body: {
              messages: [{ role: "user", content: [{ text: "How many r's are in strawberry?" }] }],
              additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 1024 } },
            },
          },
        },
        response: {
          recorded: 0,
          shape: "bedrockFrames",
          headers: { "content-type": "application/vnd.amazon.eventstream" },
        },
      },
    ],
    source:
      "synthesized from vercel/ai@ed857f50f112e23930b0c2dd8d532cc8bebbc911 " +
      "packages/amazon-bedrock/src/__fixtures__/amazon-bedrock-reasoning.chunks.txt " +
      "(Apache-2.0, Copyright 2023 Vercel, Inc.), the decoded events of a live ConverseStream " +
      "answer (reasoning text deltas, an empty text delta, the signature, then text): each line " +
      "encoded back into an application/vnd.amazon.eventstream frame with valid CRCs and the " +
      "event-type, content-type and message-type headers, one frame per chunk (the capture " +
      "kept neither the frames, their padding field, nor the request). The request is what " +
      "golem builds for a question matching the answer, written by hand; the model id is a guess.",
  },
];
