/** The latency statistics of issue #13 / ARTIFACTS.md §7.8, in the unit of the values given. */

export interface Stats {
  n: number;
  sum: number;
  mean: number;
  /** The median: the mean of the two middle values when n is even. */
  p50: number;
  /** sorted[min(n − 1, ⌊n·90/100⌋)] */
  p90: number;
  /** sorted[min(n − 1, ⌊n·95/100⌋)] */
  p95: number;
  max: number;
}

/** The sorted value at index min(n − 1, ⌊n·p/100⌋) (no interpolation), of an ascending list. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  return sorted[Math.min(n - 1, Math.floor((n * p) / 100))] as number;
}

export function median(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `null` when there are no (finite) values: an empty side has no statistics, not zeros. */
export function stats(values: readonly number[]): Stats | null {
  // A typed array sorts numbers natively (no comparator calls): run rollups sort hundreds of thousands.
  const finite = new Float64Array(values.length);
  let n = 0;
  for (const v of values) if (Number.isFinite(v)) finite[n++] = v;
  const sorted = finite.subarray(0, n).sort();
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i] as number;
  return { n, sum, mean: sum / n, p50: median(sorted), p90: percentileOfSorted(sorted, 90), p95: percentileOfSorted(sorted, 95), max: sorted[n - 1] as number };
}

/** sum, mean, p90 and max of a token list (`null` when empty). */
export function tokenStats(values: readonly number[]): { sum: number; mean: number; p90: number; max: number } | null {
  const s = stats(values);
  return s ? { sum: s.sum, mean: s.mean, p90: s.p90, max: s.max } : null;
}
