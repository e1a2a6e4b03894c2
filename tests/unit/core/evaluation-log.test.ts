/**
 * evaluation_log.txt (ARTIFACTS.md §5): line format, session splitting at `Queued N scenario(s): [...]`,
 * the events that matter, and telling finished / running / stalled / killed / aborted runs apart (§5.3).
 */
import { rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inFlightScenario, parseEvaluationLog, parseLogLines, parsePythonStringList, runStatus, RUNNING_WINDOW_MS, STALLED_WINDOW_MS } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { bareMetrics, logLine, tempDir, writeRun } from "../../helpers/run-builder";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const RULE = "=".repeat(80);
const at = (time: string, level: string, where: string, message: string) => `${time} | ${where} | [${level}]: ${message}\n`;

describe("log lines (§5.1)", () => {
  it("splits prefixed and unprefixed lines, keeping the message after `]: `", () => {
    const text =
      at("2026-06-18 07:23:25", "INFO", "runner.py:run_dynamic_evaluation:408", "Starting Scenario 1/6: tau2_retail__3") +
      at("2026-06-18 07:23:25", "INFO", "runner.py:run_dynamic_evaluation:407", RULE) +
      "\n" +
      "  continuation | with [pipes]: inside\r\n" +
      "2026-06-18 07:23:26 | run_evaluation.py:main:462 | [WARNING]: \n" +
      "2026-06-18 07:23:27 | x.py:f:1 | [ERROR]: Evaluation failed: KeyError('x')\n";
    expect(parseLogLines(text)).toEqual([
      { time: "2026-06-18 07:23:25", level: "INFO", message: "Starting Scenario 1/6: tau2_retail__3" },
      { time: "2026-06-18 07:23:25", level: "INFO", message: RULE },
      { time: null, level: null, message: "" },
      { time: null, level: null, message: "  continuation | with [pipes]: inside" },
      { time: "2026-06-18 07:23:26", level: "WARNING", message: "" },
      { time: "2026-06-18 07:23:27", level: "ERROR", message: "Evaluation failed: KeyError('x')" },
      { time: null, level: null, message: "" },
    ]);
  });
});

describe("Python list repr of the queue (§5.2 Queued line)", () => {
  it.each<[string, string[] | null]>([
    ["[]", []],
    ["['a']", ["a"]],
    ["['tau2_retail__3', 'tau2_retail__7']", ["tau2_retail__3", "tau2_retail__7"]],
    [`["it's", 'plain']`, ["it's", "plain"]], // a name with ' is quoted with "
    [`['say "hi"']`, ['say "hi"']],
    [`['both \\'q\\' and "dq"']`, [`both 'q' and "dq"`]], // both quotes: ' with \' escapes
    [`['back\\\\slash']`, ["back\\slash"]],
    ["['a, b]', 'c']", ["a, b]", "c"]],
    ["['caf\u00e9', '\u{1F600}__1']", ["caf\u00e9", "\u{1F600}__1"]],
    ["  ['x']  ", ["x"]],
    // Python repr escapes of non-printable characters (output of `print(repr([...]))` in CPython)
    [
      `['a\\x01b\\u200bc\\U000e0001', 'tab\\there', 'cr\\rx', 'del\\x7f', 'nbsp\\xa0', 'caf\u00e9', "it's", 'q"', 'b\\'o"th', 'back\\\\slash']`,
      ["a\u0001b\u200bc\u{E0001}", "tab\there", "cr\rx", "del\u007f", "nbsp\u00a0", "caf\u00e9", "it's", 'q"', `b'o"th`, "back\\slash"],
    ],
    ["['a'", null],
    ["[a]", null],
    ["['a' 'b']", null],
    ["abc", null],
    ["['unterminated]", null],
  ])("%s → %j", (text, want) => {
    expect(parsePythonStringList(text)).toEqual(want);
  });
});

