/**
 * Agreement between two raters of a yes/no verdict (the judge and the human): the share of items they
 * agree on, and Cohen's κ = (pₒ − pₑ) / (1 − pₑ), where pₑ is the agreement expected by chance from
 * each rater's own rate of "yes".
 */

export interface Agreement {
  n: number;
  agree: number;
  /** agree / n, `null` when n = 0. */
  rate: number | null;
  /** `null` when n = 0, or when chance agreement is 1 (both raters constant and equal: κ is undefined). */
  kappa: number | null;
}

export function agreement(pairs: ReadonlyArray<readonly [boolean, boolean]>): Agreement {
  const n = pairs.length;
  if (n === 0) return { n: 0, agree: 0, rate: null, kappa: null };
  let agree = 0;
  let aYes = 0;
  let bYes = 0;
  for (const [a, b] of pairs) {
    if (a === b) agree++;
    if (a) aYes++;
    if (b) bYes++;
  }
  const po = agree / n;
  const pe = (aYes / n) * (bYes / n) + (1 - aYes / n) * (1 - bYes / n);
  return { n, agree, rate: po, kappa: pe === 1 ? null : (po - pe) / (1 - pe) };
}
