/**
 * One run in the live index: its run-level files and its scenarios' slim records. Aggregates are
 * recomputed from memory (never from disk) when something changed, and cached until then.
 */
import {
  analyzeRun,
  domainOf,
  judgeMeanNote,
  judgeThresholdOf,
  latencySummary,
  latencyValues,
  ratesOf,
  runHistory,
  runSummaryJson,
  scenarioRow,
  SIGNALS,
  type LatencySummary,
  type Problem,
  type RunAnalysis,
  type ScenarioRecord,
} from "@/lib/core";
import type { ScenarioRow } from "@/lib/core/scenario-row";
import type { HistogramBin, RunDetail, RunListItem, ScopedProblem, SignalBreakdownCounts } from "@/lib/shared/dto";
import { queryRows, type ScenarioQuery, type SearchableRow } from "@/lib/shared/scenario-query";
import { readAllMetricsOrder, type RunLevel } from "./read-run-level";
import { histogramOn } from "./histogram";

const MAX_CACHED_VIEWS = 16;

export interface IndexedScenario {
  name: string;
  /** Last good record; kept while a newer `metrics.json` is half-written or corrupt. */
  record: ScenarioRecord | null;
  problems: Problem[];
  metricsMtimeMs: number | null;
  /** Lower-cased judge reason for the table search, once read. */
  searchText: string;
}

export class RunEntry {
  readonly scenarios = new Map<string, IndexedScenario>();
  killedFolders: string[] = [];
  lastActivityMs: number | null = null;
  /** Set once the judge reasons of this run have been (or are being) read for the text search. */
  searchTextsLoaded: Promise<void> | null = null;
  private cache: {
    analysis: RunAnalysis;
    rows: SearchableRow[];
    nowBucket: number;
    listItem?: RunListItem;
    detail?: RunDetail;
    /** Filtered and sorted rows by view (paging aside): the table's pages and the scenario page's prev/next are slices of these. */
    views?: Map<string, ScenarioRow[]>;
    positions?: Map<string, Map<string, number>>;
  } | null = null;

  constructor(
    readonly id: string,
    readonly dir: string,
    public runLevel: RunLevel,
  ) {}

  invalidate(): void {
    this.cache = null;
  }

  /**
   * Loads the order of a finished run's `all_metrics.json` (§2.1), which only the summary text and
   * the record order depend on. Pages and routes that show either await this first.
   */
  async ensureOrder(): Promise<void> {
    const level = this.runLevel;
    if (level.allMetricsOrder || !level.hasAllMetrics || !level.sessions[level.sessions.length - 1]?.complete) return;
    const read = await readAllMetricsOrder(this.dir);
    if (this.runLevel !== level) return;
    level.allMetricsOrder = read.order;
    level.problems.push(...read.problems);
    this.invalidate();
  }

  private compute(nowMs: number) {
    // Run state depends on the clock; recompute at most every 10 s when nothing changed.
    const nowBucket = Math.floor(nowMs / 10_000);
    if (this.cache && this.cache.nowBucket === nowBucket) return this.cache;
    const scenarios = [...this.scenarios.values()];
    const analysis = analyzeRun({
      invocations: this.runLevel.invocations,
      sessions: this.runLevel.sessions,
      scenarios,
      allMetricsOrder: this.runLevel.allMetricsOrder,
      allSummary: this.runLevel.allSummary,
      lastActivityMs: this.lastActivityMs,
      nowMs,
    });
    const rows = analysis.records.map((record, order) => {
      const s = this.scenarios.get(record.name);
      return { row: scenarioRow(record, analysis.plan.minAgentTurns, s?.problems ?? []), order, searchText: s?.searchText ?? "" };
    });
    this.cache = { analysis, rows, nowBucket };
    return this.cache;
  }

  analysis(nowMs = Date.now()): RunAnalysis {
    return this.compute(nowMs).analysis;
  }

  problems(): ScopedProblem[] {
    const out: ScopedProblem[] = this.runLevel.problems.map((p) => ({ ...p, scenario: null }));
    for (const s of this.scenarios.values()) for (const p of s.problems) out.push({ ...p, scenario: s.name });
    return out;
  }

  /** Cached with the analysis: a live update or the clock (10 s) recomputes it. */
  listItem(nowMs = Date.now()): RunListItem {
    const cache = this.compute(nowMs);
    return (cache.listItem ??= this.buildListItem(nowMs));
  }

  private buildListItem(nowMs: number): RunListItem {
    const analysis = this.analysis(nowMs);
    const json = runSummaryJson(analysis);
    const first = this.runLevel.invocations[0]?.started_at ?? this.runLevel.sessions[0]?.startedAt?.replace(" ", "T") ?? null;
    return {
      id: this.id,
      state: json.state,
      scenarioCount: json.completed_count,
      intendedCount: json.intended_count,
      updatedAt: this.lastActivityMs === null ? null : new Date(this.lastActivityMs).toISOString(),
      startedAt: first,
      rates: json.rates,
      problems: this.problems(),
      domains: [...new Set(analysis.records.map((r) => domainOf(r.name)))].sort(),
      inFlight: json.in_flight,
      partial: json.partial,
      resumed: json.resumed,
      stalledCount: json.stalled.length,
      judgeScores: judgeMeanNote(analysis.fold.judge_score.all),
    };
  }

