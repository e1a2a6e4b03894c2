/**
 * What changed in a run since the previous run of its suite, and since when (lib/core/run-changes.ts):
 * the run page's header line and table marks, the runs list's change column, the scenario page's strip
 * across the suite, `quick=new`, and (through the same functions) the MCP tools and `--notify`.
 *
 * A suite here is the runs list's: runs that queued the same scenarios (`queueKey`), oldest first by
 * start time. Each run is read through its trend facts (kept per revision, and in the index cache for
 * finished runs), so no run's scenario states are loaded for another run's page.
 */
import "server-only";
import { createHash } from "node:crypto";
import { changesVsPrevious, FLAKY_WINDOW, successChange, type SuiteRunCells } from "@/lib/core/run-changes";
import { setupSummary } from "@/lib/core/setup/diff";
import type { ScenarioQuery } from "@/lib/shared/scenario-query";
import type { ListChange, RunChanges, ScenarioAcrossRuns } from "@/lib/shared/run-changes";
import type { RunListItem } from "@/lib/shared/dto";
import type { ResultsIndex } from "../model/results-index";
import { processCaches } from "../process-caches";
import type { RunModel } from "../model/run-model";
import { queueKeyOf } from "./run-views";
import { runSetupDiff } from "./setup";
import { listItemKey } from "./saved-list-items";
import { savedTrendFactsOf } from "./saved-trend-facts";
import { trendFacts, type TrendFacts } from "./trend-facts";

/** How many of a scenario's runs the scenario page's strip shows (the newest). */
export const SCENARIO_STRIP_RUNS = 30;

/** Each facts object's queue key (a hash of its queue), made once. */
const keys = () => processCaches().weak<TrendFacts, string>("trend-facts-queue-keys");
function keyOf(f: TrendFacts): string {
  let k = keys().get(f);
  if (k === undefined) keys().set(f, (k = queueKeyOf(f.queue)));
  return k;
}

