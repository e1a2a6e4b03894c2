/**
 * Themes of two runs matched by content (their signatures), not by cluster number: new, gone, grown,
 * shrunk, steady. Many-to-one: the fragments on either side that resemble each other form one change
 * (one failure split in two by wording in one run is still one failure), so a theme is "gone" only when
 * nothing in the other run resembles any part of it, and "new" only when nothing in the base does.
 */
import type { Theme } from "./themes";

export type ThemeChange = "new" | "gone" | "grown" | "shrunk" | "steady";

export interface ThemeDiff {
  change: ThemeChange;
  /** The base run's side of the change: its matched themes as one (null when new). */
  base: Theme | null;
  other: Theme | null;
  /** Content similarity of the closest matched pair (0 when unmatched). */
  similarity: number;
}

/** Two themes are parts of the same failure when their signatures are at least this similar. */
export const MATCH_THRESHOLD = 0.4;

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

/** Several themes of one run as one: the largest names it; counts, scenarios and sources add up. */
export function mergeThemes(parts: readonly Theme[]): Theme | null {
  if (parts.length === 0) return null;
  const [head] = [...parts].sort((a, b) => b.count - a.count);
  if (parts.length === 1) return head as Theme;
  const sources: Theme["sources"] = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.sources) as Array<[keyof Theme["sources"], number]>) sources[k] = (sources[k] ?? 0) + v;
  return { ...(head as Theme), count: parts.reduce((n, p) => n + p.count, 0), scenarios: [...new Set(parts.flatMap((p) => p.scenarios))].sort(), sources };
}

const ORDER: Record<ThemeChange, number> = { new: 0, grown: 1, gone: 2, shrunk: 3, steady: 4 };

export function matchThemes(base: readonly Theme[], other: readonly Theme[], threshold = MATCH_THRESHOLD): ThemeDiff[] {
  // Union-find over base themes (0…b−1) and other themes (b…b+o−1), joined by each similar pair.
  const parent = Array.from({ length: base.length + other.length }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  const best = new Map<number, number>();
  base.forEach((a, i) =>
    other.forEach((b, j) => {
      const s = signatureSimilarity(a, b);
      if (s < threshold) return;
      const [x, y] = [find(i), find(base.length + j)];
      if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
      for (const k of [i, base.length + j]) best.set(k, Math.max(best.get(k) ?? 0, s));
    }),
  );
  const groups = new Map<number, { base: Theme[]; other: Theme[]; similarity: number }>();
  const groupOf = (k: number) => {
    const root = find(k);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = { base: [], other: [], similarity: 0 }));
    g.similarity = Math.max(g.similarity, best.get(k) ?? 0);
    return g;
  };
  base.forEach((t, i) => groupOf(i).base.push(t));
  other.forEach((t, j) => groupOf(base.length + j).other.push(t));
  const out: ThemeDiff[] = [...groups.values()].map((g) => {
    const a = mergeThemes(g.base);
    const b = mergeThemes(g.other);
    const change: ThemeChange = !a ? "new" : !b ? "gone" : countChange(a.count, b.count);
    return { change, base: a, other: b, similarity: a && b ? g.similarity : 0 };
  });
  const size = (d: ThemeDiff) => Math.max(d.base?.count ?? 0, d.other?.count ?? 0);
  return out.sort((x, y) => ORDER[x.change] - ORDER[y.change] || size(y) - size(x) || ((x.base ?? x.other)!.quote < (y.base ?? y.other)!.quote ? -1 : 1));
}
