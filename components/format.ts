/**
 * Display formatting shared by server and client components. Numbers are written by
 * lib/core/format.ts, the one place every surface (pages, export, report, check, MCP) uses.
 */
export { count, decimal, deltaText, duration, fixed, group, ms, percent, pValue, rateText, seconds, signed } from "@/lib/core/format";

/** A scenario whose metrics.json has no `stop_reason` (legacy results), in the table and on its page alike. */
export const STOP_REASON_MISSING = "not recorded";

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
