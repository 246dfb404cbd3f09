/**
 * Open-weight reasoning model families whose reasoning has a rule of its own, whichever server
 * runs them: DeepSeek and Kimi refuse a tool loop whose earlier reasoning is missing; GLM and
 * Qwen keep their earlier thinking only when it is sent back and asked for. A server's profile
 * (wires/openai-chat/servers.ts) says in what form; the family says when. Matched on the model
 * id as any host spells it (`deepseek-v4-pro`, `deepseek-ai/DeepSeek-V4-Pro`,
 * `moonshotai/kimi-k2.5`, Fireworks' `accounts/fireworks/models/kimi-k2p5`, `zai-glm-4.7`,
 * `Qwen/Qwen3.6-35B-A3B`), a version at least `since`. Dated data, read 2026-12-06.
 * @module
 */

/** The families with a reasoning rule. */
export type ReasoningFamily = "deepseek" | "kimi" | "glm" | "qwen";

/** What a family needs of its reasoning on later turns. */
export interface FamilyRule {
  family: ReasoningFamily;
  /** The id's version as `major` and optional `minor` groups (`.` or Fireworks' `p` between). */
  ids: RegExp;
  /** The first version the rule holds for. */
  since: readonly [number, number];
  /** Ids of the family that carry no version (`deepseek-reasoner`). */
  aliases?: RegExp;
  /** Which assistant turns carry their reasoning back. */
  replay: "tool-calls" | "always";
  /**
   * `required`: the API refuses (400) a turn without it, so it goes back on any server, in the
   * server's form. `preserved`: the model reasons on from it, where the server is asked to
   * keep it (its profile's preserve switch) and takes it back.
   */
  need: "required" | "preserved";
  /** The chat-template switch open-weight servers (vLLM, SGLang) turn reasoning on with. */
  templateSwitch?: string;
  /** The chat-template arguments that keep earlier reasoning (preserved thinking). */
  templateKeep?: Readonly<Record<string, unknown>>;
  /** Models that always reason: `reasoningEffort: "none"` is refused for them. */
  alwaysThinks?: RegExp;
  /** The vendor doc (or thread) the rule was read from. */
  source: string;
  checked: string;
}

/** The family rules, one row per family. */
export const FAMILY_RULES: readonly FamilyRule[] = [
  {
    // "The reasoning_content in the thinking mode must be passed back to the API" (a 400),
    // on every turn that called a tool; turns without calls may leave it out. V3.2 on.
    family: "deepseek",
    ids: /deepseek-v(\d+)(?:[.p](\d+))?/,
    since: [3, 2],
    aliases: /^deepseek-reasoner$/,
    replay: "tool-calls",
    need: "required",
    templateSwitch: "thinking",
    source: "https://api-docs.deepseek.com/guides/thinking_mode",
    checked: "2026-12-06",
  },
  {
    // "thinking is enabled but reasoning_content is missing in assistant tool call message at
    // index N" (a 400); an empty one is accepted (Lapis0x0/obsidian-yolo#243). K2.5 on.
    family: "kimi",
    ids: /kimi-k(\d+)(?:[.p](\d+))?/,
    since: [2, 5],
    aliases: /kimi-k2-thinking/,
    replay: "tool-calls",
    need: "required",
    alwaysThinks: /kimi-k(?:[3-9]|2[.p]7-code|2-thinking)/,
    source: "https://platform.moonshot.ai/docs/guide/use-kimi-k2-thinking-model",
    checked: "2026-12-06",
  },
  {
    // Preserved thinking: "clear_thinking": false, the reasoning sent back complete and
    // unmodified on every turn; interleaved with tool calls since GLM-4.5. GLM-5.3 always
    // thinks (`thinking.type: "disabled"` is refused).
    family: "glm",
    ids: /glm-(\d+)(?:[.p](\d+))?/,
    since: [4, 5],
    replay: "always",
    need: "preserved",
    // GLM-4.7's chat template takes `clear_thinking` too.
    templateKeep: { clear_thinking: false },
    alwaysThinks: /glm-(?:5[.p][3-9]|[6-9])/,
    source: "https://docs.z.ai/guides/capabilities/thinking-mode",
    checked: "2026-12-06",
  },
  {
    // Qwen3.6 on: `preserve_thinking` keeps earlier turns' reasoning in the template
    // (Qwen3.6 model card; DashScope "Deep thinking").
    family: "qwen",
    ids: /qwen(\d+)(?:[.p](\d+))?/,
    since: [3, 6],
    replay: "always",
    need: "preserved",
    templateKeep: { preserve_thinking: true },
    source: "https://www.alibabacloud.com/help/en/model-studio/deep-thinking",
    checked: "2026-12-06",
  },
];

/** The rule of the family `model` belongs to, or undefined for a model no rule names. */
export function familyRule(model: string): FamilyRule | undefined {
  const id = model.toLowerCase();
  return FAMILY_RULES.find((rule) => {
    if (rule.aliases?.test(id)) return true;
    const m = rule.ids.exec(id);
    if (!m) return false;
    const major = Number(m[1]);
    const minor = Number(m[2] ?? 0);
    const [fromMajor, fromMinor] = rule.since;
    return major > fromMajor || (major === fromMajor && minor >= fromMinor);
  });
}
