/** Failure themes on generated reasons with planted groups. */
import { describe, expect, it } from "vitest";
import { buildThemes, diffThemes, stem, terms, themeItemsOf, type Theme, type ThemeItem } from "@/lib/core/themes";
import { GROUPS, plantedReasons, rng, type PlantedItem } from "../../../helpers/planted-reasons";

const toItems = (planted: PlantedItem[]): ThemeItem[] => planted.map((p) => ({ scenario: p.scenario, source: "judge", text: p.text }));

/** For each planted group, the theme holding most of it: precision = share of the theme from the group, recall = share of the group in the theme. */
function score(planted: PlantedItem[], themes: Theme[]) {
  const groupOf = new Map(planted.map((p) => [p.scenario, p.group]));
  const groups = [...new Set(planted.map((p) => p.group))];
  return groups.map((g) => {
    const size = planted.filter((p) => p.group === g).length;
    let best: { theme: Theme; overlap: number } | null = null;
    for (const t of themes) {
      const overlap = t.scenarios.filter((s) => groupOf.get(s) === g).length;
      if (!best || overlap > best.overlap) best = { theme: t, overlap };
    }
    return { group: g, precision: best ? best.overlap / best.theme.scenarios.length : 0, recall: best ? best.overlap / size : 0, theme: best?.theme };
  });
}

