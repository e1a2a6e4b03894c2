/**
 * Failure themes: the failing scenarios' judge reasons, failed NL-assertion reasons and any extra
 * findings (e.g. a flow audit), normalised (figures masked, synonyms folded, stemmed), words of one
 * scenario only dropped, and grouped at a fixed threshold by average linkage then reassignment to the
 * nearest group mean — twice, the second time with each word weighted by how concentrated it was in the
 * first themes. Between two runs the themes are made once over both runs' items. Local and
 * deterministic: the same items in any order give the same themes.
 */
import { clusterSpace, nearestGroups, type Budget, type Space } from "./cluster";
import { CHANGE_ORDER, countChange, signatureSimilarity, type ThemeChange, type ThemeDiff } from "./match";
import { maskFigures, terms } from "./normalise";
import { toRows } from "./sparse";
import type { Theme, ThemeItem, ThemeSource } from "./theme";
import { centroid, cosine, termVectors, unit, type Vector } from "./vectors";

export type { Theme, ThemeItem, ThemeSource } from "./theme";

/** Average-linkage similarity needed to join a theme (fixed, so runs are comparable). */
export const THEME_THRESHOLD = 0.3;

/**
 * How much work one set of themes may take. The most frequent `maxSeeds` distinct reasons are
 * clustered (for `budgetMs` at most: past it, the seeds not grouped yet wait with the rest); each other
 * reason then joins the theme it is on average most similar to, or none. Only the `maxThemes` largest
 * themes are made and returned; the reasons in no returned theme are counted.
 */
export interface ThemeBounds {
  maxSeeds: number;
  budgetMs: number;
  maxThemes: number;
  /** The clock of the time budget (tests pass their own). */
  now?: () => number;
}

/**
 * The server's bounds: 20,000 failing scenarios with random 40–80-word reasons took 115 s and 1 GB,
 * every reason its own theme; 2,000 seeds cluster in a few seconds at worst, and a page lists a dozen themes.
 */
export const THEME_BOUNDS: ThemeBounds = { maxSeeds: 2000, budgetMs: 10_000, maxThemes: 50 };
/** No bound: every reason clustered, every theme made (small inputs, the tests of the clustering itself). */
export const UNBOUNDED: ThemeBounds = { maxSeeds: Infinity, budgetMs: Infinity, maxThemes: Infinity };

/** Reasons in no returned theme: past the themes returned, joining no theme, or with no word the themes read (`withoutWords`: another script than Latin, figures only). */
export interface Unthemed {
  reasons: number;
  withoutWords: number;
}

/** A run's themes, bounded: the largest themes and what is in none. */
export interface ThemeSet {
  themes: Theme[];
  /** Reasons given (in a theme or not). */
  reasons: number;
  unthemed: Unthemed;
}
const TOP_TERMS = 5;
const SIGNATURE_TERMS = 24;

const byText = (a: ThemeItem, b: ThemeItem) =>
  a.text < b.text
    ? -1
    : a.text > b.text
      ? 1
      : a.scenario < b.scenario
        ? -1
        : a.scenario > b.scenario
          ? 1
          : a.source < b.source
            ? -1
            : a.source > b.source
              ? 1
              : 0;

/** One distinct reason: the items whose shared words are the same. */
interface Distinct {
  key: string;
  /** Stems the vectors use: those found in at least two scenarios. */
  stems: string[];
  /** Share of the reason's words that other scenarios use too (1 when all are). */
  share: number;
  items: ThemeItem[];
}

/**
 * The items as distinct reasons. A word found in one scenario only (a name, an id the mask missed, a
 * rare detail) cannot make two scenarios' reasons alike, only dilute how alike they are, so it is
 * dropped from the vectors; reasons that differ only in such words are one distinct reason.
 */
