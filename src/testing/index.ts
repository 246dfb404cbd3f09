/**
 * golem/testing: cassettes (recorded provider exchanges) and the fetch and MSW handlers that
 * replay them while checking the requests golem builds.
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
export { diffJSON } from "./diff.js";
export { cassetteHandlers, MISMATCH_STATUS, type MswHttp } from "./msw.js";
export {
  CassetteMismatchError,
  compareRequest,
  type RecordedRequest,
  type ReplayFetch,
  type ReplayOptions,
  replayFetch,
} from "./replay.js";