function shuffle<T>(xs: T[], seed: number): T[] {
  const r = rng(seed);
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe("normalise", () => {
  it("drops stop words (the ubiquitous 'agent' too), figures, ids and markup; folds synonyms; stems", () => {
    expect(terms("The agent <b>MISHEARD</b> 4 digits of order #W123!").map((t) => t.stem)).toEqual(["misheard", "digit", "order"]);
    expect(terms("Refunded $45.99 for booking W4410").map((t) => t.stem)).toEqual(["refund", "order"]);
    expect(stem("explanations")).toBe("explan");
    expect(stem("cancellation")).toBe(stem("canceled"));
    expect(stem("approval")).toBe(stem("confirmed"));
  });
});

describe("buildThemes", () => {
  const sizes = { wrong_id: 30, no_goodbye: 25, policy_skip: 20, hallucinated_tool: 15, asr_mishear: 12, greeting_stall: 8 };
  const planted = plantedReasons(42, sizes);
  const themes = buildThemes(toItems(planted));

  it("recovers the planted groups as themes (precision and recall per group)", () => {
    const scores = score(planted, themes);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const precision = mean(scores.map((s) => s.precision));
    const recall = mean(scores.map((s) => s.recall));
    console.log(
      `themes: ${themes.length} for ${Object.keys(sizes).length} planted groups; mean precision ${precision.toFixed(3)}, mean recall ${recall.toFixed(3)}; min precision ${Math.min(...scores.map((s) => s.precision)).toFixed(3)}, min recall ${Math.min(...scores.map((s) => s.recall)).toFixed(3)}`,
    );
    // Each group's best theme is its own (no two groups share a best theme).
    expect(new Set(scores.map((s) => s.theme)).size).toBe(scores.length);
    for (const s of scores) {
      expect(s.precision, `precision of ${s.group}`).toBeGreaterThanOrEqual(0.9);
      expect(s.recall, `recall of ${s.group}`).toBeGreaterThanOrEqual(0.9);
    }
  });

  it("names each theme by terms of its group, with a member as the quote, its count and scenarios", () => {
    const wrongId = score(planted, themes).find((s) => s.group === "wrong_id")!.theme!;
    expect(wrongId.terms.length).toBeGreaterThan(0);
    expect(wrongId.terms.some((t) => ["wrong", "id", "misheard", "digits", "read", "identifier"].includes(t))).toBe(true);
    expect(planted.some((p) => p.text === wrongId.quote && p.group === "wrong_id")).toBe(true);
    expect(wrongId.count).toBe(wrongId.scenarios.length);
    expect(themes.reduce((n, t) => n + t.count, 0)).toBe(planted.length);
  });

  it("keeps the planted groups apart when a third of the reasons share a generic preamble and one-off reasons are mixed in", () => {
    const hard = plantedReasons(43, sizes, "h", true);
    const found = buildThemes(toItems(hard));
    const scores = score(hard, found).filter((s) => !s.group.startsWith("noise"));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const precision = mean(scores.map((s) => s.precision));
    const recall = mean(scores.map((s) => s.recall));
    console.log(
      `themes (hard): ${found.length} themes for 6 planted groups + 6 one-offs; mean precision ${precision.toFixed(3)}, mean recall ${recall.toFixed(3)}; min precision ${Math.min(...scores.map((s) => s.precision)).toFixed(3)}, min recall ${Math.min(...scores.map((s) => s.recall)).toFixed(3)}`,
    );
    expect(new Set(scores.map((s) => s.theme)).size).toBe(scores.length);
    expect(precision).toBeGreaterThanOrEqual(0.85);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });

  it("is deterministic: the same items in another order give the same themes", () => {
    const again = buildThemes(shuffle(toItems(planted), 7));
    expect(again).toEqual(themes);
  });

  it("takes judge reasons, failed NL-assertion reasons and extra findings", () => {
    const items = themeItemsOf(
      "x",
      {
        reason: "bad",
        verdicts: [
          { index: 1, assertion: null, passed: true, reason: "fine" },
          { index: 2, assertion: null, passed: false, reason: "missing" },
        ],
      },
      ["flow: long pause"],
    );
    expect(items.map((i) => [i.source, i.text])).toEqual([
      ["judge", "bad"],
      ["nl_assertion", "missing"],
      ["finding", "flow: long pause"],
    ]);
  });
});

describe("diffThemes", () => {
  it("matches themes between runs by content: a theme planted only in the second run is new, a dropped one gone, and counts grow and shrink", () => {
    const a = plantedReasons(1, { wrong_id: 20, no_goodbye: 20, policy_skip: 10, greeting_stall: 10 }, "a");
    const b = plantedReasons(2, { wrong_id: 20, no_goodbye: 6, policy_skip: 24, hallucinated_tool: 12 }, "b");
    const diffs = diffThemes(toItems(a), toItems(b));
    const groupOfTheme = (t: Theme | null, planted: PlantedItem[]) => {
      if (!t) return null;
      const g = new Map(planted.map((p) => [p.scenario, p.group]));
      return g.get(t.scenarios[0] as string) ?? null;
    };
    const byGroup = new Map(diffs.map((d) => [groupOfTheme(d.other, b) ?? groupOfTheme(d.base, a), d]));
    expect(byGroup.get("hallucinated_tool")?.change).toBe("new");
    expect(byGroup.get("greeting_stall")?.change).toBe("gone");
    expect(byGroup.get("policy_skip")?.change).toBe("grown");
    expect(byGroup.get("no_goodbye")?.change).toBe("shrunk");
    expect(byGroup.get("wrong_id")?.change).toBe("steady");
    // Matched pairs are the same group on both sides.
    for (const d of diffs) if (d.base && d.other) expect(groupOfTheme(d.base, a)).toBe(groupOfTheme(d.other, b));
  });

  it("keeps a one-scenario failure described anew in the second run (its words are that scenario's own) as one change, not gone and new", () => {
    const common = toItems(plantedReasons(5, { wrong_id: 10, no_goodbye: 10 }, "s"));
    const base = [...common, { scenario: "lone", source: "judge" as const, text: "The agent mispronounced the product name repeatedly." }];
    const other = [...common, { scenario: "lone", source: "judge" as const, text: "Product name pronounced badly, twice." }];
    const lone = diffThemes(base, other).filter((d) => [d.base, d.other].some((t) => t?.scenarios.includes("lone")));
    expect(lone.map((d) => d.change)).toEqual(["steady"]);
  });

  it("every group can be planted alone in a second run and show up as new", () => {
    for (const g of Object.keys(GROUPS)) {
      const base = toItems(plantedReasons(3, { wrong_id: 10, no_goodbye: 10 }, "a").filter((p) => p.group !== g));
      const other = toItems(plantedReasons(4, { wrong_id: 10, no_goodbye: 10, [g]: 10 }, "b"));
      const fresh = diffThemes(base, other).filter((d) => d.change === "new");
      expect(fresh.length, `new themes when ${g} is planted`).toBeGreaterThanOrEqual(1);
      expect(
        fresh.every((d) => d.other!.scenarios.every((s) => s.includes(`_${g}_`))),
        `only ${g} is new`,
      ).toBe(true);
    }
  });
});
