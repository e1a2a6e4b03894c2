/**
 * The Wilson score interval for a binomial proportion: `k` successes out of `n` trials.
 * Pure and browser-safe. Returns `null` when `n` is 0 (there is no proportion to bound).
 *
 * Chosen over the normal (Wald) interval because it stays inside [0, 1] and behaves at
 * small n and at 0 % / 100 %, which is where eval rates usually sit.
 */
export interface Interval {
  low: number;
  high: number;
}

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export function wilsonInterval(k: number, n: number, z = Z95): Interval | null {
  if (!(n > 0) || !Number.isFinite(k) || !Number.isFinite(n)) return null;
  const p = Math.min(1, Math.max(0, k / n));
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At p = 0 or 1 the matching bound is exact; clamp away float dust.
  return { low: p === 0 ? 0 : Math.max(0, center - half), high: p === 1 ? 1 : Math.min(1, center + half) };
}
