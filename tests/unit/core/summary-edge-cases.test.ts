/**
 * all_summary.txt edge cases (ARTIFACTS.md §2.2–§2.3, §4.7–§4.10). Every expected string below was
 * derived by hand from the spec, with Python (f-strings, a hand-written Neumaier sum as in CPython 3.12)
 * used only to check the digits; none was copied from this project's output.
 */
import { describe, expect, it } from "vitest";
import { foldRecords, latencySummary, renderSummary, type ScenarioRecord } from "@/lib/core";
import { bareMetrics, bools, latencies, scenarioRecord as rec } from "../../helpers/run-builder";

const EQ = "=".repeat(80);
const DASH = "-".repeat(80);
const ZERO_STATS = { count: 0, mean_ms: 0, p50_ms: 0, p95_ms: 0, min_ms: 0, max_ms: 0 };

function render(records: ScenarioRecord[], minAgentTurns = 3, queueLength = records.length): string {
  return renderSummary({ records, queueLength, minAgentTurns });
}

/** Everything from the per-signal header on. */
function fromPerSignal(text: string): string {
  const at = text.indexOf("\nPer-signal pass rates:\n");
  expect(at).toBeGreaterThan(0);
  return text.slice(at + 1);
}

function lines(...ls: string[]): string {
  return ls.join("\n") + "\n";
}

function header(q: number, duration: string, turns: number): string[] {
  return ["EVALUATION SUMMARY", EQ, "", `Total Scenarios: ${q}`, `Total Duration: ${duration}mins`, `Total Turns: ${turns}`, "", "Per-Scenario Results:", DASH];
}

const NO_LATENCY = [
  "",
  "",
  "Overall Latency Statistics:",
  DASH,
  "  Total Measurements: 0",
  "  Mean: -1.0ms",
  "  P50: -1.0ms",
  "  P95: -1.0ms",
  "  Min: -1.0ms",
  "  Max: -1.0ms",
];

