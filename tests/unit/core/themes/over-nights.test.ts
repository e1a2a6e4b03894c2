/**
 * Issue 44: themes over a range of nights, each with its first and last night. Three failures written
 * many ways are planted across five nights: one in every night and growing (rising), one from the
 * third night on (new), one in the first two nights only (gone), and one in the middle night only
 * (passing). The themes are made once over every night, so a failure present in two nights is one
 * theme whatever its wording each night.
 */
import { describe, expect, it } from "vitest";
import { THEME_BOUNDS, themesOverNights, UNBOUNDED, type ThemeItem } from "@/lib/core/themes";
import { CANCEL_WITHOUT_CONFIRMING, IDENTITY_NOT_VERIFIED, WRONG_REFUND_AMOUNT } from "./paraphrase-sets";

const NIGHTS = 5;
/** `texts[k]` for scenario `s_k`, its wording taken in turn from the set (a different one each night). */
const planted = (set: readonly string[], group: string, counts: readonly number[]): ThemeItem[][] =>
  counts.map((count, night) =>
    Array.from({ length: count }, (_, k) => ({ scenario: `${group}_${k}`, source: "judge", text: set[(night * 3 + k) % set.length]! })),
  );

function nights(): ThemeItem[][] {
  const rising = planted(CANCEL_WITHOUT_CONFIRMING, "cancel", [2, 2, 3, 4, 5]);
  const fresh = planted(WRONG_REFUND_AMOUNT, "refund", [0, 0, 3, 3, 3]);
  const gone = planted(IDENTITY_NOT_VERIFIED, "identity", [3, 2, 0, 0, 0]);
  const passing = planted(
    ["The call dropped: the bridge crashed and the websocket closed.", "Bridge crashed, websocket closed, the call dropped."],
    "crash",
    [0, 0, 2, 0, 0],
  );
  return Array.from({ length: NIGHTS }, (_, k) => [...rising[k]!, ...fresh[k]!, ...gone[k]!, ...passing[k]!]);
}

const trendOf = (set: ReturnType<typeof themesOverNights>, scenarioPrefix: string) =>
  set.themes.filter((t) => t.theme.scenarios.some((s) => s.startsWith(scenarioPrefix)));

describe("themes over a range of nights", () => {
  const set = themesOverNights(nights(), UNBOUNDED);

  it("makes one theme per planted failure, with its items counted per night", () => {
    for (const [prefix, perNight] of [
      ["cancel_", [2, 2, 3, 4, 5]],
      ["refund_", [0, 0, 3, 3, 3]],
      ["identity_", [3, 2, 0, 0, 0]],
      ["crash_", [0, 0, 2, 0, 0]],
    ] as const) {
      const themes = trendOf(set, prefix);
      expect(themes, `${prefix}: one theme`).toHaveLength(1);
      expect(themes[0]!.perNight, prefix).toEqual(perNight);
    }
  });

  it("says when each started and ended, and whether it is new, rising, gone or came and went", () => {
    expect(trendOf(set, "cancel_")[0]).toMatchObject({ trend: "rising", first: 0, last: 4 });
    expect(trendOf(set, "refund_")[0]).toMatchObject({ trend: "new", first: 2, last: 4 });
    expect(trendOf(set, "identity_")[0]).toMatchObject({ trend: "gone", first: 0, last: 1 });
    expect(trendOf(set, "crash_")[0]).toMatchObject({ trend: "passing", first: 2, last: 2 });
    expect(
      set.themes.map((t) => t.trend),
      "what needs a look first comes first",
    ).toEqual(["new", "rising", "passing", "gone"]);
    expect(set.counts).toMatchObject({ new: 1, rising: 1, passing: 1, gone: 1, fading: 0, steady: 0 });
    expect(set.unthemed.reasons).toBe(0);
  });

  it("keeps its bounds: at most maxThemes, counted all the same", () => {
    const bounded = themesOverNights(nights(), { ...THEME_BOUNDS, maxThemes: 2 });
    expect(bounded.themes.map((t) => t.trend)).toEqual(["new", "rising"]);
    expect(bounded.counts.gone).toBe(1);
    expect(bounded.unthemed.reasons, "the reasons of the themes left out").toBe(3 + 2 + 2);
  });

  it("is a plain steady theme over one night", () => {
    const one = themesOverNights([nights()[4]!], UNBOUNDED);
    expect(one.themes.every((t) => t.trend === "steady" && t.first === 0 && t.last === 0)).toBe(true);
  });
});
