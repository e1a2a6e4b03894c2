/**
 * What the trends page needs of one run, cached while the run is unchanged. The index recomputes a
 * run's analysis every 10 s (its state depends on the clock); a finished run's facts cannot change
 * with the clock, so they are kept until its files change (a cheap signature of the scenarios'
 * metrics.json times and the run-level read), and an unfinished run's for 10 s.
 */
import { scenarioRow, type RunAggregates, type RunState, type Verdict } from "@/lib/core";
import type { Cell } from "@/lib/core/trends";
import type { RunEntry } from "./run-entry";
import type { RunLevel } from "./read-run-level";

export interface TrendFacts {
  queue: readonly string[];
  startedAt: string | null;
  state: RunState;
  intended: number;
  aggregates: RunAggregates;
  verdicts: Map<string, Verdict>;
  cells: Map<string, Cell>;
}

const levelIds = new WeakMap<RunLevel, number>();
let nextLevelId = 0;
const cache = new Map<string, { signature: string; facts: TrendFacts }>();
const MAX_RUNS = 2_000;

function signatureOf(run: RunEntry, nowMs: number): string {
  let level = levelIds.get(run.runLevel);
  if (level === undefined) levelIds.set(run.runLevel, (level = nextLevelId++));
  let sum = 0;
  let records = 0;
  for (const s of run.scenarios.values()) {
    if (!s.record) continue;
    records++;
    sum += s.metricsMtimeMs ?? 0;
  }
  const finished = run.runLevel.sessions[run.runLevel.sessions.length - 1]?.complete ?? false;
  return `${level}:${run.scenarios.size}:${records}:${sum}:${run.killedFolders.length}:${run.lastActivityMs}:${finished ? "done" : Math.floor(nowMs / 10_000)}`;
}

export function trendFacts(run: RunEntry, nowMs = Date.now()): TrendFacts {
  const signature = signatureOf(run, nowMs);
  const hit = cache.get(run.dir);
  if (hit && hit.signature === signature) return hit.facts;
  const analysis = run.analysis(nowMs);
  const verdicts = new Map<string, Verdict>();
  const cells = new Map<string, Cell>();
  for (const r of analysis.records) {
    const row = scenarioRow(r, analysis.plan.minAgentTurns);
    verdicts.set(row.name, row.verdict);
    cells.set(row.name, row.stalled ? "S" : row.verdict === true ? "P" : row.verdict === false ? "F" : "N");
  }
  const level = run.runLevel;
  const facts: TrendFacts = {
    queue: analysis.plan.queue,
    startedAt: level.invocations[0]?.started_at ?? level.sessions[0]?.startedAt?.replace(" ", "T") ?? null,
    state: analysis.status.state,
    intended: analysis.status.intended ?? analysis.plan.queue.length,
    aggregates: analysis.aggregates,
    verdicts,
    cells,
  };
  cache.delete(run.dir);
  if (cache.size >= MAX_RUNS) cache.delete(cache.keys().next().value as string);
  cache.set(run.dir, { signature, facts });
  return facts;
}
