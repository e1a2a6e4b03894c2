/**
 * JSON parsing as tolerant as Python's `json.load`: the harness writes non-finite floats as the
 * bare tokens `NaN`, `Infinity` and `-Infinity` (ARTIFACTS.md §0, §6), which `JSON.parse` rejects.
 */

/** `dropped`: keys that could reach an object's prototype (`__proto__`, `constructor`, `prototype`), removed. */
export type ParseResult<T> = { ok: true; value: T; dropped: string[] } | { ok: false; error: string };

const NON_FINITE = /NaN|-?Infinity/;
const NOT_BLANK = /\S/;
/** Deeper than this, recursive consumers (serializers, validators) would overflow the stack. */
export const MAX_JSON_DEPTH = 512;
/**
 * A hostile key as written, or any printable ASCII character written as a `\u00XX` escape (which a
 * key such as `"\u005f_proto__"` needs, and which writers such as Python's `json.dump` never
 * produce): either sends the text through the reviver, which sees every key decoded.
 */
const HOSTILE_KEY = /"(?:__proto__|constructor|prototype)"\s*:|\\u00[2-7][0-9a-fA-F]/;
const HOSTILE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function parseJson(text: string): ParseResult<unknown> {
  // Not `trim()`: that copies every file the scan reads. `\s` is the same set of characters.
  if (!NOT_BLANK.test(text)) return { ok: false, error: "file is empty" };
  if (nestingExceeds(text, MAX_JSON_DEPTH)) return { ok: false, error: `nested more than ${MAX_JSON_DEPTH} levels deep` };
  // Revivers are slow: only a document that names a hostile key gets one.
  const dropped: string[] = [];
  const hostile = HOSTILE_KEY.test(text);
  const drop = (key: string, v: unknown) => {
    if (!HOSTILE_KEYS.has(key)) return v;
    dropped.push(key);
    return undefined;
  };
  try {
    return { ok: true, value: hostile ? JSON.parse(text, drop) : JSON.parse(text), dropped };
  } catch (error) {
    if (!NON_FINITE.test(text)) return { ok: false, error: describe(error) };
  }
  try {
    // ±Infinity become the overflowing literals ±1e999, which JSON.parse reads as ±Infinity. NaN has no
    // literal: it becomes a placeholder string that no string of this document can equal.
    const nan = nanPlaceholder(text);
    const replaced = replaceNonFiniteTokens(text, nan);
    return { ok: true, value: JSON.parse(replaced, (key, v) => (v === nan ? NaN : hostile ? drop(key, v) : v)), dropped };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

function hasMoreOpeners(text: string, limit: number): boolean {
  let n = 0;
  for (const opener of ["{", "["]) {
    for (let i = text.indexOf(opener); i !== -1; i = text.indexOf(opener, i + 1)) if (++n > limit) return true;
  }
  return false;
}

/** Whether brackets outside strings nest deeper than `limit`; one pass, no allocation. */
export function nestingExceeds(text: string, limit: number): boolean {
  // A document shorter than twice the limit cannot nest that deep, nor one with fewer opening
  // brackets than the limit (counted with indexOf, which is native: most files stop here).
  if (text.length < limit * 2 || !hasMoreOpeners(text, limit)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \\ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
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
