/** Failure themes within a run and between runs (pure). */
export { buildThemes, diffThemes, THEME_THRESHOLD, type Theme, type ThemeItem, type ThemeSource } from "./themes";
export { countChange, signatureSimilarity, type ThemeChange, type ThemeDiff } from "./match";
export { terms, stem } from "./normalise";
export { themeItemsOf } from "./items";
