import { describe, expect, it } from "vitest";
import { changeOf, compareRows, verdictMatrix, type ScenarioRow } from "@/lib/core";
import { mcnemarExact, pairedDifferenceInterval, wilson } from "@/lib/core/stats";
import { testRow } from "../../helpers/scenario-row";

function row(name: string, verdict: boolean | "N/A", failed: string[] = []): ScenarioRow {
  return testRow(name, {
    verdict,
    task_verdict: verdict,
    success_breakdown: { passed: verdict === true ? ["db_state_match"] : [], failed, not_applicable: [], excluded: [] },
  });
}

describe("compare", () => {
  it("puts every pair of verdicts in its bucket", () => {
    expect(changeOf(true, false)).toBe("regressed");
    expect(changeOf(false, true)).toBe("fixed");
    expect(changeOf(false, false)).toBe("still_failing");
    expect(changeOf(true, true)).toBe("still_passing");
    expect(changeOf("N/A", true)).toBe("not_comparable");
    expect(changeOf(false, "N/A")).toBe("not_comparable");
    expect(changeOf(true, null)).toBe("only_base");
    expect(changeOf(null, false)).toBe("only_other");
  });

  it("matches hand-computed exact McNemar p-values", () => {
    // b=0,c=5: 2 * (1/32) = 0.0625
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12);
    // b=1,c=9: 2 * (1 + 10) / 1024 = 0.021484375
    expect(mcnemarExact(1, 9)).toBeCloseTo(0.021484375, 12);
    // b=3,c=3: symmetric → 1
    expect(mcnemarExact(3, 3)).toBe(1);
    // b=2,c=8: 2 * (1 + 10 + 45) / 1024 = 0.109375
    expect(mcnemarExact(2, 8)).toBeCloseTo(0.109375, 12);
    expect(mcnemarExact(0, 0)).toBe(1);
  });

  it("gives Wilson intervals and paired difference intervals that contain the estimate", () => {
    const w = wilson(8, 10)!;
    expect(w.low).toBeCloseTo(0.4902, 3);
    expect(w.high).toBeCloseTo(0.9433, 3);
    expect(wilson(0, 0)).toBeNull();
    const d = pairedDifferenceInterval(1, 9, 40)!;
    expect(d.estimate).toBeCloseTo(0.2, 12);
    expect(d.low).toBeLessThan(0.2);
    expect(d.high).toBeGreaterThan(0.2);
    expect(d.low).toBeGreaterThan(0);
  });

  it("buckets two runs, counts discordant pairs and lists flipped signals", () => {
    const base = [row("a__1", true), row("a__2", false, ["db_state_match"]), row("a__3", true), row("b__1", "N/A"), row("b__2", false, ["clean_exit"])];
    const other = [row("a__1", false, ["db_state_match"]), row("a__2", true), row("a__3", true), row("b__1", true), row("c__9", true)];
    const c = compareRows(base, other);
    expect(Object.fromEntries(c.scenarios.map((s) => [s.name, s.change]))).toEqual({
      a__1: "regressed",
      a__2: "fixed",
      a__3: "still_passing",
      b__1: "not_comparable",
      b__2: "only_base",
      c__9: "only_other",
    });
    expect(c.counts.regressed).toBe(1);
    expect(c.tests.success).toMatchObject({ n: 3, b: 1, c: 1, pValue: 1 });
    expect(c.scenarios[0]!.signals).toEqual([{ signal: "db_state_match", base: "passed", other: "failed" }]);
  });

  it("builds a verdict matrix with pass^k and stability classes", () => {
    const m = verdictMatrix([
      { id: "r1", rows: [row("a__1", true), row("a__2", true), row("a__3", false)] },
      { id: "r2", rows: [row("a__1", true), row("a__2", false), row("a__3", false)] },
      { id: "r3", rows: [row("a__1", true), row("a__2", true)] },
    ]);
    expect(m.rows.map((r) => r.stability)).toEqual(["always_passing", "flaky", "incomplete"]);
    expect(m.passAllK).toEqual({ k: 3, passed: 1, n: 2, value: 0.5 });
  });
});

describe("stalls in compare (issue 14)", () => {
  it("keeps fixed and regressed for real verdict changes", () => {
    expect(changeOf(false, true, { base: true, other: false })).toBe("was_stalled");
    expect(changeOf(true, false, { base: false, other: true })).toBe("now_stalled");
    expect(changeOf(false, false, { base: true, other: false })).toBe("still_failing");
    expect(changeOf(false, false, { base: false, other: true })).toBe("still_failing");
    expect(changeOf(false, false, { base: true, other: true })).toBe("still_failing");
    expect(changeOf("N/A", false, { base: false, other: true })).toBe("now_stalled");
    expect(changeOf(false, true, { base: false, other: false })).toBe("fixed");
  });

  it("marks stalled rows on both sides and counts the stall buckets apart", () => {
    const row = (name: string, verdict: boolean, stalled = false) => testRow(name, { verdict, task_verdict: verdict, stalled });
    const c = compareRows([row("a", false, true), row("b", true), row("c", false)], [row("a", true), row("b", false, true), row("c", true)]);
    expect(c.scenarios.map((s) => s.change)).toEqual(["was_stalled", "now_stalled", "fixed"]);
    expect(c.scenarios.map((s) => [s.baseStalled, s.otherStalled])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    expect(c.counts).toMatchObject({ was_stalled: 1, now_stalled: 1, fixed: 1, regressed: 0 });
  });
});
