/**
 * Which records make the aggregate, in which order, with which Q (ARTIFACTS.md §1.4, §1.16, §2.1, §2.6,
 * §4.11, §5.3): resumed runs, killed runs, finished runs. Expected texts are derived by hand from the spec.
 */
import { rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEvaluationLog, planRun, type Invocation, type LogSession } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { bareMetrics, latencies, logLine, tempDir, writeRun, type RunSpec } from "../../helpers/run-builder";

const EQ = "=".repeat(80);
const DASH = "-".repeat(80);
const lines = (...ls: string[]) => ls.join("\n") + "\n";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function run(spec: RunSpec, name = "eval_20260618_072325"): Promise<string> {
  const root = await tempDir("ved-plan-");
  dirs.push(root);
  return writeRun(join(root, name), spec);
}

function blockNames(text: string): string[] {
  return [...text.matchAll(/^====== (.*) ======:$/gm)].map((m) => m[1] as string);
}

describe("planRun (pure)", () => {
  const inv = (names: string[], over: Partial<Invocation> = {}): Invocation => ({
    started_at: "2026-06-18T07:23:25",
    parsed_args: { min_agent_turns: 3 },
    resolved_scenario_count: names.length,
    resolved_scenario_names: names,
    ...over,
  });
  const session = (over: Partial<LogSession> = {}): LogSession => ({
    startedAt: "2026-06-18 07:23:25",
    resuming: false,
    queuedCount: null,
    queued: null,
    loaded: [],
    movedAside: [],
    started: [],
    completed: [],
    complete: false,
    failed: null,
    interrupted: false,
    lastTime: null,
    ...over,
  });

  it("with no run_args.json and no log, the queue is the folders found and Q the completed count", () => {
    const plan = planRun({ invocations: [], sessions: [], completed: new Set(["b", "a"]), discovered: ["a", "b", "c"], allMetricsOrder: null });
    expect(plan).toMatchObject({
      queue: ["a", "b", "c"],
      order: ["a", "b"],
      queueLength: 2,
      minAgentTurns: 0,
      finished: false,
      pending: ["c"],
      outsideQueue: [],
    });
  });

  it("a legacy run_args.json without names falls back to the log's queue", () => {
    const plan = planRun({
      invocations: [{ parsed_args: { min_agent_turns: 2 } }],
      sessions: [session({ queuedCount: 2, queued: ["q__2", "q__1"] })],
      completed: new Set(["q__1", "q__2", "other"]),
      discovered: ["other", "q__1", "q__2"],
      allMetricsOrder: null,
    });
    expect(plan).toMatchObject({ queue: ["q__2", "q__1"], order: ["q__2", "q__1"], queueLength: 2, minAgentTurns: 2, outsideQueue: ["other"] });
  });

  it("a finished run prints resolved_scenario_count even when fewer records are on disk", () => {
    const plan = planRun({
      invocations: [inv(["a", "b", "c"])],
      sessions: [session({ complete: true })],
      completed: new Set(["a", "c"]),
      discovered: ["a", "c"],
      allMetricsOrder: null,
    });
    expect(plan).toMatchObject({ order: ["a", "c"], queueLength: 3, finished: true, pending: ["b"] });
  });

  it("a finished run without resolved_scenario_count takes Q from the log's Queued line", () => {
    const plan = planRun({
      invocations: [{ resolved_scenario_names: ["a", "b"] }],
      sessions: [session({ complete: true, queuedCount: 5 })],
      completed: new Set(["a", "b"]),
      discovered: ["a", "b"],
      allMetricsOrder: null,
    });
    expect(plan.queueLength).toBe(5);
  });

  it("a finished run with all_metrics.json uses its order, loaded-first otherwise", () => {
    const base = { invocations: [inv(["a", "b", "c"])], completed: new Set(["a", "b", "c"]), discovered: ["a", "b", "c"] };
    const s = session({ complete: true, resuming: true, loaded: ["c", "b"] });
    expect(planRun({ ...base, sessions: [s], allMetricsOrder: ["b", "a", "c"] }).order).toEqual(["b", "a", "c"]);
    // Loaded ones in queue order (b, c), then newly run (a) — not the order of the [SKIP] lines.
    expect(planRun({ ...base, sessions: [s], allMetricsOrder: null }).order).toEqual(["b", "c", "a"]);
    // An all_metrics.json of an unfinished session is stale and ignored.
    expect(planRun({ ...base, sessions: [{ ...s, complete: false }], allMetricsOrder: ["b", "a", "c"] }).order).toEqual(["b", "c", "a"]);
  });

  it("a loaded name whose metrics.json is not usable any more is left out", () => {
    const plan = planRun({
      invocations: [inv(["a", "b"])],
      sessions: [session({ loaded: ["a"] })],
      completed: new Set(["b"]),
      discovered: ["a", "b"],
      allMetricsOrder: null,
    });
    expect(plan).toMatchObject({ order: ["b"], queueLength: 1, pending: ["a"] });
  });

  it("a duplicated queue name yields the record twice (§6: duplicate names in --scenarios)", () => {
    const plan = planRun({
      invocations: [inv(["a", "b", "a"])],
      sessions: [session({ complete: true })],
      completed: new Set(["a", "b"]),
      discovered: ["a", "b"],
      allMetricsOrder: null,
    });
    expect(plan.order).toEqual(["a", "b", "a"]);
    expect(plan.queueLength).toBe(3);
  });

  it.each<[string, Invocation[], number | undefined, number]>([
    ["last invocation's min_agent_turns", [inv([], { parsed_args: { min_agent_turns: 5 } }), inv([], { parsed_args: { min_agent_turns: 2 } })], undefined, 2],
    ["missing min_agent_turns predates the rule", [inv([], { parsed_args: { judge_threshold: 0.9 } })], undefined, 0],
    ["null min_agent_turns", [inv([], { parsed_args: { min_agent_turns: null } })], undefined, 0],
    ["override wins", [inv([], { parsed_args: { min_agent_turns: 3 } })], 0, 0],
    ["override wins (raise)", [inv([])], 7, 7],
  ])("M: %s", (_t, invocations, override, want) => {
    expect(
      planRun({ invocations, sessions: [], completed: new Set(), discovered: [], allMetricsOrder: null, minAgentTurnsOverride: override }).minAgentTurns,
    ).toBe(want);
  });
});

