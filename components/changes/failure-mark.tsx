/** A failing row's mark in the scenario table: new, now stalled, still failing since a date, or flaky (views/run-changes). */
import type { FailureMark } from "@/lib/shared/run-changes";
import { shortDate } from "./dates";

const base = "shrink-0 rounded px-1 text-[10px] font-medium whitespace-nowrap";

const TONE: Record<FailureMark["kind"], string> = {
  new: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  now_stalled: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  flaky: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  still_failing: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
};

/** The badge's text and its hover title. */
function badgeText(mark: FailureMark): { label: string; title: string } {
  switch (mark.kind) {
    case "new":
      return { label: "new", title: "Failing now, passed in the previous run of the suite" };
    case "now_stalled":
      return {
        label: "now stalled",
        title: "Stalled now (an infrastructure failure, counted as failed), passed in the previous run of the suite: not a new failure",
      };
    case "flaky":
      return {
        label: `flaky ${mark.passes}/${mark.of}`,
        title: `Flipped pass ↔ fail ${mark.flips} times in the suite's ${mark.of} runs before this one; passed ${mark.passes} of them`,
      };
    default:
      return { label: `since ${shortDate(mark.since)} (${mark.runs} runs)`, title: `Failing in ${mark.runs} runs in a row, since ${mark.sinceRun}` };
  }
}

export function FailureMarkBadge({ mark }: { mark: FailureMark }) {
  const { label, title } = badgeText(mark);
  return (
    <span data-testid="failure-mark" data-mark={mark.kind} title={title} className={`${base} ${TONE[mark.kind]}`}>
      {label}
    </span>
  );
}
