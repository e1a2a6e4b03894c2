/**
 * τ-voice's per-call interaction facts beside the panel (tau2-bench `tau2 metrics interaction-facts`,
 * `docs/interaction-metrics.md`; issue 57), from the detected speech:
 *
 * - **Dead air**: the time with both sides silent between the first and the last speech (either side),
 *   its fraction of that span, the longest such gap, and how many gaps last `LONG_GAP_S` or more.
 * - **Response latency by turn**: the panel's responses split into the agent's replies that followed a
 *   tool call (the agent's context says so) and plain ones.
 *
 * A figure that cannot be computed is null with `na` saying why ("N/A, because …"), never 0.
 */
import type { LoggedTurn } from "./frames";
import type { InteractionEvent } from "./interaction";
import { mergeSpans, r3, type Span } from "./spans";

/** A gap of both sides silent this long or longer is counted (tau2-bench's threshold). */
export const LONG_GAP_S = 3.0;

export interface DeadAir {
  totalSeconds: number | null;
  /** Of the span from the first to the last speech (0..1). */
  fraction: number | null;
  maxGapSeconds: number | null;
  /** Gaps of `LONG_GAP_S` or more. */
  longGaps: number | null;
  /** The span measured (first speech to last), seconds. */
  spanSeconds: number | null;
  /** Why the figures are null: "N/A, because …"; null when they are measured. */
  na: string | null;
}

export interface LatencyGroup {
  /** Mean response latency (seconds), null with `na` when no response of the kind. */
  mean: number | null;
  count: number;
  na: string | null;
}

export interface ResponseLatencyByTurn {
  tool: LatencyGroup;
  plain: LatencyGroup;
  /** Responses whose agent reply could not be placed on a logged turn (not in either group). */
  unplaced: number;
}

export const NA_NO_RECORDING = "N/A, because the scenario has no recording";

export function deadAirOf(user: readonly Span[], agent: readonly Span[]): DeadAir {
  const none = (na: string): DeadAir => ({ totalSeconds: null, fraction: null, maxGapSeconds: null, longGaps: null, spanSeconds: null, na });
  if (user.length === 0 && agent.length === 0) return none("N/A, because neither side's speech is on the recording");
  const speech = mergeSpans([...user, ...agent]);
  const first = speech[0]![0];
  const last = speech.reduce((m, s) => Math.max(m, s[1]), first);
  const span = last - first;
  if (!(span > 0)) return none("N/A, because the speech on the recording has no length");
  let total = 0;
  let max = 0;
  let long = 0;
  for (let i = 1; i < speech.length; i++) {
    const gap = speech[i]![0] - speech[i - 1]![1];
    if (gap <= 0) continue;
    total += gap;
    max = Math.max(max, gap);
    if (gap >= LONG_GAP_S - 1e-9) long++;
  }
  return {
    totalSeconds: r3(total),
    fraction: Math.round((total / span) * 1000) / 1000,
    maxGapSeconds: r3(max),
    longGaps: long,
    spanSeconds: r3(span),
    na: null,
  };
}

/**
 * The agent turn a response started: the logged agent turn nearest the reply's first audio (within 1.5 s,
 * the logs' clock against the recording's). Its `tool` says whether a tool call came before it.
 */
function turnAt(agentTurns: readonly LoggedTurn[], t: number): LoggedTurn | null {
  let best: LoggedTurn | null = null;
  let bestD = 1.5;
  for (const turn of agentTurns) {
    const d = t < turn.start ? turn.start - t : t > turn.end ? t - turn.end : 0;
    if (d < bestD || (d === bestD && best === null)) {
      best = turn;
      bestD = d;
    }
  }
  return best;
}

export function responseLatencyByTurn(events: readonly InteractionEvent[], turns: readonly LoggedTurn[]): ResponseLatencyByTurn {
  const responses = events.filter((e) => e.kind === "response" && e.seconds !== null);
  const agentTurns = turns.filter((t) => t.role === "agent" && t.end >= t.start);
  const known = agentTurns.some((t) => typeof t.tool === "boolean");
  const group = (xs: number[], kind: string): LatencyGroup => {
    if (!known) return { mean: null, count: 0, na: "N/A, because the agent's tool calls are not known (no agent context in the logs)" };
    if (responses.length === 0) return { mean: null, count: 0, na: "N/A, because the recording has no response of the agent to the user" };
    if (xs.length === 0) return { mean: null, count: 0, na: `N/A, because no response of this call was ${kind}` };
    return { mean: r3(xs.reduce((a, b) => a + b, 0) / xs.length), count: xs.length, na: null };
  };
  const tool: number[] = [];
  const plain: number[] = [];
  let unplaced = 0;
  if (known) {
    for (const e of responses) {
      const turn = turnAt(agentTurns, e.at + (e.seconds as number));
      if (!turn || typeof turn.tool !== "boolean") unplaced++;
      else (turn.tool ? tool : plain).push(e.seconds as number);
    }
  }
  return { tool: group(tool, "a reply after a tool call"), plain: group(plain, "a reply without a tool call"), unplaced };
}

