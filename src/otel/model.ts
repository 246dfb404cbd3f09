import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
} from "@opentelemetry/api";
import type { ModelMiddleware } from "../core/middleware.js";
import type {
  CallOptions,
  Delta,
  Model,
  ModelRequest,
  ModelResponse,
  Usage,
} from "../core/types.js";
import type { CacheMiss } from "../testing/cache-miss.js";
import { captureMessage } from "./capture.js";
import { ATTR, GOLEM, isRefusal, OPERATION, providerName } from "./conventions.js";

/**
 * What an agent run hands its model calls, riding in their `CallOptions` under
 * {@link RUN_TRACE}: the run span's context (the calls' parent), the step count and the run's
 * cache-miss check. Options pass through every wrapper unchanged, so nested wrappers keep it.
 */
export interface RunTrace {
  parent: Context;
  nextStep(): number;
  checkCache(request: Readonly<ModelRequest>): CacheMiss | undefined;
}

/** What golem asks of a tracer: its `startSpan`. */
export type SpanStarter = Pick<Tracer, "startSpan">;

/** The `CallOptions` key of a {@link RunTrace}. */
export const RUN_TRACE: unique symbol = /* @__PURE__ */ Symbol.for("golem.otel.runTrace") as never;

/** The middleware behind `withTracing`: one `chat {model}` span per call. */
export function tracingMiddleware(tracer: SpanStarter, capture: boolean): ModelMiddleware {
  return ({ model, request, options, streaming }) => {
    const run = runTraceOf(options);
    const span = tracer.startSpan(
      `${OPERATION.chat} ${model.model}`,
      { kind: SpanKind.CLIENT, attributes: requestAttributes(model, request, streaming) },
      run?.parent ?? context.active(),
    );
    if (run) {
      span.setAttribute(GOLEM.step, run.nextStep());
      const miss = run.checkCache(request);
      if (miss) span.addEvent(GOLEM.cacheMiss, cacheMissAttributes(miss));
    }
    if (capture) captureInput(span, request);
    const firsts = firstDeltaTimer(span);
    return {
      delta: firsts,
      response(response) {
        setResponse(span, response, capture);
        span.end();
      },
      error(error) {
        setError(span, error);
        span.end();
      },
    };
  };
}

/** The run a call belongs to, when an agent run made it. */
function runTraceOf(options: CallOptions | undefined): RunTrace | undefined {
  return (options as { [RUN_TRACE]?: RunTrace } | undefined)?.[RUN_TRACE];
}

function requestAttributes(model: Model, req: Readonly<ModelRequest>, stream: boolean): Attributes {
  const attributes: Attributes = {
    [ATTR.operation]: OPERATION.chat,
    [ATTR.provider]: providerName(model.provider),
    [ATTR.requestModel]: model.model,
    [ATTR.stream]: stream,
    [ATTR.outputType]: req.output ? "json" : "text",
  };
  // The call's own settings over the ones the model was created with (`Model.settings`).
  const made = model.settings;
  const settings: [string, number | string[] | undefined][] = [
    [ATTR.maxTokens, req.maxTokens ?? made?.maxTokens],
    [ATTR.temperature, req.temperature ?? made?.temperature],
    [ATTR.topP, req.topP ?? made?.topP],
    [ATTR.topK, req.topK ?? made?.topK],
    [ATTR.seed, req.seed ?? made?.seed],
    [ATTR.stopSequences, req.stopSequences ?? made?.stopSequences],
  ];
  for (const [key, value] of settings) if (value !== undefined) attributes[key] = value;
  return attributes;
}

/**
 * A delta hook that stamps the time to the first chunk, the first reasoning and the first
 * answer text, in seconds since the call started (the conventions' unit for durations).
 */
function firstDeltaTimer(span: Span): (delta: Delta) => void {
  const started = Date.now();
  const seen = new Set<string>();
  const stamp = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    span.setAttribute(key, (Date.now() - started) / 1000);
  };
  return (delta) => {
    stamp(ATTR.timeToFirstChunk);
    if (delta.type === "thinking" && (delta.text || delta.redacted)) {
      stamp(GOLEM.timeToFirstThinking);
    }
    if (delta.type === "text" && delta.text) stamp(GOLEM.timeToFirstText);
  };
}

