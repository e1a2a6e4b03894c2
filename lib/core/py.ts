/**
 * Python-compatible formatting and arithmetic (ARTIFACTS.md §2.2).
 *
 * The harness formats with f-strings and sums with CPython 3.12's compensated `sum()`;
 * JavaScript's built-ins differ on rounding ties and on float summation, so every number
 * printed into `all_summary.txt` goes through these helpers.
 */

/** Python `format(x, ".{d}f")`: exact binary value, exact ties to the even digit. */
export function fixed(x: number, d: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  const rounded = x.toFixed(d);
  // toFixed rounds exact ties away from zero; Python sends them to the even digit. An exact tie
  // shows a 5 then zeros at 20 more digits; only then is the full expansion worth computing.
  const near = Math.abs(x).toFixed(Math.min(100, d + 20));
  if (!/50{19}$/.test(near)) return negativeZeroAware(x, rounded);
  const expansion = Math.abs(x).toFixed(100);
  const point = expansion.indexOf(".");
  const tail = expansion.slice(point + 1 + d);
  if (!/^50*$/.test(tail)) return negativeZeroAware(x, rounded);
  const kept = expansion.slice(0, point + 1 + d).replace(/\.$/, "");
  const lastDigit = Number(kept[kept.length - 1]);
  if (lastDigit % 2 !== 0) return negativeZeroAware(x, rounded);
  return negativeZeroAware(x, (x < 0 ? "-" : "") + kept);
}

/** Python keeps the sign of negative values that round to zero (`-0.00`). */
function negativeZeroAware(x: number, text: string): string {
  if ((x < 0 || Object.is(x, -0)) && !text.startsWith("-")) return "-" + text;
  return text;
}

/** `fixed(x, 2)` left-padded to a minimum width of 6. */
export function fixed6(x: number): string {
  return fixed(x, 2).padStart(6, " ");
}

/** Integer with `,` thousands separators (Python `format(n, ",")`). */
export function group(n: number): string {
  const negative = n < 0;
  const digits = String(Math.abs(Math.trunc(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return negative ? "-" + grouped : grouped;
}

/** Python `format(n, "g")` for an integer count. */
export function gcount(n: number): string {
  if (Math.abs(n) < 1_000_000) return String(n);
  const [mantissa, exponent] = n.toExponential(5).split("e") as [string, string];
  const trimmed = mantissa.replace(/\.?0+$/, "");
  const exp = Number(exponent);
  return `${trimmed}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
}

/** Python `repr(float)`: shortest round-trip digits, `.0` for integral values, exponent outside [1e-4, 1e16). */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const abs = Math.abs(x);
  if (abs >= 1e16 || abs < 1e-4) {
    const [mantissa, exponent] = x.toExponential().split("e") as [string, string];
    const exp = Number(exponent);
    return `${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  const text = String(x);
  if (text.includes("e")) {
    // JS switches to exponent form below 1e-6; Python only below 1e-4.
    return x.toFixed(20).replace(/0+$/, "");
  }
  return Number.isInteger(x) ? `${text}.0` : text;
}

/**
 * Python `str()` of a JSON value. JSON does not tell an integral float (`620.0`) from an int
 * (`620`) once parsed, so numbers print as ints when integral; callers that know a value was a
 * float use `floatRepr`.
 */
export function pyval(v: unknown): string {
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null || v === undefined) return "None";
  if (typeof v === "string") return v;
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : floatRepr(v);
  return JSON.stringify(v);
}

/** CPython ≥ 3.12 `sum()` over floats: Neumaier compensated summation. */
export function pysum(xs: ArrayLike<number>): number {
  if (xs.length === 0) return 0;
  let s = xs[0] as number;
  let c = 0;
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i] as number;
    const t = s + x;
    if (Math.abs(s) >= Math.abs(x)) c += s - t + x;
    else c += x - t + s;
    s = t;
  }
  return c !== 0 && Number.isFinite(c) ? s + c : s;
}

/** Python truthiness of a JSON value. */
export function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v as object).length > 0;
  return true;
}

/** `(true items ÷ length) × 100`, divide first as Python does. */
export function pct(list: readonly boolean[]): number {
  return (countTrue(list) / list.length) * 100;
}

export function countTrue(list: readonly boolean[]): number {
  let n = 0;
  for (const v of list) if (v) n++;
  return n;
}
