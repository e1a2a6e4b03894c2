/**
 * Why the run's judge-score mean reads `nan`, and our mean over the valid scores beside it
 * (lib/core/judge-score.ts). The harness's number stays as it prints it.
 */
import { fixed, group } from "@/components/format";
import { judgeErrorLabel } from "@/lib/core/judge-score";
import type { JudgeMeanNote } from "@/lib/shared/dto";

export function JudgeMeanNoteText({ note }: { note: JudgeMeanNote }) {
  const errors = note.errors === 1 ? `1 scenario's score is a ${judgeErrorLabel("NaN")}` : `${group(note.errors)} scenarios' scores are judge errors (NaN)`;
  return (
    <div className="mt-2 space-y-1 text-xs" data-testid="judge-mean-note">
      <p className="text-amber-800 dark:text-amber-300">
        As the harness prints it: {errors}, and a mean over a list holding NaN is nan.
      </p>
      <p className="text-zinc-700 dark:text-zinc-300">
        Ours, over the <span data-part="valid-count">{group(note.valid.denominator)}</span> valid scores:{" "}
        <strong className="tabular-nums" data-part="valid-mean">
          {note.valid.value === null ? "N/A" : fixed(note.valid.value, 3)}
        </strong>{" "}
        <span className="text-zinc-500">(not in all_summary.txt)</span>
      </p>
    </div>
  );
}
