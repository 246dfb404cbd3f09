/**
 * The Messages option types a user writes in the config of every Claude entry, gathered so each
 * entry re-exports them with one `export type * from` line and the list lives once. Types only:
 * it adds no code to any bundle.
 */
export type { CacheConfig, Effort } from "../../kit/claude-options.js";
export type {
  CompactionConfig,
  ContextEdit,
  ContextManagement,
  Fallbacks,
  Speed,
} from "./options.js";
