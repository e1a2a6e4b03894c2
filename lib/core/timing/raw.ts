/**
 * The measurements of one scenario that run rollups pool (events concatenated, never averaged):
 * a scenario's figures and a run's are the same functions of a `TimingRaw`.
 */
import type { Side } from "./bridge-events";
import { addBudgets, ZERO_BUDGET, type Budget } from "./turns";

export interface TokenCall {
  prompt: number | null;
  completion: number | null;
}

export interface InteractionRaw {
  /** Scenarios (or 1) that had segments to measure. */
  withSegments: number;
  segments: number;
  userTurns: number;
  /** User turns the agent started speaking after, before the user spoke again. */
  answered: number;
  agentInterruptions: number;
  callerInterruptions: number;
  overlaps: number;
  overlap_s: number;
  /** Per caller interruption: how long the agent kept talking after the caller cut in. */
  yield_s: number[];
  /** Every maximal span where neither side speaks, between the first and the last speech. */
  gaps_s: number[];
  /** The gaps between two turns of the same side (nobody answered): dead air beyond response gaps. */
  unanswered_gaps_s: number[];
  /** The time the gaps are a fraction of: first speech start to last speech end. */
  span_s: number;
  talk_s: Record<Side, number>;
}

export interface TimingRaw {
  latencies: Record<Side, number[]>;
  budget: Budget;
  ttfb: Array<{ side: Side; processor: string; values: number[] }>;
  /** TTFB events of processors whose name contains "LLM", per side. */
  llmCalls: Record<Side, number>;
  /** Turns that are not `[INTERRUPTED]`, per side. */
  answerTurns: Record<Side, number>;
  tokens: Record<Side, TokenCall[]>;
  interaction: InteractionRaw;
}

export function emptyInteraction(): InteractionRaw {
  return {
    withSegments: 0,
    segments: 0,
    userTurns: 0,
    answered: 0,
    agentInterruptions: 0,
    callerInterruptions: 0,
    overlaps: 0,
    overlap_s: 0,
    yield_s: [],
    gaps_s: [],
    unanswered_gaps_s: [],
    span_s: 0,
    talk_s: { agent: 0, user: 0 },
  };
}

export function emptyRaw(): TimingRaw {
  return {
    latencies: { agent: [], user: [] },
    budget: { ...ZERO_BUDGET },
    ttfb: [],
    llmCalls: { agent: 0, user: 0 },
    answerTurns: { agent: 0, user: 0 },
    tokens: { agent: [], user: [] },
    interaction: emptyInteraction(),
  };
}

function pushAll<T>(into: T[], from: readonly T[]): void {
  for (const v of from) into.push(v);
}

/** Adds `b` into `a` (mutates and returns `a`). */
export function mergeRaw(a: TimingRaw, b: TimingRaw): TimingRaw {
  for (const s of ["agent", "user"] as Side[]) {
    pushAll(a.latencies[s], b.latencies[s]);
    pushAll(a.tokens[s], b.tokens[s]);
    a.llmCalls[s] += b.llmCalls[s];
    a.answerTurns[s] += b.answerTurns[s];
  }
  a.budget = addBudgets(a.budget, b.budget);
  for (const g of b.ttfb) {
    const same = a.ttfb.find((x) => x.side === g.side && x.processor === g.processor);
    if (same) pushAll(same.values, g.values);
    else a.ttfb.push({ side: g.side, processor: g.processor, values: [...g.values] });
  }
  const x = a.interaction;
  const y = b.interaction;
  x.withSegments += y.withSegments;
  x.segments += y.segments;
  x.userTurns += y.userTurns;
  x.answered += y.answered;
  x.agentInterruptions += y.agentInterruptions;
  x.callerInterruptions += y.callerInterruptions;
  x.overlaps += y.overlaps;
  x.overlap_s += y.overlap_s;
  pushAll(x.yield_s, y.yield_s);
  pushAll(x.gaps_s, y.gaps_s);
  pushAll(x.unanswered_gaps_s, y.unanswered_gaps_s);
  x.span_s += y.span_s;
  x.talk_s.agent += y.talk_s.agent;
  x.talk_s.user += y.talk_s.user;
  return a;
}
