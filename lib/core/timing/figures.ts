/** The figures of issue #13's timing API, as functions of the pooled measurements. */
import type { Side } from "./bridge-events";
import { na, rate, value, type Figure } from "./figure";
import type { TimingRaw } from "./raw";
import { callsPerTurnReading } from "./reading";
import { stats, tokenStats, type Stats } from "./stats";
import type { Budget } from "./turns";

export const CONTEXT_BLOAT_TOKENS = 15_000;
export const LONG_COMPLETION_TOKENS = 1_500;

export interface TtfbGroup extends Stats {
  side: Side;
  processor: string;
}

export interface CallsPerTurn {
  llm_calls: number;
  turns: number;
  ratio: number | null;
  per_turn_mean_s: number | null;
  per_call_mean_s: number | null;
  /** per-turn mean − per-call mean: tool-chain overhead. */
  gap_s: number | null;
  reading: string;
}

type TokenFigure = { sum: number; mean: number; p90: number; max: number } | null;

export interface TokenSideFigures {
  calls: number;
  prompt: TokenFigure;
  completion: TokenFigure;
  total: number;
  /** The call with the most prompt + completion tokens. */
  largest: { prompt: number | null; completion: number | null } | null;
  /** Agent side only: the largest prompt is over 15,000 tokens. */
  context_bloat: boolean;
  /** Completions over 1,500 tokens. */
  long_completions: number;
}

export interface InteractionFigures {
  /** Scenarios (1 for a scenario) whose segments were measured. */
  scenarios: number;
  segments: number;
  user_turns: number;
  response_rate: Figure;
  agent_interruptions: { count: number; per_user_turn: Figure };
  caller_interruptions: { count: number; per_user_turn: Figure };
  overlap: { count: number; total_s: Figure };
  yield_latency: { n: number; stats: Stats | null; na: string | null };
  dead_air: { gaps: number; total_s: Figure; fraction: Figure; longest_s: Figure; over_3s: number; over_3s_total_s: number; excluding_response_s: Figure };
  talk_share: Record<Side, Figure>;
}

export interface TimingFigures {
  turns: Record<Side, Stats | null>;
  budget: Budget;
  ttfb: TtfbGroup[];
  calls_per_turn: Record<Side, CallsPerTurn>;
  tokens: Record<Side, TokenSideFigures>;
  interaction: InteractionFigures;
}

const SIDES: Side[] = ["agent", "user"];

function bySide<T>(f: (s: Side) => T): Record<Side, T> {
  return { agent: f("agent"), user: f("user") };
}

function callsPerTurn(raw: TimingRaw, side: Side): CallsPerTurn {
  const llm = raw.llmCalls[side];
  const turns = raw.answerTurns[side];
  const ratio = turns > 0 && llm > 0 ? llm / turns : null;
  const perTurn = stats(raw.latencies[side])?.mean ?? null;
  const llmValues = raw.ttfb.filter((g) => g.side === side && g.processor.includes("LLM")).flatMap((g) => g.values);
  const perCall = stats(llmValues)?.mean ?? null;
  const gap = perTurn !== null && perCall !== null ? perTurn - perCall : null;
  return {
    llm_calls: llm,
    turns,
    ratio,
    per_turn_mean_s: perTurn,
    per_call_mean_s: perCall,
    gap_s: gap,
    reading: callsPerTurnReading(ratio, perTurn, perCall, gap),
  };
}

function tokenSide(raw: TimingRaw, side: Side): TokenSideFigures {
  const calls = raw.tokens[side];
  const prompts: number[] = [];
  const completions: number[] = [];
  for (const c of calls) {
    if (c.prompt !== null) prompts.push(c.prompt);
    if (c.completion !== null) completions.push(c.completion);
  }
  let largest: TokenSideFigures["largest"] = null;
  let best = -1;
  for (const c of calls) {
    const size = (c.prompt ?? 0) + (c.completion ?? 0);
    if (size > best) [best, largest] = [size, { prompt: c.prompt, completion: c.completion }];
  }
  const p = tokenStats(prompts);
  const c = tokenStats(completions);
  return {
    calls: calls.length,
    prompt: p,
    completion: c,
    total: (p?.sum ?? 0) + (c?.sum ?? 0),
    largest,
    context_bloat: side === "agent" && (p?.max ?? 0) > CONTEXT_BLOAT_TOKENS,
    long_completions: completions.filter((v) => v > LONG_COMPLETION_TOKENS).length,
  };
}

function interaction(raw: TimingRaw): InteractionFigures {
  const x = raw.interaction;
  const noSeg = x.withSegments === 0 ? "no speech segments" : null;
  const noUser = noSeg ?? (x.userTurns === 0 ? "no user turns" : null);
  const perUser = (k: number) => (noUser ? na(noUser) : rate(k, x.userTurns, "no user turns"));
  const gapStats = stats(x.gaps_s);
  const talk = x.talk_s.agent + x.talk_s.user;
  const yieldStats = stats(x.yield_s);
  const over3 = x.gaps_s.filter((g) => g > 3);
  const gapFig = (v: number) => (noSeg ? na(noSeg) : value(v, x.gaps_s.length));
  return {
    scenarios: x.withSegments,
    segments: x.segments,
    user_turns: x.userTurns,
    response_rate: noUser ? na(noUser) : rate(x.answered, x.userTurns, "no user turns"),
    agent_interruptions: { count: x.agentInterruptions, per_user_turn: perUser(x.agentInterruptions) },
    caller_interruptions: { count: x.callerInterruptions, per_user_turn: perUser(x.callerInterruptions) },
    overlap: { count: x.overlaps, total_s: noSeg ? na(noSeg) : value(x.overlap_s, x.overlaps) },
    yield_latency: { n: x.yield_s.length, stats: yieldStats, na: noSeg ?? (yieldStats ? null : "the caller never cut in on the agent") },
    dead_air: {
      gaps: x.gaps_s.length,
      total_s: gapFig(gapStats?.sum ?? 0),
      fraction: noSeg ? na(noSeg) : x.span_s > 0 ? value((gapStats?.sum ?? 0) / x.span_s, x.gaps_s.length) : na("no speech time", x.gaps_s.length),
      longest_s: noSeg ? na(noSeg) : gapStats ? value(gapStats.max, x.gaps_s.length) : na("no silence between speech"),
      over_3s: over3.length,
      over_3s_total_s: over3.reduce((a, b) => a + b, 0),
      excluding_response_s: noSeg
        ? na(noSeg)
        : value(
            x.unanswered_gaps_s.reduce((a, b) => a + b, 0),
            x.unanswered_gaps_s.length,
          ),
    },
    talk_share: bySide((s) =>
      noSeg ? na(noSeg) : talk > 0 ? { ...value(x.talk_s[s] / talk, x.segments), low_n: x.segments < 10 } : na("no speech time", x.segments),
    ),
  };
}

export function timingFigures(raw: TimingRaw): TimingFigures {
  const ttfb: TtfbGroup[] = [];
  for (const g of [...raw.ttfb].sort((a, b) => SIDES.indexOf(a.side) - SIDES.indexOf(b.side) || a.processor.localeCompare(b.processor))) {
    const s = stats(g.values);
    if (s) ttfb.push({ side: g.side, processor: g.processor, ...s });
  }
  return {
    turns: bySide((s) => stats(raw.latencies[s])),
    budget: raw.budget,
    ttfb,
    calls_per_turn: bySide((s) => callsPerTurn(raw, s)),
    tokens: bySide((s) => tokenSide(raw, s)),
    interaction: interaction(raw),
  };
}
