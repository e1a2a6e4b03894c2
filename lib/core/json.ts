/**
 * JSON parsing as tolerant as Python's `json.load`: the harness writes non-finite floats as the
 * bare tokens `NaN`, `Infinity` and `-Infinity` (ARTIFACTS.md §0, §6), which `JSON.parse` rejects.
 */

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const NON_FINITE = /NaN|-?Infinity/;

export function parseJson(text: string): ParseResult<unknown> {
  if (text.trim() === "") return { ok: false, error: "file is empty" };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    if (!NON_FINITE.test(text)) return { ok: false, error: describe(error) };
  }
  try {
    // ±Infinity become the overflowing literals ±1e999, which JSON.parse reads as ±Infinity. NaN has no
    // literal: it becomes a placeholder string that no string of this document can equal.
    const nan = nanPlaceholder(text);
    const replaced = replaceNonFiniteTokens(text, nan);
    return { ok: true, value: JSON.parse(replaced, (_key, v) => (v === nan ? NaN : v)) };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

/**
 * A control character followed by `NaN`. Valid JSON strings hold control characters only as `\u00XX`
 * escapes, so a character whose escape the text never spells cannot occur in any decoded string.
 */
function nanPlaceholder(text: string): string {
  const lower = text.toLowerCase();
  for (let code = 1; code < 0x20; code++) {
    if (!lower.includes("\\u00" + code.toString(16).padStart(2, "0"))) return String.fromCharCode(code) + "NaN";
  }
  return "\u0001NaN";
}

/** Rewrites bare NaN/Infinity tokens outside strings (NaN into the placeholder string, ±Infinity into ±1e999). */
function replaceNonFiniteTokens(text: string, nan: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const token = text.startsWith("NaN", i) ? "NaN" : text.startsWith("-Infinity", i) ? "-Infinity" : text.startsWith("Infinity", i) ? "Infinity" : null;
    if (token) {
      // Spaces keep a neighbouring digit from merging into the literal (`1Infinity` must stay invalid).
      out += token === "NaN" ? JSON.stringify(nan) : token === "Infinity" ? " 1e999 " : " -1e999 ";
      i += token.length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\\") i += 2;
    else if (ch === '"') return i + 1;
    else i++;
  }
  return text.length;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `invalid JSON: ${message}`;
}
