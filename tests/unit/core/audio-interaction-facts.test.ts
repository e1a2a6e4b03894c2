/**
 * Issue 57: τ-voice's interaction facts beside the panel. Dead air (both sides silent between the first
 * and the last speech: total, fraction, longest gap, gaps of 3.0 s or more) on hand-built timelines; the
 * response latency split into replies after a tool call and plain ones, placed on the logged agent turns;
 * a typed "N/A, because …" for every figure that cannot be computed, never 0.
 */
import { describe, expect, it } from "vitest";
import type { LoggedTurn } from "@/lib/core/audio/frames";
import { interactionOf } from "@/lib/core/audio/interaction";
import {
  deadAirOf,
  deadAirRows,
  latencySplitRows,
  markToolTurns,
  poolDeadAir,
  poolLatencySplit,
  responseLatencyByTurn,
  toolTurnIndices,
} from "@/lib/core/audio/interaction-facts";
import type { Span } from "@/lib/core/audio/spans";

describe("dead air", () => {
  it("sums the gaps with both sides silent between the first and the last speech; overlaps and talk are not gaps", () => {
    const user: Span[] = [
      [1, 3],
      [7, 9],
      [9.5, 12],
    ];
    // The agent answers 0.5 s after the user and briefly; 3.4 s of silence follow; it talks over the user at 11.
    const agent: Span[] = [
      [3.5, 3.6],
      [11, 14],
    ];
    const d = deadAirOf(user, agent);
    // Gaps: 3–3.5 (0.5), 3.6–7 (3.4), 9–9.5 (0.5); the span is 1–14.
    expect(d.totalSeconds).toBeCloseTo(0.5 + 3.4 + 0.5, 3);
    expect(d.maxGapSeconds).toBeCloseTo(3.4, 3);
    expect(d.longGaps).toBe(1);
    expect(d.spanSeconds).toBe(13);
    expect(d.fraction).toBeCloseTo(4.4 / 13, 3);
    expect(d.na).toBeNull();
  });

  it("a gap of exactly 3.0 s is long; none at all is 0 s, measured", () => {
    expect(deadAirOf([[0, 1]], [[4, 5]]).longGaps).toBe(1);
    const none = deadAirOf([[0, 2]], [[2, 4]]);
    expect(none).toMatchObject({ totalSeconds: 0, maxGapSeconds: 0, longGaps: 0, fraction: 0, na: null });
  });

  it("no speech on the recording is N/A with the reason, never 0; rows say it", () => {
    const d = deadAirOf([], []);
    expect(d.totalSeconds).toBeNull();
    expect(d.na).toMatch(/^N\/A, because neither side's speech/);
    expect(deadAirRows(d).every((r) => r.text === d.na)).toBe(true);
  });

  it("pools a run: totals and spans summed, the longest of the longest, calls without speech left out", () => {
    const p = poolDeadAir([deadAirOf([[0, 1]], [[4, 5]]), deadAirOf([[0, 1]], [[1.5, 2]]), deadAirOf([], [])]);
    expect(p).toMatchObject({ totalSeconds: 3.5, maxGapSeconds: 3, longGaps: 1, spanSeconds: 7, calls: 2, na: null });
    expect(p.fraction).toBe(0.5);
    expect(poolDeadAir([]).na).toMatch(/no recording was measured/);
  });
});

describe("response latency by turn", () => {
  const user: Span[] = [
    [0, 2],
    [5, 6],
    [10, 11],
  ];
  const agent: Span[] = [
    [2.5, 4],
    [8, 9],
    [11.4, 13],
  ];
  const logged: LoggedTurn[] = [
    { role: "user", start: 0, end: 2, interrupted: false },
    { role: "agent", start: 2.4, end: 4, interrupted: false },
    { role: "user", start: 5, end: 6, interrupted: false },
    { role: "agent", start: 8.1, end: 9, interrupted: false },
    { role: "user", start: 10, end: 11, interrupted: false },
    { role: "agent", start: 11.5, end: 13, interrupted: false },
  ];

  it("splits the responses by whether a tool call came before the agent's reply (the end tool is not a wait)", () => {
    // The second agent turn follows a lookup; the third says goodbye and calls the end tool.
    const tools = toolTurnIndices([
      { name: "get_reservation", afterAgentTurns: 1 },
      { name: "EndConversationTool", afterAgentTurns: 2 },
    ]);
    expect([...tools]).toEqual([1]);
    const turns = markToolTurns(logged, tools);
    const { events } = interactionOf(user, agent, turns);
    const s = responseLatencyByTurn(events, turns);
    expect(s.tool).toEqual({ mean: 2, count: 1, na: null });
    expect(s.plain).toEqual({ mean: 0.45, count: 2, na: null });
    expect(s.unplaced).toBe(0);
    expect(latencySplitRows(s)[0]!.text).toBe("2.00 s (1 response)");
  });

  it("without the agent's context both groups are N/A with the reason; with no tool call, the tool group says so", () => {
    const { events } = interactionOf(user, agent, logged);
    const unknown = responseLatencyByTurn(events, logged);
    expect(unknown.tool.mean).toBeNull();
    expect(unknown.tool.na).toMatch(/^N\/A, because the agent's tool calls are not known/);
    expect(unknown.plain.na).toBe(unknown.tool.na);
    const noTools = markToolTurns(logged, new Set());
    const s = responseLatencyByTurn(interactionOf(user, agent, noTools).events, noTools);
    expect(s.plain.count).toBe(3);
    expect(s.tool).toMatchObject({ mean: null, count: 0 });
    expect(s.tool.na).toMatch(/^N\/A, because no response of this call was a reply after a tool call/);
    // Pooled: weighted by responses.
    const pooled = poolLatencySplit([
      s,
      responseLatencyByTurn(interactionOf(user, agent, markToolTurns(logged, new Set([0, 1, 2]))).events, markToolTurns(logged, new Set([0, 1, 2]))),
    ]);
    expect(pooled.tool.count).toBe(3);
    expect(pooled.plain.count).toBe(3);
  });
});
