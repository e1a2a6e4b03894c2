/**
 * The change of one theme between two runs (new, gone, grown, shrunk, steady), as `diffThemes` in
 * themes.ts reports it: the themes are made once over both runs' items, so the two sides of a change
 * are the same theme's items in each run, never two separate clusterings matched after the fact.
 */
import type { Theme } from "./theme";

export type ThemeChange = "new" | "gone" | "grown" | "shrunk" | "steady";

export interface ThemeDiff {
  change: ThemeChange;
  /** The theme's items in the base run (null when new). */
  base: Theme | null;
  /** The theme's items in the other run (null when gone). */
  other: Theme | null;
  /** Content similarity of the two sides' signatures (0 when one side is empty). */
  similarity: number;
}

/** Dot product of two themes' signatures (unit vectors over their top stems), in [0, 1]. */
export function signatureSimilarity(a: Theme, b: Theme): number {
  let s = 0;
  for (const [t, x] of Object.entries(a.signature)) {
    const y = b.signature[t];
    if (y !== undefined) s += x * y;
  }
  return s;
}

/** A count change counts when it is at least 2 and at least a quarter of the larger count. */
export function countChange(a: number, b: number): ThemeChange {
  const d = b - a;
  if (Math.abs(d) >= 2 && Math.abs(d) >= 0.25 * Math.max(a, b)) return d > 0 ? "grown" : "shrunk";
  return "steady";
}

/** Order of changes in a diff: what needs a look first. */
export const CHANGE_ORDER: Record<ThemeChange, number> = { new: 0, grown: 1, gone: 2, shrunk: 3, steady: 4 };
