/**
 * Every string the page shows goes through {@link escapeHTML}: text, attribute values, JSON.
 * The page holds no data inside its script, so a part that says `</script>` is text like any
 * other, and an attribute cannot be closed by a quote.
 */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** The text with `& < > " '` as entities: safe in element content and in quoted attributes. */
export function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
