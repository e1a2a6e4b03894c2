/**
 * The stall rule (ARTIFACTS.md §4.6) and its effect on the fold (§4.7 step 1) and the summary (§2.3 B, D).
 * Expected texts are derived by hand from the spec.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agentTurnCount, assistantMessageCount, foldRecords, isStalled, recordFromTexts } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { bareMetrics, logLine, scenarioRecord as rec, tempDir, writeRun } from "../../helpers/run-builder";

const DASH = "-".repeat(80);
const STALL_LINE = "  [COUNTED AS FAILURE: insufficient agent turns / stalled \u2014 excluded from per-signal rates]";
const lines = (...ls: string[]) => ls.join("\n") + "\n";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe("agent turn count (§4.6)", () => {
  it.each<[string, unknown, number | null, number | null]>([
    ["integer n_calls wins over the context", { agent: { n_calls: 2 } }, 10, 2],
    ["n_calls 0", { agent: { n_calls: 0 } }, 10, 0],
    ["JSON true counts as 1, as in Python", { agent: { n_calls: true } }, null, 1],
    ["JSON false counts as 0", { agent: { n_calls: false } }, 7, 0],
    ["a non-integer float falls back to the context", { agent: { n_calls: 2.5 } }, 7, 7],
    ["a string falls back", { agent: { n_calls: "3" } }, null, null],
    ["null falls back", { agent: { n_calls: null } }, 1, 1],
    ["NaN falls back", { agent: { n_calls: Number.NaN } }, 4, 4],
    ["n_calls missing falls back", { agent: { prompt: 10 } }, 2, 2],
    ["agent side missing falls back", { user: { n_calls: 9 } }, 0, 0],
    ["token_usage missing and no context: unknown", undefined, null, null],
    ["token_usage null falls back", null, 5, 5],
  ])("%s", (_t, usage, ctx, want) => {
    const m: Record<string, unknown> = usage === undefined ? {} : { token_usage: usage };
    expect(agentTurnCount(m, ctx)).toBe(want);
  });

  it.each<[unknown, number]>([
    [[{ role: "assistant" }, { role: "user" }, "assistant", null, { role: "assistant", content: null }, { role: "tool" }], 2],
    [[], 0],
    [{ role: "assistant" }, 0], // a parsed non-array yields 0
    ["assistant", 0],
    [null, 0],
    [[{ role: "Assistant" }, { role: " assistant" }], 0],
  ])("assistant messages in %j → %s", (ctx, want) => {
    expect(assistantMessageCount(ctx)).toBe(want);
  });

  it.each<[string | null, number | null]>([
    ['[{"role": "system", "content": "x"}, {"role": "assistant", "content": "hi"}]', 1],
    ["[]", 0],
    ['{"role": "assistant"}', 0],
    ["[{", null], // unparseable → unknown
    ["", null],
    [null, null], // file absent
  ])("agent context text %j → count %s", (text, want) => {
    const { record } = recordFromTexts("x__1", { scenario_name: "x__1" }, { judgeText: null, agentContextText: text });
    expect(record.agentContextAssistantCount).toBe(want);
  });

  it.each<[number | null, number, boolean]>([
    [null, 3, false], // unknown never stalls
    [2, 3, true],
    [3, 3, false],
    [0, 1, true],
    [0, 0, false], // M = 0 disables the rule
    [5, 0, false],
    [-1, 0, false],
  ])("count %s with M = %s → stalled %s", (count, m, want) => {
    expect(isStalled(count, m)).toBe(want);
  });
});

describe("the fold's stall branch (§4.7 step 1)", () => {
  it("counts a stalled record as a failure, adds its tokens, and nothing else; unnamed records are listed as ?", () => {
    const m = bareMetrics("x", {
      is_action_match: true,
      judge_score: 1.0,
      judge_passed: true,
      db_state_match: true,
      clean_exit: true,
      nl_assertion_pass_rate: 1.0,
      db_state_assertion_verdicts: [{ func_name: "f", passed: true }],
      success_breakdown: { passed: [], failed: [], not_applicable: [], excluded: [] },
      is_successful: true,
      token_usage: { agent: { n_calls: 1, prompt: 7, completion: 3 }, user: { n_calls: 2, prompt: 11, completion: 13 } },
    });
    delete m.scenario_name;
    const fold = foldRecords([rec(m, { nl: [true, true], name: "dir__x" })], 3);
    expect(fold.stalled).toEqual(["?"]);
    expect(fold.success.all).toEqual([false]);
    expect(fold.task.all).toEqual([false]);
    // Without a scenario_name the domain comes from the directory name.
    expect([...fold.success.byDomain.keys()]).toEqual(["dir"]);
    for (const b of ["action", "judge_score", "judge_pass", "db", "nl", "dba", "clean_exit"] as const) expect(fold[b].all).toEqual([]);
    expect(fold.tokens).toEqual({ agent: { n_calls: 1, prompt: 7, completion: 3 }, user: { n_calls: 2, prompt: 11, completion: 13 } });
  });

  it("does not stall an N/A record with an unknown count, and stalls an N/A record with a known low count", () => {
    const a = rec(bareMetrics("a__1", { is_successful: "N/A" }));
    const b = rec(bareMetrics("b__1", { is_successful: "N/A" }), { ctx: 0 });
    const fold = foldRecords([a, b], 1);
    expect(fold.stalled).toEqual(["b__1"]);
    expect(fold.success.all).toEqual([false]);
    expect([...fold.success.byDomain.keys()]).toEqual(["b"]);
  });
});

describe("stalls end to end (analyzeFolder)", () => {
  const queue = ["s__e", "s__a", "s__c", "s__b", "s__f", "s__d"];
  const failedOnly = (failed: string[]) => ({ passed: [], failed, not_applicable: [], excluded: [] });

  async function build(): Promise<string> {
    const dir = await tempDir("ved-stall-");
    dirs.push(dir);
    await writeRun(join(dir, "eval_20260618_072325"), {
      queue,
      minAgentTurns: 3,
      log:
        logLine(`Queued 6 scenario(s): ['${queue.join("', '")}']`) +
        queue.map((n, i) => logLine(`Starting Scenario ${i + 1}/6: ${n}`) + logLine(`Scenario '${n}' Complete`)).join("") +
        logLine("Evaluation Complete!"),
      scenarios: {
        // No token_usage; the context parses to a non-array → 0 assistant messages → stalled.
        s__e: {
          metrics: bareMetrics("s__e", {
            stop_reason: "[TIMEOUT]",
            clean_exit: false,
            insufficient_agent_turns: true,
            is_action_match: false,
            success_breakdown: failedOnly(["clean_exit"]),
            is_successful: false,
            is_task_successful: false,
          }),
          agentContext: '{"role": "assistant"}',
        },
        // n_calls 2 < 3: every signal value it carries stays out of the per-signal buckets.
        s__a: {
          metrics: bareMetrics("s__a", {
            stop_reason: "[EXIT]",
            clean_exit: true,
            insufficient_agent_turns: true,
            is_action_match: true,
            judge_score: 1.0,
            judge_passed: true,
            token_usage: { agent: { n_calls: 2, prompt: 1000, completion: 100 }, user: { n_calls: 3, prompt: 300, completion: 30 } },
            db_state_match: true,
            nl_assertion_pass_rate: 1.0,
            db_state_assertion_verdicts: [{ func_name: "f", side: "user", passed: true, expected: true, actual: true, message: null, error: null }],
            db_state_assertion_pass_rate: 1.0,
            success_breakdown: { passed: ["db_state_match", "clean_exit"], failed: [], not_applicable: [], excluded: [] },
            is_successful: false,
            is_task_successful: false,
          }),
          judge: {
            score: 1.0,
            reason: "",
            nl_assertion_verdicts: [
              { index: 1, passed: true },
              { index: 2, passed: true },
            ],
          },
        },
        // No token_usage, context unparseable → unknown → not stalled; its stored flag still prints the line.
        s__c: {
          metrics: bareMetrics("s__c", {
            clean_exit: true,
            insufficient_agent_turns: true,
            is_action_match: "N/A",
            success_breakdown: failedOnly([]),
            is_successful: true,
            is_task_successful: true,
          }),
          agentContext: "[{",
        },
        // n_calls missing → the context has 2 assistant messages → stalled, although no stored flag.
        s__b: {
          metrics: bareMetrics("s__b", {
            clean_exit: true,
            is_action_match: "N/A",
            token_usage: { agent: { prompt: 10, completion: 1 }, user: { n_calls: 1, prompt: 5, completion: 0 } },
            success_breakdown: failedOnly([]),
            is_successful: true,
            is_task_successful: true,
          }),
          agentContext: [
            { role: "system", content: "s" },
            { role: "user", content: "Hello" },
            { role: "assistant", content: "Hi" },
            { role: "tool", tool_call_id: "1", content: "{}" },
            { role: "assistant", content: "Bye" },
          ],
        },
        // No token_usage and no context file → unknown → not stalled.
        s__f: {
          metrics: bareMetrics("s__f", {
            stop_reason: "[TIMEOUT]",
            clean_exit: false,
            is_action_match: true,
            success_breakdown: failedOnly(["clean_exit"]),
            is_successful: false,
            is_task_successful: true,
          }),
        },
        // n_calls 3 = M → not stalled; its empty context is never consulted.
        s__d: {
          metrics: bareMetrics("s__d", {
            clean_exit: true,
            is_action_match: false,
            judge_score: 0.5,
            judge_passed: false,
            token_usage: { agent: { n_calls: 3, prompt: 30, completion: 3 }, user: { n_calls: 0, prompt: 0, completion: 0 } },
            db_state_match: false,
            success_breakdown: { passed: ["clean_exit"], failed: [], not_applicable: [], excluded: ["is_action_match", "db_state_match", "judge_passed"] },
            is_successful: true,
            is_task_successful: true,
          }),
          agentContext: [],
        },
      },
    });
    return join(dir, "eval_20260618_072325");
  }

  const blocks = lines(
    "EVALUATION SUMMARY",
    "=".repeat(80),
    "",
    "Total Scenarios: 6",
    "Total Duration: 6.0mins",
    "Total Turns: 24",
    "",
    "Per-Scenario Results:",
    DASH,
    "",
    "====== s__e ======:",
    "  Is successful: False",
    "  Is task-successful (excl. clean_exit): False",
    "    Action-list match: False",
    "    Failed signals: clean_exit",
    "  Turns: 4",
    STALL_LINE,
    "  Duration: 60.0s",
    "  Turns/min: 4.0",
    "  Latency Measurements: 0",
    "",
    "====== s__a ======:",
    "  Is successful: False",
    "  Is task-successful (excl. clean_exit): False",
    "    Action-list match: True",
    "    DB-state match: True",
    "    DB-state-assertion pass rate: 100.00%",
    "    NL-assertion pass rate: 100.00%",
    "    Judge score: 1.00",
    "    Judge passed: True",
    "  Turns: 4",
    STALL_LINE,
    "  Duration: 60.0s",
    "  Turns/min: 4.0",
    "  Latency Measurements: 0",
    "",
    "====== s__c ======:",
    "  Is successful: True",
    "  Is task-successful (excl. clean_exit): True",
    "    Action-list match: N/A",
    "  Turns: 4",
    STALL_LINE,
    "  Duration: 60.0s",
    "  Turns/min: 4.0",
    "  Latency Measurements: 0",
    "",
    "====== s__b ======:",
    "  Is successful: True",
    "  Is task-successful (excl. clean_exit): True",
    "    Action-list match: N/A",
    "  Turns: 4",
    "  Duration: 60.0s",
    "  Turns/min: 4.0",
    "  Latency Measurements: 0",
    "",
    "====== s__f ======:",
    "  Is successful: False",
    "  Is task-successful (excl. clean_exit): True",
    "    Action-list match: True",
    "    Failed signals: clean_exit",
    "  Turns: 4",
    "  Duration: 60.0s",
    "  Turns/min: 4.0",
    "  Latency Measurements: 0",
    "",
    "====== s__d ======:",
    "  Is successful: True",
    "  Is task-successful (excl. clean_exit): True",
    "    Action-list match: False",
    "    DB-state match: False",
    "    Judge score: 0.50",
    "    Judge passed: False",
    "  Turns: 4",
    "  Duration: 60.0s",
    "  Turns/min: 4.0",
    "  Latency Measurements: 0",
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
  );
  const tokenBlock = lines(
    "",
    "",
    "Token Usage:",
    DASH,
    "  agent: 5 call(s), prompt=1,040, completion=104, total=1,144",
    "  user: 4 call(s), prompt=305, completion=30, total=335",
    "  Run total: 1,479 tokens",
  );

  it("M = 3 from run_args.json: three stalls in fold order, stored flags drive the per-scenario lines", async () => {
    const { analysis } = await analyzeFolder(await build());
    expect(analysis.plan.minAgentTurns).toBe(3);
    expect(analysis.fold.stalled).toEqual(["s__e", "s__a", "s__b"]);
    expect(analysis.summaryText).toBe(
      blocks +
        lines(
          "",
          "",
          "WARNING: 3 scenario(s) had fewer than 3 agent turn(s) (likely stalled LLM / server hang) and were counted as failures.",
          "Stalled scenarios: s__e, s__a, s__b",
          "Run with --resume <TIMESTAMP> --min-agent-turns 3 to retry them.",
          "",
          "",
          "Overall Success Rate: 33.33% (2/6 scenarios \u2014 strict conjunction across all applicable signals)",
          "Task Success Rate (excl. clean_exit): 50.00% (3/6 scenarios)",
          "",
          "Per-signal pass rates:",
          "  Action-list match:            50.00% (1/2 scenarios)",
          "  DB-State match:                0.00% (0/1 scenarios)",
          "  Judge score mean:            0.500 (across 1 scenarios)",
          "  Judge passed (>= threshold):   0.00% (0/1 scenarios)",
          "  Clean exit:  66.67% (2/3 scenarios)",
        ) +
        tokenBlock,
    );
  });

  it("--min-agent-turns 0 disables the rule: no warning, every signal counted, per-scenario lines unchanged", async () => {
    const { analysis } = await analyzeFolder(await build(), { minAgentTurnsOverride: 0 });
    expect(analysis.plan.minAgentTurns).toBe(0);
    expect(analysis.fold.stalled).toEqual([]);
    expect(analysis.summaryText).toBe(
      blocks +
        lines(
          "",
          "",
          "Overall Success Rate: 50.00% (3/6 scenarios \u2014 strict conjunction across all applicable signals)",
          "Task Success Rate (excl. clean_exit): 100.00% (6/6 scenarios)",
          "",
          "Per-signal pass rates:",
          "  Action-list match:            50.00% (2/4 scenarios)",
          "  DB-State match:               50.00% (1/2 scenarios)",
          "  DB-State-Assertion pass:     100.00% (1/1 predicates)",
          "  NL-Assertion pass:           100.00% (2/2 assertions)",
          "  Judge score mean:            0.750 (across 2 scenarios)",
          "  Judge passed (>= threshold):  50.00% (1/2 scenarios)",
          "  Clean exit:  66.67% (4/6 scenarios)",
        ) +
        tokenBlock,
    );
  });

  it("--min-agent-turns 4 re-folds with the new floor and prints it in the warning", async () => {
    const { analysis } = await analyzeFolder(await build(), { minAgentTurnsOverride: 4 });
    expect(analysis.plan.minAgentTurns).toBe(4);
    expect(analysis.summaryText).toBe(
      blocks +
        lines(
          "",
          "",
          "WARNING: 4 scenario(s) had fewer than 4 agent turn(s) (likely stalled LLM / server hang) and were counted as failures.",
          "Stalled scenarios: s__e, s__a, s__b, s__d",
          "Run with --resume <TIMESTAMP> --min-agent-turns 4 to retry them.",
          "",
          "",
          "Overall Success Rate: 16.67% (1/6 scenarios \u2014 strict conjunction across all applicable signals)",
          "Task Success Rate (excl. clean_exit): 33.33% (2/6 scenarios)",
          "",
          "Per-signal pass rates:",
          "  Action-list match:           100.00% (1/1 scenarios)",
          "  Clean exit:  50.00% (1/2 scenarios)",
        ) +
        tokenBlock,
    );
  });

  it("a run_args.json without min_agent_turns predates the rule (M = 0)", async () => {
    const dir = await tempDir("ved-stall-legacy-");
    dirs.push(dir);
    await writeRun(dir, {
      minAgentTurns: null,
      scenarios: {
        z__1: {
          metrics: bareMetrics("z__1", {
            token_usage: { agent: { n_calls: 0, prompt: 0, completion: 0 }, user: { n_calls: 0, prompt: 0, completion: 0 } },
            is_successful: true,
          }),
        },
      },
    });
    const { analysis } = await analyzeFolder(dir);
    expect(analysis.plan.minAgentTurns).toBe(0);
    expect(analysis.fold.stalled).toEqual([]);
    expect(analysis.summaryText).toContain("\nOverall Success Rate: 100.00% (1/1 scenarios");
  });
});
