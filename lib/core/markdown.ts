/**
 * The one Markdown-escaping function: every text from the results that goes into a Markdown
 * document (the triage reports, the CI gate's pull-request comment) goes through it, so it renders
 * as itself on one line. Whitespace runs (newlines included) fold to a space; emphasis (`*`), code,
 * link, image, table, HTML and entity punctuation is backslash-escaped (`_` is left: inside names it is
 * no emphasis, and names are full of it), so a `|` cannot break a
 * table, `<img onerror>` is text and `[x](javascript:…)` is no link. `max` cuts long texts with "…".
 */
export function mdInline(text: unknown, max = Infinity): string {
  const s = String(text ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const cut = s.length > max ? s.slice(0, max - 1) + "…" : s;
  return cut.replace(/[\\`*[\]|<>~&]/g, (c) => `\\${c}`);
}
