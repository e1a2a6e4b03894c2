/** Judge evidence: score against threshold, reason, NL verdicts (selectable), judge failures told apart. */
import { fixed } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { judgeFields, type StoredJudge } from "@/lib/core/evidence/judge";
import { judgeErrorExplanation, judgeErrorLabel, judgeErrorToken } from "@/lib/core/judge-score";
import { boundedJson, clip, isJudgeErrorReason } from "./text";
import { VerdictList, type VerdictView } from "./verdict-list";
import { count } from "@/components/format";

const INPUT_MAX = 60_000;

export function JudgeEvidence({
  judge,
  present,
  needed,
  gating,
  threshold,
  verdictTurns,
  nlAssertions,
  phantom = false,
}: {
  /** The judge scored a call with no turns or no agent LLM calls: its score is shown amber, never green. */
  phantom?: boolean;
  judge: StoredJudge;
  /** judge_result.json exists. */
  present: boolean;
  /** The whitelist gates on the judge (judge_passed or nl_assertion); null when unknown. */
  needed: boolean | null;
  gating: { judge_passed: boolean | null; nl_assertion: boolean | null };
  threshold: number | null;
  verdictTurns: number[][];
  nlAssertions: string[];
}) {
  const j = present ? judgeFields(judge) : null;
  if (!j) {
    return (
      <p
        className={`rounded-md px-3 py-2 text-sm ${needed ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200" : "bg-zinc-50 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300"}`}
        data-testid="judge-missing"
      >
        {present ? "judge_result.json could not be read (see the problems above)." : "No judge_result.json"}
        {" — "}
        {needed === null
          ? "whether this scenario needed it is unknown (no metadata.json)."
          : needed
            ? "needed: the scenario's whitelist gates on the judge, so its absence is a finding."
            : "not needed: the scenario's whitelist does not gate on the judge (absent is not broken, §7.1)."}
        {nlAssertions.length > 0 && ` The scenario declares ${nlAssertions.length} NL assertion${nlAssertions.length === 1 ? "" : "s"}, none judged.`}
      </p>
    );
  }
  const errorToken = judgeErrorToken(j.score);
  const score = errorToken ? null : j.score;
  const reason = j.reason ?? "";
  const judgeFailed = errorToken !== null || isJudgeErrorReason(reason);
  const passed = score !== null && threshold !== null ? score >= threshold : null;
  const verdicts: VerdictView[] = j.verdicts.map((o, i) => {
    const r = o?.reason ?? "";
    return {
      index: o?.index ?? i + 1,
      assertion: o?.assertion ?? nlAssertions[i] ?? "",
      passed: o?.passed === true,
      reason: r,
      fault: isJudgeErrorReason(r) ? "judge" : /^Missing verdict/.test(r) ? "missing" : null,
      turns: verdictTurns[i] ?? [],
    };
  });
  const { extras, input } = j;
  const passCount = verdicts.filter((v) => v.passed).length;
  return (
    <div className="space-y-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="judge-score">
        <span>
          <span className="text-zinc-600 dark:text-zinc-400">Score</span>{" "}
          <strong className="tabular-nums" data-judge-error={errorToken ?? undefined}>
            {errorToken ? judgeErrorLabel(errorToken) : score === null ? "–" : fixed(score, 3)}
          </strong>
        </span>
        <span className="text-zinc-600 dark:text-zinc-400">threshold {threshold === null ? "unknown" : fixed(threshold, 2)}</span>
        {phantom ? (
          <Badge tone="warn" title="0 turns or 0 agent LLM calls: the score is not evidence about the agent">
            judged a call that never happened
          </Badge>
        ) : judgeFailed ? (
          <Badge tone="warn">judge failure</Badge>
        ) : passed === null ? null : passed ? (
          <Badge tone="good">≥ threshold</Badge>
        ) : (
          <Badge tone="bad">below threshold</Badge>
        )}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          judge_passed {gating.judge_passed === null ? "(gating unknown)" : gating.judge_passed ? "gates this scenario" : "is informational here"}
        </span>
      </div>
      {judgeFailed && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
          data-testid="judge-error"
        >
          {errorToken ? (
            judgeErrorExplanation(errorToken)
          ) : (
            <>
              <strong>Judge failure, not an agent failure:</strong> the judge returned an error or saw no evidence, so its score and verdicts say nothing about
              the agent (§1.7, §7.11).
            </>
          )}
        </p>
      )}
      {/* The reason is shown once, in the first screen's "Why it failed" / "Outcome" card. */}
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="judge-reason-above">
        Reason:{" "}
        <a href="#why" className="text-sky-700 hover:underline dark:text-sky-400">
          {reason ? "the judge's reason is quoted above ↑" : "empty (see above ↑)"}
        </a>
      </p>
      {verdicts.length > 0 ? (
        <div>
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            NL assertions: {passCount}/{verdicts.length} passed · nl_assertion{" "}
            {gating.nl_assertion === null ? "" : gating.nl_assertion ? "gates this scenario" : "is informational here"} · select one to highlight the turns its
            reason quotes
          </p>
          <VerdictList verdicts={verdicts} />
        </div>
      ) : nlAssertions.length > 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">The scenario declares {nlAssertions.length} NL assertions but the judge result holds no verdicts.</p>
      ) : null}
      {extras.length > 0 && (
        <dl className="space-y-1" data-testid="judge-extras">
          {extras.map(([k, v]) => (
            <div key={k}>
              <dt className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{k}</dt>
              <dd className="break-words whitespace-pre-wrap">
                {Array.isArray(v) && v.every((x) => typeof x === "string") ? (
                  <ul className="list-disc pl-5">
                    {(v as string[]).map((x, i) => (
                      <li key={i}>{x}</li>
                    ))}
                  </ul>
                ) : typeof v === "string" ? (
                  v
                ) : (
                  <code className="font-mono text-xs">{boundedJson(v, 4000).text}</code>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {input && (
        <details className="rounded-md border border-zinc-200 dark:border-zinc-800">
          <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-zinc-700 dark:text-zinc-300">What the judge was sent (judge_input)</summary>
          <div className="space-y-2 px-3 pb-2">
            {(["system_prompt", "user_content"] as const).map((k) => {
              const text = input[k];
              if (text === null) return null;
              const c = clip(text, INPUT_MAX);
              return (
                <div key={k}>
                  <p className="font-mono text-xs text-zinc-500">{k}</p>
                  <pre className="max-h-96 overflow-auto rounded bg-zinc-50 p-2 text-xs whitespace-pre-wrap break-words dark:bg-zinc-950">
                    {c.text}
                    {c.cut > 0 && `\n… ${count(c.cut)} more characters (raw judge_result.json below)`}
                  </pre>
                </div>
              );
            })}
          </div>
        </details>
      )}
    </div>
  );
}
