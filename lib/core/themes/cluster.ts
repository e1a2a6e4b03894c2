/**
 * Clustering of reasons into themes. Two reasons are as alike as the dot product of their word vectors,
 * each scaled so that a reason the shared vocabulary barely describes (a one-off) stays weakly similar
 * to everything. The similarity is linear, so a reason's average similarity to a group is its dot
 * product with the group's mean vector, which keeps everything beyond the first few hundred distinct
 * reasons linear in their number.
 */
import { sparseDot, type SparseRow } from "./sparse";

/** Reasons as the clustering sees them: weights (how many items a distinct reason stands for) and vectors. */
export interface Space {
  weights: readonly number[];
  /** Sparse word vectors (scaled) over `dims` terms. */
  words: readonly SparseRow[];
  dims: number;
}

/** Distinct reasons clustered exactly (average linkage); the rest join the groups found by their means. */
export const SEED_CAP = 500;
/** Rounds of reassignment to the nearest group mean after the first grouping. */
const ROUNDS = 3;

/** A time bound on seeding: past `until` (by `now`), the reasons still waiting are put in `left` instead of grouped. */
export interface Budget {
  now: () => number;
  until: number;
  left: number[];
}

/**
 * Each row's group: the one whose mean (over `space`, the groups' members) it is on average most
 * similar to, if at least `threshold`, else -1. Linear in the rows (an inverted index over the means).
 */
export function nearestGroups(space: Space, groups: readonly (readonly number[])[], rows: readonly SparseRow[], threshold: number): number[] {
  if (groups.length === 0) return rows.map(() => -1);
  const means = meansOf(space, groups);
  const scratch = new Float64Array(groups.length);
  const probe: Space = { weights: [1], words: [], dims: space.dims };
  return rows.map((row) => {
    (probe.words as SparseRow[])[0] = row;
    const [at, s] = argmax(toMeans(probe, 0, means, -1, scratch), -1);
    return at >= 0 && s >= threshold ? at : -1;
  });
}

/** Groups' weighted mean vectors: a group's average similarity to a reason is a dot product with its mean. */
interface Means {
  weight: Float64Array;
  /** Per term, the groups whose mean uses it and the weight there (an inverted index: a reason meets only the groups sharing a word). */
  postings: Array<{ group: number[]; value: number[] }>;
  words: SparseRow[];
}

function meansOf(space: Space, groups: readonly (readonly number[])[]): Means {
  const postings = Array.from({ length: space.dims }, () => ({ group: [] as number[], value: [] as number[] }));
  const weight = new Float64Array(groups.length);
  const words: SparseRow[] = [];
  const acc = new Float64Array(space.dims);
  const seen = new Uint8Array(space.dims);
  groups.forEach((members, g) => {
    const used: number[] = [];
    let total = 0;
    for (const i of members) {
      const w = space.weights[i] as number;
      total += w;
      const row = space.words[i] as SparseRow;
      for (let k = 0; k < row.idx.length; k++) {
        const t = row.idx[k] as number;
        if (!seen[t]) {
          seen[t] = 1;
          used.push(t);
        }
        acc[t] = (acc[t] as number) + w * (row.val[k] as number);
      }
    }
    used.sort((x, y) => x - y);
    const val = Float64Array.from(used, (t) => (acc[t] as number) / total);
    for (let k = 0; k < used.length; k++) {
      const p = postings[used[k] as number]!;
      p.group.push(g);
      p.value.push(val[k] as number);
      acc[used[k] as number] = 0;
      seen[used[k] as number] = 0;
    }
    words.push({ idx: Int32Array.from(used), val });
    weight[g] = total;
  });
  return { weight, postings, words };
}

/**
 * Reason `i`'s average similarity to every group, leaving `i` out of its own group `own` (−∞ when it is
 * alone there). Written into `out` (one buffer per round, as long as there are groups), which is returned.
 */
function toMeans(space: Space, i: number, means: Means, own: number, out: Float64Array): Float64Array {
  const words = out.fill(0);
  const row = space.words[i] as SparseRow;
  for (let k = 0; k < row.idx.length; k++) {
    const p = means.postings[row.idx[k] as number]!;
    const x = row.val[k] as number;
    for (let q = 0; q < p.group.length; q++) words[p.group[q] as number] = (words[p.group[q] as number] as number) + x * (p.value[q] as number);
  }
  if (own >= 0) {
    const w = space.weights[i] as number;
    const total = means.weight[own] as number;
    const rest = total - w;
    // Take i's own share out of its group's mean.
    words[own] = rest <= 0 ? -Infinity : ((words[own] as number) * total - w * sparseDot(row, row)) / rest;
  }
  return words;
}

