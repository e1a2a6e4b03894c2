/** Sparse rows over a fixed vocabulary (term ids sorted ascending), for the hot loops of clustering. */
import type { Vector } from "./vectors";

export interface SparseRow {
  idx: Int32Array;
  val: Float64Array;
}

/**
 * The vectors as rows over one vocabulary (ids in order of first appearance), each scaled by `scale[i]`
 * (1 by default). With `vocabulary`, over that one instead: terms outside it are left out (a dot
 * product with a row of that vocabulary is the same without them).
 */
export function toRows(
  vectors: readonly Vector[],
  scale?: readonly number[],
  vocabulary?: ReadonlyMap<string, number>,
): { rows: SparseRow[]; dims: number; ids: ReadonlyMap<string, number> } {
  const ids = vocabulary ?? new Map<string, number>();
  if (!vocabulary) for (const v of vectors) for (const t of v.keys()) if (!(ids as Map<string, number>).has(t)) (ids as Map<string, number>).set(t, ids.size);
  const rows = vectors.map((v, i) => {
    const s = scale?.[i] ?? 1;
    const pairs = [...v]
      .filter(([t]) => ids.has(t))
      .map(([t, x]) => [ids.get(t) as number, x * s] as const)
      .sort((a, b) => a[0] - b[0]);
    return { idx: Int32Array.from(pairs, (p) => p[0]), val: Float64Array.from(pairs, (p) => p[1]) };
  });
  return { rows, dims: ids.size, ids };
}

/** Dot product of two rows (a merge of their sorted ids). */
export function sparseDot(a: SparseRow, b: SparseRow): number {
  let s = 0;
  let i = 0;
  let j = 0;
  while (i < a.idx.length && j < b.idx.length) {
    const x = a.idx[i] as number;
    const y = b.idx[j] as number;
    if (x === y) s += (a.val[i++] as number) * (b.val[j++] as number);
    else if (x < y) i++;
    else j++;
  }
  return s;
}
