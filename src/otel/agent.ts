import { context, type Span, SpanKind, trace } from "@opentelemetry/api";
import type { RunHooks, RunObserver, RunStart } from "../agent/observe.js";
import type { RunEvent, RunResult } from "../agent/types.js";
import { extendModel } from "../core/middleware.js";
import { textOf, toolCallsOf } from "../core/parts.js";
import type { CallOptions, Message, Model, ToolCallPart } from "../core/types.js";
import { createCacheMissCheck } from "../testing/cache-miss.js";
import { captureMessage } from "./capture.js";
import { ATTR, GOLEM, OPERATION, providerName } from "./conventions.js";
import { RUN_TRACE, type RunTrace, type SpanStarter, setError, usageAttributes } from "./model.js";

/** A tool call the model asked for, whose span is made when its answer comes. */
interface Pending {
  call: ToolCallPart;
  step: number;
  started: number;
}

/**
 * The run observer `withTracing` gives a model: an `invoke_agent` span per run, the run's model
 * calls (`chat {model}`, with their step) and tool executions (`execute_tool {name}`) as its
 * children, and a cache-miss event on a call whose request does not extend the one before.
 */
export function agentTracing(tracer: SpanStarter, capture: boolean): RunObserver {
  return { startRun: (run) => traceRun(tracer, capture, run) };
}

function traceRun(tracer: SpanStarter, capture: boolean, run: RunStart): RunHooks {
  const span = tracer.startSpan(
    OPERATION.invokeAgent,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        [ATTR.operation]: OPERATION.invokeAgent,
        [ATTR.provider]: providerName(run.model.provider),
        [ATTR.requestModel]: run.model.model,
      },
    },
    context.active(),
  );
  if (capture) captureRunInput(span, run);
  let step = 0;
  const runTrace: RunTrace = {
    parent: trace.setSpan(context.active(), span),
    nextStep: () => ++step,
    checkCache: createCacheMissCheck(),
  };
  const pending = new Map<string, Pending>();
  return {
    model: (model) => withRunTrace(model, runTrace),
    event(event) {
      onEvent(event, run.maxSteps, pending, (p, answer) =>
        traceTool(tracer, runTrace.parent, capture, p, answer),
      );
    },
    end(outcome) {
      // Tools still running when the run failed or was cancelled: their spans end with it.
      for (const p of pending.values()) traceTool(tracer, runTrace.parent, capture, p, outcome);
      if ("result" in outcome) endRun(span, outcome.result, capture);
      else setError(span, outcome.error);
      span.end();
    },
  };
}

/** Starts the clock of each tool call of an assistant message, and ends it at its answer. */
function onEvent(
  event: RunEvent,
  maxSteps: number,
  pending: Map<string, Pending>,
  done: (p: Pending, answer: { answer: Message }) => void,
): void {
  if (event.type === "message" && event.message.role === "assistant" && event.step < maxSteps) {
    const started = Date.now();
    for (const call of toolCallsOf(event.message)) {
      pending.set(call.id, { call, step: event.step, started });
    }
  }
  if (event.type === "tool-result") {
    const p = pending.get(event.message.toolCallId ?? "");
    if (p === undefined) return;
    pending.delete(p.call.id);
    done(p, { answer: event.message });
  }
}

/** One `execute_tool {name}` span, from the call's start to its answer (or the run's end). */
function traceTool(
  tracer: SpanStarter,
  parent: RunTrace["parent"],
  capture: boolean,
  { call, step, started }: Pending,
  outcome: { answer: Message } | { result: RunResult<unknown> } | { error: unknown },
): void {
  const span = tracer.startSpan(
    `${OPERATION.executeTool} ${call.name}`,
    {
      kind: SpanKind.INTERNAL,
      startTime: started,
      attributes: {
        [ATTR.operation]: OPERATION.executeTool,
        [ATTR.toolName]: call.name,
        [ATTR.toolCallId]: call.id,
        [ATTR.toolType]: "function",
        [GOLEM.step]: step,
      },
    },
    parent,
  );
  if (capture) span.setAttribute(ATTR.toolArguments, call.arguments);
  if ("answer" in outcome) {
    const { answer } = outcome;
    if (capture) span.setAttribute(ATTR.toolResult, toolResultText(answer));
    if (answer.isError) setError(span, { name: "ToolError" });
  } else {
    setError(span, "error" in outcome ? outcome.error : { name: "AbortError" });
  }
  span.end();
}

/** A tool message's content for capture: its text, or its parts in capture form. */
function toolResultText(answer: Message): string {
  return typeof answer.content === "string"
    ? answer.content
    : answer.content.every((p) => p.type === "text")
      ? textOf(answer)
      : JSON.stringify(captureMessage(answer).parts);
}

function captureRunInput(span: Span, run: RunStart): void {
  if (run.system !== undefined) {
    span.setAttribute(
      ATTR.systemInstructions,
      JSON.stringify([{ type: "text", content: run.system }]),
    );
  }
  // A resumed run has no prompt (`[]`): its input is the history alone.
  const prompt: Message[] = run.prompt.length > 0 ? [{ role: "user", content: run.prompt }] : [];
  span.setAttribute(
    ATTR.inputMessages,
    JSON.stringify([...run.history, ...prompt].map(captureMessage)),
  );
}

function endRun(span: Span, result: RunResult<unknown>, capture: boolean): void {
  span.setAttributes({ ...usageAttributes(result.usage), [GOLEM.steps]: result.steps });
  const last = result.messages.at(-1);
  if (capture && last !== undefined) {
    span.setAttribute(ATTR.outputMessages, JSON.stringify([captureMessage(last)]));
  }
}

/** `model`, its calls carrying the run's {@link RunTrace} in their options. */
function withRunTrace(model: Model, run: RunTrace): Model {
  const traced = (opts?: CallOptions) => ({ ...opts, [RUN_TRACE]: run }) as CallOptions;
  return extendModel(model, {
    generate: (req, opts) => model.generate(req, traced(opts)),
    stream: (req, opts) => model.stream(req, traced(opts)),
  });
}
