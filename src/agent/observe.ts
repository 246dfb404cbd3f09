import { cancelled } from "../core/cancel.js";
import type { Message, Model, Part, ToolSpec } from "../core/types.js";
import { withEvidence } from "./errors.js";
import { type AgentSetup, type RunInput, runSteps } from "./loop.js";
import type { RunEvent, RunResult } from "./types.js";

/**
 * Where a model carries the {@link RunObserver} an {@link Agent} uses when its options name
 * none: `golem/otel`'s `withTracing` puts one there, so one wrap traces runs, steps and tools.
 * A `Symbol.for` key, so two copies of golem agree on it.
 */
export const RUN_OBSERVER: unique symbol = /* @__PURE__ */ Symbol.for("golem.runObserver") as never;

/** What a {@link RunObserver} is told as a run starts. */
export interface RunStart {
  /** The agent's model. */
  readonly model: Model;
  readonly system: string | undefined;
  readonly tools: readonly ToolSpec[];
  readonly history: readonly Message[];
  /** The run's new user turn; `[]` for a resumed run (`Agent.resume`), which has none. */
  readonly prompt: string | Part[];
  /** `runStream` (the model streams) rather than `run` / `runWithHistory`. */
  readonly streaming: boolean;
  /** The agent's `maxSteps`: an assistant message of that step has its tools left unrun. */
  readonly maxSteps: number;
}

/** What one run's observer hears; every hook is optional. */
export interface RunHooks {
  /** The model this run calls, in place of the agent's (e.g. the agent's, wrapped for this run). */
  model?(model: Model): Model;
  /**
   * Each event as the loop makes it, in `runStream`'s order (for `run` too): a step's tools
   * start after the assistant message that asks for them, and each `tool-result` is one done.
   */
  event?(event: RunEvent): void;
  /**
   * Once, when the run ends: its result (as soon as it is known, just before the final
   * message's event), or its error (a run stream cancelled before its result: an `AbortError`).
   */
  end?(outcome: { result: RunResult<unknown> } | { error: unknown }): void;
}

/** Watches an agent's runs: tracing, metering, logging. */
export interface RunObserver {
  /** Called as a run starts, before it calls the model; the hooks returned hear of that run. */
  startRun(run: RunStart): RunHooks | undefined;
}

/** The observer a model carries under {@link RUN_OBSERVER}, if any. */
export function observerOf(model: Model): RunObserver | undefined {
  const found = (model as { [RUN_OBSERVER]?: RunObserver })[RUN_OBSERVER];
  return typeof found?.startRun === "function" ? found : undefined;
}

type Steps<T> = AsyncGenerator<RunEvent, T, undefined>;

/** The agent loop, with `observer` told of the run: its start, each event, and its end. */
export async function* observeSteps<O>(
  setup: AgentSetup,
  observer: RunObserver,
  input: RunInput<O>,
): Steps<RunResult<O>> {
  const hooks = observer.startRun({
    model: setup.model,
    system: setup.system,
    tools: setup.specs ?? [],
    history: input.history,
    prompt: input.prompt ?? [],
    streaming: input.streaming,
    maxSteps: setup.maxSteps,
  });
  if (!hooks) return yield* runSteps(setup, input);
  let known: RunResult<O> | undefined;
  let ended = false;
  const end = (outcome: { result: RunResult<O> } | { error: unknown }) => {
    if (!ended) hooks.end?.(outcome as { result: RunResult<unknown> } | { error: unknown });
    ended = true;
  };
  const model = hooks.model ? hooks.model(setup.model) : setup.model;
  const steps = runSteps<O>(
    { ...setup, model },
    {
      ...input,
      // The run is over once its result is known: `runStream`'s result may settle before the
      // loop has handed out its last event.
      onResult: (result) => {
        known = result;
        end({ result });
        input.onResult?.(result);
      },
    },
  );
  try {
    for (;;) {
      const next = await steps.next();
      if (next.done) {
        end({ result: next.value });
        return next.value;
      }
      hooks.event?.(next.value);
      yield next.value;
    }
  } catch (error) {
    // A hook that threw left the loop at a yield: close it (its model stream, and the answers
    // its tools gave go to the evidence), and the error carries the run's evidence.
    await steps.return(undefined as never).catch(() => {});
    const failed = withEvidence(error, input.evidence);
    end({ error: failed });
    throw failed;
  } finally {
    // The reader stopped early: at the last event the run is done, before it, cancelled.
    if (!ended) {
      const error = cancelled("run");
      end(known ? { result: known } : { error: withEvidence(error, input.evidence) });
      await steps.return(undefined as never);
    }
  }
}
