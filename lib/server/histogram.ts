/** Latency histogram bins on a "nice" step, shared by the pooled and per-domain views of one run. */
import type { HistogramBin } from "@/lib/shared/dto";

const TARGET_BINS = 24;

function niceStep(span: number): number {
  const raw = span / TARGET_BINS;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * magnitude >= raw) return m * magnitude;
  return 10 * magnitude;
}

/** Bins `values` on edges derived from `range` (the run's pooled latencies), so domains line up. */
export function histogram(values: readonly number[], range: readonly number[]): HistogramBin[] {
  const finite = range.filter(Number.isFinite);
  if (finite.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const v of finite) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const step = max > min ? niceStep(max - min) : 100;
  const start = Math.floor(min / step) * step;
  const count = Math.max(1, Math.floor((max - start) / step) + 1);
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: start + i * step, to: start + (i + 1) * step, count: 0 }));
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    const i = Math.min(count - 1, Math.max(0, Math.floor((v - start) / step)));
    (bins[i] as HistogramBin).count++;
  }
  return bins;
}
