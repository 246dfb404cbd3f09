/**
 * What the public types say, checked by compiling user code against golem's sources (as
 * test/docs does for the docs' blocks): `countTokens` is there, without `?.`, on every entry
 * whose models always have it; effort levels and model ids are literal unions that still take
 * any string (`"a" | "b" | (string & {})`), so an editor offers the known ones and a typo
 * stands out, while a newer model or level still compiles.
 */
import { join, resolve } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { testCompilerOptions } from "../helpers/tsconfig.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** The TS diagnostics of each snippet, all compiled in one program under the test settings. */
function diagnostics(snippets: Record<string, string>): Record<string, string[]> {
  const files = new Map(
    Object.entries(snippets).map(([name, code]) => [
      join(ROOT, `test/core/${name}.snippet.ts`),
      code,
    ]),
  );
  const options = testCompilerOptions(ROOT);
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, version, onError, create) => {
    const code = files.get(f);
    return code === undefined
      ? getSourceFile.call(host, f, version, onError, create)
      : ts.createSourceFile(f, code, version, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const out: Record<string, string[]> = Object.fromEntries(
    Object.keys(snippets).map((n) => [n, []]),
  );
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file ? /([^/]+)\.snippet\.ts$/.exec(d.file.fileName)?.[1] : undefined;
    const key = name ?? "elsewhere";
    const text = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
    out[key] = [...(out[key] ?? []), text];
  }
  return out;
}

/** The literal members of a `"a" | "b" | (string & {})` union (none for plain `string`). */
const KNOWN = `
type Known<T> = T extends string ? (string extends T ? never : T) : never;
`;

const SNIPPETS = {
  counting: `
import type { CountingModel, ModelRequest } from "golem";
import * as anthropic from "golem/anthropic";
import * as bedrock from "golem/bedrock";
import * as gemini from "golem/gemini";
import * as openai from "golem/openai";
import * as vertex from "golem/vertex";
import * as foundry from "golem/anthropic-foundry";
import * as googleCloud from "golem/anthropic-google-cloud";
declare const req: ModelRequest;
const models: CountingModel[] = [
  anthropic.create({ model: "claude-opus-5-5", maxTokens: 1024 }),
  bedrock.create({ model: "anthropic.claude-opus-4-8", region: "us-east-1" }),
  gemini.create({ model: "gemini-3.6-flash" }),
  openai.create({ model: "gpt-6.1-sol", api: "responses" }),
  vertex.create({ model: "claude-opus-5-5", project: "p", location: "global", token: async () => "t", maxTokens: 1 }),
  foundry.create({ model: "claude-opus-5-5", resource: "r", apiKey: "k", maxTokens: 1 }),
  googleCloud.create({ model: "claude-opus-5-5", project: "p", location: "global", token: async () => "t", maxTokens: 1 }),
];
export const counted: Promise<{ inputTokens: number }>[] = models.map((m) => m.countTokens(req));
export const direct = anthropic.create({ model: "claude-opus-5-5", maxTokens: 1 }).countTokens(req);
`,
  effort: `${KNOWN}
import type { ConversationUpdate } from "golem";
type Effort = Exclude<ConversationUpdate["effort"], undefined>;
export const known: Known<Effort>[] = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];
export const newer: ConversationUpdate = { effort: "ultra" };
`,
  models: `${KNOWN}
import type * as anthropic from "golem/anthropic";
import type * as aws from "golem/anthropic-aws";
import type * as foundry from "golem/anthropic-foundry";
import type * as googleCloud from "golem/anthropic-google-cloud";
import type * as openai from "golem/openai";
export const claude: Known<anthropic.Config["model"]>[] = ["claude-opus-5-5", "claude-sonnet-5-5", "claude-haiku-5-5", "claude-fable-5-2", "claude-opus-4-8", "claude-sonnet-4-6"];
export const elsewhere: Known<aws.Config["model"] | foundry.Config["model"] | googleCloud.Config["model"]>[] = ["claude-opus-5-5"];
export const gpt: Known<openai.Config["model"]>[] = ["gpt-6.2-sol", "gpt-6.1-sol", "gpt-5.4", "o3"];
export const newer: anthropic.Config["model"] = "claude-next-9";
`,
  control: `${KNOWN}
export const none: Known<string>[] = ["low"];
`,
};

describe("the public types", () => {
  let found: Record<string, string[]> = {};
  // One program for every snippet: compiling golem's sources takes seconds.
  beforeAll(() => {
    found = diagnostics(SNIPPETS);
  }, 120_000);

  it("type an entry's countTokens as always there where every model has it", () => {
    expect(found.counting).toEqual([]);
  });

  it("offer the known effort levels of an update, and take any other string", () => {
    expect(found.effort).toEqual([]);
  });

  it("offer the known model ids of the Claude and OpenAI entries, and take any other string", () => {
    expect(found.models).toEqual([]);
  });

  it("tell a plain string from a literal union (the check above can fail)", () => {
    expect(found.control).toHaveLength(1);
  });

  it("compile with no error outside the snippets", () => {
    expect(found.elsewhere ?? []).toEqual([]);
  });
});
