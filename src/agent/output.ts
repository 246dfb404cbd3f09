import { ConfigError, GolemError } from "../core/errors.js";
import { textOf } from "../core/parts.js";
import type { StandardSchemaV1 } from "../core/standard-schema.js";
import type { Message, OutputSpec } from "../core/types.js";
import { describeIssues, jsonSchemaOf, standardOf } from "./schema.js";

/** How an agent asks for and checks a structured final answer. */
export interface OutputSetup {
  /** Sent as `ModelRequest.output` on every call. */
  readonly spec: OutputSpec;
  readonly standard: StandardSchemaV1.Props;
  /** How many invalid answers go back to the model before the run rejects. */
  readonly retries: number;
}

/** The outcome of checking a final answer's text. */
export type OutputCheck = { ok: true; value: unknown } | OutputRefusal;

/** A refused final answer: its text, what the model reads about it, and the issues. */
export interface OutputRefusal {
  ok: false;
  text: string;
  problem: string;
  issues: readonly StandardSchemaV1.Issue[];
}

/**
 * The final answer did not fit the agent's `output` schema, after the retries the agent
 * allows (or at `maxSteps`). `text` is the last answer's raw text; `issues` what was wrong.
 */
export class OutputError extends GolemError {
  override name = "OutputError";
  /** The last answer's text, as the model sent it. */
  text: string;
  /** Why it was refused: the schema's issues, or one issue saying it is not JSON. */
  issues: readonly StandardSchemaV1.Issue[];
  constructor(message: string, text: string, issues: readonly StandardSchemaV1.Issue[]) {
    super(message);
    this.text = text;
    this.issues = issues;
  }
}

/** The agent's output setup from its options; `undefined` without `output`. */
export function createOutput(
  schema: StandardSchemaV1 | undefined,
  jsonSchema: object | undefined,
  retries: number,
): OutputSetup | undefined {
  if (schema === undefined) {
    if (jsonSchema === undefined) return undefined;
    throw new ConfigError("Agent outputJsonSchema needs output, the schema that checks the answer");
  }
  const standard = standardOf(schema, "Agent output");
  return {
    spec: { schema: jsonSchemaOf(standard, jsonSchema, "Agent output", "has", "outputJsonSchema") },
    standard,
    retries,
  };
}

/** The run's output from a final answer: its text, or with `output` the checked JSON. */
export async function readAnswer(
  output: OutputSetup | undefined,
  message: Message,
): Promise<OutputCheck> {
  const text = textOf(message);
  if (!output) return { ok: true, value: text };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const message = `not valid JSON (${(err as Error).message})`;
    return {
      ok: false,
      text,
      problem: `Your answer is ${message}. Answer with only the JSON the output schema describes, no other text.`,
      issues: [{ message }],
    };
  }
  const result = await output.standard.validate(json);
  if (!result.issues) return { ok: true, value: result.value };
  return {
    ok: false,
    text,
    problem: `Your answer does not match the output schema:\n${describeIssues(result.issues)}\nAnswer again with only JSON that matches it.`,
    issues: result.issues,
  };
}

/**
 * The user message that sends a refused answer's problem back to the model, while `retries`
 * are left and `maxSteps` allows another call; otherwise an {@link OutputError}.
 */
export function retryRequest(refused: OutputRefusal, retries: number, lastStep: boolean): Message {
  if (retries > 0 && !lastStep) return { role: "user", content: refused.problem };
  const limit = lastStep ? "maxSteps reached" : "no retries left";
  throw new OutputError(
    `The model's final answer does not fit the output schema (${limit}):\n${describeIssues(refused.issues)}`,
    refused.text,
    refused.issues,
  );
}
