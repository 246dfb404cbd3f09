import type {
  CallOptions,
  Delta,
  InputTransformation,
  Message,
  ToolCallPart,
  Usage,
} from "../core/types.js";

/** What a model call of the run reports it dropped or let through, with the call's number. */
export interface StepTransformation extends InputTransformation {
  step: number;
}

/**
 * What a finished or paused run returns; `O` is the output's type (the agent's `output`
 * schema's). A paused run has `pending` and no `output`.
 */
export interface RunResult<O = string> {
  /** The evidence: the exact input history, then every message this run added, unchanged. */
  messages: Message[];
  /**
   * The final assistant message's text: its text parts joined (`textOf`); with the agent's
   * `output` schema, that text parsed as JSON and validated by the schema (its output value).
   * `undefined` when the run paused (`pending`): the model has not answered yet.
   */
  output: O;
  /** Token counts summed over every model call; optional counts appear when a call reported them. */
  usage: Usage;
  /** How many model calls the run made. */
  steps: number;
  /**
   * Reasoning a model call's provider (or golem's prefix check) dropped or let through, per
   * step (`ModelResponse.inputTransformations`); absent when no call reported any.
   */
  inputTransformations?: StepTransformation[];
  /**
   * Present (and non-empty) when the run paused: a step called a tool that needs approval,
   * and none of that step's tools ran. These are the unanswered calls of the last assistant
   * message (`pendingToolCalls(messages)`); `Agent.resume(messages, decisions)` goes on.
   */
  pending?: ToolCallPart[];
}

/**
 * What the agent's `checkpoint` is told each time the run's work grows: as a failed run's
 * evidence, the history and every message added so far (the answers of tools that finished,
 * in call order, after their assistant turn), the usage and the model calls made.
 */
export interface RunCheckpoint {
  messages: Message[];
  usage: Usage;
  steps: number;
}

/**
 * One event of a streamed run. `step` is the number of the model call the event belongs to
 * (1 for the first call; the tool results answering call k carry k); the prompt carries 0.
 * - `delta`: a piece of model call `step`'s answer, as it streams; its `index` is the part's
 *   place in that call's final message.
 * - `message`: a message added to the conversation, in conversation order: the prompt, each
 *   assistant message once its call finished, and each tool message (in call order, once every
 *   tool of the step has answered). The `message` events of a run are exactly the messages it adds.
 * - `tool-result`: a tool message as soon as its tool finished (completion order, so parallel
 *   tools report as they go); the same object later comes again as a `message` event.
 * - `pause`: the run's last event when step `step` called a tool that needs approval: its
 *   calls wait for decisions (`RunResult.pending`), none of them ran.
 * A resumed run's answers to the calls it resumed carry step 0, as the history does.
 */
export type RunEvent =
  | { type: "delta"; step: number; delta: Delta }
  | { type: "message"; step: number; message: Message }
  | { type: "tool-result"; step: number; message: Message }
  | { type: "pause"; step: number; pending: ToolCallPart[] };

/**
 * A streamed run: iterate it for events, or only await `result` (the run then proceeds without
 * anyone reading events). Breaking out of the loop cancels the run: the model stream is
 * cancelled, running tools see their signal abort, and `result` rejects with an `AbortError`
 * (a `DOMException`) carrying the run's evidence, as any failed run's error does
 * (`runEvidenceOf`); breaking at the final assistant message cancels nothing: `result` resolves.
 * `result` never becomes an unhandled rejection when the caller only iterates.
 */
export interface RunStream<O = string> extends AsyncIterable<RunEvent> {
  result: Promise<RunResult<O>>;
}

/** Options of one run (`run`, `runWithHistory`, `resume`): the call options, and a checkpoint. */
export interface RunOptions extends CallOptions {
  /**
   * This run's checkpoint, in place of the agent's (`AgentOptions.checkpoint`): a server
   * stores each run under its own key.
   */
  checkpoint?: (run: RunCheckpoint) => void | Promise<void>;
}

/** Options of {@link Agent.runStream}: the run's options plus an optional earlier history. */
export interface RunStreamOptions extends RunOptions {
  history?: Message[];
}
