/**
 * `GET /api/themes?run=<id>[&base=<id>]`: a run's failure themes, and with a base run the themes that
 * are new, gone, grown or shrunk since it (one set of themes over both runs' reasons, counted per run).
 * Bounded: the largest themes (changes that need a look first), and how many reasons are in none listed.
 * 503 when the themes could not be made in time (the work pool's `WorkError`, named).
 */
import type { Theme, ThemeDiff } from "@/lib/core/themes";
import {
  RANGE_THEME_FAILURES,
  RANGE_THEME_NIGHTS,
  type RangeThemeSetDTO,
  type ThemeChangeSetDTO,
  type ThemeDTO,
  type ThemeDiffDTO,
  type ThemeSetDTO,
} from "@/lib/shared/themes";
import "server-only";
import { yieldToLoop } from "../ingest/pool";
import type { Store } from "../live/store";
import type { RunModel } from "../model/run-model";
import { runRangeThemes, runThemeChangeSet, runThemeChanges, runThemeSet, runThemes, type ThemeRun } from "../views/run-themes";
import { WorkError } from "../work/pool";
import { runAnalysis } from "../views/run-views";
import { savedTrendFactsOf } from "../views/saved-trend-facts";
import { trendFacts, type KeptTrendFacts } from "../views/trend-facts";
import { error, json } from "./respond";

/**
 * The themes view of a run in the live index: its failing scenarios (as counted), stamped by the
 * signature of the files their records came from. With the index cache's trend facts (`saved`), a
 * finished run's states are not loaded back nor analysed again: at 20,000 scenarios that held the
 * main thread for 1.5 s.
 */
export function themeRunOf(run: RunModel, saved: KeptTrendFacts | null = null): ThemeRun {
  const failing: Array<{ name: string; stamp: string | null }> = [];
  for (const [name, verdict] of trendFacts(run, Date.now(), saved).verdicts) {
    if (verdict === false) failing.push({ name, stamp: run.signatureOf(name) ?? null });
  }
  return { dir: run.dir, failing };
}

/**
 * `themeRunOf`, letting other requests in between its long steps: a finished run's states loaded back
 * from the index cache, its analysis, its trend facts (at 20,000 scenarios each a few hundred ms of the
 * main thread: 1.4 s in one piece), unless the index cache has the run's trend facts.
 */
export async function openThemeRun(run: RunModel, saved: KeptTrendFacts | null): Promise<ThemeRun> {
  if (!saved?.get(run)) {
    void run.scenarios;
    await yieldToLoop();
    runAnalysis(run);
    await yieldToLoop();
  }
  return themeRunOf(run, saved);
}

/** Quotes are cut to this many characters for the pages. */
const QUOTE_CHARS = 400;

export function themeDTO(t: Theme): ThemeDTO {
  return {
    label: t.label,
    terms: t.terms,
    quote: t.quote.length > QUOTE_CHARS ? `${t.quote.slice(0, QUOTE_CHARS)}…` : t.quote,
    count: t.count,
    scenarios: t.scenarios.slice(0, 200),
    scenarioCount: t.scenarios.length,
    sources: t.sources,
  };
}

export function diffDTO(d: ThemeDiff): ThemeDiffDTO {
  return { change: d.change, base: d.base ? themeDTO(d.base) : null, other: d.other ? themeDTO(d.other) : null, similarity: d.similarity };
}

export async function themesFor(run: RunModel): Promise<Theme[]> {
  return runThemes(themeRunOf(run));
}

export async function themeChanges(base: RunModel, other: RunModel): Promise<ThemeDiffDTO[]> {
  return (await runThemeChanges(themeRunOf(base), themeRunOf(other))).map(diffDTO);
}

/** A run's largest themes and the reasons in none (what `/api/themes?run=` returns); `store` lends its saved trend facts. */
export async function themeSetFor(run: RunModel, store: Store | null = null): Promise<ThemeSetDTO> {
  const saved = store && savedTrendFactsOf(store.index);
  const set = await runThemeSet(await openThemeRun(run, saved));
  return { themes: set.themes.map(themeDTO), reasons: set.reasons, unthemed: set.unthemed };
}

/** The changes between two runs' themes that need a look first, how many of each kind, and each run's reasons in none listed (what `/api/themes?run=&base=` returns). */
export async function themeChangeSetFor(base: RunModel, other: RunModel, store: Store | null = null): Promise<ThemeChangeSetDTO> {
  const saved = store && savedTrendFactsOf(store.index);
  const set = await runThemeChangeSet(await openThemeRun(base, saved), await openThemeRun(other, saved));
  return { changes: set.changes.map(diffDTO), counts: set.counts, unthemed: set.unthemed };
}

/** The failure themes over a range of runs (oldest first): each theme's nights, its first and last, and whether it is new, rising, gone or came and went. */
export async function rangeThemesFor(
  runs: readonly RunModel[],
  store: Store | null = null,
  limits = { nights: RANGE_THEME_NIGHTS, failures: RANGE_THEME_FAILURES },
): Promise<RangeThemeSetDTO> {
  const saved = store && savedTrendFactsOf(store.index);
  const nights: ThemeRun[] = [];
  let failures = 0;
  for (const run of runs.slice(-limits.nights).reverse()) {
    const night = await openThemeRun(run, saved);
    if (nights.length >= 2 && failures + night.failing.length > limits.failures) break;
    failures += night.failing.length;
    nights.unshift(night);
  }
  const read = runs.slice(runs.length - nights.length);
  const set = await runRangeThemes(nights);
  const ids = read.map((r) => r.id);
  return {
    themes: set.themes.map((t) => ({ trend: t.trend, theme: themeDTO(t.theme), perNight: t.perNight, firstRun: ids[t.first]!, lastRun: ids[t.last]! })),
    counts: set.counts,
    nights: ids,
    cut: runs.length - read.length,
    reasons: set.reasons,
    unthemed: set.unthemed,
  };
}

export async function themesRoute(store: Store, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const id = params.get("run");
  if (!id) return error(400, "missing ?run=");
  const run = await store.openRun(id);
  if (!run) return error(404, `unknown run: ${id}`);
  const baseId = params.get("base");
  try {
    if (baseId === null) return json({ run: run.id, ...(await themeSetFor(run, store)) });
    const base = await store.openRun(baseId);
    if (!base) return error(404, `unknown run: ${baseId}`);
    return json({ run: run.id, base: base.id, ...(await themeChangeSetFor(base, run, store)) });
  } catch (err) {
    if (err instanceof WorkError) return error(503, `the failure themes could not be made: ${err.message}`);
    throw err;
  }
}
