/**
 * Turn-taking facts after tau2-bench's interaction metrics, from the speech segments
 * (`conversation_log.seglst.json`, else the transcript's turns): response rate, interruptions each
 * way, overlap, yield latency, dead air and talk-time share.
 */
import type { Side } from "./bridge-events";
import { emptyInteraction, type InteractionRaw } from "./raw";

export interface Span {
  role: Side;
  start: number;
  end: number;
}

export interface InteractionMarks {
  /** Where one side started over the other. */
  bargeIns: Array<{ at: number; by: Side }>;
  /** Dead air over 3 s. */
  deadAir: Array<{ start: number; end: number }>;
}

export const DEAD_AIR_MARK_S = 3;

/** Segments in the seglst shape, or null when the value is not a usable list. */
export function spansFromSegments(segments: readonly unknown[] | null): Span[] | null {
  if (!segments) return null;
  const out: Span[] = [];
  for (const s of segments) {
    if (!s || typeof s !== "object") continue;
    const r = s as Record<string, unknown>;
    const role = r.speaker === "agent" ? "agent" : r.speaker === "user" ? "user" : null;
    if (role && typeof r.start_time === "number" && typeof r.end_time === "number") out.push({ role, start: r.start_time, end: r.end_time });
  }
  return out;
}

export function interactionRaw(input: readonly Span[]): { raw: InteractionRaw; marks: InteractionMarks } {
  const raw = emptyInteraction();
  const marks: InteractionMarks = { bargeIns: [], deadAir: [] };
  const spans = [...input].sort((a, b) => a.start - b.start || a.end - b.end);
  if (spans.length === 0) return { raw, marks };
  raw.withSegments = 1;
  raw.segments = spans.length;
  const users = spans.filter((s) => s.role === "user");
  const agents = spans.filter((s) => s.role === "agent");
  raw.userTurns = users.length;
  users.forEach((u, i) => {
    const next = users[i + 1]?.start ?? Infinity;
    if (agents.some((a) => a.start > u.start && a.start < next)) raw.answered++;
  });
  for (const a of agents) {
    raw.talk_s.agent += a.end - a.start;
    if (users.some((u) => u.start < a.start && a.start < u.end)) {
      raw.agentInterruptions++;
      marks.bargeIns.push({ at: a.start, by: "agent" });
    }
  }
  for (const u of users) {
    raw.talk_s.user += u.end - u.start;
    const over = agents.find((a) => a.start < u.start && u.start < a.end);
    if (over) {
      raw.callerInterruptions++;
      raw.yield_s.push(over.end - u.start);
      marks.bargeIns.push({ at: u.start, by: "user" });
    }
    for (const a of agents) {
      const o = Math.min(a.end, u.end) - Math.max(a.start, u.start);
      if (o > 0) {
        raw.overlaps++;
        raw.overlap_s += o;
      }
    }
  }
  // Maximal silences between the first and the last speech.
  let blockEnd = (spans[0] as Span).end;
  let blockLast: Span = spans[0] as Span;
  let lastEnd = blockEnd;
  for (const s of spans.slice(1)) {
    if (s.start > blockEnd) {
      const gap = s.start - blockEnd;
      raw.gaps_s.push(gap);
      if (blockLast.role === s.role) raw.unanswered_gaps_s.push(gap);
      if (gap > DEAD_AIR_MARK_S) marks.deadAir.push({ start: blockEnd, end: s.start });
    }
    if (s.end >= blockEnd || s.start > blockEnd) {
      blockEnd = Math.max(s.start > blockEnd ? s.end : blockEnd, s.end);
      blockLast = s;
    }
    lastEnd = Math.max(lastEnd, s.end);
  }
  raw.span_s = lastEnd - (spans[0] as Span).start;
  marks.bargeIns.sort((a, b) => a.at - b.at);
  return { raw, marks };
}
