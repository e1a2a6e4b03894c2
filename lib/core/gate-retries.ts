/**
 * The CI gate and automatic retries (issue 45): `check` lists each run's retried scenarios, and with
 * `--without-retries` gates on the first attempts: a retried scenario counts as the failure its first
 * attempt was, in the paired test and in `--min-success-rate` alike.
 */
import { boolRate } from "./aggregates";
import type { RunRetries } from "./retries";
import type { ScenarioRow } from "./scenario-row";

/** What the gate says of one run's retries. */
export interface GateRetrySide {
  provenance: RunRetries["provenance"];
  retried: RunRetries["retried"];
  withoutRetries: RunRetries["withoutRetries"];
}

export function gateRetrySide(r: RunRetries): GateRetrySide {
  return { provenance: r.provenance, retried: r.retried, withoutRetries: r.withoutRetries };
}

/** The rows as their first attempts went: a retried scenario with a verdict failed. */
export function firstAttemptRows(rows: readonly ScenarioRow[]): ScenarioRow[] {
  return rows.map((r) =>
    r.retries ? { ...r, verdict: r.verdict === "N/A" ? r.verdict : false, task_verdict: r.task_verdict === "N/A" ? r.task_verdict : false } : r,
  );
}

/** The success and task-success rates of rows, as the fold counts them (a boolean verdict counts; a stall is a `false` verdict). */
export function rowRates(rows: readonly ScenarioRow[]) {
  const bools = (pick: (r: ScenarioRow) => unknown) => rows.map(pick).filter((v): v is boolean => typeof v === "boolean");
  return { success_rate: boolRate(bools((r) => r.verdict)), task_success_rate: boolRate(bools((r) => r.task_verdict)) };
}
