/** Latency statistics with the harness's percentile method (ARTIFACTS.md §4.10). */
import { pysum } from "./py";

export interface LatencySummary {
  count: number;
  mean_ms: number;
  p50_ms: number;
  p95_ms: number;
  min_ms: number;
  max_ms: number;
}

/**
 * Index selection on the sorted list, no interpolation: P50 = sorted[⌊n/2⌋], P95 = sorted[⌊n·0.95⌋].
 * `empty` is what an empty list yields: 0 per scenario, −1 for the run-level pool.
 */
export function latencySummary(values: readonly number[], empty: number): LatencySummary {
  const sorted = sortedAscending(values);
  const n = sorted.length;
  if (n === 0) return { count: 0, mean_ms: empty, p50_ms: empty, p95_ms: empty, min_ms: empty, max_ms: empty };
  return {
    count: n,
    // The mean sums the *sorted* list: order matters for the last bit.
    mean_ms: pysum(sorted) / n,
    p50_ms: sorted[Math.floor(n / 2)] as number,
    p95_ms: sorted[Math.floor(n * 0.95)] as number,
    min_ms: sorted[0] as number,
    max_ms: sorted[n - 1] as number,
  };
}

/**
 * `values` ascending, as Python's `sorted` orders floats. A Float64Array sorts by value without a
 * comparator call, a fifth of the time for a run's 20,000 latencies; but it puts -0 before 0 and NaN
 * last, where a comparison sort leaves them where its merges do (NaN compares false both ways, -0
 * equals 0), so a list holding either is sorted by comparison, as the harness's is. Without them,
 * equal values are the same number, and every correct sort gives the same list.
 */
export function sortedAscending(values: readonly number[]): ArrayLike<number> {
  const typed = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v !== v || (v === 0 && 1 / v < 0)) return [...values].sort((a, b) => a - b);
    typed[i] = v;
  }
  return typed.sort();
}

/**
 * The `latency_ms` values of one record, ignoring entries that are not numbers. Entries are the
 * file's `{latency_ms, …}` objects, or bare numbers in the index's slimmed records.
 */
export function latencyValues(metrics: Record<string, unknown>): number[] {
  return pushLatencyValues(metrics, []);
}

/** `latencyValues` of `metrics` appended to `out` (a run's pool is made without a list per record). */
export function pushLatencyValues(metrics: Record<string, unknown>, out: number[]): number[] {
  const list = metrics.latencies;
  if (!Array.isArray(list)) return out;
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    const v = typeof entry === "number" ? entry : entry && typeof entry === "object" ? (entry as Record<string, unknown>).latency_ms : undefined;
    if (typeof v === "number") out.push(v);
  }
  return out;
}
