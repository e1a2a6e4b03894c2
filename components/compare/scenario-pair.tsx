/** One scenario in two runs: verdicts, judge reasons, NL assertions, audio and aligned transcripts. */
import { isJudgeError, judgeErrorExplanation, judgeErrorLabel, judgeErrorToken } from "@/lib/core/judge-score";
import Link from "next/link";
import { count, fixed, group } from "@/components/format";
import { judgeFields, type StoredJudge } from "@/lib/core/evidence/judge";
import {
  comparableWords,
  INTERRUPTED_MARK_TITLE,
  toolDiffers,
  type AlignedTranscript,
  type CallsPart,
  type Divergence,
  type Exchange,
  type ExchangeToolCall,
  type SpokenLine,
} from "@/lib/core/transcript";
import { SIGNAL_LABELS } from "@/components/run/rate-meta";
import { CompareTable, linkClass, RunId, VerdictMark } from "./ui";
import type { CountedVerdict } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

export interface JudgeView {
  score: number | null;
  passed: boolean | null;
  reason: string | null;
  nl: Array<{ assertion: string; passed: boolean | null; reason: string | null }>;
}

export interface SideView {
  runId: string;
  role: "baseline" | "other";
  present: boolean;
  verdict: CountedVerdict;
  taskVerdict: CountedVerdict;
  stalled: boolean;
  stopReason: string | null;
  breakdown: { passed: string[]; failed: string[]; not_applicable: string[]; excluded: string[] } | null;
  judge: JudgeView | null;
  audioUrl: string | null;
  runScenarioHref: string;
  transcript: AlignedTranscript;
  /** Which richer sources are absent, in one line, when the words are not the conversation log's. */
  sourcesNote: string | null;
  turns: number;
  durationSeconds: number | null;
}

