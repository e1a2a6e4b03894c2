/**
 * Latency histogram bins on a "nice" step, shared by the pooled and per-domain views of one run
 * (the run and compare pages). Pure: lib/server/views/run-views.ts keeps the result per revision.
 */
import { latencyDisplayBound } from "./latency-bound";

export interface HistogramBin {
  /** Lower edge, ms (inclusive). */
  from: number;
  /** Upper edge, ms (exclusive, inclusive for the last bin). */
  to: number;
  count: number;
  /**
   * The last bin, holding every value from `from` (the regular bins' upper edge, above the run's
   * pooled display bound: p99, or Q3 + 3·IQR when lower, lib/core/latency-bound.ts) up to `to`
   * (the pooled maximum). Absent on regular bins.
   */
  overflow?: true;
}

const TARGET_BINS = 24;

function niceStep(span: number): number {
  const raw = span / TARGET_BINS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * magnitude >= raw) return m * magnitude;
  return 10 * magnitude;
}

/**
 * Regular bins cover `min .. bound` of `range` (lib/core/latency-bound.ts: the p99, or the fence
 * Q3 + 3·IQR when lower, whatever n is); anything at or above their upper edge goes into one
 * overflow bin. Spanning min..max instead let a single slow turn squeeze the bulk into a few bars.
 */
function edges(range: readonly number[]): { start: number; step: number; count: number; max: number; overflow: boolean } | null {
  const sorted = range.filter(Number.isFinite).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  const min = sorted[0] as number;
  const max = sorted[n - 1] as number;
  const bound = latencyDisplayBound(sorted) as number;
  const step = bound > min ? niceStep(bound - min) : 100;
  const start = Math.floor(min / step) * step;
  // Just enough regular bins for the bound to sit in the last one. Placement and the overflow test use
  // the same arithmetic, so a value on an edge cannot be counted on one side and tested on the other.
  const count = Math.floor((bound - start) / step) + 1;
  return { start, step, count, max, overflow: Math.floor((max - start) / step) >= count };
}

/**
 * Bins `values` on edges derived from `range` (the run's pooled latencies), so domains line up:
 * the same regular bins, and the overflow bin whenever the pooled values need one (possibly empty
 * for a domain). The overflow bin runs from the last regular edge to the pooled maximum and is
 * marked `overflow: true`. Non-finite values are skipped; the counts sum to the finite values.
 */
export function histogram(values: readonly number[], range: readonly number[]): HistogramBin[] {
  return histogramOn(range)(values);
}

/** The edges of `range` computed once (one sort), for binning the pooled values and each domain's. */
export function histogramOn(range: readonly number[]): (values: readonly number[]) => HistogramBin[] {
  const e = edges(range);
  if (!e) return () => [];
  const { start, step, count, max, overflow } = e;
  return (values) => {
    const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: start + i * step, to: start + (i + 1) * step, count: 0 }));
    if (overflow) bins.push({ from: start + count * step, to: max, count: 0, overflow: true });
    for (const v of values) {
      if (!Number.isFinite(v)) continue;
      // Values outside `range` (there should be none) go to the nearest end rather than being lost.
      const i = Math.min(bins.length - 1, Math.max(0, Math.floor((v - start) / step)));
      (bins[i] as HistogramBin).count++;
    }
    return bins;
  };
}
