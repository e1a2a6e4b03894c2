/** Issue 14: a robust upper bound for latency charts, whatever the number of values. */
import { describe, expect, it } from "vitest";
import { latencyDisplayBound } from "@/lib/core/latency-bound";

const sorted = (v: number[]) => [...v].sort((a, b) => a - b);

describe("latencyDisplayBound", () => {
  it("leaves a single 60 s turn of a small run above the bound", () => {
    const values = sorted([...Array.from({ length: 28 }, (_, i) => 600 + i * 150), 60_000]);
    const bound = latencyDisplayBound(values)!;
    expect(bound).toBe(600 + 27 * 150);
    expect(bound).toBeLessThan(60_000);
  });

  it("is the maximum when nothing is far out", () => {
    const values = sorted(Array.from({ length: 40 }, (_, i) => 1_000 + i * 25));
    expect(latencyDisplayBound(values)).toBe(values[values.length - 1]);
  });

  it("never exceeds the p99 from 100 values up", () => {
    const values = sorted(Array.from({ length: 500 }, (_, i) => 800 + i * 3));
    expect(latencyDisplayBound(values)).toBe(values[Math.floor(500 * 0.99)]);
  });

  it("does not call the next value an outlier among identical ones", () => {
    expect(latencyDisplayBound(sorted([...Array(10).fill(1_000), 1_050]))).toBe(1_050);
    expect(latencyDisplayBound([1_200, 1_200, 1_200])).toBe(1_200);
  });

  it("is null without values", () => {
    expect(latencyDisplayBound([])).toBeNull();
  });
});
