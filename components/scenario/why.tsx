/**
 * The first screen's answer to "why did it fail" (issue 43): the failing signals with their values,
 * the judge's reason (its first lines; the rest one click away), the likely causes with their
 * evidence, and the turn where the call went wrong. Every text from the results is inert text.
 */
import { Badge, type Tone } from "@/components/ui/badge";
import type { FailingSignal, LikelyCause, LikelyCauses } from "@/lib/core/insights";
import { CappedText } from "./capped-text";

/** The reason's first characters shown before "Read all". */
const REASON_PREVIEW = 320;

const TONE: Record<LikelyCause["tone"], Tone> = { bad: "bad", warn: "warn", info: "info" };

export function Why({
  failed,
  signals,
  reason,
  judgeNote,
  causes,
}: {
  /** The verdict as counted is a failure. */
  failed: boolean;
  signals: FailingSignal[];
  /** judge_result.json's reason; `null` when there is no judge result. */
  reason: string | null;
  /** Why the reason is not evidence (a judge failure), when it is not. */
  judgeNote: string | null;
  causes: LikelyCauses;
}) {
  const preview = reason !== null && reason.length > REASON_PREVIEW ? `${reason.slice(0, REASON_PREVIEW).trimEnd()}…` : reason;
  return (
    <div className="space-y-3 text-sm" data-testid="why">
      {failed && signals.length > 0 && (
        <ul className="space-y-1" data-testid="why-signals">
          {signals.map((s) => (
            <li key={s.signal} className="flex flex-wrap items-baseline gap-x-2" data-signal={s.signal}>
              <a href={`#${s.anchor}`} className="font-mono text-xs font-semibold text-red-800 hover:underline dark:text-red-300">
                {s.signal}
              </a>
              <span className="min-w-0 break-words">{s.value}</span>
            </li>
          ))}
        </ul>
      )}
      {reason !== null && (
        <div className="rounded-md border-l-4 border-zinc-300 bg-zinc-50 px-3 py-2 dark:border-zinc-600 dark:bg-zinc-800/60" data-testid="why-reason">
          <p className="mb-0.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            The judge&apos;s reason{judgeNote && <span className="ml-2 text-amber-800 dark:text-amber-300">({judgeNote})</span>}
          </p>
          {reason === "" ? (
            <p className="text-zinc-500 italic">(empty)</p>
          ) : preview === reason ? (
            <p className="whitespace-pre-wrap break-words" data-testid="judge-reason">
              {reason}
            </p>
          ) : (
            <details className="group">
              <summary className="cursor-pointer list-none whitespace-pre-wrap break-words [&::-webkit-details-marker]:hidden">
                <span className="group-open:hidden">{preview}</span>
                <span className="ml-1 text-xs whitespace-nowrap text-sky-700 group-open:hidden dark:text-sky-400">Read all ▸</span>
                <span className="hidden text-xs text-sky-700 group-open:inline dark:text-sky-400">Show less ▴</span>
              </summary>
              <p className="whitespace-pre-wrap break-words" data-testid="judge-reason">
                <CappedText field="judge.reason" text={reason} />
              </p>
            </details>
          )}
        </div>
      )}
      <div id="hints" className="scroll-mt-4">
        <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Likely causes</p>
        {causes.causes.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">No automatic findings for this scenario.</p>
        ) : (
          <ul className="space-y-1.5" data-testid="hints">
            {causes.causes.map((c, i) => (
              <li key={i} className="flex flex-wrap items-baseline gap-2" data-hint={c.kind} data-tone={c.tone}>
                <Badge tone={TONE[c.tone]} title={`likely owner (§7.12)${c.secondary ? `; also ${c.secondary}` : ""}`}>
                  {c.owner}
                </Badge>
                <span className="min-w-0 flex-1 break-words">
                  {c.message}
                  {c.evidence && <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">({c.evidence})</span>}
                  {c.also?.map((a) => (
                    <span key={a} className="block text-xs text-zinc-600 dark:text-zinc-400" data-testid="cause-also">
                      also: {a}
                    </span>
                  ))}
                </span>
                {c.href && (
                  <a href={c.href} className="text-xs whitespace-nowrap text-sky-700 hover:underline dark:text-sky-400">
                    side by side →
                  </a>
                )}
                <a href={`#${c.anchor}`} className="text-xs whitespace-nowrap text-sky-700 hover:underline dark:text-sky-400">
                  {c.turn !== null ? `turn ${c.turn} ↓` : "evidence ↓"}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {causes.wentWrongAt && (
        <p data-testid="went-wrong">
          <a href={`#turn-${causes.wentWrongAt.turn}`} className="font-medium text-sky-700 hover:underline dark:text-sky-400">
            Where it went wrong: turn {causes.wentWrongAt.turn} ↓
          </a>
        </p>
      )}
    </div>
  );
}
