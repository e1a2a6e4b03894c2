/** Latency histogram bins: regular bins up to the pooled p99, one overflow bin for the slow tail. */
import { describe, expect, it } from "vitest";
import { histogram } from "@/lib/core/histogram";
import type { HistogramBin } from "@/lib/shared/dto";

/** 500 turns spread evenly over 800..2,290 ms (deterministic; the top 1% stays below the 2,300 edge). */
const bulk = Array.from({ length: 500 }, (_, i) => 800 + (i * 1490) / 499);
const total = (bins: HistogramBin[]) => bins.reduce((n, b) => n + b.count, 0);

describe("histogram", () => {
  it("puts a 100× outlier in the overflow bin and keeps the bulk spread over many bars", () => {
    const outlier = 230_000;
    const values = [...bulk, outlier];
    const bins = histogram(values, values);
    const last = bins[bins.length - 1]!;
    expect(last.overflow).toBe(true);
    expect(last.count).toBe(1);
    expect(last.from).toBeLessThan(outlier);
    expect(last.from).toBeGreaterThan(2290);
    expect(last.to).toBe(outlier);
    const regular = bins.slice(0, -1);
    expect(regular.every((b) => b.overflow === undefined)).toBe(true);
    // Binning min..max would have put all 500 bulk values into one or two bars.
    expect(regular.filter((b) => b.count > 0).length).toBeGreaterThanOrEqual(10);
    expect(total(regular)).toBe(bulk.length);
  });

  it("uses nice, contiguous edges ending where the overflow bin starts", () => {
    const values = [...bulk, 230_000];
    const bins = histogram(values, values);
    const step = bins[0]!.to - bins[0]!.from;
    expect([1, 2, 5].some((m) => step / 10 ** Math.floor(Math.log10(step)) === m)).toBe(true);
    for (let i = 1; i < bins.length; i++) expect(bins[i]!.from).toBe(bins[i - 1]!.to);
    expect(bins[0]!.from).toBeLessThanOrEqual(800);
  });

  it("counts every finite input exactly once", () => {
    const values = [...bulk, 5_000, 9_000, 40_000, 230_000, 0, 0];
    const bins = histogram([...values, Number.NaN, Number.POSITIVE_INFINITY], values);
    expect(total(bins)).toBe(values.length);
  });

  it("has no overflow bin when nothing lies beyond the p99 edge", () => {
    const bins = histogram(bulk, bulk);
    expect(bins.some((b) => b.overflow)).toBe(false);
    expect(total(bins)).toBe(bulk.length);
    expect(bins[bins.length - 1]!.to).toBeGreaterThan(2290);
  });

  it('counts a value on the last regular edge as overflow (the bar reads "≥ edge")', () => {
    const values = [...bulk, 2300];
    const bins = histogram(values, values);
    expect(bins[bins.length - 1]).toEqual({ from: 2300, to: 2300, count: 1, overflow: true });
  });

  // Issue 14 changed this: below 100 values p99 is the maximum, and the fence now finds the outlier.
  it("gives a run below 100 values an overflow bin for a far outlier too", () => {
    const values = [...bulk.slice(0, 60), 230_000];
    const bins = histogram(values, values);
    const last = bins[bins.length - 1]!;
    expect(last).toMatchObject({ overflow: true, count: 1, to: 230_000 });
    expect(last.from).toBeLessThan(2_000);
    expect(total(bins.slice(0, -1))).toBe(60);
  });

  it("bins a domain on the pooled edges, overflow bin included even when the domain has no slow turn", () => {
    const fast = bulk.filter((_, i) => i % 2 === 0);
    const slow = [...bulk.filter((_, i) => i % 2 === 1), 230_000];
    const pooled = [...fast, ...slow];
    const all = histogram(pooled, pooled);
    const a = histogram(fast, pooled);
    const b = histogram(slow, pooled);
    const shape = (bins: HistogramBin[]) => bins.map(({ from, to, overflow }) => ({ from, to, overflow }));
    expect(shape(a)).toEqual(shape(all));
    expect(shape(b)).toEqual(shape(all));
    expect(a[a.length - 1]).toMatchObject({ overflow: true, count: 0 });
    expect(b[b.length - 1]).toMatchObject({ overflow: true, count: 1 });
    expect(a.map((x, i) => x.count + b[i]!.count)).toEqual(all.map((x) => x.count));
  });

  it("returns no bins for empty input, and empty bins for a domain without values", () => {
    expect(histogram([], [])).toEqual([]);
    expect(histogram([], [Number.NaN])).toEqual([]);
    const bins = histogram([], bulk);
    expect(bins.length).toBeGreaterThan(0);
    expect(total(bins)).toBe(0);
  });

  it("copes with identical values", () => {
    const bins = histogram([1200, 1200, 1200], [1200, 1200, 1200]);
    expect(bins).toEqual([{ from: 1200, to: 1300, count: 3 }]);
  });
});