describe("sessions (§5.2, §5.3 step 1)", () => {
  const t = (s: number) => `2026-06-18 07:${String(23 + s).padStart(2, "0")}:00`;
  const r = (s: number, m: string) => at(t(s), "INFO", "runner.py:run_dynamic_evaluation:400", m);
  const log =
    at(t(0), "INFO", "run_evaluation.py:main:455", `Queued 3 scenario(s): ['a__1', "b__it's", 'c__3']`) +
    at(t(0), "INFO", "run_evaluation.py:main:462", "Using LLM judge: http://localhost:8000/v1/chat/completions with model: m") +
    r(0, "3 scenario(s) to run, 0 already completed.") +
    r(0, RULE) +
    r(0, "Starting Scenario 1/3: a__1") +
    r(0, `${RULE}\n`) + // a message ending in a newline leaves an empty line
    r(1, "Preparing for scenario: a__1...") +
    r(1, "Scenario Metrics saved to: ./eval_results/eval_x/a__1/metrics.json") +
    r(1, "Scenario 'a__1' Complete") +
    r(1, "  Is successful: True\n  Total turns: 4") +
    r(2, "Starting Scenario 2/3: b__it's") +
    '  File "runner.py", line 10, in run\n' + // an unprefixed continuation line with no event
    r(3, "Scenario 'b__it's' Complete") +
    r(3, "Starting Scenario 3/3: c__3") +
    // killed here; then a resume session
    at(t(10), "INFO", "run_evaluation.py:main:440", "=== RESUMING run eval_20260618_072325 ===") +
    at(t(10), "INFO", "run_evaluation.py:main:455", "Queued 2 scenario(s): ['c__3', 'a__1']") +
    r(10, "[CLEANUP] c__3: subdir was in-flight (no metrics.json); moved to c__3.killed.20260618_073300/ and will re-run.") +
    r(10, "[SKIP] a__1: already complete, loaded metrics.json from disk.") +
    r(10, "1 scenario(s) to run, 1 already completed.") +
    r(11, "Starting Scenario 1/2: c__3") +
    r(12, "Scenario 'c__3' Complete") +
    r(12, "[SKIP 2/2] a__1 (loaded from previous run)") +
    r(13, "Evaluation Complete!") +
    r(13, "\nScenario directories:\n  ./eval_results/eval_x/c__3\n  ./eval_results/eval_x/a__1") +
    r(13, "\nTotal: 2 scenarios, 8 turns, 2.0mins");

  it("splits at each Queued line and records what each session did", () => {
    const sessions = parseEvaluationLog(log);
    expect(sessions).toHaveLength(2);
    const [s1, s2] = sessions;
    expect(s1).toMatchObject({
      startedAt: t(0),
      resuming: false,
      queuedCount: 3,
      queued: ["a__1", "b__it's", "c__3"],
      loaded: [],
      movedAside: [],
      completed: ["a__1", "b__it's"],
      complete: false,
      failed: null,
      interrupted: false,
      lastTime: t(3),
    });
    expect(s1?.started.map((s) => [s.position, s.of, s.name, s.time])).toEqual([
      [1, 3, "a__1", t(0)],
      [2, 3, "b__it's", t(2)],
      [3, 3, "c__3", t(3)],
    ]);
    expect(inFlightScenario(s1!)).toMatchObject({ name: "c__3", position: 3, of: 3 });
    expect(s2).toMatchObject({
      startedAt: t(10),
      resuming: true,
      queuedCount: 2,
      queued: ["c__3", "a__1"],
      loaded: ["a__1"], // the `[SKIP k/N]` progress line is not a second load
      movedAside: ["c__3"],
      completed: ["c__3"],
      complete: true,
      lastTime: t(13),
    });
    expect(inFlightScenario(s2!)).toBeNull();
  });

  it("ignores everything before the first Queued line and yields no session without one", () => {
    expect(parseEvaluationLog(r(0, "Starting Scenario 1/1: a") + r(0, "Evaluation Complete!"))).toEqual([]);
    expect(parseEvaluationLog("")).toEqual([]);
  });

  it("treats an empty queue as a session", () => {
    const [s] = parseEvaluationLog(r(0, "Queued 0 scenario(s): []") + r(0, "Evaluation Complete!"));
    expect(s).toMatchObject({ queuedCount: 0, queued: [], complete: true });
  });

  it("keeps a Queued line whose list does not parse as a session with an unknown list", () => {
    const [s] = parseEvaluationLog(r(0, "Queued 2 scenario(s): [broken, list]"));
    expect(s).toMatchObject({ queuedCount: 2, queued: null });
  });

  it.each<[string, string, Partial<{ failed: string | null; interrupted: boolean; complete: boolean }>]>([
    [
      "Evaluation failed: → aborted with the reason",
      at(t(1), "ERROR", "runner.py:run_dynamic_evaluation:900", "Evaluation failed: Connection refused"),
      { failed: "Connection refused", interrupted: false },
    ],
    [
      "interrupted by user on an unprefixed line",
      at(t(1), "WARNING", "run_evaluation.py:main:510", "\nEvaluation interrupted by user"),
      { failed: null, interrupted: true },
    ],
    ["Evaluation Complete!", r(1, "Evaluation Complete!"), { complete: true }],
    [
      "the end-of-run stall WARNING is not an abort",
      r(
        1,
        "\nWARNING: 1 scenario(s) had fewer than 3 agent turn(s) (likely stalled LLM / server hang) \u2014 counted as failures in aggregate rates.\n  Stalled: a\n  Run with --resume <TIMESTAMP> --min-agent-turns 3 to retry.",
      ),
      { failed: null, interrupted: false, complete: false },
    ],
  ])("%s", (_t, tail, want) => {
    const [s] = parseEvaluationLog(r(0, "Queued 1 scenario(s): ['a']") + r(0, "Starting Scenario 1/1: a") + tail);
    expect(s).toMatchObject(want);
  });

  it("an Evaluation Complete! of an earlier session does not finish the current one", () => {
    const sessions = parseEvaluationLog(
      r(0, "Queued 1 scenario(s): ['a']") + r(1, "Evaluation Complete!") + r(2, "=== RESUMING run eval_x ===") + r(2, "Queued 1 scenario(s): ['a']"),
    );
    expect(sessions.map((s) => s.complete)).toEqual([true, false]);
    expect(sessions.map((s) => s.resuming)).toEqual([false, true]);
  });
});

