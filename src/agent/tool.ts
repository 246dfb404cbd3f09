import * as z from "zod/mini";
import { ConfigError } from "../core/errors.js";
import type { ToolSpec } from "../core/types.js";

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
 * Made with {@link tool} (zod schema) or {@link jsonTool} (plain JSON Schema).
 */
export interface Tool extends ToolSpec {
  /** Checks the decoded JSON arguments; returns what `execute` gets, or a problem the model reads. */
  check(args: unknown): ToolArgs;
  /** Runs the tool; a string result is sent as is, anything else as JSON. */
  execute(args: unknown, ctx: ToolContext): unknown;
}

/** The definition {@link tool} takes: the zod schema `S` types `execute`'s arguments. */
export interface ToolDefinition<S extends z.core.$ZodType> {
  name: string;
  description: string;
  /** A zod 4 schema of the arguments object (from `zod` or `zod/mini`). */
  parameters: S;
  execute(args: z.output<S>, ctx: ToolContext): unknown;
}

/** The definition {@link jsonTool} takes: a plain JSON Schema, and `execute` gets `unknown`. */
export interface JSONToolDefinition {
  name: string;
  description: string;
  /** A JSON Schema with `type: "object"`, sent to the model as is. */
  parameters: object;
  execute(args: unknown, ctx: ToolContext): unknown;
}

/**
 * Defines a tool whose arguments are described and checked by a zod 4 schema; the schema is
 * converted to JSON Schema (input side, without `$schema`) for the model, and every call's
 * arguments are parsed with it before `execute` runs.
 * @example
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Current weather for a city",
 *   parameters: z.object({ city: z.string() }),
 *   execute: async ({ city }, { signal }) => (await fetch(`…?q=${city}`, { signal })).json(),
 * });
 */
export function tool<S extends z.core.$ZodType>(def: ToolDefinition<S>): Tool {
  checkName(def.name);
  const parameters = toParameters(def.name, def.parameters);
  const schema = def.parameters;
  return {
    name: def.name,
    description: def.description,
    parameters,
    check(args) {
      const result = z.safeParse(schema, args);
      if (result.success) return { ok: true, value: result.data };
      return { ok: false, problem: z.prettifyError(result.error) };
    },
    execute: (args, ctx) => def.execute(args as z.output<S>, ctx),
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

function toParameters(name: string, schema: z.core.$ZodType): object {
  let json: Record<string, unknown>;
  try {
    // "input": what the model must send, before defaults and transforms apply.
    json = { ...z.toJSONSchema(schema, { io: "input" }) };
  } catch (cause) {
    throw new ConfigError(
      `tool ${JSON.stringify(name)}: parameters cannot be expressed as JSON Schema: ${(cause as Error).message}`,
      { cause },
    );
  }
  // The dialect marker is metadata no provider's tool format asks for (spec/: every tool
  // example is a bare object schema); leaving it out keeps the schema within Gemini's subset.
  delete json.$schema;
  checkObjectSchema(name, json);
  return json;
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