describe("a resumed run (§4.11)", () => {
  const session1Queue = ["x__9", "r__4", "r__2", "r__1", "r__3"];
  const session2Queue = ["r__3", "r__2", "r__1", "r__4"];
  const t1 = "2026-06-18 07:30:00";
  const t2 = "2026-06-19 10:15:00";
  const session1Log =
    logLine(`Queued 5 scenario(s): ['${session1Queue.join("', '")}']`, "2026-06-18 07:23:25") +
    logLine("5 scenario(s) to run, 0 already completed.", t1) +
    ["x__9", "r__4", "r__2", "r__1"].map((n, i) => logLine(`Starting Scenario ${i + 1}/5: ${n}`, t1) + logLine(`Scenario '${n}' Complete`, t1)).join("") +
    logLine("Starting Scenario 5/5: r__3", t1);
  const session2Head =
    logLine("=== RESUMING run eval_20260618_072325 ===", t2) +
    logLine(`Queued 4 scenario(s): ['${session2Queue.join("', '")}']`, t2) +
    logLine("[CLEANUP] r__3: subdir was in-flight (no metrics.json); moved to r__3.killed.20260619_101500/ and will re-run.", t2) +
    logLine("[SKIP] r__2: already complete, loaded metrics.json from disk.", t2) +
    logLine("[CLEANUP] r__1: subdir was in-flight (1 agent turn(s) < 3); moved to r__1.killed.20260619_101500/ and will re-run.", t2) +
    logLine("[SKIP] r__4: already complete, loaded metrics.json from disk.", t2) +
    logLine("2 scenario(s) to run, 2 already completed.", t2) +
    logLine("Starting Scenario 1/4: r__3", t2) +
    logLine("Scenario 'r__3' Complete", t2) +
    logLine("[SKIP 2/4] r__2 (loaded from previous run)", t2) +
    logLine("Starting Scenario 3/4: r__1", t2);
  const session2Tail =
    logLine("Scenario 'r__1' Complete", t2) + logLine("[SKIP 4/4] r__4 (loaded from previous run)", t2) + logLine("Evaluation Complete!", t2);

  const invocations = [
    {
      started_at: "2026-06-18T07:23:25",
      argv: ["run_evaluation.py"],
      parsed_args: { min_agent_turns: 3, resume: null },
      resolved_scenario_count: 5,
      resolved_scenario_names: session1Queue,
    },
    {
      started_at: "2026-06-19T10:15:00",
      argv: ["run_evaluation.py", "--resume", "20260618_072325"],
      parsed_args: { min_agent_turns: 3, resume: "20260618_072325" },
      resolved_scenario_count: 4,
      resolved_scenario_names: session2Queue,
      resumed_from_invocation: 0,
    },
  ];

  // Older layout (§2.5): no success_breakdown, clean_exit, token_usage or judge keys; "N/A" verdicts.
  const r2 = bareMetrics("r__2", { total_turns: 3, scenario_duration: 60.25, is_action_match: "N/A", is_successful: "N/A" });
  const r4 = bareMetrics("r__4", {
    total_turns: 6,
    scenario_duration: 120.5,
    latency_stats: { count: 1, mean_ms: 1500.5, p50_ms: 1500.5, p95_ms: 1500.5, min_ms: 1500.5, max_ms: 1500.5 },
    latencies: latencies([1500.5]),
    is_action_match: true,
    db_state_expected_hash: "e".repeat(64),
    db_state_match: true,
    db_state_actual_hash: "e".repeat(64),
    is_successful: true,
  });
  const r3 = bareMetrics("r__3", {
    total_turns: 4,
    scenario_duration: 90.0,
    stop_reason: "[EXIT]",
    clean_exit: true,
    is_action_match: "N/A",
    token_usage: { agent: { n_calls: 5, prompt: 100, completion: 10 }, user: { n_calls: 4, prompt: 50, completion: 5 } },
    success_breakdown: { passed: ["clean_exit"], failed: [], not_applicable: [], excluded: [] },
    is_successful: true,
    is_task_successful: true,
  });
  const r1 = bareMetrics("r__1", {
    total_turns: 8,
    scenario_duration: 300.0,
    stop_reason: "[EXIT]",
    clean_exit: true,
    is_action_match: false,
    token_usage: { agent: { n_calls: 4, prompt: 200, completion: 20 }, user: { n_calls: 3, prompt: 60, completion: 6 } },
    db_state_expected_hash: "f".repeat(64),
    db_state_match: false,
    db_state_actual_hash: null,
    success_breakdown: { passed: ["clean_exit"], failed: ["db_state_match"], not_applicable: [], excluded: ["is_action_match"] },
    is_successful: false,
    is_task_successful: false,
  });
  // Outside the last queue: a perfect result that must not count.
  const x9 = bareMetrics("x__9", {
    total_turns: 10,
    latencies: latencies([10.0]),
    clean_exit: true,
    is_action_match: true,
    token_usage: { agent: { n_calls: 50, prompt: 5000, completion: 500 }, user: { n_calls: 50, prompt: 5000, completion: 500 } },
    success_breakdown: { passed: ["clean_exit"], failed: [], not_applicable: [], excluded: [] },
    is_successful: true,
    is_task_successful: true,
  });
  // The stalled first attempt of r__1, moved aside with its metrics.json.
  const r1Killed = bareMetrics("r__1", {
    total_turns: 1,
    latencies: latencies([99999.0]),
    clean_exit: true,
    insufficient_agent_turns: true,
    is_action_match: true,
    token_usage: { agent: { n_calls: 1, prompt: 999, completion: 9 }, user: { n_calls: 1, prompt: 999, completion: 9 } },
    success_breakdown: { passed: ["clean_exit"], failed: [], not_applicable: [], excluded: [] },
    is_successful: false,
    is_task_successful: false,
  });

  function spec(opts: { finished: boolean; allMetrics?: string[]; allSummary?: string }): RunSpec {
    const files: Record<string, string> = {
      "r__1.killed.20260619_101500/__KILLED__": "",
      "r__1.killed.20260619_101500/metrics.json": JSON.stringify(r1Killed, null, 2),
      "r__1.killed.20260619_101500/bridge_log.txt": "old attempt\n",
      "r__3.killed.20260619_101500/__KILLED__": "",
      "r__3.killed.20260619_101500/bridge_log.txt": "old attempt\n",
    };
    if (opts.allMetrics) {
      const byName: Record<string, unknown> = { r__1: r1, r__2: r2, r__3: r3, r__4: r4 };
      files["all_metrics.json"] = JSON.stringify(
        opts.allMetrics.map((n) => byName[n]),
        null,
        2,
      );
    }
    if (opts.allSummary) files["all_summary.txt"] = opts.allSummary;
    return {
      invocations,
      log: session1Log + session2Head + (opts.finished ? session2Tail : ""),
      scenarios: {
        x__9: { metrics: x9 },
        r__4: { metrics: r4 },
        r__2: { metrics: r2 },
        r__1: opts.finished ? { metrics: r1 } : { bridgeLog: "in flight\n" },
        r__3: { metrics: r3 },
      },
      files,
    };
  }

  const finishedSummary = lines(
    "EVALUATION SUMMARY",
    EQ,
    "",
    "Total Scenarios: 4",
    "Total Duration: 9.5mins", // (60.25 + 120.5 + 90 + 300) / 60 = 9.5125
    "Total Turns: 21",
    "",
    "Per-Scenario Results:",
    DASH,
    "",
    "====== r__2 ======:",
    "  Is successful: N/A",
    "    Action-list match: N/A",
    "  Turns: 3",
    "  Duration: 60.2s",
    "  Turns/min: 3.0",
    "  Latency Measurements: 0",
    "",
    "====== r__4 ======:",
    "  Is successful: True",
    "    Action-list match: True",
    "    DB-state match: True",
    "  Turns: 6",
    "  Duration: 120.5s",
    "  Turns/min: 3.0",
    "  Latency Measurements: 1",
    "    Mean: 1500.5ms",
    "    P50: 1500.5ms",
    "    P95: 1500.5ms",
    "    Min: 1500.5ms",
    "    Max: 1500.5ms",
    "",
    "====== r__3 ======:",
    "  Is successful: True",
    "  Is task-successful (excl. clean_exit): True",
    "    Action-list match: N/A",
    "  Turns: 4",
    "  Duration: 90.0s",
    "  Turns/min: 2.7",
    "  Latency Measurements: 0",
    "",
    "====== r__1 ======:",
    "  Is successful: False",
    "  Is task-successful (excl. clean_exit): False",
    "    Action-list match: False",
    "    DB-state match: False",
    "    Failed signals: db_state_match",
    "  Turns: 8",
    "  Duration: 300.0s",
    "  Turns/min: 1.6",
    "  Latency Measurements: 0",
    "",
    "",
    "Overall Latency Statistics:",
    DASH,
    "  Total Measurements: 1",
    "  Mean: 1500.5ms",
    "  P50: 1500.5ms",
    "  P95: 1500.5ms",
    "  Min: 1500.5ms",
    "  Max: 1500.5ms",
    "",
    "",
    // r__2 is N/A; r__4 (no breakdown → failed empty → task true), r__3 true, r__1 false.
    "Overall Success Rate: 66.67% (2/3 scenarios \u2014 strict conjunction across all applicable signals)",
    "Task Success Rate (excl. clean_exit): 66.67% (2/3 scenarios)",
    "",
    "Per-signal pass rates:",
    "  Action-list match:            50.00% (1/2 scenarios)",
    "  DB-State match:               50.00% (1/2 scenarios)",
    "  Clean exit: 100.00% (2/2 scenarios)",
    "",
    "",
    "Token Usage:",
    DASH,
    "  agent: 9 call(s), prompt=300, completion=30, total=330",
    "  user: 7 call(s), prompt=110, completion=11, total=121",
    "  Run total: 451 tokens",
  );

  it("finished, no all_metrics.json: loaded first (queue order), then newly run (queue order); killed folders and other queues ignored", async () => {
    const dir = await run(spec({ finished: true }));
    const { read, analysis } = await analyzeFolder(dir);
    expect(analysis.summaryText).toBe(finishedSummary);
    expect(analysis.records.map((r) => r.name)).toEqual(["r__2", "r__4", "r__3", "r__1"]);
    expect(analysis.plan.outsideQueue).toEqual(["x__9"]);
    expect(analysis.plan.finished).toBe(true);
    expect(analysis.partial).toBe(false);
    expect(analysis.status.state).toBe("finished");
    expect(analysis.status.sessions).toBe(2);
    expect(analysis.status.resumed).toBe(true);
    expect([...read.killedFolders].sort()).toEqual(["r__1.killed.20260619_101500", "r__3.killed.20260619_101500"]);
    expect(read.scenarios.map((s) => s.name).sort()).toEqual(["r__1", "r__2", "r__3", "r__4", "x__9"]);
  });

  it("finished with a current all_metrics.json: its order is used", async () => {
    const dir = await run(spec({ finished: true, allMetrics: ["r__4", "r__1", "r__2", "r__3"] }));
    const { analysis } = await analyzeFolder(dir);
    expect(blockNames(analysis.summaryText)).toEqual(["r__4", "r__1", "r__2", "r__3"]);
    expect(analysis.summaryText).toContain("\nTotal Scenarios: 4\nTotal Duration: 9.5mins\nTotal Turns: 21\n");
    // Same records, so everything after the per-scenario blocks is unchanged.
    const tail = (t: string) => t.slice(t.indexOf("\n\n\nOverall Latency Statistics:"));
    expect(tail(analysis.summaryText)).toBe(tail(finishedSummary));
  });

  it("a matching on-disk all_summary.txt is recognised", async () => {
    const dir = await run(spec({ finished: true, allSummary: finishedSummary }));
    const { analysis } = await analyzeFolder(dir);
    expect(analysis.onDiskSummary).toBe("matches");
  });

  it("a same-length all_summary.txt with other text differs; a linked one is a problem, not read", async () => {
    const altered = finishedSummary.replace("Total Turns: 21", "Total Turns: 12");
    expect(altered.length).toBe(finishedSummary.length);
    const dir = await run(spec({ finished: true, allSummary: altered }));
    expect((await analyzeFolder(dir)).analysis.onDiskSummary).toBe("differs");
    // Compared with the file as it is when the check runs (the scan only took its size and mtime).
    await writeFile(join(dir, "all_summary.txt"), finishedSummary);
    expect((await analyzeFolder(dir)).analysis.onDiskSummary).toBe("matches");
    await rm(join(dir, "all_summary.txt"));
    await writeFile(join(dir, "outside.txt"), finishedSummary);
    await symlink(join(dir, "outside.txt"), join(dir, "all_summary.txt"));
    const linked = await analyzeFolder(dir);
    expect(linked.analysis.onDiskSummary).toBe("absent");
    expect(linked.read.runLevel.problems.map((p) => `${p.file}: ${p.kind}`)).toContain("all_summary.txt: unsafe");
  });

  it("unfinished resume: stale all_metrics.json and all_summary.txt are ignored; Q is the completed count; in-flight r__1 pending", async () => {
    const dir = await run(spec({ finished: false, allMetrics: ["r__4", "r__2", "r__3", "r__1"], allSummary: "old\n" }));
    // A minute after its log's last line (the run's own clock; its files were written just now).
    const { analysis } = await analyzeFolder(dir, { nowMs: new Date(2026, 5, 19, 10, 16, 0).getTime() });
    expect(analysis.partial).toBe(true);
    expect(analysis.onDiskSummary).toBe("stale");
    expect(analysis.plan.pending).toEqual(["r__1"]);
    expect(analysis.status.state).toBe("running");
    expect(analysis.status.inFlight).toEqual({ name: "r__1", position: 3, of: 4 });
    expect(analysis.status.intended).toBe(4);
    expect(analysis.summaryText).toBe(
      lines(
        "EVALUATION SUMMARY",
        EQ,
        "",
        "Total Scenarios: 3",
        "Total Duration: 4.5mins", // 270.75 / 60 = 4.5125
        "Total Turns: 13",
        "",
        "Per-Scenario Results:",
        DASH,
        "",
        "====== r__2 ======:",
        "  Is successful: N/A",
        "    Action-list match: N/A",
        "  Turns: 3",
        "  Duration: 60.2s",
        "  Turns/min: 3.0",
        "  Latency Measurements: 0",
        "",
        "====== r__4 ======:",
        "  Is successful: True",
        "    Action-list match: True",
        "    DB-state match: True",
        "  Turns: 6",
        "  Duration: 120.5s",
        "  Turns/min: 3.0",
        "  Latency Measurements: 1",
        "    Mean: 1500.5ms",
        "    P50: 1500.5ms",
        "    P95: 1500.5ms",
        "    Min: 1500.5ms",
        "    Max: 1500.5ms",
        "",
        "====== r__3 ======:",
        "  Is successful: True",
        "  Is task-successful (excl. clean_exit): True",
        "    Action-list match: N/A",
        "  Turns: 4",
        "  Duration: 90.0s",
        "  Turns/min: 2.7",
        "  Latency Measurements: 0",
        "",
        "",
        "Overall Latency Statistics:",
        DASH,
        "  Total Measurements: 1",
        "  Mean: 1500.5ms",
        "  P50: 1500.5ms",
        "  P95: 1500.5ms",
        "  Min: 1500.5ms",
        "  Max: 1500.5ms",
        "",
        "",
        "Overall Success Rate: 100.00% (2/2 scenarios \u2014 strict conjunction across all applicable signals)",
        "Task Success Rate (excl. clean_exit): 100.00% (2/2 scenarios)",
        "",
        "Per-signal pass rates:",
        "  Action-list match:           100.00% (1/1 scenarios)",
        "  DB-State match:              100.00% (1/1 scenarios)",
        "  Clean exit: 100.00% (1/1 scenarios)",
        "",
        "",
        "Token Usage:",
        DASH,
        "  agent: 5 call(s), prompt=100, completion=10, total=110",
        "  user: 4 call(s), prompt=50, completion=5, total=55",
        "  Run total: 165 tokens",
      ),
    );
  });
});

