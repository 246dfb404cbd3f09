import { ConfigError } from "../core/errors.js";
import type { Message, Usage } from "../core/types.js";
import { cassetteView } from "./cassette.js";
import { safeJSON } from "./digest.js";
import { readInput } from "./input.js";
import { prefixTarget, providerOfWire } from "./next-request.js";
import { turnView } from "./parts.js";
import { createRedactor } from "./redact.js";
import { prefixVerdicts } from "./verdicts.js";
import type { InspectView, TransformationView, TurnView } from "./view.js";

/** What `inspect` takes besides its input. */
export interface InspectOptions {
  /**
   * The provider the verdicts are for: the next request's (`"anthropic"`, `"bedrock"`,
   * `"openai"`, any platform tag). Default: the provider of the history's last prefix record.
   */
  provider?: string;
  /** The next request's model. Default: a model of that provider that binds its prefix. */
  model?: string;
  /** The page's title. */
  title?: string;
}

function checkOptions(opts: InspectOptions): void {
  for (const key of ["provider", "model", "title"] as const) {
    const v = opts[key];
    if (v !== undefined && (typeof v !== "string" || v === "")) {
      throw new ConfigError(`inspect: \`${key}\` must be a non-empty string`);
    }
  }
}

/** The provider a history's verdicts are for when the caller names none. */
function defaultProvider(messages: readonly Message[], turns: readonly TurnView[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const wire = messages[i]?.prefix?.wire;
    const provider = wire === undefined ? undefined : providerOfWire(wire);
    if (provider !== undefined) return provider;
  }
  return [...turns].reverse().find((t) => t.provider !== undefined)?.provider ?? "anthropic";
}

/**
 * The model the verdicts assume when the caller names none: the target's binding model; for
 * OpenAI, one whose prefix holds `instructions` when the history's records hash them (a model
 * before GPT-6.2 made them).
 */
function defaultModel(provider: string, messages: readonly Message[]): string {
  const target = prefixTarget(provider);
  if (!target) return "";
  const old = messages.some(
    (m) => m.prefix?.wire === target.wire && "instructions" in m.prefix.head,
  );
  return target.wire === "openai-responses" && old ? "gpt-6.1" : target.model;
}

/** A history (or a run's messages) as turns with the guard's verdicts. */
function historyView(
  messages: Message[],
  opts: InspectOptions,
): Pick<InspectView, "turns" | "target" | "system" | "tools"> {
  const turns = messages.map(turnView);
  const provider = opts.provider ?? defaultProvider(messages, turns);
  const model = opts.model ?? defaultModel(provider, messages);
  const prefix = prefixTarget(provider);
  const signed = new Set(
    turns.filter((t) => t.role === "assistant" && t.signed).map((t) => t.index),
  );
  const verdicts = prefixVerdicts(messages, signed, { provider, model, prefix });
  for (const [h, verdict] of verdicts) (turns[h] as TurnView).verdict = verdict;
  const out: Pick<InspectView, "turns" | "target" | "system" | "tools"> = {
    turns,
    target: { provider, model, binds: prefix !== undefined && model !== "" && prefix.binds(model) },
  };
  const setup = messages.find((m) => m.prefix?.setup)?.prefix?.setup;
  if (setup?.system !== undefined) out.system = setup.system;
  if (setup?.tools !== undefined) out.tools = safeJSON(setup.tools);
  return out;
}

/**
 * The data of an inspector page: every turn's parts (signatures and payloads as digests), the
 * guard's verdicts, the cache and usage per request, the input transformations.
 */
export function buildView(input: unknown, opts: InspectOptions = {}): InspectView {
  checkOptions(opts);
  const read = readInput(input);
  if (read.kind === "cassette") {
    const c = read.cassette;
    const redact = createRedactor(c.interactions.map((i) => i.request));
    const view = cassetteView(c, redact);
    const out: InspectView = {
      title: opts.title ?? `${c.provider}/${c.scenario}`,
      source: "cassette",
      provider: c.provider,
      target: {
        provider: opts.provider ?? c.provider,
        model: opts.model ?? view.model ?? "",
        binds: false,
      },
      turns: view.turns,
      steps: view.steps,
      transformations: view.transformations,
      notes: [
        `Recorded: ${c.source}`,
        "A cassette holds wire JSON, not golem's prefix records: the guard's verdicts need a stored history (serializeHistory).",
        ...view.notes,
      ],
    };
    if (view.model !== undefined) out.model = view.model;
    if (view.total) out.total = view.total;
    if (view.system !== undefined) out.system = view.system;
    if (view.tools !== undefined) out.tools = view.tools;
    return out;
  }
  const history = historyView(read.messages, opts);
  const out: InspectView = {
    title: opts.title ?? (read.kind === "run" ? "agent run" : "conversation"),
    source: read.kind,
    ...history,
    steps: [],
    transformations: [],
    notes: [],
  };
  if (read.kind === "run") {
    const run = read.run;
    const usage = run.usage as Usage | undefined;
    if (usage && typeof usage.inputTokens === "number") out.total = usage;
    const steps = typeof run.steps === "number" ? run.steps : undefined;
    out.notes.push(
      `${steps ?? "?"} model call(s). A RunResult keeps the usage of the whole run; per call usage is in a cassette of the run.`,
    );
    const list = Array.isArray(run.inputTransformations) ? run.inputTransformations : [];
    out.transformations = list.map((t: Record<string, unknown>) => {
      const entry: TransformationView = {
        action: String(t.action ?? ""),
        by: String(t.by ?? ""),
        reason: String(t.reason ?? ""),
      };
      if (typeof t.step === "number") entry.step = t.step;
      if (typeof t.path === "string") entry.path = t.path;
      if (typeof t.index === "number") entry.index = t.index;
      if (typeof t.id === "string") entry.id = t.id;
      return entry;
    });
  }
  return out;
}
