/**
 * golem/otel: OpenTelemetry tracing for golem models and agents, following the GenAI semantic
 * conventions. `@opentelemetry/api` is an optional peer dependency of golem, needed only here.
 * @module
 */

import { type Tracer, trace } from "@opentelemetry/api";
import { RUN_OBSERVER } from "../agent/observe.js";
import { ConfigError } from "../core/errors.js";
import { extendModel, wrapModel } from "../core/middleware.js";
import type { Model } from "../core/types.js";
import { agentTracing } from "./agent.js";
import { type SpanStarter, tracingMiddleware } from "./model.js";

export {
  type CapturedMessage,
  type CapturedPart,
  captureMessage,
  capturePart,
  MARKER,
} from "./capture.js";

/** Options of {@link withTracing}. */
export interface TracingOptions {
  /**
   * The tracer spans are made with.
   * @defaultValue `trace.getTracer("golem")`, the global provider's
   */
  tracer?: Tracer;
  /**
   * Record messages (`gen_ai.input.messages`, `gen_ai.output.messages`, tool arguments and
   * results). Signatures, redacted reasoning, provider blocks, base64 data and URLs are
   * replaced by markers either way.
   * @defaultValue false
   */
  captureContent?: boolean;
}

/**
 * `model`, traced: a `chat {model}` span per call, with the request's model and settings, the
 * finish reason, input, output, reasoning and cache token counts, the time to the first
 * chunk, reasoning and text, and the error type; events for refusals and dropped input. Given
 * to an `Agent`, it also traces each run (`invoke_agent`), with the run's model calls and tool
 * executions (`execute_tool {name}`) as children. No signature, redacted payload, encrypted
 * item or key ever reaches a span.
 * @example
 * const agent = new Agent({ model: withTracing(anthropic.create({ model })), tools: [weather] });
 */
export function withTracing<M extends Model>(model: M, opts: TracingOptions = {}): M {
  checkOptions(model, opts);
  // Without a tracer, the global provider's, looked up per span: an SDK started after the
  // model was wrapped (a module-level wrap) still gets every span.
  const tracer: SpanStarter = opts.tracer ?? {
    startSpan: (...args) => trace.getTracer("golem").startSpan(...args),
  };
  const capture = opts.captureContent ?? false;
  const observed = extendModel(model, { [RUN_OBSERVER]: agentTracing(tracer, capture) } as object);
  return wrapModel(observed, tracingMiddleware(tracer, capture));
}

const OPTIONS = new Set(["tracer", "captureContent"]);

/** A {@link ConfigError} for a model or options `withTracing` cannot use, before any call. */
function checkOptions(model: Model, opts: TracingOptions): void {
  if (typeof model?.generate !== "function" || typeof model.stream !== "function") {
    throw new ConfigError("withTracing: model must be a Model (with generate and stream)");
  }
  const unknown = Object.keys(opts).filter((k) => !OPTIONS.has(k));
  if (unknown.length > 0) {
    throw new ConfigError(
      `withTracing: unknown option ${unknown.map((k) => JSON.stringify(k)).join(", ")} (options: tracer, captureContent)`,
    );
  }
  if (opts.tracer !== undefined && typeof opts.tracer?.startSpan !== "function") {
    throw new ConfigError(
      "withTracing: tracer must be an OpenTelemetry Tracer (it has no startSpan)",
    );
  }
  if (opts.captureContent !== undefined && typeof opts.captureContent !== "boolean") {
    throw new ConfigError("withTracing: captureContent must be true or false");
  }
}
