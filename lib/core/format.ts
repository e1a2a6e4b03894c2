/**
 * How every surface writes a number (issue 55): pages, the export, `report`, `check` and MCP text.
 * Percentages and fixed digits go through the harness's own Python-compatible `fixed`, so a page
 * reads all_summary.txt digit for digit; a figure that cannot be measured reads as the caller says
 * ("N/A" for a rate, "–" elsewhere), never 0.
 */
import type { Rate } from "./aggregates";
import { fixed, group } from "./py";

export { fixed, group };

/** `66.67%` from a 0–1 value; `N/A` for null. */
export function percent(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "N/A";
  return `${fixed(value * 100, digits)}%`;
}

/** A rate as its headline text: a percentage, or the mean for `judge_score_mean`. */
export function rateText(rate: Rate | undefined, mean = false): string {
  if (!rate || rate.denominator === 0 || rate.value === null) return "N/A";
  return mean ? fixed(rate.value, 3) : percent(rate.value);
}

/**
 * A change as every surface writes it: `+3.00 pp` for a rate's change or a bound of its interval
 * (0–1 fractions, 2 digits as all_summary.txt's percentages), `+0.050` for a mean's; `–` when unknown.
 */
export function deltaText(delta: number | null | undefined, mean = false): string {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return "–";
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  const abs = Math.abs(delta);
  return mean ? `${sign}${fixed(abs, 3)}` : `${sign}${fixed(abs * 100, 2)} pp`;
}

/** `4,150 ms` (or `3.117 ms` with digits); `–` for an unknown or negative span. */
export function ms(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return "–";
  return `${digits > 0 ? fixed(value, digits) : group(Math.round(value))} ms`;
}

/** `12m 04s`, `1h 02m`, `45.2s`; `–` when unknown. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "–";
  if (seconds < 60) return `${fixed(seconds, 1)}s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, "0")}m` : `${m}m ${String(s).padStart(2, "0")}s`;
}

/** A whole count with thousands separators: `12,345`. */
export function count(n: number): string {
  return group(n);
}
