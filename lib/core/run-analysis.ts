/** Everything the dashboard says about one run, computed from what was read of it. */
import { aggregatesOf, type RunAggregates } from "./aggregates";
import type { LogSession } from "./evidence/evaluation-log";
import { foldRecords, type Fold, type ScenarioRecord } from "./fold";
import { planRun, type RunPlan } from "./run-plan";
import { runStatus, type RunStatus } from "./run-state";
import type { Invocation } from "./schemas";
import { renderSummary } from "./summary-text";

export interface RunAnalysisInput {
  invocations: Invocation[];
  sessions: LogSession[];
  /** Scenario folders in discovery order; `record` is `null` while a folder has no usable `metrics.json`. */
  scenarios: ReadonlyArray<{ name: string; record: ScenarioRecord | null }>;
  allMetricsOrder: string[] | null;
  /** The on-disk `all_summary.txt`, if any, as a comparison (the index keeps only its digest). */
  allSummary: { matches(text: string): boolean } | null;
  lastActivityMs: number | null;
  nowMs: number;
  minAgentTurnsOverride?: number;
}

/** How an on-disk `all_summary.txt` relates to the recomputed one. */
export type OnDiskSummary = "absent" | "matches" | "differs" | "stale";

export interface RunAnalysis {
  plan: RunPlan;
  status: RunStatus;
  /** Records in the order R. */
  records: ScenarioRecord[];
  fold: Fold;
  summaryText: string;
  aggregates: RunAggregates;
  onDiskSummary: OnDiskSummary;
  /** The summary covers only the scenarios finished so far (§2.6). */
  partial: boolean;
}

export function analyzeRun(input: RunAnalysisInput): RunAnalysis {
  const byName = new Map<string, ScenarioRecord>();
  for (const s of input.scenarios) if (s.record) byName.set(s.name, s.record);
  const plan = planRun({
    invocations: input.invocations,
    sessions: input.sessions,
    completed: new Set(byName.keys()),
    discovered: input.scenarios.map((s) => s.name),
    allMetricsOrder: input.allMetricsOrder,
    minAgentTurnsOverride: input.minAgentTurnsOverride,
  });
  const records: ScenarioRecord[] = [];
  for (const name of plan.order) {
    const r = byName.get(name);
    if (r) records.push(r);
  }
  const fold = foldRecords(records, plan.minAgentTurns);
  const status = runStatus({ sessions: input.sessions, lastActivityMs: input.lastActivityMs, nowMs: input.nowMs });
  // The summary text is most of an analysis's cost (every scenario's block, Python-formatted), and
  // only the summary and the on-disk check need it: rendered on first use, once.
  let summaryText: string | undefined;
  const summary = () =>
    (summaryText ??= renderSummary({ records, queueLength: plan.finished ? plan.queueLength : records.length, minAgentTurns: plan.minAgentTurns }, fold));
  const allSummary = input.allSummary;
  let onDisk: OnDiskSummary | undefined;
  return {
    plan,
    status,
    records,
    fold,
    get summaryText() {
      return summary();
    },
    aggregates: aggregatesOf(records, fold, plan.finished ? plan.queueLength : records.length, plan.minAgentTurns),
    get onDiskSummary(): OnDiskSummary {
      return (onDisk ??= allSummary === null ? "absent" : !plan.finished ? "stale" : allSummary.matches(summary()) ? "matches" : "differs");
    },
    partial: !plan.finished,
  };
}
