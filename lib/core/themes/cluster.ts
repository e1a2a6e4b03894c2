/**
 * Clustering of reasons into themes. Two reasons are as alike as the higher of two dot products: their
 * shared words and their latent semantics, each vector scaled so that a reason the shared vocabulary
 * barely describes (a one-off) stays weakly similar to everything. Both similarities are linear, so a
 * reason's average similarity to a group is its dot product with the group's mean vectors, which keeps
 * everything beyond the first few hundred distinct reasons linear in their number.
 */
import type { Vector } from "./tfidf";

/** Reasons as the clustering sees them: weights (how many items a distinct reason stands for) and vectors. */
export interface Space {
  weights: readonly number[];
  /** Sparse word vectors (TF-IDF, scaled). */
  words: readonly Vector[];
  /** Dense latent vectors (LSA, scaled), or null when there are too few reasons to learn directions from. */
  latent: readonly Float64Array[] | null;
}

/** Distinct reasons clustered exactly (average linkage); the rest join the groups found by their means. */
export const SEED_CAP = 500;
/** Rounds of reassignment to the nearest group mean after the first grouping. */
const ROUNDS = 3;

function sparseDot(a: Vector, b: Vector): number {
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [t, x] of small) {
    const y = big.get(t);
    if (y !== undefined) s += x * y;
  }
  return s;
}

function denseDot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += (a[d] as number) * (b[d] as number);
  return s;
}

/** A group's weighted mean vectors: its average similarity to any reason is a dot product with them. */
interface Mean {
  weight: number;
  words: Vector;
  latent: Float64Array | null;
}

function meanOf(space: Space, members: readonly number[]): Mean {
  const words: Vector = new Map();
  const dims = space.latent?.[0]?.length ?? 0;
  const latent = space.latent ? new Float64Array(dims) : null;
  let weight = 0;
  for (const i of members) {
    const w = space.weights[i] as number;
    weight += w;
    for (const [t, x] of space.words[i] as Vector) words.set(t, (words.get(t) ?? 0) + w * x);
    if (latent) {
      const row = space.latent![i] as Float64Array;
      for (let d = 0; d < dims; d++) latent[d] = (latent[d] as number) + w * (row[d] as number);
    }
  }
  for (const [t, x] of words) words.set(t, x / weight);
  if (latent) for (let d = 0; d < dims; d++) latent[d] = (latent[d] as number) / weight;
  return { weight, words, latent };
}

/** Reason `i`'s average similarity to a group, leaving `i` itself out when it is a member (`own`). */
function toMean(space: Space, i: number, g: Mean, own: boolean): number {
  const w = space.weights[i] as number;
  const rest = own ? g.weight - w : g.weight;
  if (rest <= 0) return -Infinity;
  const wi = space.words[i] as Vector;
  let words = sparseDot(wi, g.words) * g.weight;
  if (own) words -= w * sparseDot(wi, wi);
  let best = words / rest;
  if (g.latent) {
    const li = space.latent![i] as Float64Array;
    let latent = denseDot(li, g.latent) * g.weight;
    if (own) latent -= w * denseDot(li, li);
    best = Math.max(best, latent / rest);
  }
  return best;
}

/** Two reasons' similarity: the higher of shared words and latent semantics. */
export function pairSimilarity(space: Space, i: number, j: number): number {
  const words = sparseDot(space.words[i] as Vector, space.words[j] as Vector);
  return space.latent ? Math.max(words, denseDot(space.latent[i] as Float64Array, space.latent[j] as Float64Array)) : words;
}

/**
 * Groups of reason indices (each sorted, groups in order of their first member). Reasons are expected
 * most frequent first: the first `SEED_CAP` are grouped by average linkage at `threshold`; each later
 * one joins the group whose average similarity to it is highest if at least `threshold`, or waits for
 * the next batch. Then every reason moves to the group it is on average most similar to (so a group
 * holds what resembles the group as a whole, not what resembles one member: no chains), and groups
 * whose average similarity reaches `threshold` merge.
 */