function distinctTexts(items: readonly ThemeItem[], scenarioOf: (item: ThemeItem) => string): { distinct: Distinct[]; withoutWords: ThemeItem[] } {
  const tokenised = [...items].sort(byText).map((item) => ({ item, ts: terms(item.text) }));
  // Scenarios per stem: a word of one scenario only (however many of its reasons, in however many runs, repeat it) is its own.
  const firstIn = new Map<string, string>();
  const common = new Set<string>();
  for (const { item, ts } of tokenised) {
    const scenario = scenarioOf(item);
    for (const t of ts) {
      const first = firstIn.get(t.stem);
      if (first === undefined) firstIn.set(t.stem, scenario);
      else if (first !== scenario) common.add(t.stem);
    }
  }
  const map = new Map<string, Distinct>();
  const withoutWords: ThemeItem[] = [];
  for (const { item, ts } of tokenised) {
    if (ts.length === 0) {
      withoutWords.push(item);
      continue;
    }
    const shared = ts.filter((t) => common.has(t.stem));
    // A reason with no shared word keeps all its words: they can meet only the same scenario's other
    // reasons (its own failure described again, in this run or the other), never another scenario's.
    const own = shared.length === 0;
    const used = own ? ts : shared;
    const key = `${own ? "\u0000" : ""}${used.map((t) => t.stem).join(" ")}`;
    let d = map.get(key);
    if (!d) {
      d = { key, stems: used.map((t) => t.stem), share: own ? 1 : shared.length / ts.length, items: [] };
      map.set(key, d);
    }
    d.items.push(item);
  }
  // Most frequent first, then by key: the order (and so every tie) depends only on the content.
  const distinct = [...map.values()].sort((a, b) => b.items.length - a.items.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { distinct, withoutWords };
}

function topEntries(v: Vector, k: number): Array<[string, number]> {
  return [...v].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, k);
}

const LABEL_MAX = 90;

function labelOf(quote: string): string {
  const masked = maskFigures(quote.replace(/\s+/g, " "));
  return masked.length <= LABEL_MAX
    ? masked
    : `${masked.slice(0, masked.lastIndexOf(" ", LABEL_MAX - 1) > 40 ? masked.lastIndexOf(" ", LABEL_MAX - 1) : LABEL_MAX - 1)}…`;
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
  const top = topEntries(centre, TOP_TERMS).map(([stem]) => stem);
  // The top stems as written most often in the theme's reasons (counted only for the theme's top stems: few themes are made).
  const words = new Map<string, Map<string, number>>(top.map((stem) => [stem, new Map()]));
  for (const d of group)
    for (const it of d.items)
      for (const t of terms(it.text)) {
        const acc = words.get(t.stem);
        if (acc) acc.set(t.word, (acc.get(t.word) ?? 0) + 1);
      }
  const surface = (stem: string) =>
    [...(words.get(stem)?.size ? (words.get(stem) as Map<string, number>) : new Map([[stem, 1]]))].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const items = group.flatMap((d) => d.items);
  const sources: Partial<Record<ThemeSource, number>> = {};
  for (const it of items) sources[it.source] = (sources[it.source] ?? 0) + 1;
  const sig = topEntries(centre, SIGNATURE_TERMS);
  const norm = Math.sqrt(sig.reduce((s, [, x]) => s + x * x, 0)) || 1;
  return {
    terms: top.map(surface),
    quote: (group[quoteAt] as Distinct).items[0]!.text,
    label: labelOf((group[quoteAt] as Distinct).items[0]!.text),
    count: items.length,
    scenarios: [...new Set(items.map((i) => i.scenario))].sort(),
    sources,
    signature: Object.fromEntries(sig.map(([t, x]) => [t, x / norm])),
  };
}

/**
 * The clustering's view of the distinct reasons: unit term vectors, scaled by how much of each reason's
 * words other scenarios use, so a reason the suite's vocabulary barely describes is not pulled into a theme.
 */
function spaceOf(distinct: readonly Distinct[]): { vectors: Vector[]; space: Space } {
  const vectors = termVectors(distinct.map((d) => d.stems));
  // Each side scaled by √share, so a pair by √(share·share′): about the cosine the reasons would have
  // with their own words kept (they only add to the norm), so a reason sharing two words of nine stays a one-off.
  const { rows, dims } = toRows(
    vectors,
    distinct.map((d) => Math.sqrt(d.share)),
  );
  return { vectors, space: { weights: distinct.map((d) => d.items.length), words: rows, dims } };
}

/**
 * Per stem, how concentrated its weight is in one of `groups`: √(Σ p²) over the groups' shares of it, 1
 * when all of it is in one theme, about 1/√k when it is spread evenly over k. A theme-level IDF that, unlike
 * IDF over reasons, does not discount the words of a failure because many scenarios fail that way.
 */
