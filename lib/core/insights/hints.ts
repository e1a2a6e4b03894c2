/** Likely causes of a scenario's outcome, computed from its evidence (ARTIFACTS.md §7). Display heuristics, not scores. */
import { judgeErrorExplanation } from "../judge-score";
import { callEndOf, callEndStory } from "../call-end";
import type { ScenarioRow } from "../scenario-row";
import type { ActionDiff } from "./action-diff";
import type { AsrDiff } from "./asr-diff";
import type { ToolCall } from "./tool-calls";

export type HintKind =
  | "stalled"
  | "timeout"
  | "inactivity"
  | "inaction"
  | "asr"
  | "tool-error"
  | "judge-error"
  | "no-audio"
  | "no-db-hash"
  | "no-tool-calls"
  | "fabrication"
  | "loop"
  | "echo"
  | "skipped-confirmation";

export interface Hint {
  kind: HintKind;
  /** Who is likely at fault (§7.12). */
  owner: "agent" | "user-sim" | "ASR" | "framework" | "judge";
  /** A second likely owner (§7.12), when there is one. */
  secondary?: "agent" | "user-sim" | "ASR" | "framework" | "judge";
  message: string;
  /** Where the evidence is: an anchor id on the scenario page. */
  evidence: string;
}

export interface HintInput {
  row: ScenarioRow;
  metrics: Record<string, unknown>;
  judgeReason: string | null;
  toolCalls: ToolCall[] | null;
  actions: ActionDiff | null;
  asr: AsrDiff | null;
  hasAudio: boolean;
  offersDomainTools: boolean;
}

export const ASR_FLAG_WER = 0.08;

export function hints(input: HintInput): Hint[] {
  const { row, metrics } = input;
  const out: Hint[] = [];
  if (row.stalled) {
    out.push({
      kind: "stalled",
      owner: "framework",
      message: "Stalled agent: fewer agent LLM calls than min_agent_turns; counted as a failure, an infrastructure problem rather than agent quality.",
      evidence: "tokens",
    });
  }
  if (row.turns === 0) {
    const audio = input.hasAudio ? "" : " and no audio was routed";
    out.push({ kind: "no-audio", owner: "framework", message: `The bots crashed before any audio: no turns were recorded${audio}.`, evidence: "transcript" });
  }
  // A stalled scenario's cause is the stall, not an agent timeout.
  if (row.stop_reason === "[TIMEOUT]" && !row.stalled) {
    out.push({
      kind: "timeout",
      owner: "agent",
      message: "Timeout: the agent never ended the call; look for loops or a stuck confirmation near the end.",
      evidence: "transcript",
    });
  }
  // An inactivity end is its own cause (issue 57): both sides silent for N seconds. It is the agent's only
  // when the policy does not count it clean and the caller spoke last (the agent never answered).
  if (row.stop_reason === "[INACTIVITY_TIMEOUT]" && !row.stalled) {
    const end = callEndOf(metrics);
    const story = callEndStory(end);
    const duration = typeof metrics.duration_seconds === "number" ? metrics.duration_seconds : null;
    const from = duration !== null && end.inactivitySeconds !== null && duration >= end.inactivitySeconds ? duration - end.inactivitySeconds : null;
    const moment = from !== null ? ` The silence runs from about ${from.toFixed(1)} s to the end of the recording (${duration!.toFixed(1)} s).` : "";
    out.push({
      kind: "inactivity",
      owner: story.agentAtFault ? "agent" : "user-sim",
      ...(story.agentAtFault ? { secondary: "framework" as const } : {}),
      message: `Inactivity end: both sides silent${end.inactivitySeconds !== null ? ` for ${end.inactivitySeconds} s` : ""}. ${story.text}${moment}`,
      evidence: input.hasAudio ? "audio" : "call-end",
    });
  }
  const reason = input.judgeReason ?? "";
  if (row.judge_error) {
    out.push({ kind: "judge-error", owner: "judge", message: judgeErrorExplanation(row.judge_error), evidence: "judge" });
  } else if (/^\s*(Error:|No observed agent evidence)/.test(reason)) {
    out.push({
      kind: "judge-error",
      owner: "judge",
      message: "Judge failure, not an agent failure: the judge returned an error or saw no evidence.",
      evidence: "judge",
    });
  }
  const calls = input.toolCalls;
  for (const c of calls ?? []) {
    if (c.unknownTool || c.error) {
      out.push({
        kind: "tool-error",
        owner: c.unknownTool ? "agent" : "framework",
        message: `Tool ${c.unknownTool ? "does not exist" : "returned an error"}: ${c.name}`,
        evidence: `tool-${c.messageIndex}`,
      });
    }
  }
  if (calls && calls.length > 0 && input.offersDomainTools && calls.every((c) => c.name === "EndConversationTool")) {
    out.push({ kind: "no-tool-calls", owner: "agent", message: "No domain tool calls although the agent was offered domain tools.", evidence: "tools" });
  }
  const passedDb = metrics.db_state_match === true || row.verdict === true;
  const noActionsExpected = input.actions?.comparable && input.actions.matched.length + input.actions.missing.length + input.actions.wrongArgs.length === 0;
  if (passedDb && noActionsExpected && calls && !calls.some((c) => c.mutating)) {
    out.push({
      kind: "inaction",
      owner: "agent",
      message: "Passed by inaction? The reference expects no change and the agent made no write; check that it actually engaged and declined.",
      evidence: "actions",
    });
  }
  if (metrics.db_state_match === false && metrics.db_state_actual_hash === null) {
    out.push({
      kind: "no-db-hash",
      owner: "framework",
      message: "The bot reported no DB hash (not a mismatch): the end-of-scenario pull failed or the DB was empty.",
      evidence: "checks",
    });
  }
  if (row.verdict === false && input.asr) {
    const bad = input.asr.pairs.filter((p) => p.wer >= ASR_FLAG_WER);
    const last = bad[bad.length - 1];
    if (last) {
      out.push({
        kind: "asr",
        owner: "ASR",
        message: `${bad.length} user utterance(s) misheard (WER up to ${Math.round(Math.max(...bad.map((b) => b.wer)) * 100)}%); the last one before the failure: "${last.heard}"`,
        evidence: `asr-${last.index}`,
      });
    }
  }
  return out;
}
