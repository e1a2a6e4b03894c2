/**
 * Per-turn response latency on both sides and the conversation budget (ARTIFACTS.md §7.8), from the
 * turn lines of `conversation_log.txt`.
 */
import type { ConversationTurn } from "../conversation-log";
import type { Side } from "./bridge-events";
import { gapsSinceOtherSide } from "../transcript/turns";

export interface TurnLatency {
  /** Position of the turn in the transcript (0-based): the scenario page's `#turn-N`. */
  index: number;
  role: Side;
  start: number;
  end: number;
  /** Start minus the end of the most recent earlier turn by the other role; the start itself when there is none. Negative = barge-in. */
  latency_s: number;
  interrupted: boolean;
  text: string;
}

export interface Budget {
  /** End of the last turn. */
  duration_s: number;
  agent_playback_s: number;
  user_playback_s: number;
  agent_latency_s: number;
  user_latency_s: number;
  /** duration − the four above (negative when turns overlap). */
  other_s: number;
}

/** Differences of 3-decimal times, without float dust (6.668, not 6.667999999999999). */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export type TurnLike = Pick<ConversationTurn, "role" | "start" | "end" | "duration" | "text" | "interrupted">;

export function turnLatencies(turns: readonly TurnLike[]): TurnLatency[] {
  const gaps = gapsSinceOtherSide(turns);
  // A first turn's latency is its start: the wait since routing began.
  return turns.map((t, index) => ({ index, role: t.role, start: t.start, end: t.end, latency_s: round6(gaps[index] ?? t.start), interrupted: t.interrupted, text: t.text }));
}

export function budgetOf(turns: readonly TurnLike[], latencies: readonly TurnLatency[]): Budget {
  let agentPlay = 0;
  let userPlay = 0;
  let agentLat = 0;
  let userLat = 0;
  let duration = 0;
  turns.forEach((t, i) => {
    if (t.role === "agent") agentPlay += t.duration;
    else userPlay += t.duration;
    const l = latencies[i]?.latency_s ?? 0;
    if (t.role === "agent") agentLat += l;
    else userLat += l;
    duration = Math.max(duration, t.end);
  });
  const last = turns[turns.length - 1];
  // "Duration" is the end of the last turn (the transcript is sorted by start).
  if (last) duration = last.end;
  return {
    duration_s: duration,
    agent_playback_s: agentPlay,
    user_playback_s: userPlay,
    agent_latency_s: agentLat,
    user_latency_s: userLat,
    other_s: duration - agentPlay - userPlay - agentLat - userLat,
  };
}

export function addBudgets(a: Budget, b: Budget): Budget {
  return {
    duration_s: a.duration_s + b.duration_s,
    agent_playback_s: a.agent_playback_s + b.agent_playback_s,
    user_playback_s: a.user_playback_s + b.user_playback_s,
    agent_latency_s: a.agent_latency_s + b.agent_latency_s,
    user_latency_s: a.user_latency_s + b.user_latency_s,
    other_s: a.other_s + b.other_s,
  };
}

export const ZERO_BUDGET: Budget = { duration_s: 0, agent_playback_s: 0, user_playback_s: 0, agent_latency_s: 0, user_latency_s: 0, other_s: 0 };
