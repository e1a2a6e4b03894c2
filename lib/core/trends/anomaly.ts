/**
 * Anomaly nights: a run whose success rate falls outside what the suite's trailing runs lead one to
 * expect. The rule (documented in the README): pool the previous `ANOMALY_TRAILING` runs with a
 * verdict count (k passed of n), smoothed by one pass and one failure (so a suite that always passed
 * does not make one failure impossible), p0 = (Σk + 1) / (Σn + 2); the run's k of n is an anomaly
 * when the exact binomial tail P(X ≤ k | n, p0) (a drop) or P(X ≥ k | n, p0) (a rise) is below
 * `ANOMALY_ALPHA`. At least `ANOMALY_MIN_TRAILING` earlier runs are needed. A level shift is one
 * anomaly, on the night it starts: a night right after an anomaly in the same direction is not
 * flagged again while the trailing band catches up. Pure.
 */

import { binomialLowerTail } from "../stats";

export const ANOMALY_TRAILING = 10;
export const ANOMALY_MIN_TRAILING = 3;
export const ANOMALY_ALPHA = 0.01;

export interface RatePoint {
  k: number;
  n: number;
}

export interface Anomaly {
  direction: "drop" | "rise";
  /** The one-sided exact binomial tail. */
  pValue: number;
  /** The trailing runs' pooled rate (smoothed). */
  expected: number;
  /** How many trailing runs it was measured against. */
  trailing: number;
}

/** P(X ≤ k) for X ~ Binomial(n, p), 0 < p < 1. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  return Math.min(1, binomialLowerTail(k, n, Math.log(p), Math.log1p(-p)));
}

/** Each run's anomaly against the runs before it (oldest first); `null` where there is none or too little history. */
export function anomalies(points: ReadonlyArray<RatePoint | null>): Array<Anomaly | null> {
  const out: Array<Anomaly | null> = [];
  /** Each run's flag before the onset rule. */
  const raw: Array<"drop" | "rise" | null> = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    let k = 0;
    let n = 0;
    let trailing = 0;
    for (let j = i - 1; j >= 0 && trailing < ANOMALY_TRAILING; j--) {
      const q = points[j];
      if (!q || q.n === 0) continue;
      k += q.k;
      n += q.n;
      trailing++;
    }
    if (!p || p.n === 0 || trailing < ANOMALY_MIN_TRAILING) {
      out.push(null);
      // A run without a verdict does not end a shift.
      raw.push(p && p.n > 0 ? null : (raw[i - 1] ?? null));
      continue;
    }
    const expected = (k + 1) / (n + 2);
    const low = binomialCdf(p.k, p.n, expected);
    const high = 1 - binomialCdf(p.k - 1, p.n, expected);
    const direction = low < ANOMALY_ALPHA && p.k / p.n < expected ? "drop" : high < ANOMALY_ALPHA && p.k / p.n > expected ? "rise" : null;
    if (direction && raw[i - 1] !== direction) out.push({ direction, pValue: direction === "drop" ? low : high, expected, trailing });
    else out.push(null);
    raw.push(direction);
  }
  return out;
}
