/**
 * A server's row (servers.ts) resolved for one model and config: the {@link ChatServer} the
 * request builder and the parts builder read. It carries what they call (the effort and
 * preserve fields, the refusals, the tag splitter) so that only golem/openai, which resolves
 * servers, bundles them; Azure's Chat Completions has none.
 * @module
 */
import { ConfigError } from "../../core/errors.js";
import type { ModelRequest } from "../../core/types.js";
import { deepMerge } from "../../kit/settings.js";
import {
  createThinkSplitter,
  joinThinkTags,
  THINK_TAGS,
  type ThinkSplitter,
} from "../../kit/think-tags.js";
import { type FamilyRule, familyRule } from "../../rules/reasoning-families.js";
import { checkModelEffort } from "../../rules/reasoning-models.js";
import { fixedCallId } from "./call-ids.js";
import { type ContentPiece, readChunks, writeChunks } from "./chunks.js";
import type { ContentReading } from "./parts.js";
import { type ReplayForm, SERVERS, type ServerName, type ServerProfile } from "./servers.js";
import type { ContentChunk } from "./wire.js";

/** When the own reasoning goes back on later turns. */
export type ReplayWhen = "never" | "tool-calls" | "always";

/** A server profile resolved for one model and config. */
export interface ChatServer extends ContentReading {
  profile: ServerProfile;
  /** The model's family rule, when it has one. */
  family?: FamilyRule;
  /** When the model's own reasoning goes back: the family's, or `replayReasoning`'s. */
  replay: ReplayWhen;
  /** The form it goes back in: the profile's, or `reasoningFormat`'s. */
  replayAs: ReplayForm;
  /** The effort in force and preserved thinking as body fields, in the server's dialect. */
  fields(effort: string | undefined): Record<string, unknown>;
  /** Throws the `ConfigError` of what the server refuses for this request, if anything. */
  check(effort: string | undefined, choice: ModelRequest["toolChoice"], provider: string): void;
  /** A splitter of `content`'s chunks, where the server writes reasoning between tags. */
  split?: () => ThinkSplitter;
  /** A reader of a `content` list, where the server writes reasoning as chunks (Mistral). */
  chunks?: (content: readonly unknown[]) => ContentPiece[];
  /**
   * The pieces of a content (text and own thinking, in order) as the content they came in:
   * the tags put back, or the chunk list.
   */
  join(pieces: readonly ContentPiece[]): string | ContentChunk[];
  /** A tool-call id as the server takes it (call-ids.ts); else as it is. */
  callId(id: string): string;
  /** Renames, in place, the body fields the server names otherwise, or leaves them out. */
  rename(body: Record<string, unknown>): void;
}

/**
 * The server `name` resolved for `model`. A family rule, where the model has one, decides when
 * reasoning goes back: a `required` one on every server, a `preserved` one where the server is
 * known (and its preserve switch is then sent). `replayReasoning` (true: every assistant
 * message, false: none, and no preserve switch) and `reasoningFormat` (the form, and for
 * `"openrouter"` OpenRouter's effort field) are the caller's word over the row and the family.
 */
export function resolveServer(
  name: ServerName,
  model: string,
  overrides: {
    replayReasoning?: boolean | undefined;
    reasoningFormat?: "openrouter" | "reasoning" | "reasoning_content" | undefined;
  } = {},
): ChatServer {
  const profile = SERVERS[name];
  const family = familyRule(model);
  let replay: ReplayWhen = profile.replay ?? "never";
  let preserve = false;
  if (family && (family.need === "required" || name !== "compatible")) {
    replay = family.replay;
    preserve = family.need === "preserved";
  }
  const { replayReasoning, reasoningFormat } = overrides;
  if (replayReasoning !== undefined) {
    replay = replayReasoning ? "always" : "never";
    preserve &&= replayReasoning;
  }
  const dialect = reasoningFormat === "openrouter" ? SERVERS.openrouter.effort : profile.effort;
  const tags = profile.tags ?? THINK_TAGS;
  const out: ChatServer = {
    profile,
    replay,
    replayAs:
      reasoningFormat === undefined
        ? profile.replayAs
        : reasoningFormat === "reasoning_content"
          ? "reasoning_content"
          : "reasoning",
    fields(effort) {
      let fields: Record<string, unknown> = {};
      const flag = family?.templateSwitch;
      if (effort === undefined) fields = {};
      else if (dialect === "template") {
        // Qwen3 and GLM templates think unless told not to; DeepSeek's needs `thinking: true`.
        fields =
          effort === "none"
            ? { chat_template_kwargs: { [flag ?? "enable_thinking"]: false } }
            : { reasoning_effort: effort, ...(flag && { chat_template_kwargs: { [flag]: true } }) };
      } else if (effort === "none" && dialect.off) fields = dialect.off;
      else {
        fields =
          dialect.field === "reasoning.effort"
            ? { reasoning: { effort } }
            : { reasoning_effort: effort };
        if (effort !== "none" && dialect.on) fields = deepMerge(fields, dialect.on);
      }
      // Preserved thinking is not asked for with reasoning off.
      const keep = profile.preserve === "template" ? family?.templateKeep : profile.preserve;
      if (preserve && effort !== "none" && keep !== undefined) {
        fields = deepMerge(
          fields,
          profile.preserve === "template" ? { chat_template_kwargs: keep } : keep,
        );
      }
      return fields;
    },
    check(effort, choice, provider) {
      const id = model.toLowerCase();
      if (effort === "none" && family?.alwaysThinks?.test(id)) {
        throw new ConfigError(
          `${provider}: ${model} always reasons; reasoningEffort "none" is refused (${family.source})`,
        );
      }
      const row = profile.efforts
        ?.map((e) => ("models" in e ? e : { models: e[0], efforts: e[1], source: profile.source }))
        .find((e) => e.models.test(id));
      checkModelEffort(row, model, effort, provider);
      const forced = choice === "required" || typeof choice === "object";
      for (const r of profile.refuse ?? []) {
        if (forced && effort !== "none" && r.family === family?.family) {
          throw new ConfigError(`${provider}: ${r.message}`);
        }
      }
    },
    join: (pieces) =>
      profile.replayAs === "chunks" ? writeChunks(pieces) : joinThinkTags(pieces, tags),
    callId: (id) => (profile.callIds ? fixedCallId(id, profile.callIds) : id),
    rename(body) {
      for (const [from, to] of Object.entries(profile.renames ?? {})) {
        if (!(from in body)) continue;
        if (to) body[to] = body[from];
        delete body[from];
      }
    },
  };
  if (family) out.family = family;
  if (profile.reasoningIn.includes("tags")) out.split = () => createThinkSplitter(tags);
  if (profile.reasoningIn.includes("thinking_chunks")) out.chunks = readChunks;
  return out;
}
