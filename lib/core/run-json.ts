/** The JSON form of a run's summary: what `summary --json` prints and `/api/runs/{id}` extends. */
import type { RunAggregates } from "./aggregates";
import type { RunAnalysis } from "./run-analysis";
import type { RunState } from "./run-state";

export interface RunSummaryJson extends RunAggregates {
  state: RunState;
  partial: boolean;
  /** Scenarios the current session queued (from the log, else `run_args.json`). */
  intended_count: number;
  /** Queued scenarios with a finished `metrics.json`. */
  completed_count: number;
  in_flight: string | null;
  resumed: boolean;
  on_disk_summary: RunAnalysis["onDiskSummary"];
  /** Record names in summary order R. */
  order: string[];
}

export function runSummaryJson(analysis: RunAnalysis): RunSummaryJson {
  const { plan, status } = analysis;
  return {
    state: status.state,
    partial: analysis.partial,
    intended_count: status.intended ?? plan.queue.length,
    completed_count: analysis.records.length,
    in_flight: status.inFlight?.name ?? null,
    resumed: status.resumed,
    // A getter (still serialized in place): the check renders the whole summary text, which the
    // runs list, built from this object, never needs.
    get on_disk_summary() {
      return analysis.onDiskSummary;
    },
    ...analysis.aggregates,
    order: analysis.records.map((r) => r.name),
  };
}