describe("run state (§5.3)", () => {
  const r = (m: string) => logLine(m);
  const running = parseEvaluationLog(
    r("Queued 4 scenario(s): ['a', 'b', 'c', 'd']") + r("Starting Scenario 1/4: a") + r("Scenario 'a' Complete") + r("Starting Scenario 2/4: b"),
  );
  const now = 1_800_000_000_000;
  const minute = 60_000;

  it.each<[string, number | null, string]>([
    ["fresh activity", now, "running"],
    ["4m59s old", now - (5 * minute - 1000), "running"],
    ["exactly 5 minutes", now - RUNNING_WINDOW_MS, "probably-stalled"],
    ["10 minutes", now - 10 * minute, "probably-stalled"],
    ["14m59s", now - (STALLED_WINDOW_MS - 1000), "probably-stalled"],
    ["exactly 15 minutes", now - STALLED_WINDOW_MS, "killed"],
    ["a day", now - 1440 * minute, "killed"],
    ["no activity known", null, "killed"],
  ])("%s → %s", (_t, last, state) => {
    const status = runStatus({ sessions: running, lastActivityMs: last, nowMs: now });
    expect(status).toMatchObject({ state, sessions: 1, resumed: false, intended: 4, inFlight: { name: "b", position: 2, of: 4 }, abortReason: null });
  });

  it("finished and aborted ignore activity", () => {
    const finished = parseEvaluationLog(r("Queued 1 scenario(s): ['a']") + r("Evaluation Complete!"));
    expect(runStatus({ sessions: finished, lastActivityMs: now, nowMs: now })).toMatchObject({ state: "finished", inFlight: null });
    const failed = parseEvaluationLog(r("Queued 1 scenario(s): ['a']") + r("Starting Scenario 1/1: a") + r("Evaluation failed: boom"));
    expect(runStatus({ sessions: failed, lastActivityMs: now, nowMs: now })).toMatchObject({ state: "aborted", abortReason: "boom", inFlight: null });
    const interrupted = parseEvaluationLog(r("Queued 1 scenario(s): ['a']") + r("") + "Evaluation interrupted by user\n");
    expect(runStatus({ sessions: interrupted, lastActivityMs: null, nowMs: now })).toMatchObject({ state: "aborted", abortReason: "interrupted by user" });
  });

  it("takes the intended count from the latest Starting line when the Queued count is unknown, and flags a resumed session", () => {
    const sessions = parseEvaluationLog(
      r("=== RESUMING run eval_x ===") + r("Queued ? scenario(s): ['a']") + r("Queued 7 scenario(s): [bad]") + r("Starting Scenario 3/7: c"),
    );
    expect(runStatus({ sessions, lastActivityMs: now, nowMs: now })).toMatchObject({
      state: "running",
      intended: 7,
      inFlight: { name: "c", position: 3, of: 7 },
    });
    const noQueue = [{ ...sessions[0]!, queuedCount: null, resuming: true }];
    expect(runStatus({ sessions: noQueue, lastActivityMs: now, nowMs: now })).toMatchObject({ intended: 7, resumed: true, sessions: 1 });
  });

  it("with no log at all nothing is in flight", () => {
    expect(runStatus({ sessions: [], lastActivityMs: null, nowMs: now })).toMatchObject({ state: "killed", sessions: 0, intended: null, inFlight: null });
  });
});

