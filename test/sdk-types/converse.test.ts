/**
 * The Converse bodies golem builds, against the request types of the AWS SDK
 * (@aws-sdk/client-bedrock-runtime 3.1178.0, pinned for its types only). A whole body is
 * assigned to the SDK's `ConverseRequest` and `ConverseStreamRequest`. The SDK types its input
 * in memory, bytes as Uint8Array where the JSON has base64, so the blocks that carry bytes
 * (image, document, redacted reasoning) are mapped to the SDK's member of the same name with
 * their bytes decoded; a block golem passes back as it came (`OpaqueBlock`) is one of the SDK's
 * members, which golem does not enumerate, and is the one member swapped; every other block
 * goes as golem types it.
 */
import type {
  ContentBlock as SdkContentBlock,
  ConverseRequest as SdkConverseRequest,
  ConverseStreamRequest as SdkConverseStreamRequest,
  DocumentFormat as SdkDocumentFormat,
  ImageFormat as SdkImageFormat,
  ToolResultContentBlock as SdkToolResultContent,
} from "@aws-sdk/client-bedrock-runtime";
import { describe, expect, it } from "vitest";
import { base64ToBytes } from "../../src/core/media.js";
import type { Message, ModelRequest, ToolSpec } from "../../src/core/types.js";
import { resolveConfig } from "../../src/platforms/bedrock/config.js";
import { buildRequest } from "../../src/wires/converse/request.js";
import type {
  ContentBlock,
  ConverseRequest,
  KnownContentBlock,
  MediaBlock,
  MediaSource,
} from "../../src/wires/converse/wire.js";
import { toolTurn } from "../helpers/histories.js";
import { PNG, wholeTurns } from "./whole-turns.js";

type Member<U, K extends string> = Extract<U, Record<K, unknown>>;

const bytesOf = (source: MediaSource) =>
  "bytes" in source ? { bytes: base64ToBytes(source.bytes) } : source;

/** An image or document with its bytes decoded (the formats are the SDK's enums' values). */
function sdkMedia(
  b: MediaBlock,
): Member<SdkContentBlock, "image"> | Member<SdkContentBlock, "document"> {
  if ("image" in b) {
    const { format, source } = b.image;
    return { image: { format: format as SdkImageFormat, source: bytesOf(source) } };
  }
  const { format, source, ...rest } = b.document;
  return { document: { ...rest, format: format as SdkDocumentFormat, source: bytesOf(source) } };
}

/** One block as the SDK takes it: bytes decoded, everything else as it is (compile-time). */
function sdkBlock(b: ContentBlock): SdkContentBlock {
  // The one swap: golem's own blocks only (the test's bodies hold no passed-through block).
  const known = b as KnownContentBlock;
  if ("image" in known || "document" in known) return sdkMedia(known);
  if ("toolResult" in known) {
    const content = known.toolResult.content.map(
      (c): SdkToolResultContent => ("text" in c ? c : sdkMedia(c)),
    );
    return { toolResult: { ...known.toolResult, content } };
  }
  if ("reasoningContent" in known) {
    const r = known.reasoningContent;
    if ("reasoningText" in r) return { reasoningContent: r };
    return { reasoningContent: { redactedContent: base64ToBytes(r.redactedContent) } };
  }
  // Text, tool changes, tool calls, cache points: the SDK's members as golem types them.
  return known;
}

/** The whole body as the SDK's input: only the messages' blocks are mapped (see above). */
function sdkRequest(body: ConverseRequest): SdkConverseRequest & SdkConverseStreamRequest {
  const messages = body.messages.map((m) => ({ ...m, content: m.content.map(sdkBlock) }));
  return { ...body, modelId: "m", messages };
}

const tool = (name: string): ToolSpec => ({
  name,
  description: `the ${name}`,
  parameters: { type: "object", properties: { city: { type: "string" } } },
});
const base = {
  region: "us-east-1",
  model: "us.anthropic.claude-opus-5-5-v1",
  apiKey: "key",
  maxTokens: 2000,
  cache: "auto",
} as const;
const cfg = resolveConfig(base, {});
const history: Message[] = [
  ...toolTurn("bedrock", "Weather in Florence?"),
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

describe("the whole Converse body", () => {
  it("is the SDK's ConverseRequest / ConverseStreamRequest, bytes decoded", () => {
    const whole: ModelRequest = {
      ...request,
      messages: [
        ...wholeTurns({
          provider: "bedrock",
          said: "Florence; checking the weather.",
          redacted: "ZW5j",
          call: { type: "tool-call", id: "t1", name: "weather", arguments: '{"place":"Florence"}' },
          answer: [{ type: "text", text: "40 C" }, PNG],
        }),
        ...history.slice(3),
      ],
    };
    const thinking = resolveConfig({ ...base, thinking: { adaptive: true }, effort: "low" }, {});
    for (const stream of [false, true]) {
      // Compile time: the whole body; at run time, its fields where the SDK has them.
      const sdk: SdkConverseRequest & SdkConverseStreamRequest = sdkRequest(
        buildRequest(whole, thinking, stream),
      );
      expect(sdk.messages?.map((m) => m.role)).toEqual(["user", "assistant", "user", "system"]);
      expect(sdk.messages?.[0]?.content?.[1]).toEqual({
        image: { format: "png", source: { bytes: base64ToBytes(PNG.data) } },
      });
      expect(sdk.messages?.[1]?.content?.[1]).toEqual({
        reasoningContent: { redactedContent: base64ToBytes("ZW5j") },
      });
      expect(sdk.toolConfig?.tools?.[0]).toMatchObject({
        toolSpec: { name: "weather", inputSchema: { json: { type: "object" } } },
      });
      expect(sdk.additionalModelRequestFields).toMatchObject({ thinking: { type: "adaptive" } });
    }
  });
});
