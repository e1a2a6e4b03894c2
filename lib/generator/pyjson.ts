/**
 * A JSON writer that produces exactly what Python's `json.dump` writes (ARTIFACTS.md §0):
 * `ensure_ascii` escapes, `", "` / `": "` separators, optional indentation, and floats that always
 * carry a decimal point or exponent. JavaScript numbers do not distinguish `620.0` from `620`, so a
 * value that Python holds as a float is wrapped in `PyFloat` (helper `f()`); any other non-integral
 * number is a float anyway, and integral plain numbers are ints.
 */
import { floatRepr } from "@/lib/core/py";

export class PyFloat {
  constructor(readonly value: number) {}
}

/** Mark a number as a Python float. */
export function f(x: number): PyFloat {
  return new PyFloat(x);
}

export type PyJson = null | boolean | number | string | PyFloat | PyJson[] | { [key: string]: PyJson | undefined };

function floatToken(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return floatRepr(x);
}

function numberToken(x: number): string {
  if (Number.isInteger(x) && !Object.is(x, -0)) return String(x);
  return floatToken(x);
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

function escapeChar(ch: string): string {
  return SHORT_ESCAPES[ch] ?? "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0");
}

/** Python `json.dumps(s)` with `ensure_ascii=True`. */
export function pyString(s: string): string {
  return '"' + s.replace(/[\\"\u0000-\u001f\u007f-\uffff]/g, escapeChar) + '"';
}

/**
 * Python `json.dumps(value, indent=indent)`; `indent` undefined gives the single-line form with
 * `", "` and `": "` separators. Object keys whose value is `undefined` are skipped.
 */
export function dumps(value: PyJson, indent?: number): string {
  return write(value, indent, 0);
}

const pads: string[] = [];
function newline(indent: number, level: number): string {
  const n = indent * level;
  return (pads[n] ??= "\n" + " ".repeat(n));
}

function write(value: PyJson | undefined, indent: number | undefined, level: number): string {
  if (value === null || value === undefined) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "number") return numberToken(value);
  if (typeof value === "string") return pyString(value);
  if (value instanceof PyFloat) return floatToken(value.value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (indent === undefined) {
      let out = "[";
      for (let i = 0; i < value.length; i++) out += (i > 0 ? ", " : "") + write(value[i], indent, level + 1);
      return out + "]";
    }
    const inner = newline(indent, level + 1);
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + inner + write(value[i], indent, level + 1);
    return out + newline(indent, level) + "]";
  }
  let out = "";
  let first = true;
  const inner = indent === undefined ? "" : newline(indent, level + 1);
  for (const k in value) {
    const v = value[k];
    if (v === undefined) continue;
    out += (first ? "" : indent === undefined ? ", " : ",") + inner + pyString(k) + ": " + write(v, indent, level + 1);
    first = false;
  }
  if (first) return "{}";
  return "{" + out + (indent === undefined ? "" : newline(indent, level)) + "}";
}

/** Deep copy that turns `PyFloat` markers into plain numbers (for comparisons and tests). */
export function plain(value: PyJson | undefined): unknown {
  if (value instanceof PyFloat) return value.value;
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = plain(v);
    return out;
  }
  return value;
}