describe("rounding ties in every printed place (§2.2 fixed: exact ties go to the even digit)", () => {
  // tie__1: every latency value is an exact tie at 1 decimal; pass rates 1/32 and 5/32 are exact ties at 2 decimals.
  const tie1 = rec(
    bareMetrics("tie__1", {
      total_turns: 5,
      scenario_duration: 240.0, // Turns/min = 5 / 4 = 1.25 → 1.2
      latency_stats: { count: 2, mean_ms: 1260.25, p50_ms: 2460.25, p95_ms: 2460.25, min_ms: 60.25, max_ms: 2460.25 },
      latencies: latencies([60.25, 2460.25]),
      stop_reason: "[EXIT]",
      clean_exit: true,
      is_action_match: true,
      judge_score: 0.75,
      judge_passed: false,
      token_usage: { agent: { n_calls: 6, prompt: 41234, completion: 912 }, user: { n_calls: 5, prompt: 9120, completion: 410 } },
      db_state_expected_hash: "a".repeat(64),
      db_state_match: true,
      db_state_actual_hash: "a".repeat(64),
      nl_assertion_pass_rate: 0.15625, // × 100 = 15.625 → 15.62
      db_state_assertion_verdicts: bools(1, 32).map((passed) => ({
        func_name: "f",
        side: "user",
        passed,
        expected: true,
        actual: passed,
        message: null,
        error: null,
      })),
      db_state_assertion_pass_rate: 0.03125, // × 100 = 3.125 → 3.12
      success_breakdown: {
        passed: ["db_state_match", "clean_exit"],
        failed: ["db_state_assertion", "nl_assertion"],
        not_applicable: [],
        excluded: ["is_action_match", "judge_passed"],
      },
      is_successful: false,
      is_task_successful: false,
    }),
    { nl: bools(5, 32) },
  );
  const tie2 = rec(
    bareMetrics("tie__2", {
      total_turns: 3,
      scenario_duration: 12.75, // → 12.8 (odd digit rounds up); Turns/min = 3 / 0.2125 = 14.117… → 14.1
      latency_stats: { count: 1, mean_ms: 731.75, p50_ms: 731.75, p95_ms: 731.75, min_ms: 731.75, max_ms: 731.75 },
      latencies: latencies([731.75]),
      stop_reason: "[TIMEOUT]",
      clean_exit: false,
      is_action_match: false,
      judge_score: 0.875, // → 0.88
      judge_passed: false,
      token_usage: { agent: { n_calls: 5, prompt: 35010, completion: 640 }, user: { n_calls: 4, prompt: 7002, completion: 300 } },
      success_breakdown: { passed: [], failed: ["clean_exit"], not_applicable: [], excluded: ["is_action_match", "judge_passed"] },
      is_successful: false,
      is_task_successful: true,
    }),
  );
  // Stalled (1 call < 3): its judge score 0.125 prints as 0.12 but is left out of the mean.
  const tie3 = rec(
    bareMetrics("tie__3", {
      total_turns: 2,
      scenario_duration: 62.25, // → 62.2; Turns/min = 2 / 1.0375 = 1.927… → 1.9
      latency_stats: { count: 1, mean_ms: 1000.75, p50_ms: 1000.75, p95_ms: 1000.75, min_ms: 1000.75, max_ms: 1000.75 },
      latencies: latencies([1000.75]),
      stop_reason: "[TIMEOUT]",
      clean_exit: false,
      insufficient_agent_turns: true,
      is_action_match: false,
      judge_score: 0.125,
      judge_passed: false,
      token_usage: { agent: { n_calls: 1, prompt: 1000000, completion: 35 }, user: { n_calls: 2, prompt: 1800, completion: 60 } },
      success_breakdown: { passed: [], failed: ["judge_passed", "clean_exit"], not_applicable: [], excluded: [] },
      is_successful: false,
      is_task_successful: false,
    }),
  );

  it("renders the whole file", () => {
    const expected = lines(
      // 240 + 12.75 + 62.25 = 315 s = 5.25 min → 5.2
      ...header(3, "5.2", 10),
      "",
      "====== tie__1 ======:",
      "  Is successful: False",
      "  Is task-successful (excl. clean_exit): False",
      "    Action-list match: True",
      "    DB-state match: True",
      "    DB-state-assertion pass rate: 3.12%",
      "    NL-assertion pass rate: 15.62%",
      "    Judge score: 0.75",
      "    Judge passed: False",
      "    Failed signals: db_state_assertion, nl_assertion",
      "  Turns: 5",
      "  Duration: 240.0s",
      "  Turns/min: 1.2",
      "  Latency Measurements: 2",
      "    Mean: 1260.2ms",
      "    P50: 2460.2ms",
      "    P95: 2460.2ms",
      "    Min: 60.2ms",
      "    Max: 2460.2ms",
      "",
      "====== tie__2 ======:",
      "  Is successful: False",
      "  Is task-successful (excl. clean_exit): True",
      "    Action-list match: False",
      "    Judge score: 0.88",
      "    Judge passed: False",
      "    Failed signals: clean_exit",
      "  Turns: 3",
      "  Duration: 12.8s",
      "  Turns/min: 14.1",
      "  Latency Measurements: 1",
      "    Mean: 731.8ms",
      "    P50: 731.8ms",
      "    P95: 731.8ms",
      "    Min: 731.8ms",
      "    Max: 731.8ms",
      "",
      "====== tie__3 ======:",
      "  Is successful: False",
      "  Is task-successful (excl. clean_exit): False",
      "    Action-list match: False",
      "    Judge score: 0.12",
      "    Judge passed: False",
      "    Failed signals: judge_passed, clean_exit",
      "  Turns: 2",
      "  [COUNTED AS FAILURE: insufficient agent turns / stalled \u2014 excluded from per-signal rates]",
      "  Duration: 62.2s",
      "  Turns/min: 1.9",
      "  Latency Measurements: 1",
      "    Mean: 1000.8ms",
      "    P50: 1000.8ms",
      "    P95: 1000.8ms",
      "    Min: 1000.8ms",
      "    Max: 1000.8ms",
      "",
      "",
      "Overall Latency Statistics:",
      DASH,
      // pool sorted [60.25, 731.75, 1000.75, 2460.25] (the stalled record's value included): mean 4253 / 4 = 1063.25
      "  Total Measurements: 4",
      "  Mean: 1063.2ms",
      "  P50: 1000.8ms",
      "  P95: 2460.2ms",
      "  Min: 60.2ms",
      "  Max: 2460.2ms",
      "",
      "",
      "WARNING: 1 scenario(s) had fewer than 3 agent turn(s) (likely stalled LLM / server hang) and were counted as failures.",
      "Stalled scenarios: tie__3",
      "Run with --resume <TIMESTAMP> --min-agent-turns 3 to retry them.",
      "",
      "",
      "Overall Success Rate: 0.00% (0/3 scenarios \u2014 strict conjunction across all applicable signals)",
      "Task Success Rate (excl. clean_exit): 33.33% (1/3 scenarios)",
      "",
      "Per-signal pass rates:",
      "  Action-list match:            50.00% (1/2 scenarios)",
      "  DB-State match:              100.00% (1/1 scenarios)",
      "  DB-State-Assertion pass:       3.12% (1/32 predicates)",
      "  NL-Assertion pass:            15.62% (5/32 assertions)",
      "  Judge score mean:            0.812 (across 2 scenarios)",
      "  Judge passed (>= threshold):   0.00% (0/2 scenarios)",
      "  Clean exit:  50.00% (1/2 scenarios)",
      "",
      "",
      "Token Usage:",
      DASH,
      "  agent: 12 call(s), prompt=1,076,244, completion=1,587, total=1,077,831",
      "  user: 11 call(s), prompt=17,922, completion=770, total=18,692",
      "  Run total: 1,096,523 tokens",
    );
    expect(render([tie1, tie2, tie3])).toBe(expected);
  });

  it.each([
    // [scenario_duration, total_turns, Duration line, Turns/min line]
    [60.25, 3, "60.2", "3.0"],
    [0.25, 1, "0.2", "240.0"],
    [0.75, 1, "0.8", "80.0"],
    [12.25, 1, "12.2", "4.9"],
    [240.0, 3, "240.0", "0.8"], // 3 / 4 = 0.75 → 0.8
    [240.0, 5, "240.0", "1.2"], // 5 / 4 = 1.25 → 1.2
    [480.0, 1, "480.0", "0.1"], // 1 / 8 = 0.125 → 0.1
    [480.0, 3, "480.0", "0.4"], // 3 / 8 = 0.375 → 0.4
    [1804.55, 0, "1804.5", "0.0"], // stored as 1804.5499…
  ])("Duration %s with %s turns → %ss, Turns/min %s", (duration, turns, want, perMin) => {
    const text = render([rec(bareMetrics("d__1", { scenario_duration: duration, total_turns: turns }))], 0);
    expect(text).toContain(`\n  Turns: ${turns}\n  Duration: ${want}s\n  Turns/min: ${perMin}\n  Latency Measurements: 0\n`);
  });

  it.each([
    // [judge_score, printed]
    [0.125, "0.12"],
    [0.375, "0.38"],
    [0.625, "0.62"],
    [0.875, "0.88"],
    [0.005, "0.01"], // 0.005 is stored slightly above the tie
    [0.015, "0.01"], // 0.015 is stored slightly below the tie
    [1.0, "1.00"],
    [0, "0.00"],
    [1.5, "1.50"], // not clamped
  ])("Judge score %s → %s", (score, want) => {
    expect(render([rec(bareMetrics("j__1", { judge_score: score }))], 0)).toContain(`\n    Judge score: ${want}\n`);
  });

  it.each([
    // [rate, printed]: rate × 100 in doubles, then 2 decimals
    [0.15625, "15.62"],
    [0.09375, "9.38"],
    [0.03125, "3.12"],
    [1 / 3, "33.33"],
    [2 / 3, "66.67"],
    [0.5, "50.00"],
    [1.0, "100.00"],
    [0.0, "0.00"],
    [0.145, "14.50"],
  ])("pass rate %s → %s%%", (rate, want) => {
    const text = render([rec(bareMetrics("p__1", { nl_assertion_pass_rate: rate, db_state_assertion_pass_rate: rate }))], 0);
    expect(text).toContain(`\n    DB-state-assertion pass rate: ${want}%\n    NL-assertion pass rate: ${want}%\n`);
  });

  it.each([
    // [stored value, printed at 1 decimal]
    [731.25, "731.2"],
    [731.75, "731.8"],
    [1804.55, "1804.5"],
    [1804.75, "1804.8"],
    [0.05, "0.1"],
    [0.25, "0.2"],
    [2.5, "2.5"],
  ])("per-scenario latency value %s → %s", (v, want) => {
    const m = bareMetrics("l__1", { latency_stats: { count: 1, mean_ms: v, p50_ms: v, p95_ms: v, min_ms: v, max_ms: v }, latencies: latencies([v]) });
    const text = render([rec(m)], 0);
    expect(text).toContain(
      `\n  Latency Measurements: 1\n    Mean: ${want}ms\n    P50: ${want}ms\n    P95: ${want}ms\n    Min: ${want}ms\n    Max: ${want}ms\n`,
    );
    expect(text).toContain(`\n  Total Measurements: 1\n  Mean: ${want}ms\n  P50: ${want}ms\n  P95: ${want}ms\n  Min: ${want}ms\n  Max: ${want}ms\n`);
  });

  it("prints stored latency_stats as stored, even when they disagree with the latencies (only the pool is recomputed)", () => {
    const m = bareMetrics("s__1", {
      latency_stats: { count: 3, mean_ms: 1.25, p50_ms: 2.75, p95_ms: 3.25, min_ms: 0.125, max_ms: 9.75 },
      latencies: latencies([100.0, 300.0]),
    });
    const text = render([rec(m)], 0);
    expect(text).toContain("\n  Latency Measurements: 3\n    Mean: 1.2ms\n    P50: 2.8ms\n    P95: 3.2ms\n    Min: 0.1ms\n    Max: 9.8ms\n");
    expect(text).toContain("\n  Total Measurements: 2\n  Mean: 200.0ms\n  P50: 300.0ms\n  P95: 300.0ms\n  Min: 100.0ms\n  Max: 300.0ms\n");
  });
});