/** Content capture of the request: system instructions and messages, markers in place. */
function captureInput(span: Span, req: Readonly<ModelRequest>): void {
  if (req.system !== undefined) {
    span.setAttribute(
      ATTR.systemInstructions,
      JSON.stringify([{ type: "text", content: req.system }]),
    );
  }
  span.setAttribute(ATTR.inputMessages, JSON.stringify(req.messages.map(captureMessage)));
}

function setResponse(span: Span, response: ModelResponse, capture: boolean): void {
  span.setAttributes({
    [ATTR.finishReasons]: [response.stopReason],
    ...usageAttributes(response.usage),
  });
  if (response.id !== undefined) span.setAttribute(ATTR.responseId, response.id);
  if (response.model !== undefined) span.setAttribute(ATTR.responseModel, response.model);
  if (isRefusal(response.stopReason)) {
    span.addEvent(GOLEM.refusal, { [ATTR.finishReasons]: [response.stopReason] });
  }
  for (const item of transformationsOf(response)) {
    span.addEvent(GOLEM.inputTransformation, item);
  }
  if (capture) {
    const output = { ...captureMessage(response.message), finish_reason: response.stopReason };
    span.setAttribute(ATTR.outputMessages, JSON.stringify([output]));
  }
}

/** The token counts the provider sent, under the conventions' names; absent ones stay absent. */
export function usageAttributes(usage: Usage): Attributes {
  const attributes: Attributes = {
    [ATTR.inputTokens]: usage.inputTokens,
    [ATTR.outputTokens]: usage.outputTokens,
  };
  if (usage.reasoningTokens !== undefined) attributes[ATTR.reasoningTokens] = usage.reasoningTokens;
  if (usage.cacheReadTokens !== undefined) attributes[ATTR.cacheReadTokens] = usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined) {
    attributes[ATTR.cacheWriteTokens] = usage.cacheWriteTokens;
  }
  return attributes;
}

/**
 * The span's status and `error.type` (the provider's error type, else the error's class). The
 * status says only the class and HTTP status, never the message: a message may quote what
 * the provider sent (a JSON parse error quotes the bytes it choked on, a signature among them).
 */
export function setError(span: Span, error: unknown): void {
  const fields = (typeof error === "object" && error !== null ? error : {}) as {
    name?: unknown;
    type?: unknown;
    status?: unknown;
  };
  const name = typeof fields.name === "string" ? fields.name : "Error";
  const type = typeof fields.type === "string" ? fields.type : name;
  span.setAttribute(ATTR.errorType, type);
  const status = typeof fields.status === "number" ? ` ${fields.status}` : "";
  span.setStatus({ code: SpanStatusCode.ERROR, message: `${name}${status}` });
}

function cacheMissAttributes(miss: CacheMiss): Attributes {
  const attributes: Attributes = {
    "golem.cache_miss.path": miss.path,
    "golem.cache_miss.call": miss.call,
  };
  if (miss.index !== undefined) attributes["golem.cache_miss.index"] = miss.index;
  return attributes;
}

/** Fields of an input transformation that say what happened, never what was in it. */
const TRANSFORMATION_FIELDS = ["action", "by", "reason", "index", "path", "id"];

/**
 * The provider's report of what it dropped or let through (`ModelResponse.inputTransformations`
 * where the adapter reads it), each item as event attributes from an allowlist of fields.
 */
function transformationsOf(response: ModelResponse): Attributes[] {
  const items = (response as { inputTransformations?: unknown }).inputTransformations;
  if (!Array.isArray(items)) return [];
  return items.map((item) => {
    const attributes: Attributes = {};
    for (const key of TRANSFORMATION_FIELDS) {
      const value = (item as Record<string, unknown> | null)?.[key];
      if (typeof value === "string" || typeof value === "number") {
        attributes[`golem.input_transformation.${key}`] = value;
      }
    }
    return attributes;
  });
}
