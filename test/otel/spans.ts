/**
 * The real OpenTelemetry SDK recording spans in memory: what a user's exporter would get.
 */
import type { Tracer } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";

export interface SpanRecorder {
  tracer: Tracer;
  /** The spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** The one ended span with this name; fails when there are none or several. */
  one(name: string): ReadableSpan;
}

export function recordSpans(): SpanRecorder {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const spans = () => exporter.getFinishedSpans();
  return {
    tracer: provider.getTracer("golem-test"),
    spans,
    one(name) {
      const found = spans().filter((s) => s.name === name);
      if (found.length !== 1) throw new Error(`${found.length} spans named ${name}`);
      return found[0] as ReadableSpan;
    },
  };
}

/** The span's parent span id, or undefined for a root span. */
export function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

/** Every string a span hands an exporter: name, attributes, events, status. */
export function spanText(span: ReadableSpan): string {
  return JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    events: span.events.map((e) => ({ name: e.name, attributes: e.attributes })),
    status: span.status,
  });
}
