/** The triage reports as Markdown, for the CLI and the API alike (the same text from the same figures). */
import "server-only";
import { runSummaryJson, scenarioRow, type RunAnalysis, type Problem, type RunRetries } from "@/lib/core";
import { runReport, runTiming, scenarioReport, type RollupItem, type RunTiming } from "@/lib/core/timing";
import type { ScenarioDetail } from "@/lib/shared/dto";
import type { RunReportInput } from "@/lib/core/timing/report/run-report";

export function runReportText(run: string, analysis: RunAnalysis, problems: ReadonlyMap<string, Problem[]>, timing: RunTiming, audio: RunReportInput["audio"] = null, retries: RunRetries | null = null): string {
  const rows = analysis.records.map((r) => scenarioRow(r, analysis.plan.minAgentTurns, problems.get(r.name) ?? []));
  return runReport({ run, summary: runSummaryJson(analysis), rows, timing, audio, retries });
}

export function scenarioReportText(detail: ScenarioDetail): string | null {
  if (!detail.timing) return null;
  return scenarioReport({
    run: detail.run,
    name: detail.name,
    row: detail.row,
    metrics: detail.metrics,
    timing: detail.timing,
    toolCalls: detail.insights.toolCalls,
    actions: detail.insights.actions,
    asr: detail.insights.asr,
    hints: detail.insights.hints,
  });
}

/** A run's rollup from items read in one go (the CLI; the server keeps them in the timing service). */
export function rollupOf(items: readonly RollupItem[]): RunTiming {
  return runTiming(items, 0);
}
