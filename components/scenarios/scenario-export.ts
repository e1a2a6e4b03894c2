/** CSV and JSON export of scenario rows (the CSV through the project's one writer, `lib/shared/csv.ts`). */
import { judgeErrorLabel } from "@/lib/core/judge-score";
import { toCsvText, type CsvCell } from "@/lib/shared/csv";
import type { ScenarioRow } from "@/lib/shared/dto";

type Cell = CsvCell;

export const CSV_COLUMNS: ReadonlyArray<readonly [string, (r: ScenarioRow) => Cell]> = [
  ["name", (r) => r.name],
  ["domain", (r) => r.domain],
  ["verdict", (r) => r.verdict],
  ["task_verdict", (r) => r.task_verdict],
  ["failed_signals", (r) => r.success_breakdown.failed.join(";")],
  ["passed_signals", (r) => r.success_breakdown.passed.join(";")],
  ["not_applicable_signals", (r) => r.success_breakdown.not_applicable.join(";")],
  ["excluded_signals", (r) => r.success_breakdown.excluded.join(";")],
  ["stop_reason", (r) => r.stop_reason],
  ["judge_score", (r) => (r.judge_error ? judgeErrorLabel(r.judge_error) : r.judge_score)],
  ["judge_passed", (r) => r.judge_passed],
  ["nl_assertion_pass_rate", (r) => r.nl_assertion_pass_rate],
  ["db_state_assertion_pass_rate", (r) => r.db_state_assertion_pass_rate],
  ["db_state_match", (r) => r.db_state_match],
  ["is_action_match", (r) => r.is_action_match],
  ["latency_p50_ms", (r) => r.latency_p50_ms],
  ["latency_p95_ms", (r) => r.latency_p95_ms],
  ["latency_count", (r) => r.latency_count],
  ["turns", (r) => r.turns],
  ["duration_seconds", (r) => r.duration_seconds],
  ["tokens_agent", (r) => r.tokens.agent],
  ["tokens_user", (r) => r.tokens.user],
  ["stalled", (r) => r.stalled],
  ["auto_retry_count", (r) => r.retries],
  ["auto_retry_reasons", (r) => r.retry_reasons.join("; ")],
  ["problems", (r) => r.problems.map((p) => `${p.file}: ${p.message}`).join("; ")],
];

export function toCsv(rows: readonly ScenarioRow[]): string {
  return toCsvText(
    CSV_COLUMNS.map(([h]) => h),
    rows.map((r) => CSV_COLUMNS.map(([, get]) => get(r))),
  );
}

/** The rows as JSON; a judge-error score reads `"judge error (NaN)"` (JSON has no NaN; `null` would read as "no judge"). */
export function toJson(rows: readonly ScenarioRow[]): string {
  const out = rows.map((r) => (r.judge_error ? { ...r, judge_score: judgeErrorLabel(r.judge_error) } : r));
  return JSON.stringify(out, null, 2) + "\n";
}

/** A file name from a run id: `team-a/eval_1` → `team-a_eval_1-scenarios.csv`. */
export function exportName(runId: string, ext: "csv" | "json"): string {
  return `${runId.replace(/[^A-Za-z0-9._-]+/g, "_")}-scenarios.${ext}`;
}
