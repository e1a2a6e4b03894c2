/** Failure themes as they cross to the browser (lib/server/themes-api.ts builds them). */
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
