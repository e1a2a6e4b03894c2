/**
 * A scenario's turns, from the first source that has any (ARTIFACTS.md §1.10, §7.8): the scenario
 * page and the compare page read the same rule, each naming the sources it shows.
 */
import type { ConversationTurn } from "../evidence/conversation-log";
import type { Problem } from "../problems";
import type { Role, Turn, TurnSource } from "./turn";
import { contentText, isRecord } from "./messages";
import { metricsTurns } from "./metrics-turns";

export type { Role, Turn, TurnSource } from "./turn";

export interface BuiltTurns<Time extends number | null = number | null> {
  turns: Array<Turn<Time>>;
  /** `null` when no source has a turn. */
  source: TurnSource | null;
}

/** The sources with timing: enough for the audio lanes and seek links. */
export interface TimedSources {
  conversation?: { turns: readonly ConversationTurn[] } | null;
  /** `conversation_log.seglst.json` as parsed. */
  segments?: readonly unknown[] | null;
}

export interface TurnSources extends TimedSources {
  /** `metrics.json`, whose `turns` hold role and text. */
  metrics?: unknown;
  /** `bot_logs_agent/llm_context.json` as parsed. */
  agentContext?: readonly unknown[] | null;
}

function fromLog(turns: readonly ConversationTurn[]): Array<Turn<number>> {
  return turns.map((t) => ({
    role: t.role,
    text: t.text,
    start: t.start,
    end: t.end,
    duration: t.duration,
    interrupted: t.interrupted,
    statedLatencyMs: t.responseLatencyMs,
    at: t.start,
  }));
}

function fromSegments(segments: readonly unknown[]): Array<Turn<number>> {
  const out: Array<Turn<number>> = [];
  for (const s of segments) {
    if (!isRecord(s) || (s.speaker !== "user" && s.speaker !== "agent") || typeof s.start_time !== "number" || typeof s.end_time !== "number") continue;
    const text = typeof s.words === "string" ? s.words : "";
    out.push({
      role: s.speaker,
      text,
      start: s.start_time,
      end: s.end_time,
      duration: s.end_time - s.start_time,
      interrupted: text.trim() === "[INTERRUPTED]",
      statedLatencyMs: null,
      at: s.start_time,
    });
  }
  return out;
}

function untimed(role: Role, text: string): Turn<null> {
  return { role, text, start: null, end: null, duration: null, interrupted: false, statedLatencyMs: null, at: null };
}

/** Assistant and user messages with words; tool and system messages say nothing aloud. */
function fromContext(context: readonly unknown[]): Array<Turn<null>> {
  const out: Array<Turn<null>> = [];
  for (const m of context) {
    if (!isRecord(m) || (m.role !== "assistant" && m.role !== "user")) continue;
    const text = contentText(m.content).trim();
    if (text) out.push(untimed(m.role === "assistant" ? "agent" : "user", text));
  }
  return out;
}

/** The turns of the first source given that has any, in the order conversation log, segLST, metrics, LLM context. */
export function buildTurns(from: TimedSources): BuiltTurns<number>;
export function buildTurns(from: TurnSources): BuiltTurns;
export function buildTurns(from: TurnSources): BuiltTurns {
  const tries: Array<[TurnSource, () => Turn[]]> = [
    ["conversation_log.txt", () => fromLog(from.conversation?.turns ?? [])],
    ["conversation_log.seglst.json", () => fromSegments(from.segments ?? [])],
    ["metrics.json", () => metricsTurns(from.metrics).turns],
    ["bot_logs_agent/llm_context.json", () => fromContext(from.agentContext ?? [])],
  ];
  for (const [source, read] of tries) {
    const turns = read();
    if (turns.length) return { turns, source };
  }
  return { turns: [], source: null };
}

/**
 * Start minus the end of the other side's most recent turn, in seconds (negative = barge-in);
 * `null` for a turn with no earlier turn by the other side (§7.8).
 */
export function gapsSinceOtherSide(turns: ReadonlyArray<{ role: Role; start: number; end: number }>): Array<number | null> {
  const lastEnd: Record<Role, number | null> = { user: null, agent: null };
  return turns.map((t) => {
    const other = lastEnd[t.role === "agent" ? "user" : "agent"];
    lastEnd[t.role] = t.end;
    return other === null ? null : t.start - other;
  });
}

/** A turn as the scenario page shows it. */
export interface ShownTurn extends Turn {
  /** Agent: the stated response latency (the log's, or metrics.json's latencies); otherwise start − end of the other side's most recent turn (§7.8). */
  latencyMs: number | null;
}

export interface ShownTranscript {
  turns: ShownTurn[];
  source: TurnSource | null;
  /** Per-segment times (the log or the segLST): the audio lanes and seek links can use them. */
  timed: boolean;
  /** What in metrics.json's turns could not be used (named on the scenario), when the transcript comes from it. */
  problems: Problem[];
  /** metrics.json `latencies` that name no turn. */
  unplacedLatencies: number;
}

/**
 * The scenario page's transcript: conversation_log.txt, else the segLST, else metrics.json's turns
 * (always there for a finished scenario), with a latency on each turn that has one.
 */
export function shownTurns(from: TimedSources & Pick<TurnSources, "metrics">): ShownTranscript {
  const timed = buildTurns({ conversation: from.conversation, segments: from.segments });
  if (timed.source !== null) {
    const gaps = gapsSinceOtherSide(timed.turns);
    // The log states the agent's latency; the user's, and every segLST turn's, are derived.
    const turns = timed.turns.map((t, i) => {
      const stated = timed.source === "conversation_log.txt" && t.role === "agent";
      const gap = gaps[i] ?? null;
      return { ...t, latencyMs: stated ? t.statedLatencyMs : gap === null ? null : gap * 1000 };
    });
    return { turns, source: timed.source, timed: true, problems: [], unplacedLatencies: 0 };
  }
  const m = metricsTurns(from.metrics);
  const turns = m.turns.map((t) => ({ ...t, latencyMs: t.statedLatencyMs }));
  return { turns, source: turns.length ? "metrics.json" : null, timed: false, problems: m.problems, unplacedLatencies: m.unplacedLatencies };
}
