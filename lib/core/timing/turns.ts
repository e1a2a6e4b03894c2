/**
 * Per-turn response latency on both sides and the conversation budget (ARTIFACTS.md §7.8), from the
 * turn lines of `conversation_log.txt`.
 */
import type { ConversationTurn } from "../evidence/conversation-log";
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

/**
 * Where a conversation's time went, as a partition that adds up:
 * duration = agent playback + user playback − overlap + agent latency + user latency + other.
 */
export interface Budget {
  /** End of the last turn. */
  duration_s: number;
  /** Sum of the agent's turn durations (§7.8). */
  agent_playback_s: number;
  user_playback_s: number;
  /** Time both sides speak at once (counted in both playbacks, so taken off once). */
  overlap_s: number;
  /** Silence after a user turn until the agent's next turn: waiting on the agent. */
  agent_latency_s: number;
  /** Silence after an agent turn until the user's next turn: waiting on the user. */
  user_latency_s: number;
  /** The rest of the silence: pauses between two turns of one side. Never negative. */
  other_s: number;
}

/** Differences of 3-decimal times, without float dust (6.668, not 6.667999999999999). */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export type TurnLike = Pick<ConversationTurn, "role" | "start" | "end" | "duration" | "text" | "interrupted">;

export function turnLatencies(turns: readonly TurnLike[]): TurnLatency[] {
  const gaps = gapsSinceOtherSide(turns);
  // A first turn's latency is its start: the wait since routing began.
  return turns.map((t, index) => ({
    index,
    role: t.role,
    start: t.start,
    end: t.end,
    latency_s: round6(gaps[index] ?? t.start),
    interrupted: t.interrupted,
    text: t.text,
  }));
}

/**
 * The budget by a sweep over the turns' intervals. §7.8 subtracts the per-turn latencies from the
 * duration, which goes negative (−12 s seen) as soon as turns overlap or one side speaks twice in a
 * row (a latency then spans the side's own turn); here each silent stretch is counted once, by who
 * spoke before it and who speaks after it.
 */
export function budgetOf(turns: readonly TurnLike[]): Budget {
  let agentPlay = 0;
  let userPlay = 0;
  for (const t of turns) {
    if (t.role === "agent") agentPlay += t.duration;
    else userPlay += t.duration;
  }
  // "Duration" is the end of the last turn (the transcript is sorted by start).
  const duration = turns.length ? (turns[turns.length - 1] as TurnLike).end : 0;
  const cuts = [...new Set([0, duration, ...turns.flatMap((t) => [t.start, t.end])])].filter((x) => x >= 0 && x <= duration).sort((a, b) => a - b);
  let overlap = 0;
  let agentLat = 0;
  let userLat = 0;
  let other = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i] as number;
    const b = cuts[i + 1] as number;
    const mid = (a + b) / 2;
    const speaking = (role: Side) => turns.some((t) => t.role === role && t.start <= mid && t.end >= mid);
    const agent = speaking("agent");
    const user = speaking("user");
    if (agent && user) overlap += b - a;
    if (agent || user) continue;
    let before: Side | null = null;
    let endedAt = -Infinity;
    let after: Side | null = null;
    let startsAt = Infinity;
    for (const t of turns) {
      if (t.end <= a && t.end >= endedAt) [before, endedAt] = [t.role, t.end];
      if (t.start >= b && t.start < startsAt) [after, startsAt] = [t.role, t.start];
    }
    // Before the first turn it is the first speaker's wait (§7.8: a first turn's latency is its start).
    const waitingOn = before === null ? after : before !== after ? after : null;
    if (waitingOn === "agent") agentLat += b - a;
    else if (waitingOn === "user") userLat += b - a;
    else other += b - a;
  }
  return {
    duration_s: round6(duration),
    agent_playback_s: round6(agentPlay),
    user_playback_s: round6(userPlay),
    overlap_s: round6(overlap),
    agent_latency_s: round6(agentLat),
    user_latency_s: round6(userLat),
    other_s: round6(other),
  };
}

export function addBudgets(a: Budget, b: Budget): Budget {
  return {
    duration_s: a.duration_s + b.duration_s,
    agent_playback_s: a.agent_playback_s + b.agent_playback_s,
    user_playback_s: a.user_playback_s + b.user_playback_s,
    agent_latency_s: a.agent_latency_s + b.agent_latency_s,
    user_latency_s: a.user_latency_s + b.user_latency_s,
    overlap_s: a.overlap_s + b.overlap_s,
    other_s: a.other_s + b.other_s,
  };
}

export const ZERO_BUDGET: Budget = { duration_s: 0, agent_playback_s: 0, user_playback_s: 0, overlap_s: 0, agent_latency_s: 0, user_latency_s: 0, other_s: 0 };
