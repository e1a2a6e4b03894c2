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

export type PyJson =
  | null
  | boolean
  | number
  | string
  | PyFloat
  | PyJson[]
  | { [key: string]: PyJson | undefined };

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

/** Python `json.dumps(s)` with `ensure_ascii=True`. */
export function pyString(s: string): string {
  // Fast path: printable ASCII without quotes or backslashes.
  if (/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    const code = s.charCodeAt(i);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (code < 0x20 || code > 0x7e) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

/**
 * Python `json.dumps(value, indent=indent)`; `indent` undefined gives the single-line form with
 * `", "` and `": "` separators. Object keys whose value is `undefined` are skipped.
 */
export function dumps(value: PyJson, indent?: number): string {
  const parts: string[] = [];
  write(value, indent, 0, parts);
  return parts.join("");
}

function write(value: PyJson | undefined, indent: number | undefined, level: number, out: string[]): void {
  if (value === null || value === undefined) {
    out.push("null");
  } else if (value === true) {
    out.push("true");
  } else if (value === false) {
    out.push("false");
  } else if (typeof value === "number") {
    out.push(numberToken(value));
  } else if (typeof value === "string") {
    out.push(pyString(value));
  } else if (value instanceof PyFloat) {
    out.push(floatToken(value.value));
  } else if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push("[]");
      return;
    }
    if (indent === undefined) {
      out.push("[");
      value.forEach((v, i) => {
        if (i > 0) out.push(", ");
        write(v, indent, level + 1, out);
      });
      out.push("]");
      return;
    }
    const inner = "\n" + " ".repeat(indent * (level + 1));
    out.push("[");
    value.forEach((v, i) => {
      out.push(i > 0 ? "," + inner : inner);
      write(v, indent, level + 1, out);
    });
    out.push("\n" + " ".repeat(indent * level) + "]");
  } else {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    if (keys.length === 0) {
      out.push("{}");
      return;
    }
    if (indent === undefined) {
      out.push("{");
      keys.forEach((k, i) => {
        if (i > 0) out.push(", ");
        out.push(pyString(k), ": ");
        write(value[k], indent, level + 1, out);
      });
      out.push("}");
      return;
    }
    const inner = "\n" + " ".repeat(indent * (level + 1));
    out.push("{");
    keys.forEach((k, i) => {
      out.push(i > 0 ? "," + inner : inner, pyString(k), ": ");
      write(value[k], indent, level + 1, out);
    });
    out.push("\n" + " ".repeat(indent * level) + "}");
  }
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