describe("run state from file ages (analyzeFolder, §5.3 step 4)", () => {
  const now = Date.parse("2026-06-18T12:00:00");
  const ago = (min: number) => new Date(now - min * 60_000);
  /** The log's lines are written at its modification time (a run's own clock agrees with its files'). */
  async function build(logAgeMin: number): Promise<string> {
    const root = await tempDir("ved-state-");
    dirs.push(root);
    const dir = join(root, "eval_20260618_072325");
    const t = ago(logAgeMin);
    const p2 = (n: number) => String(n).padStart(2, "0");
    const time = `${t.getFullYear()}-${p2(t.getMonth() + 1)}-${p2(t.getDate())} ${p2(t.getHours())}:${p2(t.getMinutes())}:${p2(t.getSeconds())}`;
    await writeRun(dir, {
      queue: ["a__1", "a__2"],
      log:
        logLine("Queued 2 scenario(s): ['a__1', 'a__2']", time) +
        logLine("Starting Scenario 1/2: a__1", time) +
        logLine("Scenario 'a__1' Complete", time) +
        logLine("Starting Scenario 2/2: a__2", time),
      scenarios: { a__1: { metrics: bareMetrics("a__1") }, a__2: { bridgeLog: "growing\n" } },
    });
    await writeFile(join(dir, "a__2", "conversation_log.txt"), "RTVI Evaluation Bridge - Conversation Log\n");
    return dir;
  }

  it.each<[string, number, number, number, string]>([
    // [title, log age, bridge_log age, conversation_log age (minutes), state]
    ["the in-flight bridge log is fresh although the run log is old", 60, 1, 60, "running"],
    ["the conversation log is the newest", 60, 60, 2, "running"],
    ["everything 10 minutes old", 10, 10, 10, "probably-stalled"],
    ["everything 20 minutes old", 20, 20, 20, "killed"],
    ["only the run log is fresh", 1, 30, 30, "running"],
  ])("%s → %s", async (_t, logAge, bridgeAge, convAge, state) => {
    const dir = await build(logAge);
    await utimes(join(dir, "evaluation_log.txt"), ago(logAge), ago(logAge));
    await utimes(join(dir, "a__2", "bridge_log.txt"), ago(bridgeAge), ago(bridgeAge));
    await utimes(join(dir, "a__2", "conversation_log.txt"), ago(convAge), ago(convAge));
    const { analysis } = await analyzeFolder(dir, { nowMs: now });
    expect(analysis.status.state).toBe(state);
    expect(analysis.status.inFlight).toEqual({ name: "a__2", position: 2, of: 2 });
    expect(analysis.plan.pending).toEqual(["a__2"]);
    expect(analysis.summaryText).toContain("\nTotal Scenarios: 1\n");
  });
});

describe("finding the event lines in a long log", () => {
  const events = [
    at("2026-06-18 07:00:00", "INFO", "run_evaluation.py:main:455", "Queued 3 scenario(s): ['a', 'b', 'c']"),
    at("2026-06-18 07:00:01", "INFO", "runner.py:run:1", "[SKIP] a: already complete"),
    at("2026-06-18 07:00:02", "INFO", "runner.py:run:2", "Starting Scenario 2/3: b"),
    // Two markers on one line: one event line, counted once.
    at("2026-06-18 07:00:03", "INFO", "runner.py:run:3", "Starting Scenario 3/3: c Scenario 'b' Complete"),
    at("2026-06-18 07:00:04", "INFO", "runner.py:run:4", "Scenario 'c' Complete"),
  ];
  const noise = (i: number) => at("2026-06-18 07:00:00", "DEBUG", "bot.py:say:9", `turn ${i}: the user says Queued? no, Scenario? not quite [SKIP]ped`);
  const logOf = (eol: string, trailing: boolean) => {
    const lines = events.flatMap((e, i) => [noise(i), noise(i + 100), e]).map((l) => l.replace(/\n$/, ""));
    return lines.join(eol) + (trailing ? eol : "");
  };

  it("reads the same sessions whatever the line ends, with or without a last line break, and amid other lines", () => {
    const onlyEvents = parseEvaluationLog(events.join(""));
    expect(onlyEvents).toHaveLength(1);
    const session = onlyEvents[0]!;
    expect(session.loaded).toEqual(["a"]);
    expect(session.started.map((s) => s.name)).toEqual(["b", "c Scenario 'b' Complete"]);
    expect(session.completed).toEqual(["c"]);
    for (const eol of ["\n", "\r\n"])
      for (const trailing of [true, false]) expect(parseEvaluationLog(logOf(eol, trailing)), `${JSON.stringify(eol)} ${trailing}`).toEqual(onlyEvents);
  });

  it("finds an event on the first line and on a last line without a line break", () => {
    const text = events[0]! + noise(1) + events[4]!.replace(/\n$/, "");
    const [session] = parseEvaluationLog(text);
    expect(session?.queued).toEqual(["a", "b", "c"]);
    expect(session?.completed).toEqual(["c"]);
  });
});
