/** Issue 14: a resumed or killed run tells its history (sessions, loaded vs run, killed folders, where it died). */
import { describe, expect, it } from "vitest";
import { parseEvaluationLog, parseKilledFolder, runHistory, runStatus, type Invocation } from "@/lib/core";

const line = (time: string, msg: string) => `${time} | runner.py:x:1 | [INFO]: ${msg}\n`;
const T0 = "2026-11-24 09:15:00";
const T1 = "2026-11-24 16:02:11";
const LOG =
  line(T0, "Queued 3 scenario(s): ['a__1', 'b__2', 'c__3']") +
  line(T0, "Using LLM judge: http://judge/v1 with model: big-judge") +
  line(T0, "Starting Scenario 1/3: a__1") +
  line(T0, "Scenario 'a__1' Complete") +
  line(T0, "Starting Scenario 2/3: b__2") +
  line(T1, "=== RESUMING run eval_x ===") +
  line(T1, "Queued 3 scenario(s): ['a__1', 'b__2', 'c__3']") +
  line(T1, "[SKIP] a__1: already complete, loaded metrics.json from disk.") +
  line(T1, "[CLEANUP] b__2: subdir was in-flight (no metrics.json); moved to b__2.killed.20261124_160211/ and will re-run.") +
  line(T1, "Starting Scenario 2/3: b__2") +
  line(T1, "Scenario 'b__2' Complete") +
  line(T1, "Starting Scenario 3/3: c__3");

const invocation = (started_at: string, args: Record<string, unknown>): Invocation => ({ started_at, parsed_args: args });

describe("runHistory", () => {
  const sessions = parseEvaluationLog(LOG);
  const invocations = [
    invocation("2026-11-24T09:15:00", { judge_threshold: 0.9, min_agent_turns: 3, judge_url: "http://judge/v1" }),
    invocation("2026-11-24T16:02:11", { judge_threshold: 0.8, min_agent_turns: 2, judge_url: null, resume: "x" }),
  ];

  it("lists each session with its settings, what it loaded and what it ran", () => {
    const status = runStatus({ sessions, lastActivityMs: 0, nowMs: 3_600_000 });
    const h = runHistory({ invocations, sessions, killedFolders: ["b__2.killed.20261124_160211"], status });
    expect(h.sessions).toHaveLength(2);
    const [s1, s2] = h.sessions;
    expect(s1).toMatchObject({
      index: 1,
      startedAt: "2026-11-24T09:15:00",
      resumed: false,
      judge: "on",
      judgeModel: "big-judge",
      judgeThreshold: 0.9,
      minAgentTurns: 3,
      loaded: [],
      ran: ["a__1", "b__2"],
    });
    expect(s1!.end).toEqual({ kind: "stopped", scenario: { position: 2, of: 3, name: "b__2", time: T0 } });
    // The log's judge line wins over run_args; without one, judge_url: null says off.
    expect(s2).toMatchObject({
      index: 2,
      resumed: true,
      judge: "off",
      judgeThreshold: 0.8,
      minAgentTurns: 2,
      loaded: ["a__1"],
      ran: ["b__2", "c__3"],
      movedAside: ["b__2"],
    });
    expect(h.killed).toEqual([{ folder: "b__2.killed.20261124_160211", scenario: "b__2", movedAt: "2026-11-24T16:02:11", session: 2 }]);
    // An hour of silence: killed, and it died in c__3.
    expect(status.state).toBe("killed");
    expect(h.diedIn).toMatchObject({ name: "c__3", position: 3, of: 3 });
  });

  it("names no death for a run that is still going", () => {
    const now = Date.now();
    const status = runStatus({ sessions, lastActivityMs: now, nowMs: now });
    const h = runHistory({ invocations, sessions, killedFolders: [], status });
    expect(h.diedIn).toBeNull();
    expect(h.sessions[1]!.end.kind).toBe("running");
  });

  it("copes with a run without a log or run_args.json", () => {
    const status = runStatus({ sessions: [], lastActivityMs: null, nowMs: 0 });
    expect(runHistory({ invocations: [], sessions: [], killedFolders: ["x.killed.bad"], status })).toEqual({
      sessions: [],
      killed: [{ folder: "x.killed.bad", scenario: "x", movedAt: null, session: null }],
      diedIn: null,
    });
  });

  it("parses killed folder names", () => {
    expect(parseKilledFolder("tau2_retail__103.killed.20261124_160211")).toEqual({ scenario: "tau2_retail__103", movedAt: "2026-11-24T16:02:11" });
    expect(parseKilledFolder("tau2_retail__103")).toBeNull();
  });

  it("leaves out an automatic retry's attempt folders: they are not a resume's (issue 45)", () => {
    const status = runStatus({ sessions: [], lastActivityMs: null, nowMs: 0 });
    const h = runHistory({ invocations: [], sessions: [], killedFolders: ["x.killed.autoretry1.20261124_160211", "x.killed.20261124_160211"], status });
    expect(h.killed.map((k) => k.folder)).toEqual(["x.killed.20261124_160211"]);
  });
});