function concentration(groups: readonly (readonly number[])[], distinct: readonly Distinct[], vectors: readonly Vector[]): Map<string, number> {
  const mass = new Map<string, Map<number, number>>();
  groups.forEach((g, k) => {
    for (const i of g) {
      const n = (distinct[i] as Distinct).items.length;
      for (const [t, x] of vectors[i] as Vector) {
        const m = mass.get(t) ?? new Map<number, number>();
        m.set(k, (m.get(k) ?? 0) + x * n);
        mass.set(t, m);
      }
    }
  });
  const out = new Map<string, number>();
  for (const [t, m] of mass) {
    let total = 0;
    let squares = 0;
    for (const x of m.values()) {
      total += x;
      squares += x * x;
    }
    out.set(t, Math.sqrt(squares) / total);
  }
  return out;
}

interface Grouped {
  groups: Array<{ group: Distinct[]; vectors: Vector[] }>;
  /** Items of the distinct reasons that joined no group (past the seeds or the time budget). */
  unplaced: number;
  withoutWords: ThemeItem[];
}

function themesOf(items: readonly ThemeItem[], threshold: number, bounds: ThemeBounds, scenarioOf = (item: ThemeItem) => item.scenario): Grouped {
  const { distinct, withoutWords } = distinctTexts(items, scenarioOf);
  if (distinct.length === 0) return { groups: [], unplaced: 0, withoutWords };
  const now = bounds.now ?? Date.now;
  const until = now() + bounds.budgetMs;
  const seeds = distinct.slice(0, bounds.maxSeeds);
  const { vectors, space } = spaceOf(seeds);
  // Twice: the second time each word weighs by how concentrated it was in the first themes, so a word
  // spread over many of them (a preamble, a product, "customer") says little about which failure a reason is.
  const first = clusterSpace(space, threshold, undefined, { now, until, left: [] });
  const weight = concentration(first, seeds, vectors);
  const reweight = (v: Vector) => unit(new Map([...v].map(([t, x]) => [t, x * (weight.get(t) ?? 1)])));
  const { rows, dims, ids } = toRows(
    vectors.map(reweight),
    seeds.map((d) => Math.sqrt(d.share)),
  );
  const reweighted: Space = { weights: space.weights, words: rows, dims };
  const budget: Budget = { now, until, left: [] };
  const groups = clusterSpace(reweighted, threshold, undefined, budget);
  const out = groups.map((g) => ({ group: g.map((i) => seeds[i] as Distinct), vectors: g.map((i) => vectors[i] as Vector) }));
  // The rest (past the seeds, or seeds not grouped in time): each joins the group it is on average most similar to, or none.
  const past = distinct.slice(seeds.length);
  const rest = [...budget.left.map((i) => seeds[i] as Distinct), ...past];
  if (rest.length === 0) return { groups: out, unplaced: 0, withoutWords };
  const restVectors = [...budget.left.map((i) => vectors[i] as Vector), ...termVectors(past.map((d) => d.stems))];
  const restRows = toRows(
    restVectors.map(reweight),
    rest.map((d) => Math.sqrt(d.share)),
    ids,
  ).rows;
  let unplaced = 0;
  nearestGroups(reweighted, groups, restRows, threshold).forEach((g, k) => {
    const d = rest[k] as Distinct;
    if (g < 0) unplaced += d.items.length;
    else {
      out[g]!.group.push(d);
      out[g]!.vectors.push(restVectors[k] as Vector);
    }
  });
  return { groups: out, unplaced, withoutWords };
}

const itemsIn = (group: readonly Distinct[]) => group.reduce((n, d) => n + d.items.length, 0);

const byCount = (a: Theme, b: Theme) => b.count - a.count || (a.quote < b.quote ? -1 : a.quote > b.quote ? 1 : 0);

/**
 * A run's failure themes, largest first, within `bounds` (the server's: `THEME_BOUNDS`). Unbounded,
 * every item with at least one content word is in exactly one theme; the same items in any order give
 * the same themes.
 */
export function themeSet(items: readonly ThemeItem[], bounds: ThemeBounds = THEME_BOUNDS, threshold = THEME_THRESHOLD): ThemeSet {
  const { groups, withoutWords } = themesOf(items, threshold, bounds);
  // The largest groups only are made into themes (in order of their first reason on a tie).
  const largest = groups
    .map((g, at) => ({ ...g, at, n: itemsIn(g.group) }))
    .sort((a, b) => b.n - a.n || a.at - b.at)
    .slice(0, bounds.maxThemes);
  const themes = largest.map(({ group, vectors }) => buildTheme(group, vectors)).sort(byCount);
  const themed = themes.reduce((n, t) => n + t.count, 0);
  return { themes, reasons: items.length, unthemed: { reasons: items.length - themed, withoutWords: withoutWords.length } };
}

