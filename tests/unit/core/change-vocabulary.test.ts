/**
 * The change vocabulary (issue 55): one rule names a scenario's change between two runs on every
 * surface, and a run that did not finish is compared like for like.
 */
import { describe, expect, it } from "vitest";
import { changeOf } from "@/lib/core/compare";
import { cellChange, changesVsPrevious, changeWord, likeForLikeSuccess, likeForLikeText, successChange, type SuiteRunCells } from "@/lib/core/run-changes";
import type { Cell } from "@/lib/core/trends/strip";

/** Runs of a suite, oldest first, from one string per scenario (`a: "PPS"`). */
const suite = (scenarios: Record<string, string>): SuiteRunCells[] => {
  const n = Math.max(...Object.values(scenarios).map((c) => c.length));
  return Array.from({ length: n }, (_, i) => ({
    id: `run${i}`,
    startedAt: `2026-11-${String(10 + i)}T02:00:00`,
    cells: new Map(Object.entries(scenarios).flatMap(([name, c]) => (c[i] && c[i] !== "-" ? [[name, c[i] as Cell]] : []))),
  }));
};
const last = (scenarios: Record<string, string>) => {
  const runs = suite(scenarios);
  return changesVsPrevious(runs, runs.length - 1, Object.keys(scenarios));
};

describe("the change vocabulary", () => {
  it("names each flip between two runs once, a stall on either side apart from a fix or a new failure", () => {
    const c = last({ fixed: "FP", new: "PF", still: "FF", wasStalled: "SP", nowStalled: "PS", stalledThenFailed: "SF", passing: "PP", gone: "P-" });
    expect(c.fixed).toEqual(["fixed"]);
    expect(c.newFailures).toEqual(["new"]);
    expect(c.stillFailing).toEqual(["still", "stalledThenFailed"]);
    expect(c.wasStalled).toEqual(["wasStalled"]);
    expect(c.nowStalled).toEqual(["nowStalled"]);
    expect(c.flaky).toEqual([]);
    expect(c.marks.get("nowStalled")).toEqual({ kind: "now_stalled" });
    expect(c.marks.get("new")).toEqual({ kind: "new" });
  });

  it("is compare's rule: the same change for cells as for counted verdicts", () => {
    const verdict = { P: true, F: false, S: false, N: "N/A" } as const;
    for (const a of ["P", "F", "S", "N"] as const)
      for (const b of ["P", "F", "S", "N"] as const)
        expect(cellChange(a, b), `${a}→${b}`).toBe(changeOf(verdict[a], verdict[b], { base: a === "S", other: b === "S" }));
  });

  it("calls a failing scenario that flipped twice before flaky, whatever the previous run said", () => {
    const c = last({ flakyNew: "PFPPF", flakyStill: "PFPFF", flakyStalled: "PFPPS" });
    expect(c.flaky).toEqual(["flakyNew", "flakyStill", "flakyStalled"]);
    expect(c.newFailures).toEqual([]);
    expect(changeWord("fixed", true)).toBe("fixed");
    expect(changeWord("still_passing", false)).toBeNull();
  });
});

describe("a run that did not finish, like for like", () => {
  const before = new Map<string, Cell>([
    ["a", "P"],
    ["b", "F"],
    ["c", "P"],
    ["d", "F"],
  ]);
  const partial = new Map<string, Cell>([
    ["a", "P"],
    ["b", "P"],
  ]);

  it("takes both rates over the scenarios finished in both", () => {
    const l = likeForLikeSuccess(before, partial);
    expect(l.scenarios).toBe(2);
    expect(l.before).toEqual({ value: 0.5, numerator: 1, denominator: 2 });
    expect(l.after).toEqual({ value: 1, numerator: 2, denominator: 2 });
  });

  it("uses the runs' own rates when both finished, and says when it did not", () => {
    const rate = (k: number, n: number) => ({ value: k / n, numerator: k, denominator: n });
    const side = (finished: boolean, cells: Map<string, Cell>, k: number, n: number) => ({ finished, rate: rate(k, n), cells: () => cells });
    expect(successChange(side(true, before, 2, 4), side(true, partial, 2, 2))).toEqual({ before: 0.5, after: 1, delta: 0.5, likeForLike: null });
    expect(successChange(side(true, before, 2, 4), side(false, partial, 2, 2))).toEqual({ before: 0.5, after: 1, delta: 0.5, likeForLike: 2 });
    // The run before failed a and b and passed c and d (2/4): like for like it is 0/2 → 2/2, +100 pp, not +50 pp.
    const earlier = new Map<string, Cell>([
      ["a", "F"],
      ["b", "F"],
      ["c", "P"],
      ["d", "P"],
    ]);
    expect(successChange(side(true, earlier, 2, 4), side(false, partial, 2, 2))).toEqual({ before: 0, after: 1, delta: 1, likeForLike: 2 });
    expect(likeForLikeText(2)).toBe("like for like over the 2 scenarios both runs finished");
  });
});
