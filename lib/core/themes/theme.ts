/** What the themes are made of and what they are: the data, apart from how they are made (`themes`) and compared (`match`). */

export type ThemeSource = "judge" | "nl_assertion" | "finding";

export interface ThemeItem {
  scenario: string;
  source: ThemeSource;
  text: string;
}

export interface Theme {
  /** Top terms (as written), most characteristic first. */
  terms: string[];
  /** The member text nearest the theme's centre. */
  quote: string;
  /** The failure in a few words a person would write: the quote with its figures and ids masked, cut short. */
  label: string;
  /** Items (reasons) in the theme. */
  count: number;
  /** Scenarios with at least one item in the theme, sorted. */
  scenarios: string[];
  sources: Partial<Record<ThemeSource, number>>;
  /** The theme's centre (stem → weight, top terms only, unit length): how alike the two sides of a change are. */
  signature: Record<string, number>;
}
