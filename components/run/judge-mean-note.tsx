/**
 * Why the run's judge-score mean reads `nan`, and our mean over the valid scores beside it
 * (lib/core/judge-score.ts). The harness's number stays as it prints it.
 */
import { fixed, group } from "@/components/format";
import { judgeErrorLabel } from "@/lib/core/judge-score";
import type { JudgeMeanNote } from "@/lib/shared/dto";

export function JudgeMeanNoteText({ note }: { note: JudgeMeanNote }) {
  const errors = note.errors === 1 ? `the 1 ${judgeErrorLabel("NaN")}` : `the ${group(note.errors)} judge errors (NaN)`;
  return (
    <p
      className="mt-1 text-xs text-zinc-700 dark:text-zinc-300"
      data-testid="judge-mean-note"
      title="As the harness prints it: a mean over a list holding a NaN score is nan. Our mean leaves the judge errors out (it is not in all_summary.txt)."
    >
      Ours:{" "}
      <strong className="tabular-nums" data-part="valid-mean">
        {note.valid.value === null ? "N/A" : fixed(note.valid.value, 3)}
      </strong>{" "}
      over <span data-part="valid-count">{group(note.valid.denominator)}</span> valid scores{" "}
      <span className="text-amber-800 dark:text-amber-300">(ours leaves {errors} out; the harness&apos;s mean is nan)</span>
    </p>
  );
}
