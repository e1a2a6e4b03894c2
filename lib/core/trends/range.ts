/**
 * The trends page's time range: the last N days of a suite, counted back from its newest run's start
 * (not from today, so an old results folder still shows its own last month).
 */
export const TREND_RANGES = ["30", "90", "365", "all"] as const;
export type TrendRange = (typeof TREND_RANGES)[number];
/** A year of nightly runs is unreadable as one line: the default window is a quarter. */
export const DEFAULT_TREND_RANGE: TrendRange = "90";

const DAY_MS = 86_400_000;

export function parseTrendRange(v: string | undefined): TrendRange {
  return (TREND_RANGES as readonly string[]).includes(v ?? "") ? (v as TrendRange) : DEFAULT_TREND_RANGE;
}

/**
 * The index of the first run inside the range, for runs ordered oldest first by `startedAt` (ISO).
 * Runs without a start time sort first, so a limited range leaves them out.
 */
export function rangeStart(startedAt: readonly (string | null)[], range: TrendRange): number {
  if (range === "all") return 0;
  let newest = Number.NaN;
  for (const s of startedAt) {
    const t = s ? Date.parse(s) : Number.NaN;
    if (Number.isFinite(t) && !(t <= newest)) newest = t;
  }
  if (!Number.isFinite(newest)) return 0;
  const from = newest - Number(range) * DAY_MS;
  const first = startedAt.findIndex((s) => {
    const t = s ? Date.parse(s) : Number.NaN;
    return Number.isFinite(t) && t >= from;
  });
  return first < 0 ? 0 : first;
}