describe("compensated sums (§2.2 pysum = CPython 3.12 Neumaier)", () => {
  it.each([
    // [durations, Total Duration]: naive left-to-right addition would print the value in the comment
    [[163.94, 574.21, 56.85], "13.2"], // exact 795 s = 13.25 min (tie → 13.2); naive 795.0000000000001 → 13.3
    [[172.67, 668.28, 62.05], "15.1"], // 903 s = 15.05 min; naive 902.9999999999999 → 15.0
    [[466.8, 195.16, 610.32, 356.72], "27.1"], // 1629 s = 27.15; naive → 27.2
    [[659.66, 583.81, 457.53], "28.4"], // 1701 s = 28.35; naive 1700.9999999999998 → 28.3
    [[15.0], "0.2"], // 0.25 → tie to even
    [[45.0], "0.8"], // 0.75 → tie to even
    [[60.25, 0.0], "1.0"],
  ])("Total Duration of %j → %smins", (durations, want) => {
    const records = durations.map((d, i) => rec(bareMetrics(`t__${i}`, { scenario_duration: d })));
    expect(render(records, 0)).toContain(`\nTotal Duration: ${want}mins\n`);
  });

  it("prints each per-scenario Duration of the compensated case with its own rounding", () => {
    const records = [163.94, 574.21, 56.85].map((d, i) => rec(bareMetrics(`t__${i}`, { scenario_duration: d, total_turns: 0 })));
    const durations = render(records, 0)
      .split("\n")
      .filter((l) => l.startsWith("  Duration: "));
    expect(durations).toEqual(["  Duration: 163.9s", "  Duration: 574.2s", "  Duration: 56.9s"]);
  });

  it("pools latencies across records and means them with pysum over the sorted pool", () => {
    // sorted pool [1922.27, 2486.88, 2919.7]: pysum / 3 = 2443.0 (naive addition gives 2442.9)
    const a = rec(bareMetrics("p__a", { latencies: latencies([2486.88]) }));
    const b = rec(bareMetrics("p__b", { latencies: latencies([2919.7, 1922.27]) }));
    expect(render([a, b], 0)).toContain(
      lines(
        "Overall Latency Statistics:",
        DASH,
        "  Total Measurements: 3",
        "  Mean: 2443.0ms",
        "  P50: 2486.9ms",
        "  P95: 2919.7ms",
        "  Min: 1922.3ms",
        "  Max: 2919.7ms",
      ),
    );
  });

  it("means judge scores with pysum: the whole per-signal block of a judge-only run", () => {
    const records = [0.75, 0.875].map((score, i) => rec(bareMetrics(`j__${i}`, { judge_score: score })));
    expect(fromPerSignal(render(records, 0))).toBe(lines("Per-signal pass rates:", "  Judge score mean:            0.812 (across 2 scenarios)"));
  });

  it.each([
    // [scores, printed mean]
    [[0.75, 0.875], "0.812"], // 0.8125 → tie to even
    [[0.0625, 0.0625], "0.062"], // 0.0625 → tie to even
    [[0.1875], "0.188"], // odd digit → up
    [[0.5, 0.625, 0.75, 1.0], "0.719"], // 0.71875
    [[0.95, 0.4, 0.92, 0.7, 0.98], "0.790"],
    [[1.0, 0.0, 0.0], "0.333"],
    [[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0.05], "0.505"], // 5.55 / 11 = 0.50454…
    [[0.52, 0.3, 0.96, 0.11], "0.472"], // compensated 1.89 / 4 (tie → even); naive addition gives 0.473
    [[0.9, 0.17, 0.78, 0.12], "0.492"], // naive addition gives 0.493
    [[0.31, 0.8, 0.09, 0.71, 0.2, 0.54, 0.45, 0.32], "0.427"], // naive addition gives 0.428
    [[Number.NaN, 0.5], "nan"],
  ])("judge mean of %j → %s", (scores, want) => {
    const records = scores.map((s, i) => rec(bareMetrics(`j__${i}`, { judge_score: s })));
    expect(render(records, 0)).toContain(`\n  Judge score mean:            ${want} (across ${scores.length} scenarios)\n`);
  });
});

