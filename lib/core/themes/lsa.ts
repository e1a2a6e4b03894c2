/**
 * Latent semantics (LSA) over a run's reasons: the TF-IDF vectors projected onto their top k singular
 * directions, found by a randomized range finder (Halko, Martinsson & Tropp 2011) with a fixed seed, so
 * the same reasons give the same themes. Words that occur in the same reasons ("skipped", "without",
 * "confirmation") land on the same direction, so two paraphrases with few words in common still meet.
 */
import { denseRowDot, type SparseRow } from "./sparse";

/** A deterministic Gaussian-ish generator (mulberry32 + Box–Muller). */
function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

/** Gram–Schmidt on the columns of an m×k column-major matrix, in place; a column that vanishes stays zero. */
function orthonormalize(cols: Float64Array[]): void {
  for (let j = 0; j < cols.length; j++) {
    const c = cols[j] as Float64Array;
    for (let i = 0; i < j; i++) {
      const p = cols[i] as Float64Array;
      let d = 0;
      for (let r = 0; r < c.length; r++) d += (c[r] as number) * (p[r] as number);
      for (let r = 0; r < c.length; r++) c[r] = (c[r] as number) - d * (p[r] as number);
    }
    let n = 0;
    for (let r = 0; r < c.length; r++) n += (c[r] as number) ** 2;
    n = Math.sqrt(n);
    for (let r = 0; r < c.length; r++) c[r] = n > 1e-10 ? (c[r] as number) / n : 0;
  }
}

/** Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations: eigenvalues and eigenvectors (columns). */
function jacobi(a: number[][]): { values: number[]; vectors: number[][] } {
  const n = a.length;
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  let scale = 0;
  for (let p = 0; p < n; p++) for (let q = 0; q < n; q++) scale += (a[p]![q] as number) ** 2;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += (a[p]![q] as number) ** 2;
    // Converged when what is off the diagonal is negligible against the whole (an absolute bound never is for large entries).
    if (off <= 1e-24 * scale || off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q] as number;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = ((a[q]![q] as number) - (a[p]![p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p] as number;
          const akq = a[k]![q] as number;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k] as number;
          const aqk = a[q]![k] as number;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p] as number;
          const vkq = v[k]![q] as number;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i] as number), vectors: v };
}

/**
 * Each document's coordinates on the top `k` latent directions, scaled by their singular values
 * (rows of U·Σ). `rows` are sparse unit vectors over `dims` terms; the result has one dense row per document.
 */
export function lsaEmbed(rows: readonly SparseRow[], dims: number, k: number, seed = 0x5eed): Float64Array[] {
  const m = rows.length;
  const width = Math.max(1, Math.min(k, m, dims));
  const mulA = (cols: Float64Array[]): Float64Array[] => cols.map((c) => Float64Array.from(rows, (row) => denseRowDot(row, c)));
  const mulAt = (cols: Float64Array[]): Float64Array[] =>
    cols.map((c) => {
      const out = new Float64Array(dims);
      for (let i = 0; i < m; i++) {
        const ci = c[i] as number;
        if (ci === 0) continue;
        const row = rows[i] as SparseRow;
        for (let k = 0; k < row.idx.length; k++) {
          const j = row.idx[k] as number;
          out[j] = (out[j] as number) + (row.val[k] as number) * ci;
        }
      }
      return out;
    });
  const g = gaussian(seed);
  // A few columns beyond k sharpen the range; two power iterations separate close singular values.
  const p = Math.min(width + 8, m, dims);
  let q = mulA(Array.from({ length: p }, () => Float64Array.from({ length: dims }, g)));
  orthonormalize(q);
  for (let it = 0; it < 2; it++) {
    const z = mulAt(q);
    orthonormalize(z);
    q = mulA(z);
    orthonormalize(q);
  }
  // B = Qᵀ A (p × terms); C = B Bᵀ (p × p) = its eigen-decomposition gives the singular values and U = Q W.
  const b = mulAt(q);
  const c = b.map((x) =>
    b.map((y) => {
      let s = 0;
      for (let j = 0; j < dims; j++) s += (x[j] as number) * (y[j] as number);
      return s;
    }),
  );
  const { values, vectors } = jacobi(c);
  const order = values.map((v, i) => [v, i] as const).sort((x, y) => y[0] - x[0]).slice(0, width);
  // U·Σ = Q · (W·Σ) for the kept columns: m × p times p × width.
  const ws = order.map(([value, col]) => Float64Array.from({ length: p }, (_, r) => (vectors[r]![col] as number) * Math.sqrt(Math.max(0, value))));
  const out = Array.from({ length: m }, () => new Float64Array(order.length));
  for (let r = 0; r < p; r++) {
    const qr = q[r] as Float64Array;
    for (let k = 0; k < ws.length; k++) {
      const w = (ws[k] as Float64Array)[r] as number;
      if (w === 0) continue;
      for (let i = 0; i < m; i++) {
        const row = out[i] as Float64Array;
        row[k] = (row[k] as number) + (qr[i] as number) * w;
      }
    }
  }
  return out;
}