/** What the page shows of a judge_result.json (its fields read by lib/core/evidence/judge.ts). */
export function judgeView(judge: StoredJudge, judgePassed: boolean | null): JudgeView | null {
  const j = judgeFields(judge);
  if (!j) return null;
  return {
    score: j.score,
    passed: judgePassed,
    reason: j.reason,
    nl: j.verdicts.filter((v) => v !== null).map((v) => ({ assertion: v.assertion ?? `#${v.index ?? "?"}`, passed: v.passed, reason: v.reason })),
  };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function SideCard({ side, name }: { side: SideView; name: string }) {
  const b = side.breakdown;
  return (
    <section
      aria-label={`${side.role === "baseline" ? "Baseline" : "Other run"} ${side.runId}`}
      className="min-w-0 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
      data-side={side.role}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 text-sm font-semibold">
          <RunId id={side.runId} role={side.role} />
        </h2>
        {side.present && (
          <Link href={side.runScenarioHref} className={`text-xs ${linkClass}`} prefetch={false}>
            Open in the run
          </Link>
        )}
      </div>
      {!side.present ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <span className="font-mono">{name}</span> is not in this run.
        </p>
      ) : (
        <div className="space-y-3">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <Fact label="Verdict (as counted)">
              <span data-testid={`${side.role}-verdict`}>
                <VerdictMark v={side.verdict} /> {side.verdict === true ? "passed" : side.verdict === false ? "failed" : side.verdict === "N/A" ? "" : "absent"}
              </span>
              {side.stalled && <span className="ml-1 text-xs font-medium text-amber-700 dark:text-amber-400">stalled</span>}
            </Fact>
            <Fact label="Task verdict">
              <VerdictMark v={side.taskVerdict} />
            </Fact>
            <Fact label="Judge score">
              {isJudgeError(side.judge?.score) ? (
                <span
                  className="font-medium text-amber-700 dark:text-amber-400"
                  title={judgeErrorExplanation(judgeErrorToken(side.judge?.score) ?? "NaN")}
                  data-judge-error={judgeErrorToken(side.judge?.score) ?? "NaN"}
                >
                  {judgeErrorLabel(judgeErrorToken(side.judge?.score) ?? "NaN")}
                </span>
              ) : side.judge?.score !== null && side.judge?.score !== undefined ? (
                fixed(side.judge.score, 2)
              ) : (
                "–"
              )}
              {side.judge?.passed === false && !isJudgeError(side.judge?.score) && (
                <span className="ml-1 text-xs text-red-700 dark:text-red-400">below threshold</span>
              )}
            </Fact>
            <Fact label="Stop reason">
              <span className="font-mono text-xs">{side.stopReason ?? "–"}</span>
            </Fact>
          </dl>
          {b && (b.failed.length > 0 || b.passed.length > 0) && (
            <div className="flex flex-wrap gap-1 text-xs">
              {b.failed.map((s) => (
                <span
                  key={`f-${s}`}
                  className="rounded bg-red-50 px-1.5 py-0.5 text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-950 dark:text-red-300 dark:ring-red-900"
                >
                  ✗ {SIGNAL_LABELS[s] ?? s}
                </span>
              ))}
              {b.passed.map((s) => (
                <span
                  key={`p-${s}`}
                  className="rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-800 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900"
                >
                  ✓ {SIGNAL_LABELS[s] ?? s}
                </span>
              ))}
            </div>
          )}
          <div>
            <h3 className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">Judge reason</h3>
            <p className="mt-0.5 text-sm whitespace-pre-wrap" data-testid={`${side.role}-judge-reason`}>
              {side.judge?.reason ?? <span className="text-zinc-500">No judge result.</span>}
            </p>
          </div>
          <div>
            <h3 className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">Audio</h3>
            {side.audioUrl ? (
              <audio
                controls
                preload="none"
                src={side.audioUrl}
                className="mt-1 w-full"
                aria-label={`Recording of ${name} in ${side.runId}`}
                data-testid={`${side.role}-audio`}
              >
                Your browser cannot play this recording.
              </audio>
            ) : (
              <p className="text-sm text-zinc-500">No conversation_log.wav.</p>
            )}
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {group(side.turns)} turns{side.durationSeconds !== null ? ` · ${fixed(side.durationSeconds, 1)} s` : ""}
          </p>
        </div>
      )}
    </section>
  );
}

export function SideBySide({ base, other, name }: { base: SideView; other: SideView; name: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SideCard side={base} name={name} />
      <SideCard side={other} name={name} />
    </div>
  );
}

export function NlAssertions({ base, other }: { base: JudgeView | null; other: JudgeView | null }) {
  const a = new Map((base?.nl ?? []).map((v) => [v.assertion, v]));
  const b = new Map((other?.nl ?? []).map((v) => [v.assertion, v]));
  const texts = [...new Set([...a.keys(), ...b.keys()])];
  if (texts.length === 0) return null;
  return (
    <Card id="nl" title="NL assertions" description="Matched by assertion text; rows whose verdict differs are highlighted.">
      <CompareTable testId="nl-assertions" caption="NL-assertion verdicts of both runs" head={["Assertion", "Baseline", "Other"]}>
        {texts.map((t) => {
          const x = a.get(t);
          const y = b.get(t);
          const flipped = (x?.passed ?? null) !== (y?.passed ?? null);
          return (
            <tr key={t} className={flipped ? "bg-amber-50 dark:bg-amber-950/40" : ""} data-flipped={flipped ? "true" : undefined}>
              <th scope="row" className="max-w-xl font-normal!">
                {t}
                {flipped && <span className="ml-2 text-xs font-semibold text-amber-800 dark:text-amber-300">flipped</span>}
              </th>
              <td className="max-w-sm align-top">
                <VerdictMark v={x ? x.passed : null} />
                {x?.reason && <div className="text-xs text-zinc-600 dark:text-zinc-400">{x.reason}</div>}
              </td>
              <td className="max-w-sm align-top">
                <VerdictMark v={y ? y.passed : null} />
                {y?.reason && <div className="text-xs text-zinc-600 dark:text-zinc-400">{y.reason}</div>}
              </td>
            </tr>
          );
        })}
      </CompareTable>
    </Card>
  );
}

