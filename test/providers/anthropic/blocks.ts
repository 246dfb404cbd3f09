/** Anthropic blocks as the API sends them, shared by the request, response, stream and SDK-type tests. */

/** A web search the server ran: its input as a JSON body holds it. */
export const SEARCH_USE = {
  type: "server_tool_use",
  id: "srvtoolu_1",
  name: "web_search",
  input: { query: "weather Paris" },
};

/** Its result, with an encrypted page that must go back byte for byte. */
export const SEARCH_RESULT = {
  type: "web_search_tool_result",
  tool_use_id: "srvtoolu_1",
  content: [
    {
      type: "web_search_result",
      url: "https://example.com/paris",
      title: "Paris",
      encrypted_content: "EqgfCioIARgB",
      page_age: null,
    },
  ],
};

/**
 * A signed compaction block as compact-2026-09-04 returns it (the SDK's BetaCompactionBlock),
 * with a tool change of each kind of reference: the capture scenario's, one block for both.
 */
export { SIGNED_COMPACTION as COMPACTION } from "../../../scripts/scenarios/anthropic-betas.js";
