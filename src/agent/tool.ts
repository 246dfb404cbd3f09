import { ConfigError } from "../core/errors.js";
import type { StandardSchemaV1 } from "../core/standard-schema.js";
import type { ToolSpec } from "../core/types.js";
import { describeIssues, jsonSchemaOf, standardOf } from "./schema.js";

/** What a tool's `execute` gets besides its arguments. */
export interface ToolContext {
  /** Aborts when the run is aborted or its stream is cancelled; pass it on to fetch and the like. */
  signal?: AbortSignal;
}

/** The outcome of checking a tool call's decoded arguments. */
export type ToolArgs = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * A tool the agent can offer to the model: its spec (`name`, `description`, `parameters` as
 * JSON Schema), a check of the decoded arguments, and the function that runs it.
 * Made with {@link tool} (a Standard Schema such as zod's) or {@link jsonTool} (plain JSON Schema).
 */
export interface Tool extends ToolSpec {
  /**
   * Checks the decoded JSON arguments; returns what `execute` gets, or a problem the model
   * reads. A promise when the schema validates asynchronously; the agent awaits it.
   */
  check(args: unknown): ToolArgs | Promise<ToolArgs>;
  /**
   * Runs the tool; a string result is sent as is, parts (a non-empty array of text, image and
   * file parts) as the tool message's parts, anything else as JSON.
   */
  execute(args: unknown, ctx: ToolContext): unknown;
  /** The longest `execute` may take before the model reads a timeout error instead. */
  timeoutMs?: number;
  /**
   * Whether a call waits for a person's decision: a step with such a call pauses before any
   * of its tools runs (`RunResult.pending`), and `Agent.resume` goes on with the decisions.
   * A function is asked with the checked arguments (what `execute` would get).
   */
  needsApproval?: NeedsApproval;
}

/** {@link Tool.needsApproval}: always, never, or by a function of the checked arguments. */
export type NeedsApproval =
  | boolean
  | ((args: unknown, ctx: ToolContext) => boolean | Promise<boolean>);

/**
 * The definition {@link tool} takes: `parameters` is any Standard Schema (a zod 4 schema, say),
 * and its output type types `execute`'s arguments.
 */
export interface ToolDefinition<S extends StandardSchemaV1> {
  name: string;
  description: string;
  /**
   * A Standard Schema of the arguments object: zod 4 (`zod` or `zod/mini`), Valibot, ArkType…
   * It checks every call's arguments; it also gives the JSON Schema sent to the model when it
   * has a Standard JSON Schema converter (`~standard.jsonSchema`, as zod's classic API has).
   */
  parameters: S;
  /**
   * The JSON Schema (`type: "object"`) to send instead of converting `parameters`; needed when
   * they have no converter, e.g. zod/mini: `z.toJSONSchema(schema, { io: "input" })`.
   */
  jsonSchema?: object;
  /**
   * Ask the provider to hold the model's arguments to the schema exactly (Anthropic, Bedrock,
   * OpenAI `strict`); Gemini has no such switch and refuses it before the request.
   */
  strict?: boolean;
  /**
   * The longest `execute` may take: then its signal aborts and the model reads a tool error
   * saying it timed out. @defaultValue the agent's `toolTimeoutMs` (none)
   */
  timeoutMs?: number;
  /**
   * A call waits for a person's approval before it runs: `true`, or a function of the checked
   * arguments (`(args) => args.cents > 1000`). The step pauses before any of its tools runs;
   * `Agent.resume` runs the approved calls and tells the model of the denied ones.
   * @defaultValue false
   */
  needsApproval?:
    | boolean
    | ((args: StandardSchemaV1.InferOutput<S>, ctx: ToolContext) => boolean | Promise<boolean>);
  execute(args: StandardSchemaV1.InferOutput<S>, ctx: ToolContext): unknown;
}

/** The definition {@link jsonTool} takes: a plain JSON Schema, and `execute` gets `unknown`. */
export interface JSONToolDefinition {
  name: string;
  description: string;
  /** A JSON Schema with `type: "object"`, sent to the model as is. */
  parameters: object;
  /** As {@link ToolDefinition.strict}. */
  strict?: boolean;
  /** As {@link ToolDefinition.timeoutMs}. */
  timeoutMs?: number;
  /** As {@link ToolDefinition.needsApproval}; a function gets the arguments as `unknown`. */
  needsApproval?: NeedsApproval;
  execute(args: unknown, ctx: ToolContext): unknown;
}

/**
 * Defines a tool whose arguments are described and checked by a Standard Schema (a zod 4
 * schema, say): its JSON Schema (input side, without `$schema`) is sent to the model, and
 * every call's arguments are validated with it before `execute` runs.
 * @example
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Current weather for a city",
 *   parameters: z.object({ city: z.string() }),
 *   execute: async ({ city }, { signal }) => (await fetch(`…?q=${city}`, { signal: signal ?? null })).json(),
 * });
 */
export function tool<S extends StandardSchemaV1>(def: ToolDefinition<S>): Tool {
  checkName(def.name);
  const subject = `tool ${JSON.stringify(def.name)}: parameters`;
  const standard = standardOf(def.parameters, subject, "; for a plain JSON Schema use jsonTool()");
  const parameters = jsonSchemaOf(standard, def.jsonSchema, subject, "have", "jsonSchema");
  checkObjectSchema(def.name, parameters);
  return {
    ...strictOf(def),
    ...timeoutOf(def),
    ...approvalOf(def as { name: string; needsApproval?: NeedsApproval }),
    name: def.name,
    description: def.description,
    parameters,
    check(args) {
      const result = standard.validate(args);
      // Any thenable, not only this realm's Promise: read as a result, it would pass as valid.
      return "then" in result ? Promise.resolve(result).then(toArgs) : toArgs(result);
    },
    execute: (args, ctx) => def.execute(args as StandardSchemaV1.InferOutput<S>, ctx),
  };
}

/**
 * Defines a tool from a plain JSON Schema, for callers who do not use zod. The arguments are
 * only checked to be a JSON object; `execute` gets them as `unknown` and checks the rest itself.
 */
export function jsonTool(def: JSONToolDefinition): Tool {
  checkName(def.name);
  checkObjectSchema(def.name, def.parameters);
  return {
    ...strictOf(def),
    ...timeoutOf(def),
    ...approvalOf(def),
    name: def.name,
    description: def.description,
    parameters: def.parameters,
    check(args) {
      if (typeof args === "object" && args !== null && !Array.isArray(args)) {
        return { ok: true, value: args };
      }
      return { ok: false, problem: "the arguments must be a JSON object" };
    },
    execute: (args, ctx) => def.execute(args, ctx),
  };
}

/** `{ strict }` when the definition sets it, else nothing (the spec has no `strict: undefined`). */
function strictOf(def: { name: string; strict?: boolean }): { strict?: boolean } {
  if (def.strict === undefined) return {};
  if (typeof def.strict !== "boolean") {
    throw new ConfigError(`tool ${JSON.stringify(def.name)}: strict must be a boolean`);
  }
  return { strict: def.strict };
}

/** `{ timeoutMs }` when the definition sets it (a positive number of milliseconds), else nothing. */
function timeoutOf(def: { name: string; timeoutMs?: number }): { timeoutMs?: number } {
  const { timeoutMs } = def;
  if (timeoutMs === undefined) return {};
  if (typeof timeoutMs !== "number" || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigError(
      `tool ${JSON.stringify(def.name)}: timeoutMs must be a positive number of milliseconds`,
    );
  }
  return { timeoutMs };
}

/** `{ needsApproval }` when the definition sets it (a boolean or a function), else nothing. */
function approvalOf(def: { name: string; needsApproval?: NeedsApproval }): {
  needsApproval?: NeedsApproval;
} {
  const { needsApproval } = def;
  if (needsApproval === undefined) return {};
  if (typeof needsApproval !== "boolean" && typeof needsApproval !== "function") {
    throw new ConfigError(
      `tool ${JSON.stringify(def.name)}: needsApproval must be a boolean or a function of the arguments`,
    );
  }
  return { needsApproval };
}

function toArgs(result: StandardSchemaV1.Result<unknown>): ToolArgs {
  if (!result.issues) return { ok: true, value: result.value };
  return { ok: false, problem: describeIssues(result.issues) || "the arguments were refused" };
}

function checkObjectSchema(name: string, schema: unknown): void {
  if (
    typeof schema !== "object" ||
    schema === null ||
    (schema as { type?: unknown }).type !== "object"
  ) {
    throw new ConfigError(
      `tool ${JSON.stringify(name)}: parameters must describe a JSON object ({ "type": "object", … }), as every provider requires`,
    );
  }
}

function checkName(name: unknown): void {
  if (typeof name !== "string" || name.length === 0) {
    throw new ConfigError("a tool needs a non-empty name");
  }
}
