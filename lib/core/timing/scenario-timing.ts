/** Everything issue #13 computes for one scenario, from its transcript, segments, bridge log and agent context. */
import type { ConversationLog } from "../evidence/conversation-log";
import { alignEvents, ALIGNMENT_TEXT, type Alignment } from "./align";
import { parseBridgeEvents, type Side } from "./bridge-events";
import { stampMs } from "./clock";
import { flowAudit, type FlowAudit } from "./flow";
import { timingFigures, type TimingFigures } from "./figures";
import { emptyInteraction, emptyRaw, type TimingRaw } from "./raw";
import { interactionRaw, spansFromSegments, type InteractionMarks, type Span } from "./turn-taking";
import { budgetOf, turnLatencies, type TurnLatency } from "./turns";
import { waterfall, type WaterfallTurn } from "./waterfall";

export const SLOW_TURN_LIMIT_S = 60;

export interface SlowTurn {
  turn: number;
  role: Side;
  latency_s: number;
  text: string;
  llm_calls: number | null;
}

export interface ScenarioTimingInput {
  conversation: ConversationLog | null;
  segments: readonly unknown[] | null;
  bridgeLog: string | null;
  agentContext: readonly unknown[] | null;
}

export interface ScenarioTiming extends TimingFigures {
  /** How bridge-log metrics were placed on the transcript's clock. */
  alignment: Alignment;
  alignment_text: string;
  metrics_source: "tagged" | "legacy" | "none";
  interaction_source: "segments" | "transcript" | null;
  slowest: Record<Side, SlowTurn[]>;
  over_60s: SlowTurn[];
  waterfall: WaterfallTurn[];
  flow: FlowAudit;
  marks: InteractionMarks;
  stop_reason: string | null;
  /** Wall-clock `Start Time:` / `End time:` of the transcript, ms (naive, read as UTC). */
  wall: { start_ms: number | null; end_ms: number | null };
}

export interface ScenarioTimingResult {
  timing: ScenarioTiming;
  /** What a run rollup pools. */
  raw: TimingRaw;
}

export function scenarioTiming(input: ScenarioTimingInput): ScenarioTimingResult {
  const turns = input.conversation?.turns ?? [];
  const lat = turnLatencies(turns);
  const raw = emptyRaw();
  for (const t of lat) {
    raw.latencies[t.role].push(t.latency_s);
    if (!t.interrupted) raw.answerTurns[t.role]++;
  }
  raw.budget = budgetOf(turns);
  const bridge = parseBridgeEvents(input.bridgeLog ?? "");
  const logStart = input.conversation?.startTime ? stampMs(input.conversation.startTime) : null;
  const aligned = alignEvents(bridge, lat, logStart);
  const ttfbByTurn = new Map<number, Array<{ processor: string; value: number }>>();
  const llmByTurn = new Map<number, number>();
  aligned.metrics.forEach((e, k) => {
    const turn = aligned.turnOf[k] ?? null;
    // Untagged (old) events take the side of the turn they are attributed to.
    const side: Side | null = e.side ?? (turn !== null ? (lat[turn] as TurnLatency).role : null);
    if (side === null) return;
    if (e.kind === "tokens") {
      raw.tokens[side].push({ prompt: e.prompt, completion: e.completion });
      return;
    }
    let group = raw.ttfb.find((g) => g.side === side && g.processor === e.processor);
    if (!group) raw.ttfb.push((group = { side, processor: e.processor, values: [] }));
    group.values.push(e.value);
    if (e.processor.includes("LLM")) raw.llmCalls[side]++;
    if (turn !== null) {
      const list = ttfbByTurn.get(turn) ?? [];
      list.push({ processor: e.processor, value: e.value });
      ttfbByTurn.set(turn, list);
      if (e.processor.includes("LLM")) llmByTurn.set(turn, (llmByTurn.get(turn) ?? 0) + 1);
    }
  });
  const segSpans = spansFromSegments(input.segments);
  const spans: Span[] | null = segSpans && segSpans.length ? segSpans : turns.length ? turns.map((t) => ({ role: t.role, start: t.start, end: t.end })) : null;
  const inter = spans ? interactionRaw(spans) : { raw: emptyInteraction(), marks: { bargeIns: [], deadAir: [] } };
  raw.interaction = inter.raw;
  const attributed = aligned.alignment !== "none";
  const slow = (t: TurnLatency): SlowTurn => ({
    turn: t.index,
    role: t.role,
    latency_s: t.latency_s,
    text: t.text,
    llm_calls: attributed ? (llmByTurn.get(t.index) ?? 0) : null,
  });
  const slowest = (side: Side) =>
    lat
      .filter((t) => t.role === side)
      .sort((a, b) => b.latency_s - a.latency_s || a.index - b.index)
      .slice(0, 3)
      .map(slow);
  const timing: ScenarioTiming = {
    ...timingFigures(raw),
    alignment: aligned.alignment,
    alignment_text: ALIGNMENT_TEXT[aligned.alignment],
    metrics_source: bridge.source,
    interaction_source: segSpans && segSpans.length ? "segments" : spans ? "transcript" : null,
    slowest: { agent: slowest("agent"), user: slowest("user") },
    over_60s: lat.filter((t) => t.latency_s > SLOW_TURN_LIMIT_S).map(slow),
    waterfall: waterfall(lat, ttfbByTurn),
    flow: flowAudit(turns, input.agentContext),
    marks: inter.marks,
    stop_reason: input.conversation?.stopReason ?? null,
    wall: { start_ms: logStart, end_ms: input.conversation?.endTime ? stampMs(input.conversation.endTime) : null },
  };
  return { timing, raw };
}
