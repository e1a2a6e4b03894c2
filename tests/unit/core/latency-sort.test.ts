/**
 * The latency statistics sort with a typed array when they can: the result must be the list the
 * comparison sort (the harness's `sorted`) gives, element for element, -0 and NaN included.
 */
import { describe, expect, it } from "vitest";
import { latencySummary, sortedAscending } from "@/lib/core";

const byComparison = (values: number[]) => [...values].sort((a, b) => a - b);

/** A small deterministic generator: the lists are the same on every run. */
function lists(seed: number, count: number): number[][] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = [0, -0, NaN, Infinity, -Infinity, 1.5, 1.5, 250.25];
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => (next() < 0.3 ? (pick[Math.floor(next() * pick.length)] as number) : Math.round(next() * 1e6) / 100)),
  );
}

describe("sortedAscending", () => {
  it("gives the comparison sort's list, value for value (Object.is), with and without -0 and NaN", () => {
    let special = 0;
    for (const values of lists(7, 400)) {
      if (values.some((v) => Number.isNaN(v) || Object.is(v, -0))) special++;
      const got = Array.from(sortedAscending(values));
      const want = byComparison(values);
      expect(got.length).toBe(want.length);
      got.forEach((v, i) => expect(Object.is(v, want[i]), `${values} at ${i}`).toBe(true));
    }
    // Both paths were taken.
    expect(special).toBeGreaterThan(50);
    expect(special).toBeLessThan(400);
  });

  it("keeps 0 and -0 in the order written, as a comparison sort does (a typed array puts -0 first)", () => {
    expect(Object.is(sortedAscending([0, -0])[0], 0)).toBe(true);
    expect(Object.is(sortedAscending([-0, 0])[0], -0)).toBe(true);
  });

  it("sorts by value, not as text", () => {
    expect(Array.from(sortedAscending([10, 9, 100, -1, 2.5]))).toEqual([-1, 2.5, 9, 10, 100]);
  });

  it("leaves its input as it was", () => {
    const values = [3, 1, 2];
    sortedAscending(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("latencySummary over the typed sort", () => {
  it("agrees with the statistics of the comparison-sorted list", () => {
    for (const values of lists(11, 200).filter((v) => v.length > 0)) {
      const sorted = byComparison(values);
      const n = sorted.length;
      const s = latencySummary(values, -1);
      expect(s.count).toBe(n);
      expect(Object.is(s.p50_ms, sorted[Math.floor(n / 2)])).toBe(true);
      expect(Object.is(s.p95_ms, sorted[Math.floor(n * 0.95)])).toBe(true);
      expect(Object.is(s.min_ms, sorted[0])).toBe(true);
      expect(Object.is(s.max_ms, sorted[n - 1])).toBe(true);
    }
  });
});
