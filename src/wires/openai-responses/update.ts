import { HistoryError } from "../../core/errors.js";
import { textOf } from "../../core/parts.js";
import type { ConversationUpdate, Message } from "../../core/types.js";
import { supported } from "../../rules/capabilities.js";
import { type OpenAIRuleConfig, openaiCapabilities } from "../../rules/openai.js";
import { jsonSchemaFormat } from "../openai-chat/settings.js";
import type { ReasoningEffort } from "../openai-chat/wire.js";
import { buildTool } from "./tools.js";
import type { ConfigurationUpdateItem, ResponseInputItem } from "./wire.js";

/**
 * A system message that carries an update, as the input items the keep-prefix-unchanged guide
 * gives for each change, in its place so everything before it stays the prefix: its text (when
 * not empty) as an appended `developer` message, added tools as an `additional_tools` item
 * (role `developer`), and effort and output format as one `configuration_update` item. Removed
 * tools leave the request's `tools` alone: `tool_choice` names the rest (responses-tools.ts).
 * `index` is the message's place in the history, named by a HistoryError.
 * @see https://developers.openai.com/api/docs/guides/keep-prefix-unchanged
 */
export function buildUpdateItems(
  m: Message & { update: ConversationUpdate },
  cfg: OpenAIRuleConfig,
  index: number,
): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  const text = textOf(m);
  if (text !== "") items.push({ role: "developer", content: text });
  const { addTools, effort, output } = m.update;
  if (addTools !== undefined && addTools.length > 0) {
    items.push({ type: "additional_tools", role: "developer", tools: addTools.map(buildTool) });
  }
  const configuration: ConfigurationUpdateItem = { type: "configuration_update" };
  if (effort !== undefined) {
    checkUpdateEffort(cfg, effort, index);
    configuration.reasoning = { effort: effort as ReasoningEffort };
  }
  if (output !== undefined) {
    configuration.text = {
      format:
        output === null
          ? { type: "text" }
          : { type: "json_schema", ...jsonSchemaFormat(cfg.provider, output) },
    };
  }
  if (configuration.reasoning || configuration.text) items.push(configuration);
  return items;
}

/**
 * An effort the model's capabilities refuse (golem's table, or what the caller passed): a
 * HistoryError before the request, as `reasoningEffort` is a ConfigError at `create()`.
 */
function checkUpdateEffort(cfg: OpenAIRuleConfig, effort: string, index: number): void {
  const caps = openaiCapabilities(cfg);
  if (caps?.effort?.[effort] !== false) return;
  throw new HistoryError(
    `${cfg.provider}: update.effort ${JSON.stringify(effort)} is not accepted by ${caps.model}; it takes ${supported(caps.effort).join(", ")} (${caps.reference ?? "its capabilities"}, ${caps.checked})`,
    index,
    { path: `messages.${index}.update.effort` },
  );
}
