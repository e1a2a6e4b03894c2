/**
 * The judge-score mean when a run holds judge errors (NaN scores): the harness's mean is `nan`, so
 * beside it goes our mean over the valid scores, labelled as ours (lib/core/judge-score.ts).
 */
import { fixed, group } from "@/components/format";
import { judgeErrorLabel } from "@/lib/core/judge-score";
import { deltaText, toneOf } from "./labels";
import { Delta } from "./ui";
import type { JudgeMeanNote } from "@/lib/shared/compare";

export function JudgeMeanExtra({ note }: { note: JudgeMeanNote }) {
  if (note.errors === 0) return null;
  return (
    <div className="text-xs text-amber-800 dark:text-amber-300" data-testid="judge-mean-note">
      {group(note.errors)} × {judgeErrorLabel("NaN")}; valid mean{" "}
      <span className="tabular-nums">{note.valid.value === null ? "N/A" : fixed(note.valid.value, 3)}</span> (n={group(note.valid.denominator)}, ours)
    </div>
  );
}

export function JudgeMeanDelta({ base, other }: { base: JudgeMeanNote; other: JudgeMeanNote }) {
  const a = base.valid.value;
  const b = other.valid.value;
  const delta = a !== null && b !== null ? b - a : null;
  return (
    <span className="inline-flex flex-col items-end">
      <span className="text-xs text-amber-800 dark:text-amber-300" title="A NaN score makes the harness's mean nan, so it has no difference">
        {judgeErrorLabel("NaN")}
      </span>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        valid scores: <Delta text={deltaText(delta, true)} tone={toneOf(delta)} /> (ours)
      </span>
    </span>
  );
}
