import { describe, expect, it } from "vitest";
import { budgetOf, turnLatencies, type TurnLike } from "@/lib/core/timing";

const t = (role: "agent" | "user", start: number, end: number, text = "x"): TurnLike => ({
  role,
  start,
  end,
  duration: Math.round((end - start) * 1000) / 1000,
  text,
  interrupted: text === "[INTERRUPTED]",
});

describe("per-turn latency", () => {
  const turns = [
    t("agent", 1.912, 3.405),
    t("user", 4.88, 7.021),
    t("agent", 8.553, 10.31),
    t("user", 11.296, 12.5),
    t("agent", 13.487, 14.102, "[INTERRUPTED]"),
  ];

  it("is the start minus the end of the latest earlier turn by the other role; the first turn's is its start", () => {
    expect(turnLatencies(turns).map((x) => x.latency_s)).toEqual([1.912, 1.475, 1.532, 0.986, 0.987]);
  });

  it("includes [INTERRUPTED] turns and goes negative on a barge-in", () => {
    const barge = [t("user", 0.5, 4.0), t("agent", 3.2, 5.0, "[INTERRUPTED]"), t("user", 4.6, 6.0)];
    const l = turnLatencies(barge);
    expect(l.map((x) => x.latency_s)).toEqual([0.5, -0.8, -0.4]);
    expect(l[1]!.interrupted).toBe(true);
  });

  it("a turn with no earlier turn of the other role counts from 0", () => {
    expect(turnLatencies([t("agent", 2, 3), t("agent", 5, 6), t("user", 7, 8)]).map((x) => x.latency_s)).toEqual([2, 5, 1]);
  });

  it("budget: duration is the last end; playback and the waits on each side, nothing left over in a plain exchange", () => {
    const b = budgetOf(turns);
    expect(b.duration_s).toBe(14.102);
    expect(b.agent_playback_s).toBeCloseTo(1.493 + 1.757 + 0.615, 9);
    expect(b.user_playback_s).toBeCloseTo(2.141 + 1.204, 9);
    expect(b.agent_latency_s).toBeCloseTo(1.912 + 1.532 + 0.987, 6);
    expect(b.user_latency_s).toBeCloseTo(1.475 + 0.986, 6);
    expect(b.overlap_s).toBe(0);
    expect(b.other_s).toBeCloseTo(0, 6);
  });

  it("budget adds up and never goes negative with barge-ins and a side speaking twice in a row", () => {
    const messy = [t("agent", 1, 4), t("user", 3.5, 6), t("agent", 5, 9), t("agent", 12, 15), t("user", 14, 20), t("user", 22, 23)];
    const b = budgetOf(messy);
    const parts = b.agent_playback_s + b.user_playback_s - b.overlap_s + b.agent_latency_s + b.user_latency_s + b.other_s;
    expect(parts).toBeCloseTo(b.duration_s, 6);
    expect(b.overlap_s).toBeCloseTo(0.5 + 1 + 1, 6);
    expect(b.agent_latency_s).toBeCloseTo(1, 6); // before the first turn
    expect(b.other_s).toBeCloseTo(3 + 2, 6); // agent 9→12, user 20→22
    for (const v of Object.values(b)) expect(v).toBeGreaterThanOrEqual(0);
  });

  it("an empty transcript has a zero budget and no latencies", () => {
    expect(turnLatencies([])).toEqual([]);
    expect(budgetOf([]).duration_s).toBe(0);
  });
});
