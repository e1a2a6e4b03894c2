/** Cells of the compare scenario table that show one side's state: a stalled verdict, a judge score. */
import { num, pair, Value } from "@/components/ui/table-kit";
import { judgeErrorExplanation, judgeErrorLabel } from "@/lib/core/judge-score";
import { VerdictMark } from "./ui";
import type { CountedVerdict, JudgeCell } from "@/lib/shared/compare";

/** The verdict as counted; a stalled side says so (its ✗ is an infrastructure failure, not the agent's). */
export function SideVerdict({ v, stalled, label }: { v: CountedVerdict; stalled: boolean | null; label: string }) {
  if (!stalled) return <VerdictMark v={v} label={label} />;
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap"
      data-stalled="true"
      title={`${label}: stalled (fewer agent turns than min_agent_turns), counted as failed`}
    >
      <VerdictMark v={v} label={label} />
      <span className="rounded bg-amber-100 px-1 text-[11px] font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-200">stalled</span>
    </span>
  );
}

function one(cell: JudgeCell | null) {
  if (!cell) return <span className="text-zinc-400 dark:text-zinc-500">absent</span>;
  if (cell.error)
    return (
      <span className="font-medium text-amber-700 dark:text-amber-400" title={judgeErrorExplanation(cell.error)} data-judge-error={cell.error}>
        {judgeErrorLabel(cell.error)}
      </span>
    );
  return cell.score === null ? <span className="text-zinc-400 dark:text-zinc-500">–</span> : <Value c={num.decimal(cell.score, 2)} />;
}

export function JudgePair({ judge }: { judge: { base: JudgeCell | null; other: JudgeCell | null } }) {
  return (
    <span className="text-xs">
      <Value c={pair(one(judge.base), one(judge.other))} />
    </span>
  );
}

/** Sorts judge errors below every score (and absent below those), so a change column groups them. */
export function judgeSortValue(cell: JudgeCell | null): number {
  if (!cell || cell.score === null) return cell?.error ? -2 : -3;
  return cell.score;
}
