/**
 * Corrupt, partial and odd files (ARTIFACTS.md §1.5, §4.7 steps 7–8, §6): the reader never throws, names
 * the problem, and the rest of the summary is unaffected. Expected texts are derived by hand from the spec.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nlPassedFromJudge, readMetrics, recordFromTexts, renderSummary } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { bareMetrics, scenarioRecord as rec, tempDir, writeRun } from "../../helpers/run-builder";

const DASH = "-".repeat(80);
const lines = (...ls: string[]) => ls.join("\n") + "\n";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

// Python truthiness of the values a hand-edited or foreign file might hold (§4.7 step 7, §6).
const PASSED_VALUES: Array<[unknown, boolean]> = [
  [true, true],
  [false, false],
  ["false", true], // a non-empty string is truthy
  ["0", true],
  ["", false],
  [0, false],
  [0.0, false],
  [1, true],
  [-1, true],
  [null, false],
  [[], false],
  [[0], true],
  [{}, false],
  [{ a: 1 }, true],
];

describe("truthiness of verdict `passed` values", () => {
  it("judge_result.json NL verdicts", () => {
    const judge = { score: 0.5, nl_assertion_verdicts: PASSED_VALUES.map(([passed], i) => ({ index: i + 1, passed })) };
    expect(nlPassedFromJudge(judge)).toEqual(PASSED_VALUES.map(([, t]) => t));
  });

  it("a verdict without `passed` is false; odd judge files give no verdicts", () => {
    expect(nlPassedFromJudge({ nl_assertion_verdicts: [{ index: 1 }] })).toEqual([false]);
    expect(nlPassedFromJudge({ score: 0 })).toEqual([]);
    expect(nlPassedFromJudge({ nl_assertion_verdicts: "x" })).toEqual([]);
    expect(nlPassedFromJudge([])).toEqual([]);
    expect(nlPassedFromJudge(null)).toEqual([]);
  });

  it("metrics.json DB-state-assertion verdicts, through the summary", () => {
    const verdicts = PASSED_VALUES.map(([passed]) => ({ func_name: "f", side: "user", passed, expected: true, actual: null, message: null, error: null }));
    const text = renderSummary({ records: [rec(bareMetrics("v__1", { db_state_assertion_verdicts: verdicts }))], queueLength: 1, minAgentTurns: 0 });
    // 7 truthy of 14
    expect(text).toContain("\n  DB-State-Assertion pass:      50.00% (7/14 predicates)\n");
  });
});

describe("readMetrics", () => {
  it.each<[string, string | null, string | null]>([
    // [text, problem kind, or null when none; record kept?]
    ["", "empty", null],
    [" \n", "empty", null],
    ['{"total_turns": 4, "turns": [', "invalid-json", null],
    ["[1, 2]", "schema", null],
    ["null", "schema", null],
    ['"a string"', "schema", null],
    ['{"total_turns": "four", "scenario_name": "x"}', "schema", "kept"],
    ['{"judge_score": NaN, "scenario_duration": Infinity}', null, "kept"],
    ["{}", null, "kept"],
  ])("%j → problem %s, record %s", (text, kind, kept) => {
    const r = readMetrics(text);
    expect(r.problems.map((p) => p.kind)).toEqual(kind ? [kind] : []);
    expect(r.problems.every((p) => p.file === "metrics.json")).toBe(true);
    expect(r.value === null ? null : "kept").toBe(kept);
  });
});

describe("judge_result.json as the NL source (§4.7 step 7)", () => {
  const m = { scenario_name: "n__1", nl_assertion_pass_rate: 0.5 };
  it.each<[string | null, boolean[] | null, string[]]>([
    // [judge_result.json text (null = absent), verdicts counted, problem kinds]
    ['{"score": 0.5, "nl_assertion_verdicts": [{"index": 1, "passed": true}, {"index": 2, "passed": "false"}]}', [true, true], []],
    ['{"score": 0.5}', [], []],
    // Schema-invalid (no score) but parseable: its verdicts still count, the problem is reported.
    ['{"nl_assertion_verdicts": [{"passed": true}]}', [true], ["schema"]],
    ['{"score": 0.5, "nl_assertion_verdicts": [', null, ["invalid-json"]],
    ["", null, ["empty"]],
    [null, null, []],
  ])("%j → %j", (text, want, kinds) => {
    const { record, problems } = recordFromTexts("n__1", m, { judgeText: text, agentContextText: null });
    expect(record.nlPassed).toEqual(want);
    expect(problems.map((p) => p.kind)).toEqual(kinds);
  });
});

describe("a run with corrupt and odd files (analyzeFolder)", () => {
  const judgeVerdicts = (values: unknown[]) => ({
    score: 0.75,
    reason: "",
    nl_assertion_verdicts: values.map((passed, i) => ({ index: i + 1, assertion: `a${i}`, passed, reason: "" })),
  });
  const tokens = { agent: { n_calls: 5, prompt: 10, completion: 1 }, user: { n_calls: 0, prompt: 0, completion: 0 } };
  const c1 = bareMetrics("c__1", {
    clean_exit: true,
    is_action_match: "N/A",
    judge_score: 0.75,
    judge_passed: false,
    token_usage: tokens,
    nl_assertion_pass_rate: 0.5,
    db_state_assertion_verdicts: PASSED_VALUES.slice(0, 10).map(([passed]) => ({
      func_name: "f",
      side: "user",
      passed,
      expected: true,
      actual: null,
      message: null,
      error: null,
    })),
    db_state_assertion_pass_rate: 0.4,
    success_breakdown: { passed: ["clean_exit"], failed: ["db_state_assertion", "nl_assertion"], not_applicable: [], excluded: [] },
    is_successful: false,
    is_task_successful: false,
  });
  const c2 = bareMetrics("c__2", { clean_exit: true, is_successful: true, token_usage: tokens });
  const c3 = bareMetrics("c__3", {
    clean_exit: true,
    is_action_match: "N/A",
    judge_score: 0.9,
    judge_passed: true,
    token_usage: tokens,
    nl_assertion_pass_rate: 1.0,
    success_breakdown: { passed: ["nl_assertion", "clean_exit"], failed: [], not_applicable: [], excluded: [] },
    is_successful: true,
    is_task_successful: true,
  });
  const c4 = bareMetrics("c__4", {
    stop_reason: "[TIMEOUT]",
    clean_exit: false,
    is_action_match: "N/A",
    judge_score: 0.25,
    judge_passed: false,
    token_usage: tokens,
    nl_assertion_pass_rate: 0.0,
    success_breakdown: { passed: [], failed: ["nl_assertion", "clean_exit"], not_applicable: [], excluded: [] },
    is_successful: false,
    is_task_successful: false,
  });
  // Written as Python would: a bare NaN token for a non-numeric judge score.
  const c5Text = JSON.stringify(
    bareMetrics("c__5", {
      clean_exit: true,
      is_action_match: "N/A",
      judge_score: "@NAN@",
      judge_passed: false,
      token_usage: tokens,
      success_breakdown: { passed: ["clean_exit"], failed: ["judge_passed"], not_applicable: [], excluded: [] },
      is_successful: false,
      is_task_successful: false,
    }),
    null,
    2,
  ).replace('"@NAN@"', "NaN");

  async function build(c2Metrics: string | null): Promise<string> {
    const root = await tempDir("ved-corrupt-");
    dirs.push(root);
    return writeRun(join(root, "eval_20260618_072325"), {
      queue: ["c__1", "c__2", "c__3", "c__4", "c__5"],
      scenarios: {
        c__1: { metrics: c1, judge: judgeVerdicts(PASSED_VALUES.slice(0, 10).map(([v]) => v)) },
        c__2: c2Metrics === null ? { bridgeLog: "killed mid-write\n" } : { metrics: c2Metrics },
        c__3: { metrics: c3 }, // nl_assertion_pass_rate but no judge_result.json
        c__4: { metrics: c4, judge: '{"score": 0.25, "nl_assertion_verdicts": [{"index": 1, "pass' },
        c__5: { metrics: c5Text },
      },
    });
  }

  const block = (name: string, body: string[]) => [
    "",
    `====== ${name} ======:`,
    ...body,
    "  Turns: 4",
    "  Duration: 60.0s",
    "  Turns/min: 4.0",
    "  Latency Measurements: 0",
  ];
  const expected = lines(
    "EVALUATION SUMMARY",
    "=".repeat(80),
    "",
    "Total Scenarios: 4",
    "Total Duration: 4.0mins",
    "Total Turns: 16",
    "",
    "Per-Scenario Results:",
    DASH,
    ...block("c__1", [
      "  Is successful: False",
      "  Is task-successful (excl. clean_exit): False",
      "    Action-list match: N/A",
      "    DB-state-assertion pass rate: 40.00%",
      "    NL-assertion pass rate: 50.00%",
      "    Judge score: 0.75",
      "    Judge passed: False",
      "    Failed signals: db_state_assertion, nl_assertion",
    ]),
    ...block("c__3", [
      "  Is successful: True",
      "  Is task-successful (excl. clean_exit): True",
      "    Action-list match: N/A",
      "    NL-assertion pass rate: 100.00%",
      "    Judge score: 0.90",
      "    Judge passed: True",
    ]),
    ...block("c__4", [
      "  Is successful: False",
      "  Is task-successful (excl. clean_exit): False",
      "    Action-list match: N/A",
      "    NL-assertion pass rate: 0.00%",
      "    Judge score: 0.25",
      "    Judge passed: False",
      "    Failed signals: nl_assertion, clean_exit",
    ]),
    ...block("c__5", [
      "  Is successful: False",
      "  Is task-successful (excl. clean_exit): False",
      "    Action-list match: N/A",
      "    Judge score: nan",
      "    Judge passed: False",
      "    Failed signals: judge_passed",
    ]),
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
    "",
    "",
    "Overall Success Rate: 25.00% (1/4 scenarios \u2014 strict conjunction across all applicable signals)",
    "Task Success Rate (excl. clean_exit): 25.00% (1/4 scenarios)",
    "",
    "Per-signal pass rates:",
    // c__1's ten verdicts: true, false, "false", "0", "", 0, 0.0, 1, -1, null → 5 truthy
    "  DB-State-Assertion pass:      50.00% (5/10 predicates)",
    // only c__1's judge_result.json counts: c__3 has none, c__4's is truncated
    "  NL-Assertion pass:            50.00% (5/10 assertions)",
    "  Judge score mean:            nan (across 4 scenarios)",
    "  Judge passed (>= threshold):  25.00% (1/4 scenarios)",
    "  Clean exit:  75.00% (3/4 scenarios)",
    "",
    "",
    "Token Usage:",
    DASH,
    "  agent: 20 call(s), prompt=40, completion=4, total=44",
    "  user: 0 call(s), prompt=0, completion=0, total=0",
    "  Run total: 44 tokens",
  );

  it.each<[string, string | null]>([
    ["truncated", JSON.stringify(c2, null, 2).slice(0, 120)],
    ["empty", ""],
    ["a JSON array", "[]"],
    ["absent (in flight)", null],
  ])("a %s metrics.json leaves that scenario unfinished and the rest of the summary unchanged", async (_t, c2Metrics) => {
    const { read, analysis } = await analyzeFolder(await build(c2Metrics));
    expect(analysis.summaryText).toBe(expected);
    const c2Entry = read.scenarios.find((s) => s.name === "c__2");
    expect(c2Entry?.record).toBeNull();
    const kind = c2Metrics === null ? [] : [c2Metrics === "" ? "empty" : c2Metrics === "[]" ? "schema" : "invalid-json"];
    expect(c2Entry?.problems.map((p) => [p.file, p.kind])).toEqual(kind.map((k) => ["metrics.json", k]));
    expect(analysis.plan.pending).toEqual(["c__2"]);
  });

  it("names the NL inconsistencies per scenario", async () => {
    const { read } = await analyzeFolder(await build(null));
    const problems = Object.fromEntries(read.scenarios.map((s) => [s.name, s.problems.map((p) => [p.file, p.kind])]));
    expect(problems).toEqual({
      c__1: [],
      c__2: [],
      c__3: [["judge_result.json", "inconsistent"]],
      c__4: [["judge_result.json", "invalid-json"]],
      c__5: [],
    });
  });

  it("renders Infinity values as Python does", () => {
    const m = bareMetrics("i__1", {
      scenario_duration: Infinity, // Turns/min = 4 / inf = 0.0; Total Duration pysum → inf
      latencies: [
        { user_transcript: "", agent_transcript: "", latency_ms: 1000.0 },
        { user_transcript: "", agent_transcript: "", latency_ms: Infinity },
      ],
      nl_assertion_pass_rate: -Infinity,
    });
    const text = renderSummary({ records: [rec(m)], queueLength: 1, minAgentTurns: 0 });
    expect(text).toContain("\nTotal Duration: infmins\n");
    expect(text).toContain("\n    NL-assertion pass rate: -inf%\n");
    expect(text).toContain("\n  Duration: infs\n  Turns/min: 0.0\n");
    expect(text).toContain("\n  Total Measurements: 2\n  Mean: infms\n  P50: infms\n  P95: infms\n  Min: 1000.0ms\n  Max: infms\n");
  });
});
