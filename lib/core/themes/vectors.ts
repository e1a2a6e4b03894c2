/** Sparse term vectors (L2-normalised) and cosine similarity. */

export type Vector = Map<string, number>;

/**
 * Sublinear term frequency (1 + ln count), unit length; no inverse document frequency. IDF gives a
 * word more weight the rarer it is, which at scale makes a product or a preamble that recurs across
 * failures outweigh the failure's own words (a theme per product); the words a failure is described
 * with are common in a suite's reasons precisely because the failure is.
 */
export function termVectors(docs: readonly (readonly string[])[]): Vector[] {
  return docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const t of doc) tf.set(t, (tf.get(t) ?? 0) + 1);
    const v: Vector = new Map();
    for (const [t, c] of [...tf].sort((a, b) => (a[0] < b[0] ? -1 : 1))) v.set(t, 1 + Math.log(c));
    return unit(v);
  });
}

/** `v` scaled to length 1 (a zero vector is returned as it is). */
export function unit(v: Vector): Vector {
  let s = 0;
  for (const x of v.values()) s += x * x;
  const norm = Math.sqrt(s);
  if (norm === 0) return v;
  const out: Vector = new Map();
  for (const [t, x] of v) out.set(t, x / norm);
  return out;
}

/** Dot product of two vectors: their cosine when both are unit length. */
export function cosine(a: Vector, b: Vector): number {
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [t, x] of small) {
    const y = big.get(t);
    if (y !== undefined) s += x * y;
  }
  return s;
}

/** Weighted mean of vectors, unit length. */
export function centroid(vectors: readonly Vector[], weights?: readonly number[]): Vector {
  const sum: Vector = new Map();
  vectors.forEach((v, i) => {
    const w = weights?.[i] ?? 1;
    for (const [t, x] of v) sum.set(t, (sum.get(t) ?? 0) + w * x);
  });
  return unit(sum);
}
