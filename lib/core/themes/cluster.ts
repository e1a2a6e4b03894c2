/**
 * Agglomerative clustering, average linkage on cosine similarity, merging while the closest pair is at
 * least `threshold` similar. Deterministic: ties go to the lower index. Items carry weights (a weight
 * of k stands for k identical documents), so duplicates cost nothing.
 */
/** Returns groups of item indices, each sorted, groups in order of their first member. */
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
