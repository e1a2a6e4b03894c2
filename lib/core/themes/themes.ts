/**
 * Failure themes of one run: the failing scenarios' judge reasons, failed NL-assertion reasons and any
 * extra findings (e.g. a flow audit), grouped by TF-IDF + average-linkage clustering at a fixed
 * threshold. Local and deterministic: the same items in any order give the same themes.
 */
import { agglomerate } from "./cluster";
import { lsaEmbed } from "./lsa";
import { maskFigures, terms } from "./normalise";
import { centroid, cosine, tfidf, type Vector } from "./tfidf";

export type ThemeSource = "judge" | "nl_assertion" | "finding";

export interface ThemeItem {
  scenario: string;
  source: ThemeSource;
  text: string;
}

export interface Theme {
  /** Top terms (as written), most characteristic first. */
  terms: string[];
  /** The member text nearest the theme's centre. */
  quote: string;
  /** The failure in a few words a person would write: the quote with its figures and ids masked, cut short. */
  label: string;
  /** Items (reasons) in the theme. */
  count: number;
  /** Scenarios with at least one item in the theme, sorted. */
  scenarios: string[];
  sources: Partial<Record<ThemeSource, number>>;
  /** The theme's centre (stem → weight, top terms only, unit length): what themes are matched by across runs. */
  signature: Record<string, number>;
}

/** Average-linkage cosine similarity needed to merge (fixed, so runs are comparable). */
export const THEME_THRESHOLD = 0.3;
/** Fewer distinct reasons than this are grouped by their words alone. */
const MIN_LATENT = 20;
/** Latent directions per run: about √(distinct reasons), within [2, 48]. */
const latentWidth = (m: number) => Math.max(2, Math.min(48, Math.round(Math.sqrt(m))));
/** Distinct texts clustered; beyond this, the rarer ones join the nearest theme or stay out. */
export const MAX_DISTINCT = 1500;
const TOP_TERMS = 5;
const SIGNATURE_TERMS = 24;

const byText = (a: ThemeItem, b: ThemeItem) =>
  a.text < b.text ? -1 : a.text > b.text ? 1 : a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : a.source < b.source ? -1 : a.source > b.source ? 1 : 0;

interface Distinct {
  key: string;
  stems: string[];
  items: ThemeItem[];
  words: Map<string, Map<string, number>>;
}