function time(l: SpokenLine): string | null {
  return l.start === null ? null : `${fixed(l.start, 1)}s`;
}

function Line({ who, line, differs }: { who: "user" | "agent"; line: SpokenLine; differs?: boolean }) {
  return (
    <div
      className={
        who === "agent"
          ? `rounded-md px-2 py-1 ${differs ? "bg-amber-100 ring-1 ring-amber-400 dark:bg-amber-900/40 dark:ring-amber-600" : "bg-sky-50 dark:bg-sky-950/40"}`
          : "px-2 py-1 text-zinc-700 dark:text-zinc-300"
      }
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-[11px] text-zinc-500 dark:text-zinc-400">
        <span className="font-mono" title="The turn's number on this run's scenario page" data-testid="pair-turn">
          #{line.turn}
        </span>
        <span className="font-semibold tracking-wide uppercase">{who}</span>
        {time(line) && <span className="tabular-nums">{time(line)}</span>}
        {line.responseLatencyMs !== null && <span className="tabular-nums">response {group(Math.round(line.responseLatencyMs))} ms</span>}
        {line.interrupted && (
          <span className="font-medium text-amber-700 dark:text-amber-400" title={INTERRUPTED_MARK_TITLE}>
            audio without text
          </span>
        )}
      </div>
      <p className="text-sm whitespace-pre-wrap">{line.text}</p>
    </div>
  );
}

/** Per exchange; a context that loops through thousands of calls must not flood the page. */
const MAX_TOOLS_SHOWN = 50;

function Tools({ mine, theirs }: { mine: readonly ExchangeToolCall[]; theirs: readonly ExchangeToolCall[] }) {
  if (mine.length === 0) return null;
  const hidden = mine.length - MAX_TOOLS_SHOWN;
  return (
    <ul className="space-y-1 px-2">
      {mine.slice(0, MAX_TOOLS_SHOWN).map((t, i) => {
        const differs = toolDiffers(mine, theirs, i);
        return (
          <li
            key={i}
            className={`rounded border px-2 py-1 font-mono text-xs break-all ${differs ? "border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950/40" : "border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/60"}`}
            data-tool={t.name}
          >
            <span className="font-semibold">⚙ {t.name}</span>
            <span className="text-zinc-600 dark:text-zinc-400">({t.arguments})</span>
          </li>
        );
      })}
      {hidden > 0 && <li className="text-xs text-zinc-600 italic dark:text-zinc-400">… and {count(hidden)} more tool calls</li>}
    </ul>
  );
}

function ExchangeCell({ ex, against, agentDiffers }: { ex: Exchange | undefined; against: Exchange | undefined; agentDiffers: boolean }) {
  if (!ex) return <p className="px-2 text-sm text-zinc-500 italic">(no turn)</p>;
  return (
    <div className="space-y-1">
      {ex.user.map((u, i) => (
        <Line key={i} who="user" line={u} />
      ))}
      <Tools mine={ex.tools} theirs={against?.tools ?? []} />
      {ex.agent && <Line who="agent" line={ex.agent} differs={agentDiffers} />}
    </div>
  );
}