const byStart = (a: { id: string; startedAt: string | null }, b: { id: string; startedAt: string | null }) => {
  const ta = a.startedAt ?? "";
  const tb = b.startedAt ?? "";
  return ta < tb ? -1 : ta > tb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

export interface SuiteOfRun {
  runs: Array<SuiteRunCells & { run: RunModel; facts: TrendFacts }>;
  /** The run's position in `runs`. */
  at: number;
}

/** The runs of `run`'s suite (itself included), oldest first, with their trend facts. */
export function suiteOfRun(index: ResultsIndex, run: RunModel, nowMs = Date.now()): SuiteOfRun {
  const saved = savedTrendFactsOf(index);
  const own = trendFacts(run, nowMs, saved);
  const key = keyOf(own);
  const runs: SuiteOfRun["runs"] = [];
  for (const other of index.runs.values()) {
    const facts = other === run ? own : trendFacts(other, nowMs, saved);
    if (key === "" ? other !== run : keyOf(facts) !== key) continue;
    runs.push({ id: other.id, startedAt: facts.startedAt, cells: facts.cells, run: other, facts });
  }
  runs.sort(byStart);
  return { runs, at: runs.findIndex((r) => r.run === run) };
}

/** What changed in `run`'s scenarios and success rate since the previous run of its suite (no setup: see `runChanges`). */
export function verdictChanges(index: ResultsIndex, run: RunModel, nowMs = Date.now()): Omit<RunChanges, "setup"> {
  const { runs, at } = suiteOfRun(index, run, nowMs);
  const own = runs[at]!;
  const prev = at > 0 ? runs[at - 1]! : null;
  const c = changesVsPrevious(runs, at, own.facts.cells.keys());
  const side = (r: SuiteOfRun["runs"][number]) => ({
    finished: r.facts.state === "finished",
    rate: r.facts.aggregates.rates.success_rate,
    cells: () => r.facts.cells,
  });
  const success = prev ? successChange(side(prev), side(own)) : null;
  return {
    runId: run.id,
    previous: prev ? { id: prev.id, startedAt: prev.startedAt, state: prev.facts.state } : null,
    suiteRuns: at + 1,
    newFailures: c.newFailures,
    fixed: c.fixed,
    stillFailing: c.stillFailing,
    flaky: c.flaky,
    wasStalled: c.wasStalled,
    nowStalled: c.nowStalled,
    success: {
      before: success?.before ?? null,
      after: success ? success.after : own.facts.aggregates.rates.success_rate.value,
      delta: success?.delta ?? null,
      likeForLike: success?.likeForLike ?? null,
      pValue: c.test && c.test.n > 0 ? c.test.pValue : null,
      paired: c.test?.n ?? 0,
    },
    // fromEntries defines own keys: a scenario named `__proto__` stays data.
    marks: Object.fromEntries(c.marks),
  };
}

/**
 * What changed in `run` since the previous run of its suite: its scenarios, its success rate and its
 * setup (the compare page's redacted setup diff, views/setup.ts, one line per change as `check` names them).
 */
export async function runChanges(index: ResultsIndex, run: RunModel, nowMs = Date.now()): Promise<RunChanges> {
  const changes = verdictChanges(index, run, nowMs);
  const prev = changes.previous ? index.runs.get(changes.previous.id) : undefined;
  const setup = prev ? setupSummary(await runSetupDiff(prev, run)) : [];
  return { ...changes, setup };
}

/** `quick=new` as the names it stands for (the run's new failures), so the table's one filter applies it. */
export function withNewFailures(index: ResultsIndex, run: RunModel, query: ScenarioQuery, nowMs = Date.now()): ScenarioQuery {
  if (!query.quick?.includes("new")) return query;
  const fresh = new Set(verdictChanges(index, run, nowMs).newFailures);
  const names = query.names ? query.names.filter((n) => fresh.has(n)) : [...fresh];
  return { ...query, quick: query.quick.filter((q) => q !== "new"), names };
}

/**
 * The runs list's change column: each listed run against the previous listed run of its suite. The
 * rate change needs only the items; the new failures need both runs' trend facts, made only once
 * the index has been read (while indexing, facts would cost each run's analysis).
 */
export function listChanges(index: ResultsIndex, items: readonly RunListItem[], nowMs = Date.now()): Map<string, ListChange> {
  // The same list for the index's version (and, as unfinished runs' items move with it, a 10 s clock bucket).
  const key = `${index.version}\0${Math.floor(nowMs / 10_000)}\0${index.indexing ? "indexing" : "done"}\0${items.length}`;
  const hit = listCache().get(index);
  if (hit?.key === key) return hit.made;
  const made = makeListChanges(index, items, nowMs);
  listCache().set(index, { key, made });
  return made;
}

/** The runs list's change column, for the index's last version (365 runs: 15-50 ms to make on this machine, 0 to reuse); one per index, as two stores of a folder may live in one process (tests). */
const listCache = () => processCaches().weak<ResultsIndex, { key: string; made: Map<string, ListChange> }>("runs-list-changes");

function makeListChanges(index: ResultsIndex, items: readonly RunListItem[], nowMs: number): Map<string, ListChange> {
  const suites = new Map<string, RunListItem[]>();
  for (const item of items) {
    if (!item.queueKey) continue;
    const list = suites.get(item.queueKey) ?? [];
    list.push(item);
    suites.set(item.queueKey, list);
  }
  const saved = savedTrendFactsOf(index);
  const savedItems = index.savedListItems;
  const out = new Map<string, ListChange>();
  for (const list of suites.values()) {
    if (list.length < 2) continue;
    list.sort(byStart);
    const runs = list.map((item) => index.runs.get(item.id)!);
    // Every run's trend facts, made only when a count is not saved (a restart needs none of them).
    let cells: SuiteRunCells[] | undefined;
    const cellsOf = () => (cells ??= list.map((item, j) => ({ id: item.id, startedAt: item.startedAt, cells: trendFacts(runs[j]!, nowMs, saved).cells })));
    for (let i = 1; i < list.length; i++) {
      const item = list[i]!;
      const prev = list[i - 1]!;
      // A run that did not finish is compared like for like, from both runs' cells (not while indexing: unknown until then).
      const side = (it: RunListItem, j: number) => ({ finished: it.state === "finished", rate: it.rates.success_rate, cells: () => cellsOf()[j]!.cells });
      const likeForLike = prev.state !== "finished" || item.state !== "finished";
      const success = likeForLike && index.indexing ? null : successChange(side(prev, i - 1), side(item, i));
      let newFailures: number | null = null;
      if (!index.indexing) {
        const key = countKey(runs, i);
        newFailures = savedItems?.newFailures(runs[i]!, key) ?? null;
        if (newFailures === null) {
          newFailures = changesVsPrevious(cellsOf(), i, cellsOf()[i]!.cells.keys()).newFailures.length;
          savedItems?.putNewFailures(runs[i]!, key, newFailures);
        }
      }
      out.set(item.id, { previous: prev.id, delta: success?.delta ?? null, likeForLike: success?.likeForLike ?? null, newFailures });
    }
  }
  return out;
}

/**
 * What run `at`'s count of new failures is made from: its list item key and those of the suite's
 * runs it looks back on (the previous run, and the flaky window before it). A run found later that
 * sorts between them, or any of them changed, makes another key.
 */
function countKey(runs: readonly RunModel[], at: number): string {
  const hash = createHash("sha1");
  for (let j = Math.max(0, at - FLAKY_WINDOW); j <= at; j++) hash.update(`${runs[j]!.id}\0${listItemKey(runs[j]!)}\0`);
  return hash.digest("hex");
}

/** One scenario across its suite's runs (the newest `SCENARIO_STRIP_RUNS`, up to and including the newest run). */
export function scenarioAcrossRuns(index: ResultsIndex, run: RunModel, name: string, nowMs = Date.now()): ScenarioAcrossRuns {
  const { runs } = suiteOfRun(index, run, nowMs);
  const shown = runs.slice(-SCENARIO_STRIP_RUNS);
  return { runs: shown.map((r) => ({ id: r.id, startedAt: r.startedAt, cell: r.cells.get(name) ?? "-" })), earlier: runs.length - shown.length };
}

/**
 * The suite's runs in a results folder (the CI gate's history): the runs whose queue key is one of
 * `keys`, started before `before` (ISO; all when unknown), but `exclude` (the run itself, by id),
 * oldest first.
 */
export function suiteHistoryIn(
  index: ResultsIndex,
  keys: ReadonlySet<string>,
  before: string | null,
  exclude: (run: RunModel) => boolean,
  nowMs = Date.now(),
): SuiteRunCells[] {
  const saved = savedTrendFactsOf(index);
  const out: SuiteRunCells[] = [];
  for (const run of index.runs.values()) {
    if (exclude(run)) continue;
    const f = trendFacts(run, nowMs, saved);
    if (!keys.has(keyOf(f))) continue;
    if (before !== null && f.startedAt !== null && f.startedAt >= before) continue;
    out.push({ id: run.id, startedAt: f.startedAt, cells: f.cells });
  }
  return out.sort(byStart);
}
