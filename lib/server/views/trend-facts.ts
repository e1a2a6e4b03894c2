/** What the trends page needs of one run, kept for the run's revision. */
import { scenarioVerdict, type RunAggregates, type RunState, type Verdict } from "@/lib/core";
import { retryTrend, type RetryTrend } from "@/lib/core/trends/retries";
import { judgeMeanNote, type JudgeMeanNote } from "@/lib/core/judge-score";
import type { Cell } from "@/lib/core/trends";
import { endSettingsOf, type EndSettings } from "@/lib/core/call-end";
import { scoringKey } from "@/lib/core/scoring-change";
import { lastInvocationArgs } from "@/lib/core/setup/diff";
import "server-only";
import { processCaches } from "../process-caches";
import type { RunModel } from "../model/run-model";
import { retriesOf, runAnalysis } from "./run-views";

export interface TrendFacts {
  queue: readonly string[];
  startedAt: string | null;
  state: RunState;
  intended: number;
  aggregates: RunAggregates;
  /** The judge-score mean over the valid scores and the judge errors apart (the run page's figure). */
  judge: JudgeMeanNote;
  verdicts: Map<string, Verdict>;
  cells: Map<string, Cell>;
  /** Automatic retries (issue 45); absent in facts saved before they were kept. */
  retries?: RetryTrend;
  /** How its calls end (issue 57): policy and inactivity timeout; absent in facts saved before. */
  endSettings?: EndSettings;
  /** Per scenario, what it is scored on (`scoringKey`), to mark the night a domain's scoring changed (issue 57). */
  scoring?: Map<string, string | null>;
}

/** Where facts are kept across restarts (`SavedTrendFacts`, in the index cache). */
export interface KeptTrendFacts {
  get(run: RunModel): TrendFacts | null;
  has(run: RunModel): boolean;
  put(run: RunModel, facts: TrendFacts): void;
}

/** Per run, for its revision (and, while it has not finished, a 10 s clock bucket: its state moves with time). */
const cache = () => processCaches().weak<RunModel, { key: string; facts: TrendFacts }>("trend-facts");

const revisionKey = (run: RunModel, nowMs: number) => `${run.revision}:${run.finished ? "done" : Math.floor(nowMs / 10_000)}`;

/** `saved`: the facts kept in the index cache, used when made under the run's key and saved when made here. */
export function trendFacts(run: RunModel, nowMs = Date.now(), saved: KeptTrendFacts | null = null): TrendFacts {
  const key = revisionKey(run, nowMs);
  const hit = cache().get(run);
  if (hit && hit.key === key) return hit.facts;
  const kept = saved?.get(run) ?? null;
  if (kept) {
    cache().set(run, { key, facts: kept });
    return kept;
  }
  const facts = factsOf(run, nowMs);
  cache().set(run, { key, facts });
  saved?.put(run, facts);
  return facts;
}

/**
 * Saves the run's facts if they are not saved as it is now, without keeping them in memory: made while
 * a finished run's states are still here (see `live/store`), so that `/trends` need not load them back.
 */
export function saveTrendFacts(run: RunModel, saved: KeptTrendFacts): void {
  if (!run.finished || saved.has(run)) return;
  const hit = cache().get(run);
  const nowMs = Date.now();
  saved.put(run, hit && hit.key === revisionKey(run, nowMs) ? hit.facts : factsOf(run, nowMs));
}

function factsOf(run: RunModel, nowMs: number): TrendFacts {
  const analysis = runAnalysis(run, nowMs);
  const verdicts = new Map<string, Verdict>();
  const cells = new Map<string, Cell>();
  const scoring = new Map<string, string | null>();
  for (const r of analysis.records) {
    scoring.set(r.name, scoringKey(r.metrics));
    const { verdict, stalled } = scenarioVerdict(r, analysis.plan.minAgentTurns);
    verdicts.set(r.name, verdict);
    cells.set(r.name, stalled ? "S" : verdict === true ? "P" : verdict === false ? "F" : "N");
  }
  const level = run.runLevel;
  return {
    queue: analysis.plan.queue,
    startedAt: level.invocations[0]?.started_at ?? level.sessions[0]?.startedAt?.replace(" ", "T") ?? null,
    state: analysis.status.state,
    intended: analysis.status.intended ?? analysis.plan.queue.length,
    aggregates: analysis.aggregates,
    judge: judgeMeanNote(analysis.fold.judge_score.all),
    verdicts,
    cells,
    retries: retryTrend(retriesOf(run, analysis)),
    endSettings: endSettingsOf(
      lastInvocationArgs(level.invocations),
      analysis.records.map((r) => r.metrics),
    ),
    scoring,
  };
}
