/**
 * Display formatting shared by server and client components. Percentages go through the
 * harness's own Python-compatible `fixed`, so what the page shows matches all_summary.txt digit
 * for digit.
 */
import { fixed, group } from "@/lib/core/py";
import type { Rate } from "@/lib/shared/dto";

export { fixed, group };

/** A scenario whose metrics.json has no `stop_reason` (legacy results), in the table and on its page alike. */
export const STOP_REASON_MISSING = "not recorded";

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

export function ms(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return "–";
  return `${digits > 0 ? fixed(value, digits) : group(Math.round(value))} ms`;
}

/** `12m 04s`, `1h 02m`, `45.2s`. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "–";
  if (seconds < 60) return `${fixed(seconds, 1)}s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, "0")}m` : `${m}m ${String(s).padStart(2, "0")}s`;
}

/** `3 minutes ago` style text for an ISO time relative to `nowMs`. */
export function relativeTime(iso: string | null, nowMs: number): string {
  if (!iso) return "never";
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return "unknown";
  const diff = Math.round((nowMs - t) / 1000);
  const abs = Math.abs(diff);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  let text: string;
  if (abs < 10) return "just now";
  if (abs < 60) text = unit(abs, "second");
  else if (abs < 3600) text = unit(Math.floor(abs / 60), "minute");
  else if (abs < 86_400) text = unit(Math.floor(abs / 3600), "hour");
  else if (abs < 86_400 * 60) text = unit(Math.floor(abs / 86_400), "day");
  else return new Date(t).toISOString().slice(0, 10);
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}

export { runHref, scenarioHref } from "@/lib/shared/routes";
