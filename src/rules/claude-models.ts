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

/** One table row: the versions it covers and what they take. */
interface Row extends Omit<Capabilities, "model" | "source"> {
  family: string;
  versions: readonly string[];
  reference: string;
}

const DOCS = "https://platform.claude.com/docs/en/models";
const CHECKED = "2026-12-01";

/** Adaptive thinking only: a budget and `disabled` are both a 400. */
const ALWAYS_ADAPTIVE = { adaptive: true, enabled: false, disabled: false, between_tools: false };
/** Adaptive, or off; a budget is a 400 (Opus 4.7 and later). */
const ADAPTIVE_OR_OFF = { adaptive: true, enabled: false, disabled: true, between_tools: false };

const ROWS: readonly Row[] = [
  {
    family: "opus",
    versions: ["4.7", "4.8"],
    thinking: ADAPTIVE_OR_OFF,
    sampling: false,
    // sampling parameters and budget_tokens are a 400
    reference:
      "https://platform.claude.com/docs/en/about-claude/models/migration-guide#migrating-to-claude-opus-4-7",
    checked: CHECKED,
  },
  {
    family: "opus",
    versions: ["5.0"],
    thinking: ADAPTIVE_OR_OFF,
    sampling: false,
    // thinking on by default; disabled accepted
    reference: "https://platform.claude.com/docs/en/about-claude/models/whats-new-opus-5",
    checked: CHECKED,
  },
  {
    family: "opus",
    versions: ["5.5"],
    thinking: ALWAYS_ADAPTIVE,
    sampling: false,
    forcedToolChoice: false,
    // thinking can't be disabled; forced tool use returns an error
    reference: `${DOCS}/opus-5-5/whats-new-opus-5-5`,
    checked: CHECKED,
  },
  {
    family: "sonnet",
    versions: ["5.0"],
    thinking: ADAPTIVE_OR_OFF,
    sampling: false,
    // Sonnet 5 accepts adaptive and disabled
    reference: `${DOCS}/sonnet-5-5/whats-new-sonnet-5-5`,
    checked: CHECKED,
  },
  {
    family: "sonnet",
    versions: ["5.5"],
    thinking: { adaptive: true, enabled: false, disabled: false, between_tools: true },
    sampling: false,
    forcedToolChoice: false,
    // turn off up-front thinking with between_tools; disabled is a 400; forced tool use returns an error
    reference: `${DOCS}/sonnet-5-5/whats-new-sonnet-5-5`,
    checked: CHECKED,
  },
  {
    family: "haiku",
    versions: ["5.5"],
    thinking: { adaptive: true, enabled: false },
    sampling: false,
    prefill: false,
    // remove temperature, top_p and top_k; end messages with a user turn
    reference: `${DOCS}/haiku-5-5/migration-guide`,
    checked: CHECKED,
  },
  ...["fable", "mythos"].flatMap((family): Row[] => [
    {
      family,
      versions: ["5.0"],
      thinking: ALWAYS_ADAPTIVE,
      sampling: false,
      // disabled and budget_tokens are a 400; Mythos 5 shares Fable 5's settings
      reference: `${DOCS}/fable-5/migration-guide`,
      checked: CHECKED,
    },
    {
      family,
      versions: ["5.1", "5.2"],
      thinking: ALWAYS_ADAPTIVE,
      sampling: false,
      forcedToolChoice: false,
      // the first three breaking changes also apply on Claude Fable 5.1
      reference: `${DOCS}/opus-5-5/whats-new-opus-5-5`,
      checked: CHECKED,
    },
  ]),
];

/** The efforts `between_tools` thinking takes (Sonnet 5.5; a 400 at `xhigh` and `max`). */
export const BETWEEN_TOOLS_EFFORTS: readonly string[] = ["low", "medium", "high"];

/** The table's row for a Claude id as {@link Capabilities}, or undefined for a model it does not know. */
export function claudeTable(model: string): Capabilities | undefined {
  const v = claudeVersion(model);
  if (!v) return undefined;
  const row = ROWS.find((r) => r.family === v.family && r.versions.includes(versionText(v)));
  if (!row) return undefined;
  const { family: _f, versions: _v, ...values } = row;
  return { model, source: "table", ...values };
}
