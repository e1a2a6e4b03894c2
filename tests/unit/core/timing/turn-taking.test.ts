import { describe, expect, it } from "vitest";
import { emptyRaw, interactionRaw, timingFigures } from "@/lib/core/timing";

describe("turn-taking", () => {
  // agent 0-4, user cuts in at 3 (agent keeps talking 1 s), user 3-6, agent 6.5-8,
  // agent barges in on user at 9.5 (user 9-11, agent 9.5-12), then 10 s of dead air, user 22-23.
  const spans = [
    { role: "agent" as const, start: 0, end: 4 },
    { role: "user" as const, start: 3, end: 6 },
    { role: "agent" as const, start: 6.5, end: 8 },
    { role: "user" as const, start: 9, end: 11 },
    { role: "agent" as const, start: 9.5, end: 12 },
    { role: "user" as const, start: 22, end: 23 },
  ];
  const { raw, marks } = interactionRaw(spans);
  const f = timingFigures({ ...emptyRaw(), interaction: raw }).interaction;

  it("counts interruptions each way, yield latency and overlap", () => {
    expect(f.caller_interruptions.count).toBe(1);
    expect(f.agent_interruptions.count).toBe(1);
    expect(f.yield_latency.stats).toMatchObject({ n: 1, max: 1 });
    expect(f.overlap.count).toBe(2);
    expect(f.overlap.total_s.value).toBeCloseTo(1 + 1.5, 9);
    expect(marks.bargeIns).toEqual([
      { at: 3, by: "user" },
      { at: 9.5, by: "agent" },
    ]);
  });

  it("response rate: user turns answered before the user spoke again", () => {
    expect(f.response_rate).toMatchObject({ value: 2 / 3, n: 3, low_n: true });
    expect(f.agent_interruptions.per_user_turn.value).toBeCloseTo(1 / 3, 9);
  });

  it("dead air: maximal silences, the longest, over 3 s, and those not between two sides", () => {
    // gaps: 6-6.5 (user→agent), 8-9 (agent→user), 12-22 (agent→user)
    expect(f.dead_air.gaps).toBe(3);
    expect(f.dead_air.total_s.value).toBeCloseTo(11.5, 9);
    expect(f.dead_air.longest_s.value).toBe(10);
    expect(f.dead_air.over_3s).toBe(1);
    expect(f.dead_air.fraction.value).toBeCloseTo(11.5 / 23, 9);
    expect(f.dead_air.excluding_response_s.value).toBe(0);
    expect(marks.deadAir).toEqual([{ start: 12, end: 22 }]);
  });

  it("talk-time share per side", () => {
    expect(f.talk_share.agent.value).toBeCloseTo(8 / 14, 9);
    expect(f.talk_share.user.value).toBeCloseTo(6 / 14, 9);
  });

  it("no user turns: per-user-turn rates are N/A with a reason, never 0", () => {
    const only = timingFigures({ ...emptyRaw(), interaction: interactionRaw([{ role: "agent", start: 0, end: 1 }]).raw }).interaction;
    expect(only.response_rate).toEqual({ value: null, n: 0, low_n: false, na: "no user turns" });
    expect(only.caller_interruptions.per_user_turn.na).toBe("no user turns");
  });

  it("a silence between two turns of the same side is dead air beyond response gaps", () => {
    const r = interactionRaw([
      { role: "user", start: 0, end: 1 },
      { role: "user", start: 5, end: 6 },
    ]).raw;
    expect(r.unanswered_gaps_s).toEqual([4]);
  });
});
