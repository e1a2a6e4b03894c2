/**
 * Where a latency chart's regular range ends. One 60 s turn among a hundred 1–3 s turns would
 * otherwise stretch the axis to 60 s and squeeze everything else into the first bar; values above
 * the bound go to one overflow bar instead.
 *
 * The bound is the smaller of the p99 (index selection, sorted[⌊n·0.99⌋], like the harness's
 * p50/p95) and the largest value inside the far-out fence Q3 + 3·IQR (Tukey). Below 100 values the
 * p99 is the maximum, so the fence is what finds the outlier; the IQR is floored at a tenth of Q3
 * so that a run of near-identical values does not call the next-slowest turn an outlier.
 */

export const FENCE_IQRS = 3;

/** `sorted` ascending, finite; `null` when empty. */
export function latencyDisplayBound(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const q1 = sorted[Math.floor(n * 0.25)] as number;
  const q3 = sorted[Math.floor(n * 0.75)] as number;
  const p99 = sorted[Math.floor(n * 0.99)] as number;
  const iqr = Math.max(q3 - q1, Math.abs(q3) / 10);
  const fence = q3 + FENCE_IQRS * iqr;
  // The largest value at or below the fence (there is one: q3 itself).
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((sorted[mid] as number) <= fence) lo = mid;
    else hi = mid - 1;
  }
  return Math.min(p99, sorted[lo] as number);
}