export function AlignedTranscripts({
  base,
  other,
  divergence,
  part = null,
}: {
  base: SideView;
  other: SideView;
  divergence: Divergence | null;
  /** Where the calls part (`whereCallsPart`), when after `divergence` (a reworded reply differed first). */
  part?: CallsPart | null;
}) {
  const a = base.transcript.exchanges;
  const b = other.transcript.exchanges;
  const n = Math.max(a.length, b.length);
  const notes = [base, other].flatMap((s) => [s.sourcesNote, s.transcript.note].filter((t): t is string => !!t).map((t) => `${s.runId}: ${t}`));
  return (
    <Card
      id="transcripts"
      title="Transcripts, turn by turn"
      description="Each row is one agent reply with the user's words and the agent's tool calls that led to it; #N is a line's turn on its run's scenario page. Agent words are compared ignoring case and punctuation; tool calls by name and arguments."
      actions={
        divergence ? (
          <a
            href={`#turn-${divergence.index + 1}`}
            className="rounded-md bg-amber-100 px-2 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-400 ring-inset hover:bg-amber-200 dark:bg-amber-900/60 dark:text-amber-100 dark:ring-amber-600"
            data-testid="divergence-link"
          >
            First divergence: reply {divergence.index + 1} — {divergence.reason}
          </a>
        ) : n > 0 ? (
          <span
            className="rounded-md bg-emerald-50 px-2 py-1 text-xs font-medium text-emerald-800 ring-1 ring-emerald-300 ring-inset dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-800"
            data-testid="no-divergence"
          >
            The agent said and did the same in both runs
          </span>
        ) : null
      }
    >
      {notes.length > 0 && (
        <ul className="mb-2 list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">
          {notes.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      {n === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Neither run has a transcript for this scenario.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full table-fixed border-collapse text-sm" data-testid="aligned-transcripts">
            <caption className="sr-only">The two conversations aligned turn by turn</caption>
            <colgroup>
              <col className="w-24" />
              <col />
              <col />
            </colgroup>
            <thead>
              <tr className="text-xs text-zinc-600 dark:text-zinc-400">
                <th scope="col" className="px-2 py-1.5 text-left" title="The agent's replies in order; each line's #N is its turn on the scenario page">
                  Reply
                </th>
                <th scope="col" className="px-2 py-1.5 text-left">
                  <RunId id={base.runId} role="baseline" />
                </th>
                <th scope="col" className="px-2 py-1.5 text-left">
                  <RunId id={other.runId} role="other" />
                </th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: n }, (_, i) => {
                const x = a[i];
                const y = b[i];
                const isDiv = divergence?.index === i;
                const isPart = part?.at.index === i;
                const after = divergence !== null && i > divergence.index;
                const agentDiffers = !!x?.agent && !!y?.agent && comparableWords(x.agent.text) !== comparableWords(y.agent.text);
                return (
                  <tr
                    key={i}
                    id={`turn-${i + 1}`}
                    data-turn={i + 1}
                    data-divergence={isDiv ? "true" : undefined}
                    data-calls-part={isPart ? "true" : undefined}
                    className={`scroll-mt-4 align-top ${isDiv || isPart ? "bg-amber-50 outline-2 -outline-offset-2 outline-amber-500 dark:bg-amber-950/30 dark:outline-amber-600" : after ? "bg-zinc-50/60 dark:bg-zinc-900/40" : ""}`}
                  >
                    <th scope="row" className="border-t border-zinc-200 px-2 py-2 text-left text-xs font-semibold tabular-nums dark:border-zinc-800">
                      {i + 1}
                      {isDiv && (
                        <span
                          className="mt-1 block rounded bg-amber-500 px-1 py-0.5 text-[10px] font-bold text-white uppercase dark:bg-amber-600"
                          title={divergence!.reason}
                        >
                          diverges
                        </span>
                      )}
                      {isPart && (
                        <span
                          className="mt-1 block rounded bg-amber-500 px-1 py-0.5 text-[10px] font-bold text-white uppercase dark:bg-amber-600"
                          title={part!.at.reason}
                        >
                          {part!.byActions ? "actions differ" : "parts here"}
                        </span>
                      )}
                    </th>
                    <td className="border-t border-zinc-200 px-1 py-2 dark:border-zinc-800">
                      <ExchangeCell ex={x} against={y} agentDiffers={agentDiffers} />
                    </td>
                    <td className="border-t border-zinc-200 px-1 py-2 dark:border-zinc-800">
                      <ExchangeCell ex={y} against={x} agentDiffers={agentDiffers} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
