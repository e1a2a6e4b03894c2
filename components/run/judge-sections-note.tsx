import { group } from "@/components/format";
import { EVIDENCE_FLAG_TEXT, JUDGE_SECTIONS, type EvidenceFlag, type JudgeSectionCounts } from "@/lib/core/judge-sections";

export interface JudgeSectionsFigures extends JudgeSectionCounts {
  read: number;
  lookedAt: number;
  total: number;
}

/**
 * The run page's count of what its judges saw (issue 45): how many judged scenarios lacked each of
 * the six tagged sections, and how many scores rested on missing evidence.
 */
export function JudgeSectionsNote({ counts }: { counts: JudgeSectionsFigures }) {
  if (counts.read === 0) return null;
  const scope = counts.lookedAt < counts.total ? ` (the first ${group(counts.lookedAt)} of ${group(counts.total)} scenarios, failures first)` : "";
  if (counts.judged === 0) {
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-judge-sections="unrecorded">
        What the judges were sent is not recorded in this run&apos;s judge_result.json files{scope}.
      </p>
    );
  }
  const missing = JUDGE_SECTIONS.filter((s) => counts.without[s] > 0);
  const flags = (Object.keys(counts.flagged) as EvidenceFlag[]).filter((f) => counts.flagged[f] > 0);
  return (
    <section aria-label="What the judges saw" data-judge-sections={counts.judged} className="text-xs text-zinc-700 dark:text-zinc-300">
      <p>
        <span className="font-semibold">What the judges saw</span> ({group(counts.judged)} judged scenario{counts.judged === 1 ? "" : "s"}
        {scope}):{" "}
        {missing.length === 0
          ? "every judge saw all six sections."
          : missing.map((s, i) => (
              <span key={s} data-without={s}>
                {i > 0 ? "; " : ""}
                judged without <code>&lt;{s}&gt;</code> in {group(counts.without[s])}
              </span>
            ))}
        {counts.unrecorded > 0 && <span>; {group(counts.unrecorded)} without a recorded judge input</span>}
        {counts.malformed > 0 && <span>; {group(counts.malformed)} with unbalanced or repeated tags</span>}
      </p>
      {flags.length > 0 && (
        <ul className="mt-0.5 text-amber-900 dark:text-amber-200">
          {flags.map((f) => (
            <li key={f} data-flag={f}>
              ⚠ {group(counts.flagged[f])} scenario{counts.flagged[f] === 1 ? "" : "s"}: {EVIDENCE_FLAG_TEXT[f]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
