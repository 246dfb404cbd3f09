/**
 * What the documentation's code blocks use without defining: values a snippet takes from the
 * reader's own program (a tool, a store, a schema from another library) or from the snippet
 * before it. `code-blocks.test.ts` imports each name into every block that does not declare
 * it itself; nothing here is global, so the rest of the test suite cannot lean on it.
 * Every declaration is typed with golem's real types, so a snippet is checked against the API.
 */
import type { Agent, HistoryProcessor, Message, Model, Tool, ToolSpec } from "golem";
import type { StandardSchemaV1 } from "../../src/core/standard-schema.js";

/** A tool spec the Quickstart offers the model. */
export declare const weatherTool: ToolSpec;
/** Wherever the reader keeps a serialized conversation. */
export declare function store(json: string): void;
/** A conversation so far and the tools of the request that continues it (docs/fixtures.md). */
export declare const messages: Message[];
export declare const tools: Tool[];
/** The tool message answering turn 1's call (docs/fixtures.md). */
export declare const toolResult: Message;
/** docs/agent.md's agent, which its "Streaming" snippet runs. */
export declare const agent: Agent;
/** The reader's model, instructions, tools and processors (docs/agent.md "The loop"). */
export declare const model: Model;
export declare const instructions: string;
export declare const historyProcessors: HistoryProcessor[];
/** An agent tool's function, shared by the variants in docs/agent.md "Tools". */
export declare function execute(args: unknown): Promise<string>;
/** A schema from a Standard Schema library other than zod (Valibot, ArkType, …). */
export declare const valibotSchema: StandardSchemaV1<{ city: string }>;
/** The reader's own data and UI (docs/agent.md). */
export declare const dictionary: Map<string, string>;
export declare const signal: AbortSignal;
export declare function showThinking(text: string): void;
export declare function showText(text: string): void;
export declare function showToolDone(message: Message): void;
/** The reader's app under test (docs/fixtures.md; examples/recording/agent.ts is one). */
export declare function weatherAgent(fetch: typeof globalThis.fetch, model?: string): Agent;