/** Every theme of a run, largest first: every item with at least one content word is in exactly one (`themeSet` unbounded). */
export function buildThemes(items: readonly ThemeItem[], threshold = THEME_THRESHOLD): Theme[] {
  return themeSet(items, UNBOUNDED, threshold).themes;
}

/** The change between two runs' failures, bounded: the changes that need a look first, how many changes of each kind there are, and each run's reasons in no change returned. */
export interface ThemeChangeSet {
  changes: ThemeDiff[];
  /** Changes of each kind, returned or not. */
  counts: Record<ThemeChange, number>;
  unthemed: { base: Unthemed; other: Unthemed };
}

/**
 * The change between two runs' failures, from one set of themes made over both runs' items together:
 * each theme's items counted per run, so a failure is "gone" only when none of its items is left in
 * `other`, and "new" only when none is in `base`. `base` and `other` of a change are the theme's items
 * of that run (null when it has none). Within `bounds`: at most `maxThemes` changes, new and grown first.
 */
export function themeChangeSet(
  base: readonly ThemeItem[],
  other: readonly ThemeItem[],
  bounds: ThemeBounds = THEME_BOUNDS,
  threshold = THEME_THRESHOLD,
): ThemeChangeSet {
  const tagged = [
    ...base.map((item) => ({ ...item, scenario: `a\u0000${item.scenario}` })),
    ...other.map((item) => ({ ...item, scenario: `b\u0000${item.scenario}` })),
  ];
  const untag = (item: ThemeItem): ThemeItem => ({ ...item, scenario: item.scenario.slice(2) });
  const side = (group: readonly Distinct[], vectors: readonly Vector[], tag: string): Theme | null => {
    const parts = group
      .map((d, i) => ({ d: { ...d, items: d.items.filter((it) => it.scenario.startsWith(tag)).map(untag) }, v: vectors[i] as Vector }))
      .filter((p) => p.d.items.length > 0);
    return parts.length > 0
      ? buildTheme(
          parts.map((p) => p.d),
          parts.map((p) => p.v),
        )
      : null;
  };
  const { groups, withoutWords } = themesOf(tagged, threshold, bounds, (item) => item.scenario.slice(2));
  const counts: Record<ThemeChange, number> = { new: 0, grown: 0, gone: 0, shrunk: 0, steady: 0 };
  // Each group's change from its items' counts per run; only the first `maxThemes` are made into themes.
  const kinds = groups.map((g, at) => {
    let a = 0;
    let b = 0;
    for (const d of g.group) {
      for (const it of d.items) {
        if (it.scenario.startsWith("a\u0000")) a++;
        else b++;
      }
    }
    const change: ThemeChange = a === 0 ? "new" : b === 0 ? "gone" : countChange(a, b);
    counts[change]++;
    return { ...g, at, change, size: Math.max(a, b) };
  });
  const first = kinds.sort((x, y) => CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change] || y.size - x.size || x.at - y.at).slice(0, bounds.maxThemes);
  const changes = first.map(({ group, vectors, change }): ThemeDiff => {
    const a = side(group, vectors, "a\u0000");
    const b = side(group, vectors, "b\u0000");
    return { change, base: a, other: b, similarity: a && b ? signatureSimilarity(a, b) : 0 };
  });
  const size = (d: ThemeDiff) => Math.max(d.base?.count ?? 0, d.other?.count ?? 0);
  const quote = (d: ThemeDiff) => (d.base ?? d.other)!.quote;
  changes.sort((x, y) => CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change] || size(y) - size(x) || (quote(x) < quote(y) ? -1 : quote(x) > quote(y) ? 1 : 0));
  const unthemedOf = (items: readonly ThemeItem[], tag: string, pick: (d: ThemeDiff) => Theme | null): Unthemed => ({
    reasons: items.length - changes.reduce((n, d) => n + (pick(d)?.count ?? 0), 0),
    withoutWords: withoutWords.filter((it) => it.scenario.startsWith(tag)).length,
  });
  return { changes, counts, unthemed: { base: unthemedOf(base, "a\u0000", (d) => d.base), other: unthemedOf(other, "b\u0000", (d) => d.other) } };
}

