/**
 * OpenAI models golem knows, by GPT version and tier: what OpenAI publishes on its model pages
 * and latest-model guide (its models API reports no capabilities), dated. A model in no row
 * is unknown: it is sent as asked, and only the API-wide checks run (docs/models.md).
 * @module
 */
import type { Capabilities, Support } from "./capabilities.js";
import { gptVersion, type ModelVersion, since, versionText } from "./version.js";

/** One table row: the versions and tiers it covers and what they take (checked on {@link CHECKED} unless it says). */
interface Row extends Omit<Capabilities, "model" | "source" | "checked"> {
  checked?: string;
  versions: readonly string[];
  /** The id's tier after the version (`sol`, `luna`); omitted: any. */
  tiers?: readonly string[];
  reference: string;
}

const MODELS = "https://developers.openai.com/api/docs/models";
const CHECKED = "2026-12-01";

const NONE_TO_MAX: Support = {
  none: true,
  minimal: true,
  low: true,
  medium: true,
  high: true,
  xhigh: true,
  max: true,
};
/** GPT-6 Astra, GPT-6.1 Sol and 6.2 take no `none` or `minimal`. */
const LOW_TO_MAX: Support = { ...NONE_TO_MAX, none: false, minimal: false };

const ROWS: readonly Row[] = [
  {
    // GPT-5.6 adds effort `max` (and `reasoning.mode`, `reasoning.context`).
    versions: ["5.6"],
    effort: NONE_TO_MAX,
    reference: "https://developers.openai.com/api/docs/guides/latest-model",
  },
  {
    // none..max; function tools on Chat Completions only with reasoning effort none.
    versions: ["6.0"],
    tiers: ["sol", "luna"],
    effort: NONE_TO_MAX,
    chatTools: "effort-none",
    reference: `${MODELS}/gpt-6-sol`,
  },
  {
    // low..max, no none (docs.oxen.ai's gpt-6-astra reference; docs.laozhang.ai, "gpt-6-astra
    // and gpt-6.1-sol don't accept none"); function tools only on the Responses API (docs.apiyi.com,
    // gpt-6-astra: "Chat Completions does not support function tools"). Third-party pages that
    // restate the model page; read 2026-12-02.
    versions: ["6.0"],
    tiers: ["astra"],
    effort: LOW_TO_MAX,
    chatTools: false,
    reference: `${MODELS}/gpt-6-astra`,
    checked: "2026-12-02",
  },
  {
    // low..max; tool calling needs the Responses API (Chat Completions only without tools).
    versions: ["6.1"],
    tiers: ["sol"],
    effort: LOW_TO_MAX,
    chatTools: false,
    reference: `${MODELS}/gpt-6.1-sol`,
  },
  {
    // "reasoning.effort supports none, low, medium (default), high, xhigh and max" (no
    // minimal); "tool calls need the Responses API". Read on the model page 2026-12-06.
    versions: ["6.1"],
    tiers: ["terra"],
    effort: { ...NONE_TO_MAX, minimal: false },
    chatTools: false,
    reference: `${MODELS}/gpt-6.1-terra`,
    checked: "2026-12-06",
  },
  {
    // low..max; function tools routed through the Responses API.
    versions: ["6.2"],
    tiers: ["astra"],
    effort: LOW_TO_MAX,
    chatTools: false,
    reference: `${MODELS}/gpt-6.2-astra`,
  },
  {
    versions: ["6.2"],
    tiers: ["sol"],
    effort: LOW_TO_MAX,
    reference: `${MODELS}/gpt-6.2-sol`,
  },
];

/**
 * The first GPT version whose reasoning the Responses API binds to its prefix ("starting with
 * newer frontier models": GPT-6.2 and later; before it, `instructions` are prefix too).
 * @see https://developers.openai.com/api/docs/guides/keep-prefix-unchanged
 */
export const OPENAI_BINDS_SINCE = "6.2";

/** A GPT id's version after a path or prefix (`openai/gpt-6.2`, `ft:gpt-6.2:…`), any case. */
function gptOf(model: string): ModelVersion | undefined {
  const m = /(?:^|[/.:])(gpt-.*)$/.exec(model.toLowerCase());
  return m?.[1] === undefined ? undefined : gptVersion(m[1]);
}

/** Whether OpenAI drops reasoning items that follow a prefix change (GPT-6.2 and later). */
export function openaiBindsPrefix(model: string): boolean {
  return since(gptOf(model), OPENAI_BINDS_SINCE);
}

/** Whether request-level `instructions` lead the prefix (models before GPT-6.2). */
export function openaiInstructionsInPrefix(model: string): boolean {
  return !openaiBindsPrefix(model);
}

/** The table's row for an OpenAI id as {@link Capabilities}, or undefined for one it does not know. */
export function openaiTable(model: string): Capabilities | undefined {
  const v = gptVersion(model);
  if (!v) return undefined;
  // A tier's row holds for the tier and its dated snapshots, not for a longer name that starts
  // with it: `gpt-6.2-astra-law` (openai 7.60.0's ResponsesModel) is another model, of no
  // published data here.
  const rest = model.toLowerCase().replace(/^gpt-\d+(?:\.\d+)?(?:-[a-z]+)?/, "");
  const ownTier = rest === "" || /^-\d{4}-\d{2}-\d{2}$/.test(rest);
  const row = ROWS.find(
    (r) =>
      r.versions.includes(versionText(v)) && (!r.tiers || (r.tiers.includes(v.family) && ownTier)),
  );
  if (!row) return undefined;
  const { versions: _v, tiers: _t, checked = CHECKED, ...values } = row;
  return { model, source: "table", ...values, checked };
}