  detail(nowMs = Date.now()): RunDetail {
    const cache = this.compute(nowMs);
    return (cache.detail ??= this.buildDetail(nowMs));
  }

  private buildDetail(nowMs: number): RunDetail {
    const analysis = this.analysis(nowMs);
    const json = runSummaryJson(analysis);
    const byDomain = new Map<string, number[]>();
    for (const r of analysis.records) {
      const d = domainOf(typeof r.metrics.scenario_name === "string" ? r.metrics.scenario_name : r.name);
      const list = byDomain.get(d) ?? [];
      list.push(...latencyValues(r.metrics));
      byDomain.set(d, list);
    }
    const pooled = analysis.records.flatMap((r) => latencyValues(r.metrics));
    const binned = histogramOn(pooled);
    const latencyByDomain: Record<string, LatencySummary> = {};
    const histByDomain: Record<string, HistogramBin[]> = {};
    for (const [d, values] of byDomain) {
      if (values.length === 0) continue;
      latencyByDomain[d] = latencySummary(values, -1);
      histByDomain[d] = binned(values);
    }
    const lastInvocation = this.runLevel.invocations[this.runLevel.invocations.length - 1];
    return {
      ...this.listItem(nowMs),
      queueLength: json.queue_length,
      minAgentTurns: json.min_agent_turns,
      perDomain: json.per_domain,
      latency: json.latency,
      latencyByDomain,
      histogram: { pooled: binned(pooled), byDomain: histByDomain },
      successBreakdown: breakdownCounts(analysis.records),
      tokens: json.tokens,
      stalled: json.stalled,
      totalDurationSeconds: json.total_duration_seconds,
      totalTurns: json.total_turns,
      onDiskSummary: json.on_disk_summary,
      order: json.order,
      unfinished: [...this.scenarios.values()].filter((s) => !s.record).map((s) => ({ name: s.name, problems: s.problems })),
      outsideQueue: analysis.plan.outsideQueue,
      killedFolders: this.killedFolders,
      judgeThreshold: judgeThresholdOf(lastInvocation),
      history: runHistory({ invocations: this.runLevel.invocations, sessions: this.runLevel.sessions, killedFolders: this.killedFolders, status: analysis.status }),
    };
  }

  queryScenarios(query: ScenarioQuery, nowMs = Date.now()) {
    const cache = this.compute(nowMs);
    const views = (cache.views ??= new Map<string, ScenarioRow[]>());
    const { offset, limit, ...view } = query;
    const key = JSON.stringify(view);
    let matched = views.get(key);
    if (!matched) {
      matched = queryRows(cache.rows, { ...query, offset: 0, limit: cache.rows.length }).rows;
      views.set(key, matched);
      if (views.size > MAX_CACHED_VIEWS) views.delete(views.keys().next().value as string);
    }
    return { total: cache.rows.length, matched: matched.length, offset, limit, rows: matched.slice(offset, offset + limit) };
  }

  /** Each scenario's position in the whole run under one sort (no filters); cached like the views. */
  positions(sort: ScenarioQuery["sort"], dir: ScenarioQuery["dir"], nowMs = Date.now()): ReadonlyMap<string, number> {
    const cache = this.compute(nowMs);
    const all = (cache.positions ??= new Map());
    let map = all.get(`${sort}:${dir}`);
    if (!map) {
      map = new Map(this.queryScenarios({ sort, dir, offset: 0, limit: cache.rows.length }, nowMs).rows.map((r, i) => [r.name, i]));
      all.set(`${sort}:${dir}`, map);
    }
    return map;
  }

  rates(nowMs = Date.now()) {
    return ratesOf(this.analysis(nowMs).fold);
  }
}

function breakdownCounts(records: readonly ScenarioRecord[]): Record<string, SignalBreakdownCounts> {
  const out: Record<string, SignalBreakdownCounts> = {};
  for (const s of SIGNALS) out[s] = { passed: 0, failed: 0, not_applicable: 0, excluded: 0 };
  for (const r of records) {
    const b = r.metrics.success_breakdown;
    if (!b || typeof b !== "object") continue;
    for (const state of ["passed", "failed", "not_applicable", "excluded"] as const) {
      const list = (b as Record<string, unknown>)[state];
      if (!Array.isArray(list)) continue;
      for (const signal of list) {
        if (typeof signal !== "string") continue;
        out[signal] ??= { passed: 0, failed: 0, not_applicable: 0, excluded: 0 };
        out[signal][state]++;
      }
    }
  }
  return out;
}
