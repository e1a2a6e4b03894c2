/**
 * What the pages and the API show of one run, computed from the model and kept for the run's
 * revision (and, for run state, a 10-second clock bucket): a change to the run moves its revision,
 * so no cache here is ever invalidated by hand.
 */
import { runTimeOf } from "@/lib/core/run-time";
import { endSettingsOf, stopReasonCounts } from "@/lib/core/call-end";
import { runUnknownKeys } from "@/lib/core/metrics-fields";
import "server-only";
import { createHash } from "node:crypto";
import {
  analyzeRun,
  judgeMeanNote,
  recordDomain,
  judgeThresholdOf,
  latencySummary,
  latencyValues,
  ratesOf,
  runHistory,
  runSummaryJson,
  scenarioRow,
  outsideQueueRow,
  attemptIndex,
  runRetries,
  retrySwitches,
  SIGNALS,
  type LatencySummary,
  type RunAnalysis,
  type ScenarioRecord,
  type ScenarioRow,
} from "@/lib/core";
import type { HistogramBin, RunDetail, RunListItem, SignalBreakdownCounts } from "@/lib/shared/dto";
import { queryRows, type ScenarioQuery, type SearchableRow } from "@/lib/shared/scenario-query";
import type { RunModel } from "../model/run-model";
import { processCaches } from "../process-caches";
import { histogramOn } from "@/lib/core/histogram";

const MAX_CACHED_VIEWS = 16;
/** What the views derived of a run's states in memory, for a revision (views never write to the model). */
const derivedOf = () => processCaches().weak<object, Derived>("run-derived");
const CLOCK_BUCKET_MS = 10_000;

interface Derived {
  revision: number;
  bucket: number;
  analysis: RunAnalysis;
  readonly rows: SearchableRow[];
  listItem?: RunListItem;
  detail?: RunDetail;
  /** Filtered and sorted rows by view (paging aside): table pages and prev/next are slices of these. */
  views: Map<string, ScenarioRow[]>;
  positions: Map<string, Map<string, number>>;
}

/** An unfinished run's state depends on the clock: recomputed at most every 10 s when nothing changed. */
const clockBucket = (run: RunModel, nowMs: number) => (run.finished ? -1 : Math.floor(nowMs / CLOCK_BUCKET_MS));

/** What is derived of the run as it is now, if it was derived already. */
function current(run: RunModel, nowMs: number): Derived | null {
  // Kept under the identity of the run's states in memory: gone when they leave (`RunModel.unload`).
  const hit = derivedOf().get(run.held);
  return hit && hit.revision === run.revision && hit.bucket === clockBucket(run, nowMs) ? hit : null;
}

function derive(run: RunModel, nowMs: number): Derived {
  const hit = current(run, nowMs);
  if (hit) return hit;
  const bucket = clockBucket(run, nowMs);
  const level = run.runLevel;
  const analysis = analyzeRun({
    invocations: level.invocations,
    sessions: level.sessions,
    scenarios: [...run.scenarios.values()],
    allMetricsOrder: run.allMetricsOrder ?? null,
    allSummary: level.allSummary,
    lastActivityMs: run.lastActivityMs,
    nowMs,
  });
  let rows: SearchableRow[] | null = null;
  let attempts: ReturnType<typeof attemptIndex> | null = null;
  const attemptsOf = (name: string) => (attempts ??= attemptIndex(run.killedFolders)).get(name) ?? [];
  const fresh: Derived = {
    revision: run.revision,
    bucket,
    analysis,
    // Built on the first table request: the runs list, which asks for every run, needs no rows.
    get rows() {
      if (rows) return rows;
      rows = analysis.records.map((record, order) => {
        const s = run.scenarios.get(record.name);
        return {
          row: scenarioRow(record, analysis.plan.minAgentTurns, [...(s?.problems ?? [])], attemptsOf(record.name)),
          order,
          searchText: s?.searchText ?? "",
        };
      });
      // Folders outside the last queue follow, marked: shown, never counted (the rates are the harness's).
      for (const name of outsideQueueNames(run, analysis)) {
        const s = run.scenarios.get(name);
        rows.push({
          row: outsideQueueRow(name, s?.record ?? null, analysis.plan.minAgentTurns, [...(s?.problems ?? [])], attemptsOf(name)),
          order: rows.length,
          searchText: s?.searchText ?? "",
        });
      }
      return rows;
    },
    views: new Map(),
    positions: new Map(),
  };
  derivedOf().set(run.held, fresh);
  return fresh;
}