/** Agent turns after which a tool was called (indices into the agent's spoken turns), from the context's tool calls; the end tool is the harness's, not a wait. */
export function toolTurnIndices(calls: ReadonlyArray<{ name: string; afterAgentTurns: number }>): Set<number> {
  const out = new Set<number>();
  for (const c of calls) if (c.name !== "EndConversationTool") out.add(c.afterAgentTurns);
  return out;
}

/** The logged turns with each agent turn marked `tool` (in order), when the agent's tool calls are known. */
export function markToolTurns<T extends LoggedTurn>(turns: readonly T[], toolTurns: Set<number> | null): T[] {
  if (!toolTurns) return [...turns];
  let k = 0;
  return turns.map((t) => (t.role === "agent" ? { ...t, tool: toolTurns.has(k++) } : t));
}

/** A fact as a page or a report shows it. */
export function deadAirRows(d: DeadAir): Array<{ label: string; text: string }> {
  const na = d.na ?? "unknown";
  return [
    { label: "Dead air (both silent, first to last speech)", text: d.totalSeconds === null ? na : `${d.totalSeconds.toFixed(1)} s` },
    { label: "Dead air fraction", text: d.fraction === null ? na : `${(d.fraction * 100).toFixed(1)}%` },
    { label: "Longest gap", text: d.maxGapSeconds === null ? na : `${d.maxGapSeconds.toFixed(1)} s` },
    { label: `Gaps of ${LONG_GAP_S.toFixed(1)} s or more`, text: d.longGaps === null ? na : String(d.longGaps) },
  ];
}

export function latencySplitRows(s: ResponseLatencyByTurn): Array<{ label: string; text: string }> {
  const text = (g: LatencyGroup) => (g.mean === null ? (g.na ?? "unknown") : `${g.mean.toFixed(2)} s (${g.count} response${g.count === 1 ? "" : "s"})`);
  return [
    { label: "Response latency, turns with a tool call", text: text(s.tool) },
    { label: "Response latency, plain turns", text: text(s.plain) },
  ];
}

/** Dead air of several calls as one (a run): totals summed over the spans measured; the longest of the longest. */
export function poolDeadAir(items: readonly DeadAir[]): DeadAir & { calls: number } {
  const measured = items.filter((d) => d.na === null);
  if (measured.length === 0)
    return {
      totalSeconds: null,
      fraction: null,
      maxGapSeconds: null,
      longGaps: null,
      spanSeconds: null,
      na: items.length ? "N/A, because no recording of this run has speech" : "N/A, because no recording was measured",
      calls: 0,
    };
  const total = measured.reduce((s, d) => s + (d.totalSeconds ?? 0), 0);
  const span = measured.reduce((s, d) => s + (d.spanSeconds ?? 0), 0);
  return {
    totalSeconds: r3(total),
    fraction: span > 0 ? Math.round((total / span) * 1000) / 1000 : null,
    maxGapSeconds: r3(Math.max(...measured.map((d) => d.maxGapSeconds ?? 0))),
    longGaps: measured.reduce((s, d) => s + (d.longGaps ?? 0), 0),
    spanSeconds: r3(span),
    na: null,
    calls: measured.length,
  };
}

/** The split of several calls as one (a run): means weighted by their responses. */
export function poolLatencySplit(items: readonly ResponseLatencyByTurn[]): ResponseLatencyByTurn {
  const pool = (pick: (s: ResponseLatencyByTurn) => LatencyGroup, kind: string): LatencyGroup => {
    let sum = 0;
    let count = 0;
    for (const s of items) {
      const g = pick(s);
      if (g.mean !== null) {
        sum += g.mean * g.count;
        count += g.count;
      }
    }
    if (count > 0) return { mean: r3(sum / count), count, na: null };
    if (items.length === 0) return { mean: null, count: 0, na: "N/A, because no recording was measured" };
    // The calls' own reason when they all share one, else the general one.
    const reasons = new Set(items.map((s) => pick(s).na));
    return { mean: null, count: 0, na: reasons.size === 1 ? ([...reasons][0] ?? null) : `N/A, because no response of these calls was ${kind}` };
  };
  return {
    tool: pool((s) => s.tool, "a reply after a tool call"),
    plain: pool((s) => s.plain, "a reply without a tool call"),
    unplaced: items.reduce((n, s) => n + s.unplaced, 0),
  };
}
