/** Anomaly nights against the suite's trailing runs (exact binomial tails, smoothed pooled rate). */
import { describe, expect, it } from "vitest";
import { anomalies, binomialCdf } from "@/lib/core/trends";
import { logChoose } from "@/lib/core/stats";
import { changesVsPrevious, failureMark, isStable } from "@/lib/core/run-changes";
import type { Cell } from "@/lib/core/trends";

describe("anomalies", () => {
  it("computes binomial tails", () => {
    expect(binomialCdf(0, 2, 0.5)).toBeCloseTo(0.25, 12);
    expect(binomialCdf(1, 2, 0.5)).toBeCloseTo(0.75, 12);
    expect(binomialCdf(5, 5, 0.3)).toBe(1);
  });

  it("sums the tail of a run of thousands of scenarios as a term-by-term sum does (to 1e-9: each sum rounds its logs its own way)", () => {
    const termByTerm = (k: number, n: number, p: number) => {
      let s = 0;
      for (let i = 0; i <= k; i++) s += Math.exp(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log1p(-p));
      return Math.min(1, s);
    };
    for (const [k, n, p] of [
      [1480, 2000, 0.76],
      [1560, 2000, 0.76],
      [9000, 20000, 0.44],
      [3, 12, 0.9],
    ] as const) {
      expect(binomialCdf(k, n, p), `${k}/${n} at ${p}`).toBeCloseTo(termByTerm(k, n, p), 9);
    }
  });

  it("flags a collapse, not one failure on a small suite, and needs three earlier runs", () => {
    const full = { k: 12, n: 12 };
    const got = anomalies([full, full, full, { k: 11, n: 12 }, full, { k: 5, n: 12 }]);
    expect(got.slice(0, 3)).toEqual([null, null, null]);
    expect(got[3]).toBeNull();
    expect(got[5]).toMatchObject({ direction: "drop", trailing: 5 });
    expect(got[5]!.pValue).toBeLessThan(0.01);
  });

  it("flags a level shift once, on the night it starts", () => {
    const full = { k: 40, n: 40 };
    const low = { k: 28, n: 40 };
    const got = anomalies([full, full, full, full, full, low, low, low, full, { k: 10, n: 40 }]);
    expect(got.map((a) => a?.direction ?? null)).toEqual([null, null, null, null, null, "drop", null, null, "rise", "drop"]);
  });

  it("flags a rise after a low stretch", () => {
    const low = { k: 20, n: 100 };
    expect(anomalies([low, low, low, low, { k: 60, n: 100 }])[4]).toMatchObject({ direction: "rise" });
    expect(anomalies([low, null, low, { k: 0, n: 0 }, low, { k: 22, n: 100 }])[5]).toBeNull();
  });
});

const run = (id: string, cells: Record<string, Cell>) => ({ id, startedAt: `2026-11-2${id}T02:00:00`, cells: new Map(Object.entries(cells)) });

describe("failure marks", () => {
  it("new, still failing since, flaky; stable needs K passes with a verdict", () => {
    const runs = [
      run("1", { a: "P", b: "P", c: "P", d: "F" }),
      run("2", { a: "P", b: "F", c: "N", d: "F" }),
      run("3", { a: "P", b: "P", c: "P", d: "S" }),
      run("4", { a: "P", b: "P", c: "P", d: "F" }),
      run("5", { a: "F", b: "F", c: "F", d: "F" }),
    ];
    expect(failureMark(runs, 4, "a")).toEqual({ kind: "new" });
    expect(failureMark(runs, 4, "b")).toEqual({ kind: "flaky", flips: 2, passes: 3, of: 4 });
    expect(failureMark(runs, 4, "d")).toEqual({ kind: "still_failing", since: "2026-11-21T02:00:00", sinceRun: "1", runs: 5 });
    // c had N in run 2: three passes with a verdict before run 5 (1, 3, 4).
    expect(isStable(runs, 4, "c", 3)).toBe(true);
    expect(isStable(runs, 4, "c", 4)).toBe(false);
    const c = changesVsPrevious(runs, 4, ["a", "b", "c", "d"]);
    expect([c.newFailures, c.flaky, c.stillFailing, c.fixed]).toEqual([["a", "c"], ["b"], ["d"], []]);
    expect(c.test).toMatchObject({ n: 4, b: 3, c: 0 });
  });
});
