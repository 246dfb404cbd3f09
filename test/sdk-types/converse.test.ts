/**
 * The Converse bodies golem builds, against the request types of the AWS SDK
 * (@aws-sdk/client-bedrock-runtime 3.1178.0, pinned for its types only). The SDK types its
 * input in memory (bytes as Uint8Array, unions with an `$unknown` member), so the body is
 * assigned member by member: each block kind golem sends goes into the SDK member of the same
 * name, which compiles only while golem's shape fits the SDK's. A block kind the mapping does
 * not know fails at run time, so a new kind gets its own line here.
 */
import type {
  ContentBlock as SdkContentBlock,
  ConverseRequest as SdkConverseRequest,
  ConverseStreamRequest as SdkConverseStreamRequest,
  Message as SdkMessage,
  SystemContentBlock as SdkSystemContentBlock,
  Tool as SdkTool,
  ToolInputSchema as SdkToolInputSchema,
} from "@aws-sdk/client-bedrock-runtime";
import { describe, expect, it } from "vitest";
import type { Message, ModelRequest, ToolSpec } from "../../src/core/types.js";
import { resolveConfig } from "../../src/platforms/bedrock/config.js";
import { buildRequest } from "../../src/wires/converse/request.js";
import type {
  ContentBlock,
  ConverseRequest,
  SystemContentBlock,
  ToolConfiguration,
} from "../../src/wires/converse/wire.js";

type Member<U, K extends string> = Extract<U, Record<K, unknown>>;

/** One golem block as the SDK member of the same name (compile-time: the shapes must fit). */
function sdkBlock(b: ContentBlock): SdkContentBlock {
  if ("text" in b) return { text: (b as Member<ContentBlock, "text">).text };
  if ("toolAddition" in b) {
    return { toolAddition: (b as Member<ContentBlock, "toolAddition">).toolAddition };
  }
  if ("toolRemoval" in b) {
    return { toolRemoval: (b as Member<ContentBlock, "toolRemoval">).toolRemoval };
  }
  if ("toolUse" in b) {
    const { toolUseId, name, input } = (b as Member<ContentBlock, "toolUse">).toolUse;
    return { toolUse: { toolUseId, name, input: input as SdkToolInput } };
  }
  if ("toolResult" in b) {
    const r = (b as Member<ContentBlock, "toolResult">).toolResult;
    const content = r.content.map((c) => {
      if ("text" in c) return { text: c.text };
      throw new Error(`no SDK mapping for tool result content ${Object.keys(c)}`);
    });
    return { toolResult: { ...r, content } };
  }
  if ("cachePoint" in b)
    return { cachePoint: (b as Member<ContentBlock, "cachePoint">).cachePoint };
  if ("reasoningContent" in b) {
    const r = (b as Member<ContentBlock, "reasoningContent">).reasoningContent;
    if ("reasoningText" in r) return { reasoningContent: { reasoningText: r.reasoningText } };
  }
  throw new Error(`no SDK mapping for block ${Object.keys(b)}`);
}
/** A tool input is a JSON document (the SDK's `DocumentType`); golem keeps it `unknown`. */
type SdkToolInput = Member<SdkContentBlock, "toolUse">["toolUse"]["input"];

/** A JSON Schema is a JSON document too. */
type SdkJson = Member<SdkToolInputSchema, "json">["json"];

function sdkSystem(b: SystemContentBlock): SdkSystemContentBlock {
  return "text" in b ? { text: b.text } : { cachePoint: b.cachePoint };
}

function sdkTools(config: ToolConfiguration) {
  const tools = config.tools.map((t): SdkTool => {
    if ("cachePoint" in t) return { cachePoint: t.cachePoint };
    const { inputSchema, ...spec } = t.toolSpec;
    return { toolSpec: { ...spec, inputSchema: { json: inputSchema.json as SdkJson } } };
  });
  return { ...config, tools };
}

/** The whole body as the SDK's input: top-level fields assigned as golem types them. */
function sdkRequest(body: ConverseRequest): SdkConverseRequest & SdkConverseStreamRequest {
  const messages = body.messages.map(
    (m): SdkMessage => ({ role: m.role, content: m.content.map(sdkBlock) }),
  );
  const { system, toolConfig, inferenceConfig, outputConfig, additionalModelRequestFields } = body;
  const out: SdkConverseRequest & SdkConverseStreamRequest = { modelId: "m", messages };
  if (system) out.system = system.map(sdkSystem);
  if (toolConfig) out.toolConfig = sdkTools(toolConfig);
  if (inferenceConfig) out.inferenceConfig = inferenceConfig;
  if (outputConfig) out.outputConfig = outputConfig;
  if (additionalModelRequestFields) out.additionalModelRequestFields = additionalModelRequestFields;
  return out;
}

const tool = (name: string): ToolSpec => ({
  name,
  description: `the ${name}`,
  parameters: { type: "object", properties: { city: { type: "string" } } },
});
const cfg = resolveConfig(
  {
    region: "us-east-1",
    model: "us.anthropic.claude-opus-5-5-v1",
    apiKey: "key",
    maxTokens: 2000,
    cache: "auto",
  },
  {},
);
const history: Message[] = [
  { role: "user", content: "Weather in Oslo?" },
  {
    role: "assistant",
    content: [
      { type: "thinking", text: "The weather tool.", signature: "c2ln", provider: "bedrock" },
      { type: "tool-call", id: "t1", name: "weather", arguments: '{"city":"Oslo"}' },
    ],
  },
  { role: "tool", toolCallId: "t1", content: "-3 C" },
  {
    role: "system",
    content: "Also give the local time.",
    update: { removeTools: ["weather"], addTools: [tool("clock")], effort: "high" },
  },
];
const request: ModelRequest = {
  system: "Be terse.",
  tools: [tool("weather"), tool("clock")],
  messages: history,
};

describe("the Converse body against the SDK's ConverseRequest / ConverseStreamRequest", () => {
  it("fits with a late system message carrying toolRemoval and toolAddition blocks", () => {
    for (const stream of [false, true]) {
      const sdk = sdkRequest(buildRequest(request, cfg, stream));
      const late = sdk.messages?.at(-1);
      expect(late?.role).toBe("system");
      expect(late?.content).toEqual([
        { text: "Also give the local time." },
        { toolRemoval: { tool: { type: "tool_reference", name: "weather" } } },
        { toolAddition: { tool: { type: "tool_reference", name: "clock" } } },
        { cachePoint: { type: "default" } },
      ]);
      expect(sdk.outputConfig).toEqual({ effort: "high" });
    }
  });
});