describe("killed and finished single-session runs (§2.1, §2.6)", () => {
  const queue = ["k__2", "k__1", "k__3"];
  const m = (name: string, ok: boolean) =>
    bareMetrics(name, {
      clean_exit: true,
      success_breakdown: {
        passed: ok ? ["clean_exit", "db_state_match"] : ["clean_exit"],
        failed: ok ? [] : ["db_state_match"],
        not_applicable: [],
        excluded: [],
      },
      db_state_match: ok,
      is_successful: ok,
      is_task_successful: ok,
    });
  const head =
    logLine(`Queued 3 scenario(s): ['${queue.join("', '")}']`) +
    logLine("Starting Scenario 1/3: k__2") +
    logLine("Scenario 'k__2' Complete") +
    logLine("Starting Scenario 2/3: k__1") +
    logLine("Scenario 'k__1' Complete");

  it("killed (no Evaluation Complete!): Total Scenarios is the number of completed scenarios, in queue order", async () => {
    const dir = await run({
      queue,
      log: head + logLine("Starting Scenario 3/3: k__3"),
      scenarios: { k__1: { metrics: m("k__1", true) }, k__2: { metrics: m("k__2", false) }, k__3: { bridgeLog: "…" } },
    });
    const { analysis } = await analyzeFolder(dir, { nowMs: Date.now() + 3_600_000 });
    expect(analysis.status.state).toBe("killed");
    expect(analysis.status.inFlight).toEqual({ name: "k__3", position: 3, of: 3 });
    expect(analysis.partial).toBe(true);
    expect(blockNames(analysis.summaryText)).toEqual(["k__2", "k__1"]);
    expect(analysis.summaryText).toContain("\nTotal Scenarios: 2\nTotal Duration: 2.0mins\nTotal Turns: 8\n");
    expect(analysis.summaryText).toContain("\nOverall Success Rate: 50.00% (1/2 scenarios");
  });

  it("finished: Total Scenarios is resolved_scenario_count even when a metrics.json went missing", async () => {
    const dir = await run({
      queue,
      log: head + logLine("Starting Scenario 3/3: k__3") + logLine("Scenario 'k__3' Complete") + logLine("Evaluation Complete!"),
      scenarios: { k__1: { metrics: m("k__1", true) }, k__2: { metrics: m("k__2", false) } },
    });
    const { analysis } = await analyzeFolder(dir);
    expect(analysis.status.state).toBe("finished");
    expect(analysis.partial).toBe(false);
    expect(blockNames(analysis.summaryText)).toEqual(["k__2", "k__1"]);
    expect(analysis.summaryText).toContain("\nTotal Scenarios: 3\nTotal Duration: 2.0mins\nTotal Turns: 8\n");
  });

  it("finished with all_metrics.json: its order; an unparseable all_metrics.json falls back to queue order and is reported", async () => {
    const base: RunSpec = {
      queue,
      log: head + logLine("Starting Scenario 3/3: k__3") + logLine("Scenario 'k__3' Complete") + logLine("Evaluation Complete!"),
      scenarios: { k__1: { metrics: m("k__1", true) }, k__2: { metrics: m("k__2", false) }, k__3: { metrics: m("k__3", true) } },
    };
    const good = await analyzeFolder(
      await run({ ...base, files: { "all_metrics.json": JSON.stringify([m("k__3", true), m("k__1", true), m("k__2", false)]) } }),
    );
    expect(blockNames(good.analysis.summaryText)).toEqual(["k__3", "k__1", "k__2"]);
    const bad = await analyzeFolder(await run({ ...base, files: { "all_metrics.json": '[{"scenario_name": "k__3"' } }));
    expect(blockNames(bad.analysis.summaryText)).toEqual(["k__2", "k__1", "k__3"]);
    expect(bad.read.runLevel.problems.map((p) => [p.file, p.kind])).toEqual([["all_metrics.json", "invalid-json"]]);
  });

  it("an aborted session (Evaluation failed:) is partial with Q = completed count", async () => {
    const dir = await run({
      queue,
      log:
        head +
        logLine("Starting Scenario 3/3: k__3") +
        "2026-06-18 07:23:25 | runner.py:run_dynamic_evaluation:900 | [ERROR]: Evaluation failed: boom\nTraceback (most recent call last):\n  ...\n",
      scenarios: { k__1: { metrics: m("k__1", true) }, k__2: { metrics: m("k__2", false) }, k__3: { bridgeLog: "" } },
    });
    const { analysis } = await analyzeFolder(dir);
    expect(analysis.status).toMatchObject({ state: "aborted", abortReason: "boom" });
    expect(analysis.partial).toBe(true);
    expect(analysis.summaryText).toContain("\nTotal Scenarios: 2\n");
  });

  it("parses a realistic log through the same session splitter the plan uses", () => {
    const sessions = parseEvaluationLog(head);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.queued).toEqual(queue);
  });
});