export function runAnalysis(run: RunModel, nowMs = Date.now()): RunAnalysis {
  return derive(run, nowMs).analysis;
}

export function runRates(run: RunModel, nowMs = Date.now()) {
  return ratesOf(runAnalysis(run, nowMs).fold);
}

export function runListItem(run: RunModel, nowMs = Date.now()): RunListItem {
  return listItemOf(run, derive(run, nowMs));
}

/** The run's list item when its analysis is already made (no analysis is computed here). */
export function builtRunListItem(run: RunModel, nowMs = Date.now()): RunListItem | null {
  const d = current(run, nowMs);
  return d ? listItemOf(run, d) : null;
}

const listItemOf = (run: RunModel, d: Derived): RunListItem => (d.listItem ??= buildListItem(run, d.analysis));

export function runDetail(run: RunModel, nowMs = Date.now()): RunDetail {
  const d = derive(run, nowMs);
  return (d.detail ??= buildDetail(run, d.analysis, runListItem(run, nowMs)));
}

/** One page of the scenario table under a view (filters, sort, search). */
export function queryScenarios(run: RunModel, query: ScenarioQuery, nowMs = Date.now()) {
  const d = derive(run, nowMs);
  const { offset, limit, ...view } = query;
  const key = JSON.stringify(view);
  let matched = d.views.get(key);
  if (!matched) {
    matched = queryRows(d.rows, { ...query, offset: 0, limit: d.rows.length }).rows;
    d.views.set(key, matched);
    if (d.views.size > MAX_CACHED_VIEWS) d.views.delete(d.views.keys().next().value as string);
  }
  return { total: d.rows.length, matched: matched.length, offset, limit, rows: matched.slice(offset, offset + limit) };
}

/** Each scenario's position in the whole run under one sort (no filters). */
export function scenarioPositions(run: RunModel, sort: ScenarioQuery["sort"], dir: ScenarioQuery["dir"], nowMs = Date.now()): ReadonlyMap<string, number> {
  const d = derive(run, nowMs);
  const key = `${sort}:${dir}`;
  let map = d.positions.get(key);
  if (!map) {
    map = new Map(queryScenarios(run, { sort, dir, offset: 0, limit: d.rows.length }, nowMs).rows.map((r, i) => [r.name, i]));
    d.positions.set(key, map);
  }
  return map;
}

/** The table rows of a run in summary order, the counted ones only (compare reads these). */
export function runRows(run: RunModel, nowMs = Date.now()): ScenarioRow[] {
  return derive(run, nowMs).rows.flatMap((r) => (r.row.outside_queue ? [] : [r.row]));
}

/** Scenario folders the last queue does not name, with or without a result, in name order. */
export function outsideQueueNames(run: RunModel, analysis: RunAnalysis): string[] {
  const queued = new Set(analysis.plan.queue);
  return [...run.scenarios.keys()].filter((n) => !queued.has(n)).sort();
}

function buildListItem(run: RunModel, analysis: RunAnalysis): RunListItem {
  const json = runSummaryJson(analysis);
  const level = run.runLevel;
  // The run's own clock: its log's last line (the harness's local time), not the files' mtimes.
  const time = runTimeOf(level);
  return {
    id: run.id,
    state: json.state,
    scenarioCount: json.completed_count,
    intendedCount: json.intended_count,
    updatedAt: run.lastActivityMs === null ? null : new Date(run.lastActivityMs).toISOString(),
    startedAt: time.startedAt,
    lastLogAt: time.lastLogMs === null ? null : new Date(time.lastLogMs).toISOString(),
    durationSeconds: time.seconds,
    rates: json.rates,
    problems: run.problems(),
    domains: [...new Set(analysis.records.map((r) => recordDomain(r)))].sort(),
    inFlight: json.in_flight,
    partial: json.partial,
    resumed: json.resumed,
    stalledCount: json.stalled.length,
    outsideQueueCount: outsideQueueNames(run, analysis).length,
    judgeScores: judgeMeanNote(analysis.fold.judge_score.all),
    queueKey: queueKeyOf(analysis.plan.queue),
  };
}

