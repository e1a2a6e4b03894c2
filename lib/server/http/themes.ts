/**
 * `GET /api/themes?run=<id>[&base=<id>]`: a run's failure themes, and with a base run the themes that
 * are new, gone, grown or shrunk since it (one set of themes over both runs' reasons, counted per run).
 */
import type { Theme, ThemeDiff } from "@/lib/core/themes";
import type { ThemeDTO, ThemeDiffDTO } from "@/lib/shared/themes";
import "server-only";
import type { Store } from "../live/store";
import type { RunModel } from "../model/run-model";
import { runThemeChanges, runThemes, type ThemeRun } from "../views/run-themes";
import { trendFacts } from "../views/trend-facts";
import { error, json } from "./respond";

/** The themes view of a run in the live index: its failing scenarios (as counted), stamped by the signature of the files their records came from. */
export function themeRunOf(run: RunModel): ThemeRun {
  const failing: Array<{ name: string; stamp: string | null }> = [];
  for (const [name, verdict] of trendFacts(run).verdicts) {
    if (verdict === false) failing.push({ name, stamp: run.scenarios.get(name)?.signature ?? null });
  }
  return { dir: run.dir, failing };
}

/** Quotes are cut to this many characters for the pages. */
const QUOTE_CHARS = 400;

export function themeDTO(t: Theme): ThemeDTO {
  return { label: t.label, terms: t.terms, quote: t.quote.length > QUOTE_CHARS ? `${t.quote.slice(0, QUOTE_CHARS)}…` : t.quote, count: t.count, scenarios: t.scenarios.slice(0, 200), scenarioCount: t.scenarios.length, sources: t.sources };
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

export async function themesRoute(store: Store, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const id = params.get("run");
  if (!id) return error(400, "missing ?run=");
  const run = await store.openRun(id);
  if (!run) return error(404, `unknown run: ${id}`);
  const baseId = params.get("base");
  if (baseId === null) return json({ run: run.id, themes: (await themesFor(run)).map(themeDTO) });
  const base = await store.openRun(baseId);
  if (!base) return error(404, `unknown run: ${baseId}`);
  return json({ run: run.id, base: base.id, changes: await themeChanges(base, run) });
}
