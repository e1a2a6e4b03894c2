/** The scenario × run strip of a suite: one character per run, and the sort keys "last changed", "first failed in", "flips", "failing streak". */

/** P passed, F failed, S stalled (counted as failed), N not applicable, "-" not in that run (or not finished). */
export type Cell = "P" | "F" | "S" | "N" | "-";

export const STRIP_SORTS = ["changed", "first_failed", "flips", "streak", "name"] as const;
export type StripSort = (typeof STRIP_SORTS)[number];
/** What the strip is sorted by when the URL names no sort: the newest change first. */
export const DEFAULT_STRIP_SORT: StripSort = "changed";

export interface StripRow {
  name: string;
  domain: string;
  /** One Cell per run, oldest first. */
  cells: string;
  /** Index of the first run it failed in, or null. */
  firstFailed: number | null;
  /** Pass ↔ fail changes between consecutive runs that have a verdict. */
  flips: number;
  /** Failed runs in a row up to the newest run with a verdict. */
  streak: number;
  /** Index of the newest run whose verdict differs from the one before it (pass ↔ fail), or null. */
  lastChange: number | null;
}

const failed = (c: string) => c === "F" || c === "S";
const decided = (c: string) => c === "P" || failed(c);

export function stripRow(name: string, domain: string, cells: string): StripRow {
  let firstFailed: number | null = null;
  let flips = 0;
  let lastChange: number | null = null;
  let prev: string | null = null;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as string;
    if (!decided(c)) continue;
    if (firstFailed === null && failed(c)) firstFailed = i;
    if (prev !== null && failed(prev) !== failed(c)) {
      flips++;
      lastChange = i;
    }
    prev = c;
  }
  let streak = 0;
  for (let i = cells.length - 1; i >= 0; i--) {
    const c = cells[i] as string;
    if (!decided(c)) continue;
    if (!failed(c)) break;
    streak++;
  }
  return { name, domain, cells, firstFailed, flips, streak, lastChange };
}

const byName = (a: StripRow, b: StripRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * "changed" (the default): the newest change first (what just broke or just got fixed is on top),
 * failing before passing at the same run, never-changed last (failing ones first);
 * "first failed in": scenarios that ever failed, the most recent first failure first (what started
 * failing lately is on top), never-failed last; "flips" and "streak": most first. Ties by name.
 */
export function sortStrip(rows: readonly StripRow[], sort: StripSort): StripRow[] {
  const out = rows.slice();
  if (sort === "name") return out.sort(byName);
  if (sort === "changed") return out.sort((a, b) => (b.lastChange ?? -1) - (a.lastChange ?? -1) || b.streak - a.streak || b.flips - a.flips || byName(a, b));
  if (sort === "first_failed") return out.sort((a, b) => (b.firstFailed ?? -1) - (a.firstFailed ?? -1) || byName(a, b));
  if (sort === "flips") return out.sort((a, b) => b.flips - a.flips || b.streak - a.streak || byName(a, b));
  return out.sort((a, b) => b.streak - a.streak || b.flips - a.flips || byName(a, b));
}
