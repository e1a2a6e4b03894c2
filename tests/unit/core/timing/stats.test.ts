import { describe, expect, it } from "vitest";
import { percentileOfSorted, stats, tokenStats } from "@/lib/core/timing";

describe("timing stats", () => {
  it("is null for an empty list (not zeros)", () => {
    expect(stats([])).toBeNull();
    expect(tokenStats([])).toBeNull();
  });

  it("odd n: the median is the middle value; pXX is sorted[min(n-1, floor(n*XX/100))]", () => {
    // sorted: 1 2 3 4 10 ; n=5: p90 -> floor(4.5)=4 -> 10; p95 -> floor(4.75)=4 -> 10
    expect(stats([10, 3, 1, 4, 2])).toEqual({ n: 5, sum: 20, mean: 4, p50: 3, p90: 10, p95: 10, max: 10 });
  });

  it("even n: the median is the mean of the two middle values", () => {
    // sorted: 1 2 3 4 ; p50 = (2+3)/2 ; p90 -> floor(3.6)=3 -> 4
    expect(stats([4, 1, 3, 2])).toEqual({ n: 4, sum: 10, mean: 2.5, p50: 2.5, p90: 4, p95: 4, max: 4 });
  });

  it("twenty values: p90 and p95 pick indices 18 and 19", () => {
    const v = Array.from({ length: 20 }, (_, i) => i + 1); // 1..20
    const s = stats(v)!;
    expect(s.p90).toBe(19); // floor(20*0.9)=18 -> 19
    expect(s.p95).toBe(20); // floor(19)=19 -> 20
    expect(s.p50).toBe(10.5);
    expect(percentileOfSorted([5], 95)).toBe(5);
  });

  it("keeps negative values (barge-ins) and drops non-finite ones", () => {
    expect(stats([-0.5, 1.5, Number.NaN])).toEqual({ n: 2, sum: 1, mean: 0.5, p50: 0.5, p90: 1.5, p95: 1.5, max: 1.5 });
  });
});