describe("percentages (§2.2 pct: count ÷ length × 100, divide first)", () => {
  // 64 records in two domains: "Zed" (5 successes, 11 task successes of 32) and "alpha" (1 and 3 of 32).
  function records(): ScenarioRecord[] {
    const out: ScenarioRecord[] = [];
    const make = (domain: string, success: number, task: number) => {
      for (let i = 0; i < 32; i++) {
        const kind = i < success ? "success" : i < task ? "task-only" : "fail";
        out.push(
          rec(
            bareMetrics(`${domain}__${i}`, {
              clean_exit: kind !== "task-only",
              success_breakdown: {
                passed: [],
                failed: kind === "success" ? [] : kind === "task-only" ? ["clean_exit"] : ["nl_assertion"],
                not_applicable: [],
                excluded: [],
              },
              is_successful: kind === "success",
              // The stored task verdict is deliberately wrong: the fold derives it from `failed` (§4.7 step 9).
              is_task_successful: false,
            }),
          ),
        );
      }
    };
    make("alpha", 1, 3);
    make("Zed", 5, 11);
    return out;
  }

  it("prints exact ties at 2 decimals to even, per run and per domain; domains in code-point order", () => {
    const text = render(records());
    // No token_usage anywhere: the agent count is unknown, so nothing stalls even with M = 3.
    const tail = text.slice(text.indexOf("\nOverall Success Rate:") - 1);
    expect(tail).toBe(
      lines(
        "",
        "",
        "Overall Success Rate: 9.38% (6/64 scenarios \u2014 strict conjunction across all applicable signals)", // 6/64 = 9.375
        "Task Success Rate (excl. clean_exit): 21.88% (14/64 scenarios)", // 14/64 = 21.875
        "",
        "Per-signal pass rates:",
        "  Clean exit:  87.50% (56/64 scenarios)",
        "",
        "",
        "Per-Domain Success Rate:",
        DASH,
        "  Zed: 15.62% (5/32)", // 15.625
        "  alpha: 3.12% (1/32)", // 3.125
        "",
        "Per-Domain Task Success Rate (excl. clean_exit):",
        DASH,
        "  Zed: 34.38% (11/32)", // 34.375
        "  alpha: 9.38% (3/32)", // 9.375
      ),
    );
  });

  it.each([
    // [trues, total, fixed6 text]
    [5, 32, " 15.62"],
    [3, 32, "  9.38"],
    [1, 32, "  3.12"],
    [2, 3, " 66.67"],
    [1, 3, " 33.33"],
    [1, 1, "100.00"],
    [0, 7, "  0.00"],
    [1, 7, " 14.29"],
    [29, 100, " 29.00"], // 0.29 × 100 = 28.999999999999996 → 29.00
    [57, 100, " 57.00"], // 0.57 × 100 = 56.99999999999999 → 57.00
  ])("%s of %s NL verdicts → %s%%", (trues, total, want) => {
    const r = rec(bareMetrics("n__1", { nl_assertion_pass_rate: trues / total }), { nl: bools(trues, total) });
    expect(render([r], 0)).toContain(`\n  NL-Assertion pass:           ${want}% (${trues}/${total} assertions)\n`);
  });
});