function distinctTexts(items: readonly ThemeItem[]): Distinct[] {
  const map = new Map<string, Distinct>();
  for (const item of [...items].sort(byText)) {
    const ts = terms(item.text);
    if (ts.length === 0) continue;
    const key = ts.map((t) => t.stem).join(" ");
    let d = map.get(key);
    if (!d) {
      d = { key, stems: ts.map((t) => t.stem), items: [], words: new Map() };
      map.set(key, d);
    }
    d.items.push(item);
    for (const t of ts) {
      const w = d.words.get(t.stem) ?? new Map<string, number>();
      w.set(t.word, (w.get(t.word) ?? 0) + 1);
      d.words.set(t.stem, w);
    }
  }
  // Most frequent first, then by key: the order (and so every tie) depends only on the content.
  return [...map.values()].sort((a, b) => b.items.length - a.items.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function topEntries(v: Vector, k: number): Array<[string, number]> {
  return [...v].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, k);
}

const LABEL_MAX = 90;

function labelOf(quote: string): string {
  const masked = maskFigures(quote.replace(/\s+/g, " "));
  return masked.length <= LABEL_MAX ? masked : `${masked.slice(0, masked.lastIndexOf(" ", LABEL_MAX - 1) > 40 ? masked.lastIndexOf(" ", LABEL_MAX - 1) : LABEL_MAX - 1)}…`;
}

function buildTheme(group: readonly Distinct[], vectors: readonly Vector[]): Theme {
  const weights = group.map((d) => d.items.length);
  const centre = centroid(vectors, weights);
  let quoteAt = 0;
  let bestSim = -Infinity;
  vectors.forEach((v, i) => {
    const s = cosine(v, centre);
    if (s > bestSim + 1e-12) [quoteAt, bestSim] = [i, s];
  });
  const words = new Map<string, Map<string, number>>();
  for (const d of group) for (const [stem, ws] of d.words) {
    const acc = words.get(stem) ?? new Map<string, number>();
    for (const [w, c] of ws) acc.set(w, (acc.get(w) ?? 0) + c);
    words.set(stem, acc);
  }
  const surface = (stem: string) => [...(words.get(stem) ?? new Map([[stem, 1]]))].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const items = group.flatMap((d) => d.items);
  const sources: Partial<Record<ThemeSource, number>> = {};
  for (const it of items) sources[it.source] = (sources[it.source] ?? 0) + 1;
  const sig = topEntries(centre, SIGNATURE_TERMS);
  const norm = Math.sqrt(sig.reduce((s, [, x]) => s + x * x, 0)) || 1;
  return {
    terms: topEntries(centre, TOP_TERMS).map(([stem]) => surface(stem)),
    quote: (group[quoteAt] as Distinct).items[0]!.text,
    label: labelOf((group[quoteAt] as Distinct).items[0]!.text),
    count: items.length,
    scenarios: [...new Set(items.map((i) => i.scenario))].sort(),
    sources,
    signature: Object.fromEntries(sig.map(([t, x]) => [t, x / norm])),
  };
}

/**
 * How alike two reasons are: their shared words (TF-IDF cosine), or, when higher, their latent
 * semantics (LSA cosine) discounted by how much of each reason the latent directions hold, so a
 * one-off reason, which the suite's directions barely capture, is not pulled into a theme.
 */
function pairSimilarity(vectors: readonly Vector[]): (i: number, j: number) => number {
  const words = (i: number, j: number) => cosine(vectors[i] as Vector, vectors[j] as Vector);
  // A handful of distinct reasons gives latent directions nothing to learn from (two of them would merge anything).
  if (vectors.length < MIN_LATENT) return words;
  const latent = lsaEmbed(vectors, latentWidth(vectors.length));
  const held = latent.map((row) => Math.sqrt(row.reduce((s, x) => s + x * x, 0)));
  const unitRows = latent.map((row, i) => row.map((x) => (held[i] as number) > 0 ? x / (held[i] as number) : 0));
  return (i, j) => {
    const a = unitRows[i] as Float64Array;
    const b = unitRows[j] as Float64Array;
    let dot = 0;
    for (let d = 0; d < a.length; d++) dot += (a[d] as number) * (b[d] as number);
    return Math.max(words(i, j), dot * Math.sqrt((held[i] as number) * (held[j] as number)));
  };
}

export function buildThemes(items: readonly ThemeItem[], threshold = THEME_THRESHOLD): Theme[] {
  const distinct = distinctTexts(items);
  if (distinct.length === 0) return [];
  // IDF over every item (duplicates count), vectors per distinct text.
  const docs = distinct.flatMap((d) => d.items.map(() => d.stems));
  const all = tfidf(docs);
  const vectors: Vector[] = [];
  let at = 0;
  for (const d of distinct) {
    vectors.push(all[at] as Vector);
    at += d.items.length;
  }
  const head = distinct.slice(0, MAX_DISTINCT);
  const similarity = pairSimilarity(vectors.slice(0, MAX_DISTINCT));
  const groups = agglomerate(head.length, similarity, head.map((d) => d.items.length), threshold);
  const members = groups.map((g) => g.slice());
  // The rare tail joins the nearest theme's centre when close enough.
  if (distinct.length > MAX_DISTINCT) {
    const centres = groups.map((g) => centroid(g.map((i) => vectors[i] as Vector), g.map((i) => (distinct[i] as Distinct).items.length)));
    for (let i = MAX_DISTINCT; i < distinct.length; i++) {
      let bestAt = -1;
      let bestSim = threshold;
      centres.forEach((c, k) => {
        const s = cosine(vectors[i] as Vector, c);
        if (s >= bestSim && (bestAt < 0 || s > bestSim)) [bestAt, bestSim] = [k, s];
      });
      if (bestAt >= 0) (members[bestAt] as number[]).push(i);
    }
  }
  return members
    .map((g) => buildTheme(g.map((i) => distinct[i] as Distinct), g.map((i) => vectors[i] as Vector)))
    .sort((a, b) => b.count - a.count || (a.quote < b.quote ? -1 : a.quote > b.quote ? 1 : 0));
}
