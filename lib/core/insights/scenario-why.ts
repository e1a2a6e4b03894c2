/**
 * Why one scenario failed, from what its page shows (issue 43): the transcript (metrics.json's turns
 * when the log is missing), the failing signals with their values, the judge's reason, the likely
 * causes and the turn where it went wrong. One function for the scenario page, its export, the
 * scenario report and the MCP server.
 */
import type { ConversationTurn } from "../evidence/conversation-log";
import { judgeFields, type StoredJudge } from "../evidence/judge";
import { isJudgeErrorReason, judgeErrorToken } from "../judge-score";
import type { ScenarioRow } from "../scenario-row";
import { tokenSide } from "../token-usage";
import { absentSourcesLine } from "../transcript/sources";
import { shownTurns, type ShownTranscript } from "../transcript/turns";
import type { AsrDiff } from "./asr-diff";
import { asrPairTurns } from "./asr-turns";
import { failingSignals, type FailingSignal } from "./failing-signals";
import type { Hint } from "./hints";
import { likelyCauses, type LikelyCauses, type LikelyCausesInput } from "./likely-causes";

export interface ScenarioWhyInput {
  row: ScenarioRow | null;
  metrics: Record<string, unknown> | null;
  /** judge_result.json as read (`null` when absent). */
  judge: StoredJudge | null;
  conversation: { turns: readonly ConversationTurn[] } | null;
  segments: readonly unknown[] | null;
  hints: readonly Hint[];
  /** The flow audit's findings (timing), whose turns the flow hints point at. */
  flowFindings?: ReadonlyArray<{ turns: readonly number[] }> | null;
  /** Whether a file of the scenario is present. */
  present: (path: string) => boolean;
  judgeThreshold: number | null;
  runP95Ms: number | null;
  /** The stall rule's agent LLM call count, when token_usage does not say. */
  agentTurnCount: number | null;
  audio?: LikelyCausesInput["audio"];
  divergence?: LikelyCausesInput["divergence"];
  /** What was meant against what was heard, when both contexts were read. */
  asr?: AsrDiff | null;
}

export interface ScenarioWhy {
  transcript: ShownTranscript;
  /** One line naming the richer sources absent, when the turns are not from a timed source. */
  sourcesNote: string | null;
  failed: boolean;
  signals: FailingSignal[];
  /** The judge's reason; `null` without a judge result ("" when it gave none). */
  reason: string | null;
  /** Why the reason is not evidence, when it is not. */
  judgeNote: string | null;
  /** The judge scored a call with no turns or no agent LLM calls. */
  phantomJudge: boolean;
  causes: LikelyCauses;
  /** The transcript turn of each "heard vs meant" pair (by pair index), `null` where none says it. */
  asrTurns: Array<number | null>;
}

export function scenarioWhy(x: ScenarioWhyInput): ScenarioWhy {
  const transcript = shownTurns({ conversation: x.conversation, segments: x.segments, metrics: x.metrics });
  const judge = x.present("judge_result.json") ? judgeFields(x.judge) : null;
  const reason = judge ? (judge.reason ?? "") : null;
  const n = tokenSide(x.metrics, "agent")?.n_calls;
  const asrTurns = x.asr
    ? asrPairTurns(
        x.asr.pairs.map((p) => p.meant),
        transcript.turns,
      )
    : [];
  const anchorTurns = new Map<string, readonly number[]>((x.flowFindings ?? []).map((f, i) => [`flow-${i}`, f.turns]));
  for (const [k, turn] of asrTurns.entries()) if (turn !== null) anchorTurns.set(`asr-${x.asr?.pairs[k]?.index ?? k}`, [turn]);
  const causes = likelyCauses({
    hints: x.hints,
    turns: transcript.turns,
    anchorTurns,
    runP95Ms: x.runP95Ms,
    turnCount: x.row ? x.row.turns : null,
    agentLlmCalls: typeof n === "number" && Number.isFinite(n) ? n : x.agentTurnCount,
    judgeScored: typeof judge?.score === "number" || typeof x.metrics?.judge_score === "number",
    audio: x.audio ?? null,
    divergence: x.divergence ?? null,
  });
  const phantomJudge = causes.causes.some((c) => c.kind === "phantom-judge");
  const judgeFailed = judge !== null && (judgeErrorToken(judge.score) !== null || isJudgeErrorReason(reason));
  return {
    transcript,
    sourcesNote: transcript.timed ? null : absentSourcesLine(x.present, null),
    failed: x.row?.verdict === false,
    signals: failingSignals(x.row, x.metrics, x.judge, x.judgeThreshold),
    reason,
    judgeNote: phantomJudge ? "the call never happened: not evidence" : judgeFailed ? "a judge failure: not evidence about the agent" : null,
    phantomJudge,
    causes,
    asrTurns,
  };
}
