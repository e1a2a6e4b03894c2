/**
 * A run's failure themes: the judge_result.json of each failing scenario is read by the one reader (evidence/judge-file.ts) and the reasons clustered by lib/core/themes
 * in the work pool (off the main thread, within `THEME_BOUNDS`: the largest themes, and how many reasons are in none). Cached per run while its failing
 * scenarios and the files their records were read from are unchanged; each scenario's reasons are cached too. The change between two
 * runs is made from both runs' reasons together (one set of themes), cached per pair the same way.
 */
import "server-only";
import { createHash } from "node:crypto";
import { themeItemsOf, type RangeThemeSet, type Theme, type ThemeChangeSet, type ThemeDiff, type ThemeItem, type ThemeSet } from "@/lib/core/themes";
import { readJudgeFile } from "../evidence/judge-file";
import { mapLimit } from "../ingest/pool";
import { processCaches } from "../process-caches";
import { offThread } from "../work/pool";

/** One set of themes' bound in time, once its job runs (the clustering has a budget of its own inside: `THEME_BOUNDS`). */
const THEMES_JOB_MS = 60_000;

/** A run as the themes need it: where it is and which scenarios failed (with a change stamp). */
export interface ThemeRun {
  /** Cache key (the run folder). */
  dir: string;
  failing: ReadonlyArray<{ name: string; stamp: string | null }>;
}

/** Extra findings per scenario (e.g. a flow audit); optional. */
export type FindingsOf = (dir: string, scenario: string) => Promise<string[]> | string[];

const runCache = () => processCaches().lru<{ signature: string; themes: Promise<ThemeSet> }>("themes-runs", { maxEntries: 64 });
const pairCache = () => processCaches().lru<{ signature: string; diffs: Promise<ThemeChangeSet> }>("themes-pairs", { maxEntries: 16 });
const rangeCache = () => processCaches().lru<{ signature: string; set: Promise<RangeThemeSet> }>("themes-ranges", { maxEntries: 8 });
/** Each scenario's reasons, by their size (each reason is bounded, `THEME_TEXT_CHARS`; a count of entries let ~1 GB stay). */
const itemCache = () =>
  processCaches().lru<{ stamp: string | null; items: ThemeItem[] }>("themes-items", {
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (v, key) => 2 * key.length + v.items.reduce((n, i) => n + 2 * (i.text.length + i.scenario.length) + 64, 64),
  });

async function judgeItems(dir: string, name: string, stamp: string | null): Promise<ThemeItem[]> {
  const key = `${dir}\0${name}`;
  const hit = itemCache().get(key);
  if (hit && hit.stamp === stamp && stamp !== null) return hit.items;
  const items = themeItemsOf(name, (await readJudgeFile(dir, name))?.fields ?? null);
  itemCache().set(key, { stamp, items });
  return items;
}

async function itemsOf(dir: string, name: string, stamp: string | null, findingsOf?: FindingsOf): Promise<ThemeItem[]> {
  const items = await judgeItems(dir, name, stamp);
  if (!findingsOf) return items;
  return [...items, ...themeItemsOf(name, null, await findingsOf(dir, name))];
}

function signatureOf(run: ThemeRun): string {
  const h = createHash("sha1");
  for (const s of run.failing) h.update(`${s.name}\0${s.stamp ?? "-"}\n`);
  return h.digest("hex");
}

function runItems(run: ThemeRun, findingsOf?: FindingsOf): Promise<ThemeItem[]> {
  return mapLimit([...run.failing], 16, (s) => itemsOf(run.dir, s.name, s.stamp, findingsOf)).then((lists) => lists.flat());
}

/** A run's themes, bounded (lib/core/themes `themeSet`): the largest, and the reasons in none. */
export function runThemeSet(run: ThemeRun, findingsOf?: FindingsOf): Promise<ThemeSet> {
  const signature = signatureOf(run);
  const hit = runCache().get(run.dir);
  if (hit && hit.signature === signature && !findingsOf) return hit.themes;
  const themes = runItems(run, findingsOf).then((items) => offThread("themeSet", items, { timeoutMs: THEMES_JOB_MS }));
  if (!findingsOf) {
    runCache().set(run.dir, { signature, themes });
    themes.catch(() => runCache().delete(run.dir));
  }
  return themes;
}

/** A run's themes, largest first (at most `THEME_BOUNDS.maxThemes`; `runThemeSet` says how many reasons are in none). */
export async function runThemes(run: ThemeRun, findingsOf?: FindingsOf): Promise<Theme[]> {
  return (await runThemeSet(run, findingsOf)).themes;
}

/** What changed in the failure themes from `base` to `other`, bounded (lib/core/themes `themeChangeSet`), cached per pair while neither run's failing scenarios change. */
export function runThemeChangeSet(base: ThemeRun, other: ThemeRun): Promise<ThemeChangeSet> {
  const key = `${base.dir}\0${other.dir}`;
  const signature = `${signatureOf(base)}:${signatureOf(other)}`;
  const hit = pairCache().get(key);
  if (hit && hit.signature === signature) return hit.diffs;
  const diffs = Promise.all([runItems(base), runItems(other)]).then(([a, b]) =>
    offThread("themeChangeSet", { base: a, other: b }, { timeoutMs: THEMES_JOB_MS }),
  );
  pairCache().set(key, { signature, diffs });
  diffs.catch(() => pairCache().delete(key));
  return diffs;
}

/** What changed in the failure themes from `base` to `other`: the changes that need a look first (`runThemeChangeSet` counts them all). */
export async function runThemeChanges(base: ThemeRun, other: ThemeRun): Promise<ThemeDiff[]> {
  return (await runThemeChangeSet(base, other)).changes;
}

/** The failure themes over a range of nights (oldest first), cached per range while no night's failing scenarios change. */
export function runRangeThemes(nights: readonly ThemeRun[]): Promise<RangeThemeSet> {
  const key = nights.map((r) => r.dir).join("\0");
  const signature = nights.map(signatureOf).join(":");
  const hit = rangeCache().get(key);
  if (hit && hit.signature === signature) return hit.set;
  const set = Promise.all(nights.map((r) => runItems(r))).then((items) => offThread("themesOverNights", items, { timeoutMs: THEMES_JOB_MS }));
  rangeCache().set(key, { signature, set });
  set.catch(() => rangeCache().delete(key));
  return set;
}
