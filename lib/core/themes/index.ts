/** Failure themes within a run and between runs (pure). */
export { buildThemes, diffThemes, THEME_THRESHOLD } from "./themes";
export type { Theme, ThemeItem, ThemeSource } from "./theme";
export { countChange, signatureSimilarity, type ThemeChange, type ThemeDiff } from "./match";
export { terms, stem } from "./normalise";
export { themeItemsOf } from "./items";