describe("per-domain blocks (§2.3 H, §4.9)", () => {
  const ok = (name: string, over: Record<string, unknown> = {}) =>
    bareMetrics(name, { success_breakdown: { passed: [], failed: [], not_applicable: [], excluded: [] }, is_successful: true, ...over });
  const na = (name: string, over: Record<string, unknown> = {}) => bareMetrics(name, { is_successful: "N/A", ...over });
  const dba = (...passed: boolean[]) => passed.map((p) => ({ func_name: "f", side: "user", passed: p, expected: true, actual: p, message: null, error: null }));

  it.each<[string, ScenarioRecord[], string]>([
    [
      "only the DB map has two domains: the DB block is first and gets the two blank lines",
      [rec(ok("A__1", { db_state_match: true })), rec(na("B__1", { db_state_match: false }))],
      lines(
        "Per-signal pass rates:",
        "  DB-State match:               50.00% (1/2 scenarios)",
        "",
        "",
        "Per-Domain DB-State Match Rate:",
        DASH,
        "  A: 100.00% (1/1)",
        "  B: 0.00% (0/1)",
      ),
    ],
    [
      "only the NL map has two domains",
      [
        rec(ok("A__1", { db_state_match: true, nl_assertion_pass_rate: 1.0 }), { nl: [true, true] }),
        rec(na("B__1", { nl_assertion_pass_rate: 0.5 }), { nl: [false, true] }),
      ],
      lines(
        "Per-signal pass rates:",
        "  DB-State match:              100.00% (1/1 scenarios)",
        "  NL-Assertion pass:            75.00% (3/4 assertions)",
        "",
        "",
        "Per-Domain NL-Assertion Pass Rate:",
        DASH,
        "  A: 100.00% (2/2)",
        "  B: 50.00% (1/2)",
      ),
    ],
    [
      "only the DB-state-assertion map has two domains (last block, first printed)",
      [rec(ok("A__1", { db_state_assertion_verdicts: dba(true, false) })), rec(na("B__1", { db_state_assertion_verdicts: dba(true) }))],
      lines(
        "Per-signal pass rates:",
        "  DB-State-Assertion pass:      66.67% (2/3 predicates)",
        "",
        "",
        "Per-Domain DB-State-Assertion Pass Rate:",
        DASH,
        "  A: 50.00% (1/2)",
        "  B: 100.00% (1/1)",
      ),
    ],
    [
      "DB and DB-state-assertion blocks: only the first is preceded by two blank lines",
      [
        rec(ok("A__1", { db_state_match: true, db_state_assertion_verdicts: dba(true, false) })),
        rec(na("B__1", { db_state_match: false, db_state_assertion_verdicts: dba(true) })),
      ],
      lines(
        "Per-signal pass rates:",
        "  DB-State match:               50.00% (1/2 scenarios)",
        "  DB-State-Assertion pass:      66.67% (2/3 predicates)",
        "",
        "",
        "Per-Domain DB-State Match Rate:",
        DASH,
        "  A: 100.00% (1/1)",
        "  B: 0.00% (0/1)",
        "",
        "Per-Domain DB-State-Assertion Pass Rate:",
        DASH,
        "  A: 50.00% (1/2)",
        "  B: 100.00% (1/1)",
      ),
    ],
    [
      "success and task maps have two domains but the DB map only one: no DB block",
      [rec(ok("A__1", { db_state_match: true })), rec(ok("B__1"))],
      lines(
        "Per-signal pass rates:",
        "  DB-State match:              100.00% (1/1 scenarios)",
        "",
        "",
        "Per-Domain Success Rate:",
        DASH,
        "  A: 100.00% (1/1)",
        "  B: 100.00% (1/1)",
        "",
        "Per-Domain Task Success Rate (excl. clean_exit):",
        DASH,
        "  A: 100.00% (1/1)",
        "  B: 100.00% (1/1)",
      ),
    ],
    [
      "one domain with every signal: no per-domain block at all",
      [
        rec(ok("A__1", { db_state_match: true, nl_assertion_pass_rate: 1.0, db_state_assertion_verdicts: dba(true) }), { nl: [true] }),
        rec(ok("A__2", { db_state_match: false, nl_assertion_pass_rate: 0.0, db_state_assertion_verdicts: dba(false) }), { nl: [false] }),
      ],
      lines(
        "Per-signal pass rates:",
        "  DB-State match:               50.00% (1/2 scenarios)",
        "  DB-State-Assertion pass:      50.00% (1/2 predicates)",
        "  NL-Assertion pass:            50.00% (1/2 assertions)",
      ),
    ],
    ["a domain of only N/A records has no key in the success map", [rec(ok("A__1")), rec(na("B__1")), rec(na("C__1"))], lines("Per-signal pass rates:")],
  ])("%s", (_title, records, want) => {
    expect(fromPerSignal(render(records, 0))).toBe(want);
  });

  it("prints all five blocks; `__x` has the empty domain, `a__b__c` the domain `a`, uppercase sorts before lowercase", () => {
    const records = [
      rec(ok("__x", { db_state_match: true, nl_assertion_pass_rate: 1.0, db_state_assertion_verdicts: dba(true) }), { nl: [true] }),
      rec(
        bareMetrics("a__b__c", {
          success_breakdown: { passed: [], failed: ["db_state_match", "clean_exit"], not_applicable: [], excluded: [] },
          is_successful: false,
          db_state_match: false,
          nl_assertion_pass_rate: 0.0,
          db_state_assertion_verdicts: dba(false),
        }),
        { nl: [false] },
      ),
      rec(
        bareMetrics("Z", {
          success_breakdown: { passed: [], failed: ["clean_exit"], not_applicable: [], excluded: [] },
          is_successful: false,
          db_state_match: true,
          nl_assertion_pass_rate: 0.5,
          db_state_assertion_verdicts: dba(true, true),
        }),
        { nl: [true, false] },
      ),
    ];
    expect(fromPerSignal(render(records, 0))).toBe(
      lines(
        "Per-signal pass rates:",
        "  DB-State match:               66.67% (2/3 scenarios)",
        "  DB-State-Assertion pass:      75.00% (3/4 predicates)",
        "  NL-Assertion pass:            50.00% (2/4 assertions)",
        "",
        "",
        "Per-Domain Success Rate:",
        DASH,
        "  : 100.00% (1/1)",
        "  Z: 0.00% (0/1)",
        "  a: 0.00% (0/1)",
        "",
        "Per-Domain Task Success Rate (excl. clean_exit):",
        DASH,
        "  : 100.00% (1/1)",
        "  Z: 100.00% (1/1)",
        "  a: 0.00% (0/1)",
        "",
        "Per-Domain DB-State Match Rate:",
        DASH,
        "  : 100.00% (1/1)",
        "  Z: 100.00% (1/1)",
        "  a: 0.00% (0/1)",
        "",
        "Per-Domain NL-Assertion Pass Rate:",
        DASH,
        "  : 100.00% (1/1)",
        "  Z: 50.00% (1/2)",
        "  a: 0.00% (0/1)",
        "",
        "Per-Domain DB-State-Assertion Pass Rate:",
        DASH,
        "  : 100.00% (1/1)",
        "  Z: 100.00% (2/2)",
        "  a: 0.00% (0/1)",
      ),
    );
  });

  it("sorts domains by code point, not UTF-16 units or locale (prefix first; U+FF21 before U+1F600)", () => {
    const fail = (name: string, failed: string[]) =>
      bareMetrics(name, { success_breakdown: { passed: [], failed, not_applicable: [], excluded: [] }, is_successful: false });
    const records = [
      rec(fail("\u{1F600}__1", ["db_state_match"])),
      rec(ok("tau2_telecom_workflow__x__y")),
      rec(fail("\uFF21__1", [])),
      rec(fail("tau2_telecom__z", ["clean_exit"])),
      rec(ok("b")),
      rec(ok("B")),
    ];
    expect(fromPerSignal(render(records, 0))).toBe(
      lines(
        "Per-signal pass rates:",
        "",
        "",
        "Per-Domain Success Rate:",
        DASH,
        "  B: 100.00% (1/1)",
        "  b: 100.00% (1/1)",
        "  tau2_telecom: 0.00% (0/1)",
        "  tau2_telecom_workflow: 100.00% (1/1)",
        "  \uFF21: 0.00% (0/1)",
        "  \u{1F600}: 0.00% (0/1)",
        "",
        "Per-Domain Task Success Rate (excl. clean_exit):",
        DASH,
        "  B: 100.00% (1/1)",
        "  b: 100.00% (1/1)",
        "  tau2_telecom: 100.00% (1/1)",
        "  tau2_telecom_workflow: 100.00% (1/1)",
        "  \uFF21: 100.00% (1/1)", // failed [] with is_successful false still counts as a task success
        "  \u{1F600}: 0.00% (0/1)",
      ),
    );
  });
});

