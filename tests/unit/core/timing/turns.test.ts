import { describe, expect, it } from "vitest";
import { budgetOf, turnLatencies, type TurnLike } from "@/lib/core/timing";

const t = (role: "agent" | "user", start: number, end: number, text = "x"): TurnLike => ({ role, start, end, duration: Math.round((end - start) * 1000) / 1000, text, interrupted: text === "[INTERRUPTED]" });

describe("per-turn latency", () => {
  const turns = [t("agent", 1.912, 3.405), t("user", 4.88, 7.021), t("agent", 8.553, 10.31), t("user", 11.296, 12.5), t("agent", 13.487, 14.102, "[INTERRUPTED]")];

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

  it("budget: duration is the last end; other = duration minus playback and latency of both sides", () => {
    const b = budgetOf(turns, turnLatencies(turns));
    expect(b.duration_s).toBe(14.102);
    expect(b.agent_playback_s).toBeCloseTo(1.493 + 1.757 + 0.615, 9);
    expect(b.user_playback_s).toBeCloseTo(2.141 + 1.204, 9);
    expect(b.agent_latency_s).toBeCloseTo(1.912 + 1.532 + 0.987, 9);
    expect(b.user_latency_s).toBeCloseTo(1.475 + 0.986, 9);
    expect(b.other_s).toBeCloseTo(14.102 - 3.865 - 3.345 - 4.431 - 2.461, 9);
  });

  it("an empty transcript has a zero budget and no latencies", () => {
    expect(turnLatencies([])).toEqual([]);
    expect(budgetOf([], []).duration_s).toBe(0);
  });
});
