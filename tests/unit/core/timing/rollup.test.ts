import { describe, expect, it } from "vitest";
import { crossScenarioPatterns, emptyRaw, judgeScores, runTiming, type RollupItem } from "@/lib/core/timing";

function item(name: string, latencies: number[], extra: Partial<RollupItem> = {}): RollupItem {
  const raw = emptyRaw();
  raw.latencies.agent.push(...latencies);
  raw.budget = { duration_s: 10, agent_playback_s: 4, user_playback_s: 3, agent_latency_s: 2, user_latency_s: 1, overlap_s: 0, other_s: 0 };
  return {
    name,
    domain: name.split("__")[0] as string,
    raw,
    slowest: { agent: latencies.map((l, i) => ({ turn: i, role: "agent", latency_s: l, text: `t${i}`, llm_calls: 1 })), user: [] },
    over60: latencies.filter((l) => l > 60).map((l, i) => ({ turn: i, role: "agent", latency_s: l, text: "slow", llm_calls: 4 })),
    flowKinds: [],
    wall: { start_ms: null, end_ms: null },
    stopReason: "[EXIT]",
    judgeScore: 1,
    scenarioDuration: 10,
    misheard: [],
    fabrications: 0,
    judgeError: false,
    missingDbHash: false,
    emptyAgentContext: false,
    ...extra,
  };
}

describe("run rollup", () => {
  it("pools events (concatenated, not a mean of means)", () => {
    const r = runTiming([item("a__1", [1]), item("a__2", [2, 3, 10])], 0);
    // mean of means would be (1 + 5) / 2 = 3; pooled is 16 / 4 = 4
    expect(r.turns.agent).toEqual({ n: 4, sum: 16, mean: 4, p50: 2.5, p90: 10, p95: 10, max: 10 });
    expect(r.budget.duration_s).toBe(20);
    expect(r.scenarios).toBe(2);
  });

  it("wall clock is latest end minus earliest start; Σ scenario_duration alongside", () => {
    const r = runTiming(
      [
        item("a__1", [1], { wall: { start_ms: 1000, end_ms: 50_000 }, scenarioDuration: 40 }),
        item("b__1", [1], { wall: { start_ms: 60_000, end_ms: 101_000 }, stopReason: "[TIMEOUT]", scenarioDuration: 30 }),
      ],
      3,
    );
    expect(r.wall_clock_s).toBe(100);
    expect(r.scenario_duration_s).toBe(70);
    expect(r.logged_scenarios).toBe(2);
    expect(r.stop_reasons).toEqual({ "[EXIT]": 1, "[TIMEOUT]": 1 });
    expect(r.pending).toBe(3);
    expect(Object.keys(r.by_domain)).toEqual(["a", "b"]);
    expect(r.by_domain.a!.scenarios).toEqual(["a__1"]);
  });

  it("a run's wall clock is unknown, not a span of some of its logs, when a scenario has no log (2 of 12 in the bundled example)", () => {
    const logged = item("a__1", [1], { wall: { start_ms: 1000, end_ms: 50_000 }, logged: true });
    const bare = item("a__2", [], { logged: false, scenarioDuration: 900 });
    const r = runTiming([logged, bare], 0);
    expect(r.wall_clock_s, "never a span shorter than the run (overhead −463 s)").toBeNull();
    expect([r.scenarios, r.logged_scenarios]).toEqual([2, 1]);
  });

  it("turns over 60 s link to their scenarios", () => {
    const r = runTiming([item("a__1", [61, 2]), item("a__2", [75])], 0);
    expect(r.over_60s.map((t) => [t.scenario, t.latency_s])).toEqual([
      ["a__2", 75],
      ["a__1", 61],
    ]);
    expect(r.slowest.agent.map((t) => t.scenario)).toEqual(["a__2", "a__1", "a__1"]);
  });

  it("judge-score bins: exactly 1, [0.8, 1), [0.5, 0.8), below 0.5; errors and NaN apart", () => {
    const s = [1, 0.99, 0.8, 0.79, 0.5, 0.49, 0, Number.NaN, "x", null].map((judgeScore) => ({ judgeScore, judgeError: false }));
    s.push({ judgeScore: 0, judgeError: true });
    expect(judgeScores(s)).toEqual({ one: 1, from_0_8: 2, from_0_5: 2, below_0_5: 2, errors: 2 });
  });

  it("patterns: a word misheard in two scenarios, fabrications in two, a framework issue in half or more", () => {
    const base = { misheard: [], fabrications: 0, judgeError: false, missingDbHash: false, emptyAgentContext: false };
    const p = crossScenarioPatterns([
      { ...base, name: "s1", misheard: ["4324", "mat"], fabrications: 1, judgeError: true },
      { ...base, name: "s2", misheard: ["4324"], fabrications: 2 },
      { ...base, name: "s3", judgeError: true },
      { ...base, name: "s4", missingDbHash: true },
    ]);
    expect(p.map((x) => [x.kind, x.scenarios])).toEqual([
      ["misheard", ["s1", "s2"]],
      ["fabrication", ["s1", "s2"]],
      ["judge-errors", ["s1", "s3"]],
    ]);
  });
});