describe("all-N/A runs, no latencies, token block gating (§2.3 C, E, G; §2.5)", () => {
  const n1 = rec(
    bareMetrics("n__1", {
      is_action_match: "N/A",
      is_successful: "N/A",
      // Tokens without calls: the block is gated on calls, not tokens.
      token_usage: { agent: { n_calls: 0, prompt: 500, completion: 20 }, user: { n_calls: 0, prompt: 100, completion: 0 } },
    }),
  );
  const n2 = rec(bareMetrics("n__2", { is_action_match: false, is_successful: "N/A", scenario_duration: 60.25, total_turns: 3 }));

  it("renders the N/A headline without a Task line, -1.0 latency statistics, and no token block (M = 0)", () => {
    expect(render([n1, n2], 0)).toBe(
      lines(
        ...header(2, "2.0", 7), // 120.25 s / 60 = 2.004…
        "",
        "====== n__1 ======:",
        "  Is successful: N/A",
        "    Action-list match: N/A",
        "  Turns: 4",
        "  Duration: 60.0s",
        "  Turns/min: 4.0",
        "  Latency Measurements: 0",
        "",
        "====== n__2 ======:",
        "  Is successful: N/A",
        "    Action-list match: False",
        "  Turns: 3",
        "  Duration: 60.2s",
        "  Turns/min: 3.0",
        "  Latency Measurements: 0",
        ...NO_LATENCY,
        "",
        "",
        "Overall Success Rate: N/A (no scenarios had any applicable signal)",
        "",
        "Per-signal pass rates:",
        "  Action-list match:             0.00% (0/1 scenarios)",
      ),
    );
  });

  it("with M = 3 the zero-call record stalls: numeric headline, warning, still no token block", () => {
    expect(fromPerSignal(render([n1, n2], 3))).toBe(lines("Per-signal pass rates:", "  Action-list match:             0.00% (0/1 scenarios)"));
    const text = render([n1, n2], 3);
    expect(text).toContain(
      lines(
        "",
        "",
        "WARNING: 1 scenario(s) had fewer than 3 agent turn(s) (likely stalled LLM / server hang) and were counted as failures.",
        "Stalled scenarios: n__1",
        "Run with --resume <TIMESTAMP> --min-agent-turns 3 to retry them.",
        "",
        "",
        "Overall Success Rate: 0.00% (0/1 scenarios \u2014 strict conjunction across all applicable signals)",
        "Task Success Rate (excl. clean_exit): 0.00% (0/1 scenarios)",
        "",
      ),
    );
    expect(text).not.toContain("Token Usage:");
  });

  it("renders an empty run", () => {
    expect(render([], 3, 0)).toBe(
      lines(...header(0, "0.0", 0), ...NO_LATENCY, "", "", "Overall Success Rate: N/A (no scenarios had any applicable signal)", "", "Per-signal pass rates:"),
    );
  });

  it("prints the token block when only the user side made calls", () => {
    const r = rec(bareMetrics("u__1", { token_usage: { agent: { n_calls: 0, prompt: 0, completion: 0 }, user: { n_calls: 1, prompt: 1000, completion: 0 } } }));
    expect(render([r], 0)).toContain(
      lines(
        "",
        "",
        "Token Usage:",
        DASH,
        "  agent: 0 call(s), prompt=0, completion=0, total=0",
        "  user: 1 call(s), prompt=1,000, completion=0, total=1,000",
        "  Run total: 1,000 tokens",
      ),
    );
  });
});

