/** The triage reports as Markdown, for the CLI and the API alike (the same text from the same figures). */
import "server-only";
import { failingSignals, judgeThresholdOf, runSummaryJson, scenarioRow, type RunAnalysis, type Problem } from "@/lib/core";
import type { RunModel } from "../model/run-model";
import type { RunFacts } from "@/components/scenario/types";
import { failureReasons } from "../views/failure-reasons";
import { retriesOf } from "../views/run-views";
import { whyOfDetail } from "../views/scenario-why";
import { runReport, runTiming, scenarioReport, type RollupItem, type RunTiming } from "@/lib/core/timing";
import type { ScenarioDetail } from "@/lib/shared/dto";
import type { RunReportInput } from "@/lib/core/timing/report/run-report";

/** What the run report says beyond the figures: why each failure failed (its judge's reason read from disk). */
export type RunReportExtras = Pick<RunReportInput, "failures" | "tokens" | "retries">;

export function runReportText(
  run: string,
  analysis: RunAnalysis,
  problems: ReadonlyMap<string, Problem[]>,
  timing: RunTiming,
  audio: RunReportInput["audio"] = null,
  extras: RunReportExtras = {},
): string {
  const rows = analysis.records.map((r) => scenarioRow(r, analysis.plan.minAgentTurns, problems.get(r.name) ?? []));
  return runReport({ run, summary: runSummaryJson(analysis), rows, timing, audio, ...extras });
}

/** The failing scenarios' signals with their values and their judges' reasons; the run's token totals from metrics.json. */
export async function runReportExtras(run: RunModel, analysis: RunAnalysis): Promise<RunReportExtras> {
  const threshold = judgeThresholdOf(run.runLevel.invocations[run.runLevel.invocations.length - 1]);
  const failing = analysis.records.map((r) => ({ record: r, row: scenarioRow(r, analysis.plan.minAgentTurns, []) })).filter((x) => x.row.verdict === false);
  const reasons = await failureReasons(
    run.dir,
    failing.map((f) => f.record.name),
  );
  const { agent, user } = analysis.aggregates.tokens;
  return {
    failures: failing.map(({ record, row }) => ({
      name: record.name,
      signals: failingSignals(row, record.metrics, null, threshold),
      reason: reasons.get(record.name) ?? null,
    })),
    tokens: { agent, user },
    retries: retriesOf(run, analysis),
  };
}

/** The scenario report: any scenario with a metrics.json has one (the log adds the timing). */
export function scenarioReportText(detail: ScenarioDetail, facts: Pick<RunFacts, "judgeThreshold" | "latencyP95Ms" | "agentTurnCount">): string {
  const why = whyOfDetail(detail, facts);
  return scenarioReport({
    run: detail.run,
    name: detail.name,
    row: detail.row,
    metrics: detail.metrics,
    timing: detail.timing,
    why,
    toolCalls: detail.insights.toolCalls,
    actions: detail.insights.actions,
    asr: detail.insights.asr,
  });
}

/** A run's rollup from items read in one go (the CLI; the server keeps them in the timing service). */
export function rollupOf(items: readonly RollupItem[]): RunTiming {
  return runTiming(items, 0);
}
