/**
 * Themes at scale (issue 36): 2,000 failing scenarios, each reason one of the planted phrasings with
 * fresh figures and a made-up name of its own (and, in some cases, a product or a preamble that recurs
 * across failures), still give one theme per failure; and between two runs
 * of 2,000 sharing their kept scenarios (each run describing them anew) the failure only in the first
 * is gone, the one in both kept, the one only in the second new — nothing else about them.
 */
import { describe, expect, it } from "vitest";
import { buildThemes, diffThemes, type Theme } from "@/lib/core/themes";
import { rng } from "../../../helpers/planted-reasons";
import { themeItems, type GeneratedItem, type ThemeGroup } from "../../../helpers/theme-items";

const FAILURES = ["cancel", "refund", "identity"] as const;

/** The theme holding most of `group`: the share of the group it holds and the share of it that is foreign. */
function best(items: readonly GeneratedItem[], themes: readonly Theme[], group: ThemeGroup) {
  const groupOf = new Map(items.map((i) => [i.scenario, i.group]));
  const size = items.filter((i) => i.group === group).length;
  const top = themes.map((t) => ({ t, own: t.scenarios.filter((s) => groupOf.get(s) === group).length })).sort((a, b) => b.own - a.own)[0]!;
  return { theme: top.t, recall: top.own / size, foreign: 1 - top.own / top.t.scenarios.length };
}

describe("themes at scale", () => {
  for (const [n, seed, blur] of [
    [300, 36, false],
    [1500, 7, false],
    [2000, 36, false],
    [2000, 11, false],
    [2000, 36, "products"],
    [1500, 7, "preambles"],
    [2000, 7, true],
  ] as const) {
    it(`${n} failing scenarios (seed ${seed}${blur ? `, ${blur === true ? "products and preambles" : blur} shared across failures` : ""}): each failure one theme with ≥ 90% of it and ≤ 10% foreign`, () => {
      const items = themeItems(n, seed, { blur });
      const themes = buildThemes(items);
      const tops = FAILURES.map((g) => ({ g, ...best(items, themes, g) }));
      for (const b of tops) {
        expect(b.recall, `${b.g}: ${b.theme.label}`).toBeGreaterThanOrEqual(0.9);
        expect(b.foreign, `${b.g}: ${b.theme.label}`).toBeLessThanOrEqual(0.1);
      }
      expect(new Set(tops.map((b) => b.theme)).size).toBe(3);
      expect(themes.reduce((s, t) => s + t.count, 0)).toBe(items.length);
    });
  }

  for (const [n, seed, blur] of [
    [300, 37, false],
    [2000, 8, false],
    [2000, 12, false],
    [2000, 12, "products"],
    [2000, 8, "preambles"],
    [2000, 12, true],
  ] as const) {
    it(`two runs of ${n} (seed ${seed}${blur ? `, ${blur === true ? "products and preambles" : blur} shared across failures` : ""}): gone, kept and new right, and no other change of the three failures`, () => {
      const a = themeItems(n, seed, { run: 0, groups: ["cancel", "identity", "noise"], blur });
      const b = themeItems(n, seed, { run: 1, groups: ["refund", "identity", "noise"], blur });
      const groupOf = new Map<string, ThemeGroup>([...a, ...b].map((i) => [i.scenario, i.group]));
      const diffs = diffThemes(a, b);
      /** A change is about a failure when most of its scenarios (either side) fail that way. */
      const main = (t: Theme | null) => {
        if (!t) return null;
        const counts = new Map<ThemeGroup, number>();
        for (const s of t.scenarios) counts.set(groupOf.get(s)!, (counts.get(groupOf.get(s)!) ?? 0) + 1);
        return [...counts].sort((x, y) => y[1] - x[1])[0]![0];
      };
      const about = (g: ThemeGroup) => diffs.filter((d) => main(d.base) === g || main(d.other) === g);
      const count = (g: ThemeGroup, side: readonly GeneratedItem[]) => side.filter((i) => i.group === g).length;
      // The kept failure: one change, neither gone nor new, holding ≥ 90% of it on both sides.
      const kept = about("identity");
      expect(kept.map((d) => d.change)).toHaveLength(1);
      expect(["steady", "grown", "shrunk"]).toContain(kept[0]!.change);
      expect(kept[0]!.base!.count).toBeGreaterThanOrEqual(0.9 * count("identity", a));
      expect(kept[0]!.other!.count).toBeGreaterThanOrEqual(0.9 * count("identity", b));
      // The dropped and the added failure: gone and new, each holding ≥ 90% of it.
      const gone = about("cancel").filter((d) => d.change === "gone");
      const fresh = about("refund").filter((d) => d.change === "new");
      expect(gone).toHaveLength(1);
      expect(fresh).toHaveLength(1);
      expect(gone[0]!.base!.count).toBeGreaterThanOrEqual(0.9 * count("cancel", a));
      expect(fresh[0]!.other!.count).toBeGreaterThanOrEqual(0.9 * count("refund", b));
      // No theme of the kept failure is reported gone or new.
      for (const d of diffs) if (d.change === "gone" || d.change === "new") expect(main(d.base ?? d.other)).not.toBe("identity");
    });
  }

  it("is deterministic at scale: 2,000 reasons in another order give the same themes", () => {
    const items = themeItems(2000, 5, { blur: true });
    const r = rng(9);
    const shuffled = items
      .map((item) => ({ item, key: r() }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.item);
    expect(buildThemes(shuffled)).toEqual(buildThemes(items));
  });
});