/** Two reasons' similarity: the dot product of their (scaled, unit) word vectors. */
export function pairSimilarity(space: Space, i: number, j: number): number {
  return sparseDot(space.words[i] as SparseRow, space.words[j] as SparseRow);
}

/** The best group other than `skip` in `scores`, and its score; ties to the lower index. */
function argmax(scores: Float64Array, skip: number): [number, number] {
  let at = -1;
  let best = -Infinity;
  for (let g = 0; g < scores.length; g++) {
    if (g !== skip && (scores[g] as number) > best) [at, best] = [g, scores[g] as number];
  }
  return [at, best];
}

/**
 * Groups of reason indices (each sorted, groups in order of their first member). Reasons are expected
 * most frequent first: the first `SEED_CAP` are grouped by average linkage at `threshold`; each later
 * one joins the group whose average similarity to it is highest if at least `threshold`, or waits for
 * the next batch. Then every reason moves to the group it is on average most similar to (so a group
 * holds what resembles the group as a whole, not what resembles one member: no chains), and groups of
 * more than one reason whose average similarity reaches `threshold` merge.
 */
export function clusterSpace(space: Space, threshold: number, seedCap = SEED_CAP, budget?: Budget): number[][] {
  const m = space.weights.length;
  let groups: number[][] = [];
  let pending = Array.from({ length: m }, (_, i) => i);
  while (pending.length > 0) {
    // Out of time: the reasons not seeded yet are left for the caller to place (`budget.left`).
    if (budget && groups.length > 0 && budget.now() > budget.until) {
      budget.left.push(...pending);
      break;
    }
    const seeds = pending.slice(0, seedCap);
    const found = agglomerate(
      seeds.length,
      (a, b) => pairSimilarity(space, seeds[a] as number, seeds[b] as number),
      seeds.map((i) => space.weights[i] as number),
      threshold,
    );
    groups.push(...found.map((g) => g.map((k) => seeds[k] as number)));
    if (pending.length <= seedCap) break;
    const means = meansOf(space, groups);
    const scratch = new Float64Array(groups.length);
    const waiting: number[] = [];
    for (const i of pending.slice(seedCap)) {
      const [at, s] = argmax(toMeans(space, i, means, -1, scratch), -1);
      if (at >= 0 && s >= threshold) (groups[at] as number[]).push(i);
      else waiting.push(i);
    }
    pending = waiting;
  }
  for (let round = 0; round < ROUNDS; round++) {
    const means = meansOf(space, groups);
    const scratch = new Float64Array(groups.length);
    const next: number[][] = groups.map(() => []);
    let moved = 0;
    groups.forEach((g, own) => {
      for (const i of g) {
        const scores = toMeans(space, i, means, own, scratch);
        const [at, s] = argmax(scores, own);
        const go = at >= 0 && s >= threshold && s > (scores[own] as number);
        if (go) moved++;
        (next[go ? at : own] as number[]).push(i);
      }
    });
    groups = next.filter((g) => g.length > 0);
    if (moved === 0) break;
  }
  // Groups alike on average are one (fragments of one failure that met in different batches). A reason
  // left alone has just been compared with every group, so only groups of several are merged, and of
  // those the 2 × seedCap heaviest (the merge holds a square matrix of them).
  const weightOf = (g: readonly number[]) => g.reduce((n, i) => n + (space.weights[i] as number), 0);
  const byWeight = groups.filter((g) => g.length > 1).sort((x, y) => weightOf(y) - weightOf(x) || (x[0] as number) - (y[0] as number));
  const several = byWeight.slice(0, 2 * seedCap);
  const alone = [...groups.filter((g) => g.length === 1), ...byWeight.slice(2 * seedCap)];
  const means = meansOf(space, several);
  const merged = agglomerate(
    several.length,
    (a, b) => sparseDot(means.words[a] as SparseRow, means.words[b] as SparseRow),
    Array.from(means.weight),
    threshold,
  );
  return [...merged.map((ks) => ks.flatMap((k) => several[k] as number[]).sort((x, y) => x - y)), ...alone].sort((x, y) => (x[0] as number) - (y[0] as number));
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
