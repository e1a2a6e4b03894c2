/** CSV export of the compare table, built in the browser. */
import { judgeErrorLabel } from "@/lib/core/judge-score";
import { toCsvText } from "@/lib/shared/csv";
import { verdictText } from "./labels";
import type { CompareRow, JudgeCell } from "@/lib/shared/compare";

/** A judge score as the table shows it: a NaN is `judge error (NaN)`, never an empty cell. */
function judgeText(cell: JudgeCell | null): string {
  if (!cell) return "";
  return cell.error ? judgeErrorLabel(cell.error) : cell.score === null ? "" : String(cell.score);
}

export const CSV_HEADER = [
  "scenario",
  "domain",
  "change",
  "base_verdict",
  "other_verdict",
  "base_task_verdict",
  "other_task_verdict",
  "signals_flipped",
  "nl_assertions_flipped",
  "base_run",
  "other_run",
  "base_stalled",
  "other_stalled",
  "base_judge_score",
  "other_judge_score",
];

function flipText(base: string | boolean | null, other: string | boolean | null): string {
  const t = (v: string | boolean | null) => (v === null ? "absent" : v === true ? "passed" : v === false ? "failed" : v);
  return `${t(base)}→${t(other)}`;
}

export function compareCsv(rows: readonly CompareRow[], baseId: string, otherId: string): string {
  const lines = rows.map((r) => [
    r.name,
    r.domain,
    r.change,
    verdictText(r.base),
    verdictText(r.other),
    verdictText(r.baseTask),
    verdictText(r.otherTask),
    r.signals.map((s) => `${s.signal}: ${flipText(s.base, s.other)}`).join("; "),
    r.nl.map((a) => `${a.assertion}: ${flipText(a.base, a.other)}`).join("; "),
    baseId,
    otherId,
    r.baseStalled,
    r.otherStalled,
    judgeText(r.judge.base),
    judgeText(r.judge.other),
  ]);
  return toCsvText(CSV_HEADER, lines, { bom: true });
}

/** A file name from run ids: letters, digits, `._-` only. */
export function csvFileName(baseId: string, otherId: string, bucket: string | null): string {
  const clean = (s: string) =>
    s
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60) || "run";
  return `compare_${clean(baseId)}_vs_${clean(otherId)}${bucket ? `_${bucket}` : ""}.csv`;
}
