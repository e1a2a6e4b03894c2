/** A figure with the count it rests on: N/A carries its reason (never a silent 0); rates from few events are marked. */

export interface Figure {
  value: number | null;
  /** How many events the figure rests on. */
  n: number;
  /** A rate from fewer than LOW_N events. */
  low_n: boolean;
  /** Why there is no value, when there is none. */
  na: string | null;
}

export const LOW_N = 10;

export function na(reason: string, n = 0): Figure {
  return { value: null, n, low_n: false, na: reason };
}

export function value(v: number, n: number): Figure {
  return { value: v, n, low_n: false, na: null };
}

/** k ÷ n as a rate; N/A (with `reason`) when n is 0. */
export function rate(k: number, n: number, reason: string): Figure {
  if (n === 0) return na(reason);
  return { value: k / n, n, low_n: n < LOW_N, na: null };
}
