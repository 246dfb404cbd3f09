/**
 * Model ids parsed into a family and a version, so a rule names "Opus 5.5" rather than a
 * pattern over the id: `claude-opus-5-5`, `claude-opus-4-7-20260416`, Bedrock's
 * `us.anthropic.claude-sonnet-5-5-v1:0`, Vertex's `claude-opus-5@20261001`, `gpt-6.1-sol`,
 * `models/gemini-3.6-flash`. An id that does not parse is unknown to every table.
 * @module
 */

/** A model's family (`opus`, `sol`, `flash`), version, and the id it came from. */
export interface ModelVersion {
  family: string;
  major: number;
  minor: number;
}

/**
 * Claude: `claude-<family>-<major>[-<minor>]`, the minor one or two digits (a date suffix such
 * as `-20250514` is not a minor), anywhere in the id (Bedrock and Vertex prefixes).
 */
const CLAUDE = /(?:^|[./])claude-(?<family>[a-z]+)-(?<major>\d+)(?:-(?<minor>\d{1,2}))?(?![\d.])/;

/** OpenAI GPT: `gpt-<major>[.<minor>][-<tier>]`; the tier is the family (`sol`, `mini`, `""`). */
const GPT = /^gpt-(?<major>\d+)(?:\.(?<minor>\d+))?(?:-(?<family>[a-z]+))?/;

/** Gemini: `gemini-<major>[.<minor>]-<tier>` (`flash`, `flash-lite`, `pro`), `models/` allowed. */
const GEMINI = /^(?:models\/)?gemini-(?<major>\d+)(?:\.(?<minor>\d+))?-(?<family>[a-z]+(?:-lite)?)/;

/** An id's named groups, `family` (absent: `""`), `major` and `minor` (absent: 0), if it matches. */
function parse(re: RegExp, id: string): ModelVersion | undefined {
  const g = re.exec(id)?.groups;
  if (!g) return undefined;
  return { family: g.family ?? "", major: Number(g.major), minor: g.minor ? Number(g.minor) : 0 };
}

/** A Claude id's family and version (`claude-opus-4-7` → opus 4.7); undefined otherwise. */
export function claudeVersion(id: string): ModelVersion | undefined {
  return parse(CLAUDE, id);
}

/** A GPT id's tier and version (`gpt-6.1-sol` → sol 6.1, `gpt-5` → "" 5.0). */
export function gptVersion(id: string): ModelVersion | undefined {
  return parse(GPT, id);
}

/** A Gemini id's tier and version (`gemini-3.6-flash` → flash 3.6). */
export function geminiVersion(id: string): ModelVersion | undefined {
  return parse(GEMINI, id);
}

/** `v` is at least `major.minor`. */
export function atLeast(v: ModelVersion, major: number, minor = 0): boolean {
  return v.major > major || (v.major === major && v.minor >= minor);
}

/** Whether `v` is at least the version written `first` (`"5.5"`); false for no version. */
export function since(v: ModelVersion | undefined, first: string | undefined): boolean {
  if (!v || first === undefined) return false;
  const [major, minor] = first.split(".").map(Number);
  return atLeast(v, major ?? 0, minor ?? 0);
}

/** `"5.5"` for a version, as rows and messages write it. */
export function versionText(v: ModelVersion): string {
  return `${v.major}.${v.minor}`;
}