/** Runs that queued the same scenarios share this key (the runs list groups them as a suite). */
export function queueKeyOf(queue: readonly string[]): string {
  return queue.length === 0
    ? ""
    : createHash("sha1")
        .update([...queue].sort().join("\n"))
        .digest("hex")
        .slice(0, 12);
}

function buildDetail(run: RunModel, analysis: RunAnalysis, listItem: RunListItem): RunDetail {
  const json = runSummaryJson(analysis);
  const byDomain = new Map<string, number[]>();
  for (const r of analysis.records) {
    const d = recordDomain(r);
    const list = byDomain.get(d) ?? [];
    list.push(...latencyValues(r.metrics));
    byDomain.set(d, list);
  }
  const pooled = analysis.records.flatMap((r) => latencyValues(r.metrics));
  const binned = histogramOn(pooled);
  const withValues = [...byDomain].filter(([, values]) => values.length > 0);
  const lastInvocation = run.runLevel.invocations[run.runLevel.invocations.length - 1];
  return {
    ...listItem,
    queueLength: json.queue_length,
    minAgentTurns: json.min_agent_turns,
    perDomain: json.per_domain,
    latency: json.latency,
    // fromEntries defines own keys: a domain named `__proto__` stays data.
    latencyByDomain: Object.fromEntries(withValues.map(([d, values]): [string, LatencySummary] => [d, latencySummary(values, -1)])),
    histogram: { pooled: binned(pooled), byDomain: Object.fromEntries(withValues.map(([d, values]): [string, HistogramBin[]] => [d, binned(values)])) },
    successBreakdown: breakdownCounts(analysis.records),
    tokens: json.tokens,
    stalled: json.stalled,
    totalDurationSeconds: json.total_duration_seconds,
    totalTurns: json.total_turns,
    onDiskSummary: json.on_disk_summary,
    order: json.order,
    unfinished: [...run.scenarios.values()].filter((s) => !s.record).map((s) => ({ name: s.name, problems: [...s.problems] })),
    outsideQueue: outsideQueueNames(run, analysis),
    killedFolders: [...run.killedFolders],
    judgeThreshold: judgeThresholdOf(lastInvocation),
    endSettings: endSettingsOf(
      lastInvocation ? (lastInvocation.parsed_args ?? {}) : null,
      analysis.records.map((r) => r.metrics),
    ),
    stopReasons: stopReasonCounts(analysis.records.map((r) => r.metrics)),
    newFields: runUnknownKeys(analysis.records.map((r) => r.metrics)),
    history: runHistory({
      invocations: run.runLevel.invocations,
      sessions: run.runLevel.sessions,
      killedFolders: [...run.killedFolders],
      status: analysis.status,
    }),
    retries: retriesOf(run, analysis),
    retryArgs: retrySwitches(lastInvocation ? (lastInvocation.parsed_args ?? {}) : null),
  };
}

/** The run's automatic retries (issue 45), over the records of its aggregate. */
export function retriesOf(run: RunModel, analysis: RunAnalysis) {
  return runRetries(analysis.records, analysis.plan.minAgentTurns, run.killedFolders, { has: (name) => run.hasScenario(name) });
}

const STATES = ["passed", "failed", "not_applicable", "excluded"] as const;

/** success_breakdown counts per signal; a Map, so a signal named `__proto__` is counted as data. */
function breakdownCounts(records: readonly ScenarioRecord[]): Record<string, SignalBreakdownCounts> {
  const out = new Map<string, SignalBreakdownCounts>();
  const zero = (): SignalBreakdownCounts => ({ passed: 0, failed: 0, not_applicable: 0, excluded: 0 });
  for (const s of SIGNALS) out.set(s, zero());
  for (const r of records) {
    const b = r.metrics.success_breakdown;
    if (!b || typeof b !== "object") continue;
    for (const state of STATES) {
      const list = Object.hasOwn(b, state) ? (b as Record<string, unknown>)[state] : undefined;
      if (!Array.isArray(list)) continue;
      for (const signal of list) {
        if (typeof signal !== "string") continue;
        let counts = out.get(signal);
        if (!counts) out.set(signal, (counts = zero()));
        counts[state]++;
      }
    }
  }
  return Object.fromEntries(out);
}
