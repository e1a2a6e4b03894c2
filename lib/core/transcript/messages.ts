/** Reading LLM context messages (the bots' llm_context.json files), shared by turns and exchanges. */

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A message's words: a string, or the text parts of a content array joined by spaces. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (typeof p === "string" ? p : isRecord(p) && typeof p.text === "string" ? p.text : ""))
      .filter(Boolean)
      .join(" ");
  }
  return "";
}
