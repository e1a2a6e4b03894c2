/** metrics.json, built exactly as the runner builds it (ARTIFACTS.md §1.6, §4). */
import type { Conversation, ConversationEnd } from "../conversation";
import type { JudgeOutput } from "../judge";
import type { JsonObject, ScenarioDef } from "../model";
import { f, type PyJson } from "../pyjson";
import { latencyStats, successBreakdown, verdicts, type Breakdown, type SignalValue } from "../scoring";
import { isoformat, SECOND } from "../time";
import type { SignalName } from "../types";

export interface DbaVerdict {
  func_name: string;
  side: string;
  passed: boolean;
  expected: PyJson;
  actual: PyJson;
  message: string | null;
  error: string | null;
}

export interface MetricsInputs {
  def: ScenarioDef;
  conv: Conversation;
  scenarioDirectory: string;
  /** Runner wall clock around the conversation, seconds. */
  scenarioDuration: number;
  judge?: JudgeOutput;
  threshold: number;
  isActionMatch: boolean | "N/A";
  actualHash: string | null;
  dba: DbaVerdict[];
  minAgentTurns: number;
  /** Older harness: no breakdown, judge_passed, token_usage, stop_reason/clean_exit, DB assertions. */
  legacy: boolean;
  traceMetrics?: PyJson;
  /** A newer harness's `auto_retry_reasons` (`[]`: accepted at the first attempt); absent: an older harness. */
  autoRetryReasons?: string[];
  /** A newer harness's conversation-end settings (issue 57): the six end fields are written. */
  end?: ConversationEnd;
}

export interface MetricsResult {
  obj: JsonObject;
  stalled: boolean;
  agentCalls: number;
  breakdown?: Breakdown;
  isSuccessful: boolean | "N/A";
}

function tokens(conv: Conversation, side: "agent" | "user"): JsonObject {
  const calls = conv.calls.filter((c) => c.side === side);
  return { n_calls: calls.length, prompt: calls.reduce((s, c) => s + c.prompt, 0), completion: calls.reduce((s, c) => s + c.completion, 0) };
}

/** `conversation_end_reason` as 1979de49 names it. */
function endReason(conv: Conversation, vts: boolean, clean: boolean): string {
  if (conv.stop === "[EXIT]") return "agent_end_conversation_tool";
  if (vts && clean) return conv.stop === "[SIMULATOR_EXIT]" ? "simulator_reported_end" : "inactivity_timeout_after_user_final_turn";
  return vts ? "no_valid_terminal_evidence" : "agent_end_conversation_tool_missing";
}

export function buildMetrics(x: MetricsInputs): MetricsResult {
  const { def, conv } = x;
  const values: Partial<Record<SignalName, SignalValue>> = {};
  const o: JsonObject = {
    total_turns: conv.turns.length,
    duration_seconds: f((conv.endTime - conv.routingStart) / SECOND),
    turns: conv.turns.map((t) => ({ timestamp: isoformat(t.at), role: t.role, text: t.text })),
    latency_stats: latencyStats(conv.latencies.map((l) => l.ms)) as unknown as JsonObject,
    latencies: conv.latencies.map((l) => ({ user_transcript: l.user, agent_transcript: l.agent, latency_ms: f(l.ms) })),
    scenario_name: def.name,
    scenario_directory: x.scenarioDirectory,
    scenario_duration: f(x.scenarioDuration),
  };
  // Under valid-terminal-state the simulator's end and silence after the caller's last turn are clean too; [TIMEOUT] never is.
  const vts = x.end?.policy === "valid-terminal-state";
  const cleanExit =
    conv.stop === "[EXIT]" || (vts && (conv.stop === "[SIMULATOR_EXIT]" || (conv.stop === "[INACTIVITY_TIMEOUT]" && conv.lastSpeaker === "user")));
  if (!x.legacy) {
    o.stop_reason = conv.stop;
    o.clean_exit = cleanExit;
    values.clean_exit = cleanExit;
  }
  if (!x.legacy && x.end) {
    o.conversation_end_policy = x.end.policy;
    o.conversation_end_reason = endReason(conv, vts, cleanExit);
    o.inactivity_timeout_seconds = f(x.end.inactivitySeconds);
    o.end_conversation_tool_called = conv.stop === "[EXIT]";
    o.simulator_end_reported = conv.stop === "[SIMULATOR_EXIT]";
    o.last_speaker = conv.lastSpeaker;
  }
  const agentCalls = conv.calls.filter((c) => c.side === "agent").length;
  const stalled = !x.legacy && x.minAgentTurns > 0 && agentCalls < x.minAgentTurns;
  if (stalled) o.insufficient_agent_turns = true;
  o.is_action_match = x.isActionMatch;
  values.is_action_match = x.isActionMatch;
  if (x.judge) {
    o.judge_score = f(x.judge.score);
    if (!x.legacy) {
      const passed = x.judge.score >= x.threshold;
      o.judge_passed = passed;
      values.judge_passed = passed;
    }
  }
  if (!x.legacy) o.token_usage = { agent: tokens(conv, "agent"), user: tokens(conv, "user") };
  if (def.expectedDbHash) {
    const match = x.actualHash === def.expectedDbHash;
    o.db_state_expected_hash = def.expectedDbHash;
    o.db_state_match = match;
    o.db_state_actual_hash = x.actualHash;
    values.db_state_match = match;
  }
  if (def.nlAssertions.length && x.judge?.nl) {
    const rate = x.judge.nl.filter(Boolean).length / x.judge.nl.length;
    o.nl_assertion_pass_rate = f(rate);
    values.nl_assertion = rate;
  }
  if (def.dbAssertions.length && !x.legacy) {
    const rate = x.dba.filter((v) => v.passed).length / x.dba.length;
    o.db_state_assertion_verdicts = x.dba as unknown as JsonObject[];
    o.db_state_assertion_pass_rate = f(rate);
    values.db_state_assertion = rate;
  }
  const b = successBreakdown(values, def.successSignals);
  const v = verdicts(b);
  let isSuccessful = v.isSuccessful;
  if (!x.legacy) o.success_breakdown = b as unknown as JsonObject;
  // Written between success_breakdown and is_successful, as the harness does.
  if (x.autoRetryReasons) {
    o.auto_retry_count = x.autoRetryReasons.length;
    if (x.autoRetryReasons.length) o.auto_retry_reasons = [...x.autoRetryReasons];
  }
  if (stalled) {
    o.is_successful = false;
    o.is_task_successful = false;
    isSuccessful = false;
  } else {
    o.is_successful = v.isSuccessful;
    if (v.isTaskSuccessful !== undefined && !x.legacy) o.is_task_successful = v.isTaskSuccessful;
  }
  if (x.traceMetrics !== undefined) o.trace_metrics = x.traceMetrics;
  return { obj: o, stalled, agentCalls, breakdown: x.legacy ? undefined : b, isSuccessful };
}
