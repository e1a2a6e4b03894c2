/** A failing row's mark in the scenario table: new, now stalled, still failing since a date, or flaky (views/run-changes). */
import type { FailureMark } from "@/lib/shared/run-changes";
import { shortDate } from "./dates";

const base = "shrink-0 rounded px-1 text-[10px] font-medium whitespace-nowrap";

export function FailureMarkBadge({ mark }: { mark: FailureMark }) {
  if (mark.kind === "new")
    return (
      <span
        data-testid="failure-mark"
        data-mark="new"
        title="Failing now, passed in the previous run of the suite"
        className={`${base} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300`}
      >
        new
      </span>
    );
  if (mark.kind === "now_stalled")
    return (
      <span
        data-testid="failure-mark"
        data-mark="now_stalled"
        title="Stalled now (an infrastructure failure, counted as failed), passed in the previous run of the suite: not a new failure"
        className={`${base} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300`}
      >
        now stalled
      </span>
    );
  if (mark.kind === "flaky")
    return (
      <span
        data-testid="failure-mark"
        data-mark="flaky"
        title={`Flipped pass ↔ fail ${mark.flips} times in the suite's ${mark.of} runs before this one; passed ${mark.passes} of them`}
        className={`${base} bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300`}
      >
        flaky {mark.passes}/{mark.of}
      </span>
    );
  return (
    <span
      data-testid="failure-mark"
      data-mark="still_failing"
      title={`Failing in ${mark.runs} runs in a row, since ${mark.sinceRun}`}
      className={`${base} bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}
    >
      since {shortDate(mark.since)} ({mark.runs} runs)
    </span>
  );
}
