import { ConfigError } from "../core/errors.js";
import type { CallOptions, Message, Model } from "../core/types.js";
import { type AgentSetup, runSteps } from "./loop.js";
import type { HistoryProcessor } from "./processors.js";
import { createRunStream } from "./run-stream.js";
import type { Tool } from "./tool.js";
import type { RunResult, RunStream, RunStreamOptions } from "./types.js";

/** What an {@link Agent} is made of. */
export interface AgentOptions {
  model: Model;
  /** Sent as the request's `system` on every call; processors never see it. */
  instructions?: string;
  tools?: Tool[];
  /** Run in order before every model call, on the conversation without the system prompt. */
  historyProcessors?: HistoryProcessor[];
  /**
   * The most model calls one run may make.
   * @defaultValue 10
   */
  maxSteps?: number;
}

/**
 * A model plus tools, run in a loop: it calls the model, runs the tools it asks for (in
 * parallel), sends their results back, and stops when the model answers without tool calls.
 * Tool calls are read from the parts; parts and signatures pass through untouched:
 * `RunResult.messages` holds the very messages the model returned, ready for
 * `serializeHistory` and a later `runWithHistory`.
 * @example
 * const agent = new Agent({ model, instructions: "Be brief.", tools: [weather] });
 * const { output, messages } = await agent.run("Weather in Paris?");
 */
export class Agent {
  readonly #setup: AgentSetup;

  constructor(opts: AgentOptions) {
    const maxSteps = opts.maxSteps ?? 10;
    if (!Number.isInteger(maxSteps) || maxSteps < 1) {
      throw new ConfigError(`Agent maxSteps must be a whole number, at least 1 (got ${maxSteps})`);
    }
    const tools = new Map<string, Tool>();
    for (const t of opts.tools ?? []) {
      if (tools.has(t.name)) {
        throw new ConfigError(`Agent tools: two tools are named ${JSON.stringify(t.name)}`);
      }
      tools.set(t.name, t);
    }
    // Built once: the newest models bind thinking to the request prefix, tools included.
    const specs = [...tools.values()].map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.parameters,
    }));
    this.#setup = {
      model: opts.model,
      system: opts.instructions,
      tools,
      specs: specs.length > 0 ? specs : undefined,
      processors: [...(opts.historyProcessors ?? [])],
      maxSteps,
    };
  }

  /** Runs a new conversation that starts with `prompt`. */
  run(prompt: string, opts?: CallOptions): Promise<RunResult> {
    return this.runWithHistory([], prompt, opts);
  }

  /** Continues a stored conversation (e.g. from `parseHistory`) with `prompt`. */
  async runWithHistory(history: Message[], prompt: string, opts?: CallOptions): Promise<RunResult> {
    const steps = runSteps(this.#setup, {
      history,
      prompt,
      signal: opts?.signal,
      streaming: false,
    });
    for (;;) {
      const step = await steps.next();
      if (step.done) return step.value;
    }
  }

  /** Runs like {@link Agent.runWithHistory}, streaming the model's deltas and each message as events. */
  runStream(prompt: string, opts?: RunStreamOptions): RunStream {
    const history = opts?.history ?? [];
    return createRunStream(
      (signal, onResult) =>
        runSteps(this.#setup, { history, prompt, signal, streaming: true, onResult }),
      opts?.signal,
    );
  }
}
