/** Failure themes within a run and between runs (pure). */
export {
  buildThemes,
  diffThemes,
  themeChangeSet,
  themeSet,
  themesOverNights,
  RANGE_TREND_ORDER,
  THEME_BOUNDS,
  THEME_THRESHOLD,
  UNBOUNDED,
  type ThemeBounds,
  type ThemeChangeSet,
  type ThemeSet,
  type Unthemed,
  type RangeTheme,
  type RangeThemeSet,
  type RangeTrend,
} from "./themes";
export type { Theme, ThemeItem, ThemeSource } from "./theme";
export { countChange, signatureSimilarity, type ThemeChange, type ThemeDiff } from "./match";
export { terms, stem } from "./normalise";
export { themeItemsOf } from "./items";
