/**
 * An assistant message of Chat Completions that only calls tools, as golem sends it and as the
 * API answers it: content null, one typed function call per `[id, name, arguments]`.
 */
export const chatCalls = (...calls: [id: string, name: string, args: string][]) => ({
  role: "assistant",
  content: null,
  tool_calls: calls.map(([id, name, args]) => ({
    id,
    type: "function",
    function: { name, arguments: args },
  })),
});
