/**
 * A run's failure themes: the judge_result.json of each failing scenario is read (no links followed) and the reasons clustered by lib/core/themes. Cached per run while its failing
 * scenarios and the files their records were read from are unchanged; each scenario's reasons are cached too. The change between two
 * runs is made from both runs' reasons together (one set of themes), cached per pair the same way.
 */
import "server-only";
import { createHash } from "node:crypto";
import { readJudgeResult } from "@/lib/core";
import { buildThemes, diffThemes, themeItemsOf, type Theme, type ThemeDiff, type ThemeItem } from "@/lib/core/themes";
import { readInside } from "../ingest/fs-safe";
import { mapLimit } from "../ingest/pool";
import { processCaches } from "../process-caches";

/** A run as the themes need it: where it is and which scenarios failed (with a change stamp). */
export interface ThemeRun {
  /** Cache key (the run folder). */
  dir: string;
  failing: ReadonlyArray<{ name: string; stamp: string | null }>;
}

/** Extra findings per scenario (e.g. a flow audit); optional. */
export type FindingsOf = (dir: string, scenario: string) => Promise<string[]> | string[];

const runCache = () => processCaches().lru<{ signature: string; themes: Promise<Theme[]> }>("themes-runs", { maxEntries: 64 });
const pairCache = () => processCaches().lru<{ signature: string; diffs: Promise<ThemeDiff[]> }>("themes-pairs", { maxEntries: 16 });
const itemCache = () => processCaches().lru<{ stamp: string | null; items: ThemeItem[] }>("themes-items", { maxEntries: 200_000 });

async function judgeItems(dir: string, name: string, stamp: string | null): Promise<ThemeItem[]> {
  const key = `${dir}\0${name}`;
  const hit = itemCache().get(key);
  if (hit && hit.stamp === stamp && stamp !== null) return hit.items;
  const read = await readInside(dir, `${name}/judge_result.json`, "judge_result.json");
  const judge = read.text === null ? null : readJudgeResult(read.text).value;
  const items = themeItemsOf(name, judge ?? null);
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

/** A run's themes, largest first (lib/core/themes `buildThemes`). */
export function runThemes(run: ThemeRun, findingsOf?: FindingsOf): Promise<Theme[]> {
  const signature = signatureOf(run);
  const hit = runCache().get(run.dir);
  if (hit && hit.signature === signature && !findingsOf) return hit.themes;
  const themes = runItems(run, findingsOf).then((items) => buildThemes(items));
  if (!findingsOf) {
    runCache().set(run.dir, { signature, themes });
    themes.catch(() => runCache().delete(run.dir));
  }
  return themes;
}

/** What changed in the failure themes from `base` to `other` (lib/core/themes `diffThemes`), cached per pair while neither run's failing scenarios change. */
export function runThemeChanges(base: ThemeRun, other: ThemeRun): Promise<ThemeDiff[]> {
  const key = `${base.dir}\0${other.dir}`;
  const signature = `${signatureOf(base)}:${signatureOf(other)}`;
  const hit = pairCache().get(key);
  if (hit && hit.signature === signature) return hit.diffs;
  const diffs = Promise.all([runItems(base), runItems(other)]).then(([a, b]) => diffThemes(a, b));
  pairCache().set(key, { signature, diffs });
  diffs.catch(() => pairCache().delete(key));
  return diffs;
}
