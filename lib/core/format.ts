/**
 * How every surface writes a number (issue 55): pages, the export, `report`, `check` and MCP text.
 * Percentages and fixed digits go through the harness's own Python-compatible `fixed`, so a page
 * reads all_summary.txt digit for digit; a figure that cannot be measured reads as the caller says
 * ("N/A" for a rate, "–" elsewhere), never 0.
 */
import type { Rate } from "./aggregates";
import { fixed, group } from "./py";

export { fixed, group };

type Num = number | null | undefined;
const known = (v: Num): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** `66.67%` from a 0–1 value; `N/A` for null. */
export function percent(value: Num, digits = 2): string {
  if (!known(value)) return "N/A";
  return `${fixed(value * 100, digits)}%`;
}

/** A rate as its headline text: a percentage, or the mean for `judge_score_mean`. */
export function rateText(rate: Rate | undefined, mean = false): string {
  if (!rate || rate.denominator === 0 || rate.value === null) return "N/A";
  return mean ? fixed(rate.value, 3) : percent(rate.value);
}

/** A change with its sign (`+`, `−`, `±` for none) before its size as `write` writes it: `+1,204 ms`; `–` when unknown. */
export function signed(delta: Num, write: (abs: number) => string): string {
  if (!known(delta)) return "–";
  return `${delta > 0 ? "+" : delta < 0 ? "−" : "±"}${write(Math.abs(delta))}`;
}

/**
 * A change as every surface writes it: `+3.00 pp` for a rate's change or a bound of its interval
 * (0–1 fractions, 2 digits as all_summary.txt's percentages), `+0.050` for a mean's; `–` when unknown.
 * `digits` only for a table column that asks for them.
 */
export function deltaText(delta: Num, mean = false, digits = 2): string {
  return signed(delta, (abs) => (mean ? fixed(abs, 3) : `${fixed(abs * 100, digits)} pp`));
}

/** How much `to` moved from `from`, relative: `(+12.5%)`; `(new)` from nothing, empty when both are nothing. */
export function relativeChange(from: number, to: number): string {
  if (from === 0) return to === 0 ? "" : "(new)";
  return `(${signed(((to - from) / from) * 100, (abs) => `${fixed(abs, 1)}%`)})`;
}

/** A plain number with fixed digits: `0.250`; `–` when unknown. */
export function decimal(value: Num, digits = 2): string {
  return known(value) ? fixed(value, digits) : "–";
}

/** A span in seconds: `1.25 s`; `–` when unknown. */
export function seconds(value: Num, digits = 2): string {
  return known(value) ? `${fixed(value, digits)} s` : "–";
}

/** A test's p-value: `0.012`, or `< 0.001`. */
export function pValue(p: number): string {
  return p < 0.001 ? "< 0.001" : fixed(p, 3);
}

/** `4,150 ms` (or `3.117 ms` with digits); `–` for an unknown or negative span. */
export function ms(value: Num, digits = 0): string {
  if (!known(value) || value < 0) return "–";
  return `${digits > 0 ? fixed(value, digits) : group(Math.round(value))} ms`;
}

/** `12m 04s`, `1h 02m`, `45.2s`; `–` when unknown. */
export function duration(seconds: Num): string {
  if (!known(seconds)) return "–";
  if (seconds < 60) return `${fixed(seconds, 1)}s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, "0")}m` : `${m}m ${String(s).padStart(2, "0")}s`;
}

/** A whole count with thousands separators: `12,345`; `–` when unknown. */
export function count(n: Num): string {
  return known(n) ? group(n) : "–";
}
