/** CSV export of the compare table, built in the browser. */
import { judgeErrorLabel } from "@/lib/core/judge-score";
import { verdictText } from "./labels";
import type { CompareRow, JudgeCell } from "@/lib/shared/compare";

/** A judge score as the table shows it: a NaN is `judge error (NaN)`, never an empty cell. */
function judgeText(cell: JudgeCell | null): string {
  if (!cell) return "";
  return cell.error ? judgeErrorLabel(cell.error) : cell.score === null ? "" : String(cell.score);
}

/**
 * One CSV cell: text that a spreadsheet would run as a formula (starting with = + - @, or a tab /
 * carriage return that some programs strip first) gets a leading `'`; cells holding a comma, a
 * quote or a line break are quoted with quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  if (/[",\r\n]/.test(s)) s = `"${s.replaceAll('"', '""')}"`;
  return s;
}

export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return cells.map(csvCell).join(",");
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
  const lines = [csvLine(CSV_HEADER)];
  for (const r of rows) {
    lines.push(
      csvLine([
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
      ]),
    );
  }
  // CRLF per RFC 4180; the BOM makes spreadsheet programs read UTF-8.
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export function downloadText(text: string, filename: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from run ids: letters, digits, `._-` only. */
export function csvFileName(baseId: string, otherId: string, bucket: string | null): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 60) || "run";
  return `compare_${clean(baseId)}_vs_${clean(otherId)}${bucket ? `_${bucket}` : ""}.csv`;
}