/** Every change between two runs' failures (`themeChangeSet` unbounded), new and grown first. */
export function diffThemes(base: readonly ThemeItem[], other: readonly ThemeItem[], threshold = THEME_THRESHOLD): ThemeDiff[] {
  return themeChangeSet(base, other, UNBOUNDED, threshold).changes;
}

/**
 * How a theme went over a range of nights: `new` (not in its first night, in its newest), `gone` (in
 * its first night, not in its newest), `passing` (came and went within it), else by its count in the
 * first and the newest night (`countChange`): `rising`, `fading` or `steady`.
 */
export type RangeTrend = "new" | "rising" | "passing" | "gone" | "fading" | "steady";

/** Order of a range's themes: what needs a look first. */
export const RANGE_TREND_ORDER: Record<RangeTrend, number> = { new: 0, rising: 1, passing: 2, gone: 3, fading: 4, steady: 5 };

/** One theme over the nights of a range, oldest night first: its items per night, its first and last night (indexes). */
export interface RangeTheme {
  trend: RangeTrend;
  theme: Theme;
  perNight: number[];
  first: number;
  last: number;
}

export interface RangeThemeSet {
  themes: RangeTheme[];
  /** Themes of each trend, returned or not. */
  counts: Record<RangeTrend, number>;
  /** Reasons over the range, and those in no theme returned. */
  reasons: number;
  unthemed: Unthemed;
}

/** Width of the night tag put before each item's scenario (base 36: 1.6 million nights). */
const NIGHT_TAG = 4;

/**
 * The failure themes of a range of nights (each night's items, oldest first), made once over every
 * night's items together, as `themeChangeSet` does for two: each theme's items counted per night, so
 * its first and last night are where its reasons are, not where two clusterings were matched. Within
 * `bounds`: at most `maxThemes` themes, new and rising first.
 */
export function themesOverNights(nights: readonly (readonly ThemeItem[])[], bounds: ThemeBounds = THEME_BOUNDS, threshold = THEME_THRESHOLD): RangeThemeSet {
  const n = nights.length;
  const tagged = nights.flatMap((items, k) => items.map((item) => ({ ...item, scenario: `${k.toString(36).padStart(NIGHT_TAG, "0")}${item.scenario}` })));
  const nightOf = (item: ThemeItem) => parseInt(item.scenario.slice(0, NIGHT_TAG), 36);
  const untag = (item: ThemeItem): ThemeItem => ({ ...item, scenario: item.scenario.slice(NIGHT_TAG) });
  const { groups, withoutWords } = themesOf(tagged, threshold, bounds, (item) => item.scenario.slice(NIGHT_TAG));
  const counts: Record<RangeTrend, number> = { new: 0, rising: 0, passing: 0, gone: 0, fading: 0, steady: 0 };
  const kinds = groups.map((g, at) => {
    const perNight = new Array<number>(n).fill(0);
    for (const d of g.group) for (const it of d.items) perNight[nightOf(it)]!++;
    const first = perNight.findIndex((c) => c > 0);
    const last = n - 1 - [...perNight].reverse().findIndex((c) => c > 0);
    const inFirst = first === 0;
    const inNewest = last === n - 1;
    const change = countChange(perNight[0]!, perNight[n - 1]!);
    const trend: RangeTrend =
      inFirst && inNewest ? (change === "grown" ? "rising" : change === "shrunk" ? "fading" : "steady") : inNewest ? "new" : inFirst ? "gone" : "passing";
    counts[trend]++;
    return { ...g, at, perNight, first, last, trend, size: perNight.reduce((a, b) => a + b, 0) };
  });
  const chosen = kinds.sort((x, y) => RANGE_TREND_ORDER[x.trend] - RANGE_TREND_ORDER[y.trend] || y.size - x.size || x.at - y.at).slice(0, bounds.maxThemes);
  const themes = chosen.map(({ group, vectors, perNight, first, last, trend }) => ({
    trend,
    theme: buildTheme(
      group.map((d) => ({ ...d, items: d.items.map(untag) })),
      vectors,
    ),
    perNight,
    first,
    last,
  }));
  const reasons = tagged.length;
  const themed = themes.reduce((s, t) => s + t.theme.count, 0);
  return { themes, counts, reasons, unthemed: { reasons: reasons - themed, withoutWords: withoutWords.length } };
}
