/**
 * Themes group meaning, not words: three failures each written sixteen ways (varied verbs, ids, figures),
 * with unrelated one-offs mixed in, come out as three themes; between two runs a failure present in both
 * is kept, never reported as gone, and only the failures really added or dropped are new or gone.
 */
import { describe, expect, it } from "vitest";
import { buildThemes, diffThemes, type Theme, type ThemeItem } from "@/lib/core/themes";
import { CANCEL_WITHOUT_CONFIRMING, IDENTITY_NOT_VERIFIED, NOISE, WRONG_REFUND_AMOUNT } from "./paraphrase-sets";

const GROUPS = { cancel: CANCEL_WITHOUT_CONFIRMING, refund: WRONG_REFUND_AMOUNT, identity: IDENTITY_NOT_VERIFIED } as const;
type Group = keyof typeof GROUPS;

const items = (run: string, group: Group | "noise", texts: readonly string[]): ThemeItem[] =>
  texts.map((text, i) => ({ scenario: `${run}_${group}_${i}`, source: "judge", text }));
const groupOf = (scenario: string) => scenario.split("_")[1] as Group | "noise";

/** The theme holding most of `group`, with the share of the group it holds and the share of it that is foreign. */
function best(themes: readonly Theme[], group: Group) {
  const size = GROUPS[group].length;
  const ranked = themes.map((t) => ({ t, own: t.scenarios.filter((s) => groupOf(s) === group).length })).sort((a, b) => b.own - a.own);
  const top = ranked[0]!;
  return { theme: top.t, recall: top.own / size, foreign: 1 - top.own / top.t.scenarios.length };
}

describe("paraphrase themes", () => {
  const themes = buildThemes([
    ...items("a", "cancel", GROUPS.cancel),
    ...items("a", "refund", GROUPS.refund),
    ...items("a", "identity", GROUPS.identity),
    ...items("a", "noise", NOISE),
  ]);

  for (const group of Object.keys(GROUPS) as Group[]) {
    it(`puts ≥ 90% of the "${group}" paraphrases in one theme with ≤ 10% foreign`, () => {
      const b = best(themes, group);
      expect(b.recall, `${group}: ${b.theme.scenarios.join(", ")}`).toBeGreaterThanOrEqual(0.9);
      expect(b.foreign).toBeLessThanOrEqual(0.1);
    });
  }

  it("gives the three failures three different themes, each labelled by a central reason with its figures masked", () => {
    const tops = (Object.keys(GROUPS) as Group[]).map((g) => best(themes, g).theme);
    expect(new Set(tops).size).toBe(3);
    for (const t of tops) {
      expect(t.label.length).toBeGreaterThan(10);
      expect(t.label.length).toBeLessThanOrEqual(91);
      expect(t.label).not.toMatch(/\d/);
    }
  });

  it("between two runs: a kept failure is kept, a dropped one gone, an added one new, and nothing else", () => {
    // Run A fails on cancel and identity; run B on identity (other scenarios, other order) and refund.
    const a = [...items("a", "cancel", GROUPS.cancel), ...items("a", "identity", GROUPS.identity), ...items("a", "noise", NOISE.slice(0, 4))];
    const b = [...items("b", "identity", [...GROUPS.identity].reverse()), ...items("b", "refund", GROUPS.refund), ...items("b", "noise", NOISE.slice(4))];
    const diffs = diffThemes(a, b);
    const main = (d: (typeof diffs)[number], side: "base" | "other") => {
      const t = d[side];
      if (!t) return null;
      const counts = new Map<string, number>();
      for (const s of t.scenarios) counts.set(groupOf(s), (counts.get(groupOf(s)) ?? 0) + 1);
      return [...counts].sort((x, y) => y[1] - x[1])[0]![0];
    };
    const about = (group: Group) => diffs.filter((d) => main(d, "base") === group || main(d, "other") === group);
    expect(about("cancel").map((d) => d.change)).toEqual(["gone"]);
    expect(about("refund").map((d) => d.change)).toEqual(["new"]);
    const kept = about("identity");
    expect(kept).toHaveLength(1);
    expect(kept[0]!.change).not.toBe("gone");
    expect(kept[0]!.change).not.toBe("new");
    // No group theme is reported as gone or new beyond those two.
    const alarms = diffs.filter(
      (d) => (d.change === "gone" || d.change === "new") && (d.base ?? d.other)!.scenarios.filter((s) => groupOf(s) !== "noise").length >= 2,
    );
    expect(alarms).toHaveLength(2);
  });
});
