/**
 * Tracing an agent with OpenTelemetry: one `withTracing` around the model, and every run, model
 * call and tool execution becomes a span with the GenAI conventions' attributes (token counts
 * with reasoning and cache, finish reasons, time to the first reasoning and text). Content
 * capture is on here, so the spans also hold the messages, with every signature replaced by
 * a marker. The spans go to an in-memory exporter and are printed as a tree; in an app, give
 * the SDK your backend's exporter instead.
 *
 * With AWS credentials in the environment (AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY, or
 * AWS_BEARER_TOKEN_BEDROCK; AWS_REGION) it calls Bedrock. Without them it replays the exchange
 * recorded in fixtures/bedrock/thinking-tool-loop-stream.json, checking every request it sends.
 *
 *   npm run example:tracing
 */
import { readFileSync } from "node:fs";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { Agent, jsonTool } from "golem";
import * as bedrock from "golem/bedrock";
import { withTracing } from "golem/otel";
import { parseCassette, replayFetch } from "golem/testing";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("tracing-example");

const live = Boolean(process.env.AWS_ACCESS_KEY_ID || process.env.AWS_BEARER_TOKEN_BEDROCK);
const cassette = new URL("../../fixtures/bedrock/thinking-tool-loop-stream.json", import.meta.url);

const model = bedrock.create({
  ...(live ? {} : { region: "us-east-1" }),
  // Offline, the model the recording was made with (retired since); live, a current one.
  model: live ? "us.anthropic.claude-sonnet-4-6" : "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
  thinking: { budgetTokens: 1024 },
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

const getUserCountry = jsonTool({
  name: "get_user_country",
  description: "",
  parameters: { type: "object", properties: {}, additionalProperties: false },
  execute: () => "Mexico",
});

// The one wrap: the agent finds the tracing on its model and traces its runs too.
const agent = new Agent({
  model: withTracing(model, { tracer, captureContent: true }),
  tools: [getUserCountry],
});
const result = await agent.runStream("What is the largest city in the user country?").result;
console.log(`answer: ${result.output}\n`);

/** The attributes worth a glance, by their short names. */
const SHOWN: Record<string, string> = {
  "golem.agent.steps": "steps",
  "golem.agent.step": "step",
  "gen_ai.response.finish_reasons": "finish",
  "gen_ai.usage.input_tokens": "in",
  "gen_ai.usage.output_tokens": "out",
  "gen_ai.usage.reasoning.output_tokens": "reasoning",
  "gen_ai.usage.cache_read.input_tokens": "cache read",
  "golem.response.time_to_first_thinking": "first thinking s",
  "golem.response.time_to_first_text": "first text s",
  "gen_ai.tool.call.id": "call",
  "gen_ai.tool.call.result": "result",
};

function line(span: ReadableSpan): string {
  const shown = Object.entries(SHOWN)
    .filter(([key]) => span.attributes[key] !== undefined)
    .map(([key, label]) => {
      const value = span.attributes[key];
      return `${label}=${typeof value === "number" && !Number.isInteger(value) ? value.toFixed(3) : String(value)}`;
    });
  return `${span.name}  ${shown.join(" ")}`;
}

const spans = exporter.getFinishedSpans();
const children = (id: string | undefined) =>
  spans.filter((s) => s.parentSpanContext?.spanId === id);
function print(span: ReadableSpan, depth: number): void {
  console.log(`${"  ".repeat(depth)}${line(span)}`);
  for (const child of children(span.spanContext().spanId)) print(child, depth + 1);
}
for (const root of children(undefined)) print(root, 0);

// What content capture recorded of the first answer: the reasoning's text, its signature a marker.
const first = spans.find((s) => s.attributes["golem.agent.step"] === 1);
const output = JSON.parse(String(first?.attributes["gen_ai.output.messages"]));
console.log(`\nstep 1 output, as captured:\n${JSON.stringify(output, null, 1)}`);
