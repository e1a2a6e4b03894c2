/**
 * JSON parsing as tolerant as Python's `json.load`: the harness writes non-finite floats as the
 * bare tokens `NaN`, `Infinity` and `-Infinity` (ARTIFACTS.md §0, §6), which `JSON.parse` rejects.
 */

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const NON_FINITE = /NaN|-?Infinity/;
// Placeholders are strings no valid JSON document can contain unescaped (control character U+0001).
const PLACEHOLDER: Record<string, number> = {
  "\u0001NaN": NaN,
  "\u0001Infinity": Infinity,
  "\u0001-Infinity": -Infinity,
};

export function parseJson(text: string): ParseResult<unknown> {
  if (text.trim() === "") return { ok: false, error: "file is empty" };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    if (!NON_FINITE.test(text)) return { ok: false, error: describe(error) };
  }
  try {
    const replaced = replaceNonFiniteTokens(text);
    return { ok: true, value: JSON.parse(replaced, (_key, v) => (typeof v === "string" && v in PLACEHOLDER ? PLACEHOLDER[v] : v)) };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

/** Rewrites bare NaN/Infinity tokens outside strings into placeholder strings. */
function replaceNonFiniteTokens(text: string): string {
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
      out += JSON.stringify("\u0001" + token);
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
