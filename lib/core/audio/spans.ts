/**
 * Time spans ([start, end] in seconds) and the questions the analysis asks of them, each in linear or
 * logarithmic time over sorted lists: a recording of 100,000 short spurts must not make any pass
 * quadratic (issue 42: one search of the other side's spurts per spurt took 72 s).
 */

export type Span = [number, number];

export const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** The index of the first span whose start is ≥ `t` (spans sorted by start). */
export function firstStartingAtOrAfter(spans: readonly Span[], t: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![0] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first span whose start is > `t` (spans sorted by start). */
export function firstStartingAfter(spans: readonly Span[], t: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![0] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted, overlapping or touching spans made disjoint. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Where two sorted lists of disjoint spans overlap (one moving index per list). */
export function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]![0], b[j]![0]);
    const hi = Math.min(a[i]![1], b[j]![1]);
    if (hi > lo) out.push([r3(lo), r3(hi)]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

/**
 * How much of [lo, hi] a sorted list of disjoint spans covers, in O(log n) per question: the covered
 * time up to t is a prefix sum plus the part of the span t falls in.
 */
export function coverage(spans: readonly Span[]): (lo: number, hi: number) => number {
  const prefix = new Float64Array(spans.length + 1);
  for (let i = 0; i < spans.length; i++) prefix[i + 1] = (prefix[i] as number) + (spans[i]![1] - spans[i]![0]);
  const upTo = (t: number) => {
    const i = firstStartingAtOrAfter(spans, t) - 1;
    if (i < 0) return 0;
    return (prefix[i] as number) + Math.max(0, Math.min(t, spans[i]![1]) - spans[i]![0]);
  };
  return (lo, hi) => (hi > lo ? upTo(hi) - upTo(lo) : 0);
}

/** Whether any of a sorted list of disjoint spans meets the closed interval [lo, hi]. */
export function meetsAny(spans: readonly Span[], lo: number, hi: number): boolean {
  const i = firstStartingAfter(spans, hi);
  // The last span starting at or before hi is the only one that can reach back to lo (disjoint, sorted).
  return i > 0 && spans[i - 1]![1] >= lo;
}

/** Stretches of at least `min` seconds where neither side speaks, between the first and the last speech. */
export function silencesOf(user: readonly Span[], agent: readonly Span[], min: number): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  let end = -Infinity;
  // A merge of two sorted lists: the next span to start, from either side.
  while (i < user.length || j < agent.length) {
    const takeUser = j >= agent.length || (i < user.length && user[i]![0] <= agent[j]![0]);
    const [a, b] = takeUser ? user[i++]! : agent[j++]!;
    if (end > -Infinity && a - end >= min) out.push([r3(end), r3(a)]);
    end = Math.max(end, b);
  }
  return out;
}
