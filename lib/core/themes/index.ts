/** Failure themes within a run and between runs (pure). */
export { buildThemes, THEME_THRESHOLD, MAX_DISTINCT, type Theme, type ThemeItem, type ThemeSource } from "./themes";
export { matchThemes, mergeThemes, countChange, signatureSimilarity, MATCH_THRESHOLD, type ThemeChange, type ThemeDiff } from "./match";
export { terms, stem } from "./normalise";
export { themeItemsOf } from "./items";
