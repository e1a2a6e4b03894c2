import { EVIDENCE_FLAG_TEXT, JUDGE_SECTIONS } from "@/lib/core/judge-sections";
import type { JudgeSeen } from "@/lib/shared/dto";
import { count } from "@/components/format";

/**
 * What the judge saw (issue 45): the six tagged sections of `judge_input.user_content`, each seen or
 * not with its size, and a flag where a score rested on evidence the judge was not sent.
 */
export function JudgeSeenList({ seen, judgePresent }: { seen: JudgeSeen | null; judgePresent: boolean }) {
  if (!judgePresent) return null;
  if (!seen) {
    return (
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400" data-testid="judge-seen" data-judge-seen="unknown">
        What the judge was sent is not recorded (no <code>judge_input.user_content</code>).
      </p>
    );
  }
  return (
    <section className="mt-3" data-testid="judge-seen" aria-label="What the judge saw">
      <h3 className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">What the judge saw</h3>
      {seen.flags.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-amber-900 dark:text-amber-200" aria-label="Missing evidence">
          {seen.flags.map((f) => (
            <li key={f} data-flag={f} role="note">
              ⚠ {EVIDENCE_FLAG_TEXT[f]}
            </li>
          ))}
        </ul>
      )}
      <ul className="mt-1 grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-3 text-xs">
        {JUDGE_SECTIONS.map((name) => {
          const s = seen.sections[name];
          return (
            <li key={name} data-section={name} data-seen={s.seen} className={s.seen ? "" : "text-zinc-500"}>
              <span className="font-mono">&lt;{name}&gt;</span> {s.seen ? <span>seen, {count(s.chars)} chars</span> : <span>not seen</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
