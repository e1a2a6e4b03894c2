/** Failure themes as they cross to the browser (lib/server/themes-api.ts builds them). */
import type { RangeTrend } from "@/lib/core/themes";
export type ThemeChangeKind = "new" | "gone" | "grown" | "shrunk" | "steady";

export interface ThemeDTO {
  /** The failure in a few words: its most central reason, figures and ids masked. */
  label: string;
  terms: string[];
  quote: string;
  /** Reasons in the theme. */
  count: number;
  /** The first 200 scenarios (sorted by name); `scenarioCount` says how many there are. */
  scenarios: string[];
  scenarioCount: number;
  sources: Partial<Record<"judge" | "nl_assertion" | "finding", number>>;
}

export interface ThemeDiffDTO {
  change: ThemeChangeKind;
  base: ThemeDTO | null;
  other: ThemeDTO | null;
  similarity: number;
}

/** Reasons in no theme listed: past the themes listed, joining none, or with no word the themes read (another script than Latin, figures only: `withoutWords`). */
export interface UnthemedDTO {
  reasons: number;
  withoutWords: number;
}

/** `/api/themes?run=`: a run's largest themes (at most 50) and the reasons in none. */
export interface ThemeSetDTO {
  themes: ThemeDTO[];
  /** Reasons of the run's failing scenarios, in a theme or not. */
  reasons: number;
  unthemed: UnthemedDTO;
}

/** `/api/themes?run=&base=`: the changes that need a look first (at most 50), how many of each kind there are, and each run's reasons in none listed. */
export interface ThemeChangeSetDTO {
  changes: ThemeDiffDTO[];
  counts: Record<ThemeChangeKind, number>;
  unthemed: { base: UnthemedDTO; other: UnthemedDTO };
}

/** At most this many nights of a range are read for its themes (the newest): a year of judge files is read in a few seconds the first time. */
export const RANGE_THEME_NIGHTS = 120;
/**
 * And at most this many failing scenarios over them (the newest nights first; two nights always):
 * with 20,000 the first /trends of 100 runs × 2,000 scenarios took 3.7 s, with 5,000 2.0 s (the grouping
 * of more reasons in the work pool; warm views are the same).
 */
export const RANGE_THEME_FAILURES = 5_000;

/** How a theme went over a range of nights. */
export type RangeTrendKind = RangeTrend;

/** One theme over the range: its reasons per night (oldest first) and its first and last night, by run id. */
export interface RangeThemeDTO {
  trend: RangeTrendKind;
  theme: ThemeDTO;
  perNight: number[];
  firstRun: string;
  lastRun: string;
}

/** The failure themes of a trends range: the themes that need a look first (at most 50), how many of each trend, the nights (run ids, oldest first), and the reasons in none listed. */
export interface RangeThemeSetDTO {
  themes: RangeThemeDTO[];
  counts: Record<RangeTrendKind, number>;
  nights: string[];
  /** The range had more nights than are read: the newest ones only. */
  cut: number;
  reasons: number;
  unthemed: UnthemedDTO;
}