export function clusterSpace(space: Space, threshold: number, seedCap = SEED_CAP): number[][] {
  const m = space.weights.length;
  let groups: number[][] = [];
  let pending = Array.from({ length: m }, (_, i) => i);
  while (pending.length > 0) {
    const seeds = pending.slice(0, seedCap);
    const found = agglomerate(seeds.length, (a, b) => pairSimilarity(space, seeds[a] as number, seeds[b] as number), seeds.map((i) => space.weights[i] as number), threshold);
    groups.push(...found.map((g) => g.map((k) => seeds[k] as number)));
    const means = groups.map((g) => meanOf(space, g));
    const waiting: number[] = [];
    for (const i of pending.slice(seedCap)) {
      const [at, s] = nearest(space, i, means, -1);
      if (at >= 0 && s >= threshold) (groups[at] as number[]).push(i);
      else waiting.push(i);
    }
    pending = waiting;
  }
  for (let round = 0; round < ROUNDS; round++) {
    const means = groups.map((g) => meanOf(space, g));
    const next: number[][] = groups.map(() => []);
    let moved = 0;
    groups.forEach((g, own) => {
      for (const i of g) {
        const stay = toMean(space, i, means[own] as Mean, true);
        const [at, s] = nearest(space, i, means, own);
        const go = at >= 0 && s >= threshold && s > stay;
        if (go) moved++;
        (next[go ? at : own] as number[]).push(i);
      }
    });
    groups = next.filter((g) => g.length > 0);
    if (moved === 0) break;
  }
  // Groups alike on average are one (fragments of one failure that met in different batches).
  const means = groups.map((g) => meanOf(space, g));
  const merged = agglomerate(
    groups.length,
    (a, b) => {
      const x = means[a] as Mean;
      const y = means[b] as Mean;
      const words = sparseDot(x.words, y.words);
      return x.latent && y.latent ? Math.max(words, denseDot(x.latent, y.latent)) : words;
    },
    means.map((g) => g.weight),
    threshold,
  );
  return merged.map((ks) => ks.flatMap((k) => groups[k] as number[]).sort((x, y) => x - y)).sort((x, y) => (x[0] as number) - (y[0] as number));
}

/** The group (other than `skip`) whose mean is most similar to reason `i`, and that similarity; ties to the lower index. */
function nearest(space: Space, i: number, means: readonly Mean[], skip: number): [number, number] {
  let at = -1;
  let best = -Infinity;
  means.forEach((g, k) => {
    if (k === skip) return;
    const s = toMean(space, i, g, false);
    if (s > best) [at, best] = [k, s];
  });
  return [at, best];
}

/**
 * Agglomerative clustering, average linkage, merging while the closest pair is at least `threshold`
 * similar. Deterministic: ties go to the lower index. Items carry weights (a weight of k stands for k
 * identical documents), so duplicates cost nothing. Returns groups of item indices, each sorted, groups
 * in order of their first member.
 */
export function agglomerate(m: number, similarity: (i: number, j: number) => number, weights: readonly number[], threshold: number): number[][] {
  const sim = new Float32Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      const s = similarity(i, j);
      sim[i * m + j] = s;
      sim[j * m + i] = s;
    }
  }
  const size = weights.map((w) => w);
  const active = new Uint8Array(m).fill(1);
  const members: number[][] = Array.from({ length: m }, (_, i) => [i]);
  const best = new Int32Array(m).fill(-1);
  const bestSim = new Float64Array(m).fill(-Infinity);
  const rescan = (i: number) => {
    best[i] = -1;
    bestSim[i] = -Infinity;
    for (let k = 0; k < m; k++) {
      if (k === i || !active[k]) continue;
      const s = sim[i * m + k] as number;
      if (s > (bestSim[i] as number)) {
        bestSim[i] = s;
        best[i] = k;
      }
    }
  };
  for (let i = 0; i < m; i++) rescan(i);
  for (;;) {
    let i = -1;
    let top = -Infinity;
    for (let k = 0; k < m; k++) if (active[k] && (bestSim[k] as number) > top) [i, top] = [k, bestSim[k] as number];
    if (i < 0 || top < threshold) break;
    const j = best[i] as number;
    const [a, b] = i < j ? [i, j] : [j, i];
    // Merge b into a; Lance–Williams update for average linkage.
    const na = size[a] as number;
    const nb = size[b] as number;
    for (let k = 0; k < m; k++) {
      if (!active[k] || k === a || k === b) continue;
      const s = (na * (sim[a * m + k] as number) + nb * (sim[b * m + k] as number)) / (na + nb);
      sim[a * m + k] = s;
      sim[k * m + a] = s;
    }
    size[a] = na + nb;
    active[b] = 0;
    (members[a] as number[]).push(...(members[b] as number[]));
    members[b] = [];
    rescan(a);
    for (let k = 0; k < m; k++) {
      if (!active[k] || k === a) continue;
      if (best[k] === a || best[k] === b) rescan(k);
      else if ((sim[k * m + a] as number) > (bestSim[k] as number)) {
        bestSim[k] = sim[k * m + a] as number;
        best[k] = a;
      }
    }
  }
  const out: number[][] = [];
  for (let k = 0; k < m; k++) if (active[k]) out.push([...(members[k] as number[])].sort((x, y) => x - y));
  return out.sort((x, y) => (x[0] as number) - (y[0] as number));
}
