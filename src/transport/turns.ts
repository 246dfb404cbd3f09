/** A wire message of the APIs that take content blocks: Anthropic Messages, Bedrock Converse. */
interface Turn<B> {
  role: "user" | "assistant";
  content: B[];
}

/**
 * Appends one history message's blocks as a turn. Both APIs want user and assistant turns to
 * alternate and refuse empty content, so blocks join the previous turn when it has the same role
 * (tool results and the prompt after them; two assistant messages once a foreign one between
 * them was left out), and no blocks append nothing.
 */
export function appendTurn<B>(turns: Turn<B>[], role: Turn<B>["role"], content: B[]): void {
  if (content.length === 0) return;
  const last = turns[turns.length - 1];
  if (last?.role === role) last.content.push(...content);
  else turns.push({ role, content });
}
