/** The runs list: every run's list item, newest first, with the index's own state. */
import "server-only";
import { sourceProblems } from "../source/status";
import type { RunListItem, RunsResponse } from "@/lib/shared/dto";
import type { ResultsIndex } from "../model/results-index";
import { builtRunListItem, runListItem } from "./run-views";
import { listChanges } from "./run-changes";

/**
 * While the first scan runs, runs join the index faster than their analyses can be made (8-17 ms
 * each for 2,000 scenarios once the code is warm, up to 50-60 ms for a process's first ones): one
 * request makes at least one and then stops at this budget. The others are counted in
 * `indexing.runsPending` and listed by a later request (the page refreshes every second meanwhile).
 * Once the scan is done, every run is listed.
 */
export const INDEXING_BUDGET_MS = 20;

export function runsList(index: ResultsIndex, nowMs = Date.now(), budgetMs = INDEXING_BUDGET_MS): RunsResponse {
  // The command's scan read every run and listed them: that list, until the index holds them.
  if (index.indexing && index.firstList) return { ...index.firstList, version: index.version };
  const started = performance.now();
  const runs: RunListItem[] = [];
  let made = 0;
  let pending = 0;
  const saved = index.savedListItems;
  for (const run of index.runs.values()) {
    // A restart lists an unchanged run from its saved item, without loading its states from the cache.
    let item = builtRunListItem(run, nowMs) ?? saved?.get(run) ?? null;
    if (!item && (!index.indexing || made === 0 || performance.now() - started < budgetMs)) {
      item = runListItem(run, nowMs);
      made++;
    }
    if (!item) {
      pending++;
      continue;
    }
    // Saved however it was made (a run page may have made it first): a no-op when saved already.
    saved?.put(run, item);
    runs.push(item);
  }
  runs.sort((a, b) => (b.startedAt ?? "").localeCompare(a.startedAt ?? "") || b.id.localeCompare(a.id));
  // Each run against the previous of its suite: on a copy, the saved and cached items stay as they are.
  const changes = listChanges(index, runs, nowMs);
  for (let i = 0; i < runs.length; i++) {
    const change = changes.get(runs[i]!.id);
    if (change) runs[i] = { ...runs[i]!, vsPrevious: change };
  }
  // An object-storage source's problem first: the list may be empty or behind because of it.
  const problems = [...sourceProblems(), ...index.rootProblems.map((p) => ({ path: p.path.slice(index.root.length + 1) || ".", message: p.message }))];
  return { runs, version: index.version, problems, ...(index.indexing ? { indexing: { ...index.indexing, runsPending: pending } } : {}) };
}
