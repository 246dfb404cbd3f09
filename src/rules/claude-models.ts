/**
 * Claude models golem knows, by family and version: a dated fallback for what Anthropic's
 * models API does not report (sampling, forced tool choice, prefill, `disabled` and
 * `between_tools` thinking) or when no metadata was fetched. A model in no row is unknown: it
 * is sent as asked and only the API-wide rules run (docs/models.md). Each row cites the
 * page that documents it and the day it was checked.
 * @module
 */
import type { Capabilities } from "./capabilities.js";
import { claudeVersion, versionText } from "./version.js";

/**
 * One table row: the versions it covers and what they take. A row refuses sampling unless it
 * says otherwise (only the 4.6 rows do), and every row was checked on {@link CHECKED}; both are
 * added by {@link claudeTable}. `page` is
 * the documenting page under {@link DOCS}.
 */
interface Row extends Omit<Capabilities, "model" | "source" | "checked" | "reference"> {
  family: string;
  versions: readonly string[];
  page: string;
}

const DOCS = "https://platform.claude.com/docs/en/";
const CHECKED = "2026-12-01";

/** Adaptive thinking only: a budget and `disabled` are both a 400. */
const ALWAYS_ADAPTIVE = { adaptive: true, enabled: false, disabled: false, between_tools: false };
/** Adaptive, or off; a budget is a 400 (Opus 4.7 and later). */
const ADAPTIVE_OR_OFF = { adaptive: true, enabled: false, disabled: true, between_tools: false };
/** The efforts a limited thinking mode takes: `xhigh` and `max` are a 400 with it. */
const LOW_TO_HIGH = ["low", "medium", "high"];

const ROWS: readonly Row[] = [
  // "Prefilling assistant messages returns a 400 error on Claude 4.6 models"; sampling stays
  {
    family: "opus",
    versions: ["4.6"],
    sampling: true,
    prefill: false,
    page: "about-claude/models/whats-new-claude-4-6#prefill-removal",
  },
  {
    family: "sonnet",
    versions: ["4.6"],
    sampling: true,
    prefill: false,
    page: "about-claude/models/whats-new-claude-4-6#prefill-removal",
  },
  // sampling parameters and budget_tokens are a 400
  {
    family: "opus",
    versions: ["4.7", "4.8"],
    thinking: ADAPTIVE_OR_OFF,
    page: "about-claude/models/migration-guide#migrating-to-claude-opus-4-7",
  },
  // thinking on by default; disabled accepted only at effort high or below
  {
    family: "opus",
    versions: ["5.0"],
    thinking: ADAPTIVE_OR_OFF,
    thinkingEfforts: { disabled: LOW_TO_HIGH },
    page: "about-claude/models/whats-new-opus-5",
  },
  // thinking can't be disabled; forced tool use returns an error
  {
    family: "opus",
    versions: ["5.5"],
    thinking: ALWAYS_ADAPTIVE,
    forcedToolChoice: false,
    page: "models/opus-5-5/whats-new-opus-5-5",
  },
  // Sonnet 5 accepts adaptive and disabled
  {
    family: "sonnet",
    versions: ["5.0"],
    thinking: ADAPTIVE_OR_OFF,
    page: "models/sonnet-5-5/whats-new-sonnet-5-5",
  },
  // five settings return a 400: thinking budgets, sampling parameters, assistant prefill,
  // forced tool choice and disabled (use between_tools, at effort low..high only)
  {
    family: "sonnet",
    versions: ["5.5"],
    thinking: { adaptive: true, enabled: false, disabled: false, between_tools: true },
    thinkingEfforts: { between_tools: LOW_TO_HIGH },
    forcedToolChoice: false,
    prefill: false,
    page: "models/sonnet-5-5/migration-guide",
  },
  // remove temperature, top_p and top_k; end messages with a user turn
  {
    family: "haiku",
    versions: ["5.5"],
    thinking: { adaptive: true, enabled: false },
    prefill: false,
    page: "models/haiku-5-5/migration-guide",
  },
  // disabled and budget_tokens are a 400; Mythos 5 shares Fable 5's settings
  {
    family: "fable",
    versions: ["5.0"],
    thinking: ALWAYS_ADAPTIVE,
    page: "models/fable-5/migration-guide",
  },
  {
    family: "mythos",
    versions: ["5.0"],
    thinking: ALWAYS_ADAPTIVE,
    page: "models/fable-5/migration-guide",
  },
  // the first three breaking changes also apply on Claude Fable 5.1
  {
    family: "fable",
    versions: ["5.1"],
    thinking: ALWAYS_ADAPTIVE,
    forcedToolChoice: false,
    page: "models/opus-5-5/whats-new-opus-5-5",
  },
  {
    family: "mythos",
    versions: ["5.1"],
    thinking: ALWAYS_ADAPTIVE,
    forcedToolChoice: false,
    page: "models/opus-5-5/whats-new-opus-5-5",
  },
  // "adaptive thinking is always on"; 5.2's four breaking changes from 5.1 (the prefix check
  // on every account, its thinking read by 5.2 models only, computer_20251124, the advisor
  // pair) leave 5.1's settings as they were. Mythos 5.2 shares Fable 5.2's specs.
  {
    family: "fable",
    versions: ["5.2"],
    thinking: ALWAYS_ADAPTIVE,
    forcedToolChoice: false,
    page: "models/fable-5-2/whats-new-fable-5-2",
  },
  {
    family: "mythos",
    versions: ["5.2"],
    thinking: ALWAYS_ADAPTIVE,
    forcedToolChoice: false,
    page: "models/fable-5-2/whats-new-fable-5-2",
  },
];

/**
 * The version from which each Claude family keeps a rule of append-only conversations; later
 * versions keep it (the prefix-checks page: "enforced ... for later models"), so these are
 * first versions rather than rows. `bindsPrefix`: preserved thinking's prefix check (the
 * page's supportedModels, 2026-12-01). `midSystem`: `role: "system"` messages in the middle of
 * `messages` (Opus 4.8 and later, Fable and Mythos 5 and later, Sonnet 5.5, Haiku 5.5; not
 * Sonnet 5). `messageEffort`: effort on such a message (Fable and Mythos 5.1, Opus 5 on).
 * (`messageEffort` from the mid-conversation-system-messages page, 2026-12-01.)
 * @see https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/prefix-checks
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-thinking-block-binding.html
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
export const CLAUDE_SINCE: Readonly<
  Record<string, { bindsPrefix: string; midSystem: string; messageEffort?: string }>
> = {
  fable: { bindsPrefix: "5.1", midSystem: "5.0", messageEffort: "5.1" },
  mythos: { bindsPrefix: "5.1", midSystem: "5.0", messageEffort: "5.1" },
  opus: { bindsPrefix: "5.5", midSystem: "4.8", messageEffort: "5.0" },
  sonnet: { bindsPrefix: "5.5", midSystem: "5.5" },
  haiku: { bindsPrefix: "5.5", midSystem: "5.5" },
};

/** The table's row for a Claude id as {@link Capabilities}, or undefined for a model it does not know. */
export function claudeTable(model: string): Capabilities | undefined {
  const v = claudeVersion(model);
  if (!v) return undefined;
  const row = ROWS.find((r) => r.family === v.family && r.versions.includes(versionText(v)));
  if (!row) return undefined;
  const { family: _f, versions: _v, page, ...values } = row;
  return {
    model,
    source: "table",
    sampling: false,
    ...values,
    reference: DOCS + page,
    checked: CHECKED,
  };
}
