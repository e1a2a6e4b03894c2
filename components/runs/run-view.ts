/**
 * The slice of a run the runs list shows. Built on the server from a `RunListItem` so that the
 * client payload carries counts, not every problem of every run.
 */
import type { Rate, RunListItem } from "@/lib/shared/dto";

/** The list item's own fields, plus the two rates and the problem count the table shows. */
export interface RunSummary extends Pick<
  RunListItem,
  | "id"
  | "state"
  | "scenarioCount"
  | "intendedCount"
  | "updatedAt"
  | "startedAt"
  | "domains"
  | "inFlight"
  | "partial"
  | "resumed"
  | "stalledCount"
  | "outsideQueueCount"
  | "lastLogAt"
  | "durationSeconds"
  | "queueKey"
  | "vsPrevious"
> {
  successRate: Rate;
  taskSuccessRate: Rate;
  problemCount: number;
}

export function toRunSummary(run: RunListItem): RunSummary {
  return {
    id: run.id,
    state: run.state,
    scenarioCount: run.scenarioCount,
    intendedCount: run.intendedCount,
    updatedAt: run.updatedAt,
    startedAt: run.startedAt,
    successRate: run.rates.success_rate,
    taskSuccessRate: run.rates.task_success_rate,
    problemCount: run.problems.length,
    domains: run.domains,
    inFlight: run.inFlight,
    partial: run.partial,
    resumed: run.resumed,
    stalledCount: run.stalledCount,
    outsideQueueCount: run.outsideQueueCount,
    lastLogAt: run.lastLogAt,
    durationSeconds: run.durationSeconds,
    queueKey: run.queueKey,
    ...(run.vsPrevious ? { vsPrevious: run.vsPrevious } : {}),
  };
}
