/** Themes of two runs matched by content (their signatures), not by cluster number: new, gone, grown, shrunk, steady. */
import type { Theme } from "./themes";

export type ThemeChange = "new" | "gone" | "grown" | "shrunk" | "steady";

export interface ThemeDiff {
  change: ThemeChange;
  base: Theme | null;
  other: Theme | null;
  /** Content similarity of the matched pair (0 when unmatched). */
  similarity: number;
}

/** Two themes are the same theme when their signatures are at least this similar. */
export const MATCH_THRESHOLD = 0.5;

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

const ORDER: Record<ThemeChange, number> = { new: 0, grown: 1, gone: 2, shrunk: 3, steady: 4 };

/** Greedy one-to-one matching, most similar pairs first (ties by position). */
export function matchThemes(base: readonly Theme[], other: readonly Theme[], threshold = MATCH_THRESHOLD): ThemeDiff[] {
  const pairs: Array<[number, number, number]> = [];
  base.forEach((a, i) =>
    other.forEach((b, j) => {
      const s = signatureSimilarity(a, b);
      if (s >= threshold) pairs.push([s, i, j]);
    }),
  );
  pairs.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  const baseTo = new Map<number, [number, number]>();
  const usedOther = new Set<number>();
  for (const [s, i, j] of pairs) {
    if (baseTo.has(i) || usedOther.has(j)) continue;
    baseTo.set(i, [j, s]);
    usedOther.add(j);
  }
  const out: ThemeDiff[] = [];
  base.forEach((a, i) => {
    const m = baseTo.get(i);
    if (!m) out.push({ change: "gone", base: a, other: null, similarity: 0 });
    else {
      const b = other[m[0]] as Theme;
      out.push({ change: countChange(a.count, b.count), base: a, other: b, similarity: m[1] });
    }
  });
  other.forEach((b, j) => {
    if (!usedOther.has(j)) out.push({ change: "new", base: null, other: b, similarity: 0 });
  });
  const size = (d: ThemeDiff) => Math.max(d.base?.count ?? 0, d.other?.count ?? 0);
  return out.sort((x, y) => ORDER[x.change] - ORDER[y.change] || size(y) - size(x));
}