describe("per-scenario line conditions (§2.3 B: key presence, except the stall line and Turns/min)", () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ["no optional keys: N/A defaults for missing verdicts", {}, ["  Is successful: N/A", "    Action-list match: N/A"]],
    [
      "present keys print even when null or N/A",
      { is_successful: "N/A", is_task_successful: null, is_action_match: "N/A", db_state_match: null, judge_passed: null },
      [
        "  Is successful: N/A",
        "  Is task-successful (excl. clean_exit): None",
        "    Action-list match: N/A",
        "    DB-state match: None",
        "    Judge passed: None",
      ],
    ],
    [
      "judge score 0 and an empty failed list",
      { is_successful: true, judge_score: 0.0, success_breakdown: { passed: [], failed: [], not_applicable: [], excluded: [] } },
      ["  Is successful: True", "    Action-list match: N/A", "    Judge score: 0.00"],
    ],
  ])("%s", (_t, over, want) => {
    const text = render([rec(bareMetrics("k__1", over))], 0);
    const block = text.slice(text.indexOf("====== k__1 ======:\n") + "====== k__1 ======:\n".length, text.indexOf("  Turns: "));
    expect(block).toBe(lines(...want));
  });

  it.each([
    [true, true],
    [1, true],
    ["yes", true],
    [false, false],
    [0, false],
    [null, false],
    ["", false],
  ])("insufficient_agent_turns %j → stall line %s (truthiness)", (flag, shown) => {
    const text = render([rec(bareMetrics("f__1", { insufficient_agent_turns: flag }))], 0);
    expect(text.includes("  [COUNTED AS FAILURE: insufficient agent turns / stalled \u2014 excluded from per-signal rates]\n")).toBe(shown);
  });

  it.each([
    [0, false],
    [0.0, false],
    [-1.5, false],
    [0.01, true],
  ])("scenario_duration %s → Turns/min shown: %s", (duration, shown) => {
    const text = render([rec(bareMetrics("f__1", { scenario_duration: duration }))], 0);
    expect(text.includes("  Turns/min: ")).toBe(shown);
  });

  it("falls back for older files: turns → len(turns), duration → duration_seconds, stats → recomputed from latencies (§6)", () => {
    const m = bareMetrics("old__1", {
      turns: [
        { role: "agent", text: "a" },
        { role: "user", text: "b" },
      ],
      duration_seconds: 30.25,
      latencies: latencies([300.0, 100.0, 200.0]),
    });
    delete m.total_turns;
    delete m.scenario_duration;
    delete m.latency_stats;
    const text = render([rec(m)], 0);
    expect(text).toContain(
      lines(
        "  Turns: 2",
        "  Duration: 30.2s",
        "  Turns/min: 4.0",
        "  Latency Measurements: 3",
        "    Mean: 200.0ms",
        "    P50: 200.0ms",
        "    P95: 300.0ms",
        "    Min: 100.0ms",
        "    Max: 300.0ms",
      ),
    );
    expect(text).toContain("\nTotal Duration: 0.5mins\nTotal Turns: 2\n");
  });
});

