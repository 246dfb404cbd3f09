/**
 * golem/testing: cassettes (recorded provider exchanges), the fetch that records them, the
 * fetch and MSW handlers that replay them while checking the requests golem builds, one
 * entry that opens a cassette for a test in any mode, and a scripted model for unit tests.
 * @module
 */

export {
  type CacheMiss,
  type CacheMissReport,
  explainCacheMiss,
  watchCacheMisses,
} from "./cache-miss.js";
export {
  base64ToBytes,
  bytesToBase64,
  type Cassette,
  type CassetteInteraction,
  type CassetteRequest,
  type CassetteResponse,
  cassetteSchema,
  concatBytes,
  parseCassette,
  responseBytes,
  responseChunks,
  splitBytes,
} from "./cassette.js";
export { type CassetteChange, compareCassettes } from "./changes.js";
export { diffJSON } from "./diff.js";
export { CassetteMismatchError, CassetteSecretError, type MismatchDetails } from "./errors.js";
export type { CassetteFiles } from "./files.js";
export { cassetteHandlers, type MswHttp } from "./msw.js";
export {
  CASSETTE_MODE_ENV,
  type CassetteMode,
  type CassetteSession,
  type OpenCassetteOptions,
  openCassette,
} from "./open.js";
export { type CassetteMeta, type Recorder, type RecordOptions, recordFetch } from "./record.js";
export { REDACTED } from "./redact.js";
export {
  compareRequest,
  type RecordedRequest,
  type ReplayFetch,
  type ReplayOptions,
  replayFetch,
} from "./replay.js";
export {
  deltasOf,
  type ScriptedAnswer,
  type ScriptedCall,
  type ScriptedModel,
  type ScriptedModelOptions,
  scriptedModel,
} from "./scripted.js";