describe("latency percentiles (§4.10: index selection, no interpolation)", () => {
  const seq = (n: number) => Array.from({ length: n }, (_, i) => n - i); // n, n-1, …, 1 (unsorted input)
  it.each([
    // [n, p50, p95]; values 1..n so index i holds i + 1
    [1, 1, 1],
    [2, 2, 2], // upper median
    [3, 2, 3],
    [4, 3, 4],
    [20, 11, 20], // p95 = max for n ≤ 20
    [21, 11, 20], // ⌊21 × 0.95⌋ = 19
    [40, 21, 39], // ⌊38⌋ = 38
    [100, 51, 96], // index 95
    [101, 51, 96], // ⌊95.95⌋ = 95
  ])("n = %s → P50 %s, P95 %s", (n, p50, p95) => {
    const s = latencySummary(seq(n), -1);
    expect([s.count, s.p50_ms, s.p95_ms, s.min_ms, s.max_ms]).toEqual([n, p50, p95, 1, n]);
    expect(s.mean_ms).toBe((n + 1) / 2);
  });

  it("is -1 everywhere on the empty run-level pool and 0 on an empty scenario", () => {
    expect(latencySummary([], -1)).toEqual({ count: 0, mean_ms: -1, p50_ms: -1, p95_ms: -1, min_ms: -1, max_ms: -1 });
    expect(latencySummary([], 0)).toEqual({ count: 0, ...{ mean_ms: 0, p50_ms: 0, p95_ms: 0, min_ms: 0, max_ms: 0 } });
  });

  it("pools every record's latencies including stalled ones, ignoring their latency_stats", () => {
    const stalled = rec(
      bareMetrics("s__1", {
        token_usage: { agent: { n_calls: 0, prompt: 0, completion: 0 }, user: { n_calls: 0, prompt: 0, completion: 0 } },
        latency_stats: ZERO_STATS,
        latencies: latencies([5000.0]),
      }),
    );
    const other = rec(bareMetrics("s__2", { latencies: latencies([1000.0]) }));
    const fold = foldRecords([stalled, other], 3);
    expect(fold.stalled).toEqual(["s__1"]);
    expect(render([stalled, other], 3)).toContain("\n  Total Measurements: 2\n  Mean: 3000.0ms\n  P50: 5000.0ms\n");
  });
});
