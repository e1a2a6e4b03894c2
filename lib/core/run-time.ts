/**
 * The run's time, one definition for the runs list, the stages tab and `report` (issue 55): from
 * its first invocation's start (run_args.json `started_at`, else the log's first `Queued` line) to
 * evaluation_log.txt's last line, both the harness's own clock. Unknown (null) when either is
 * missing or the end is before the start. The scenarios' conversation logs never stand in for it:
 * a span of some of the run's logs is not the run's.
 */
import type { LogSession } from "./evidence/evaluation-log";
import { duration } from "./format";

/** Where the run time comes from, as a page or `report` names it. */
export const RUN_TIME_SOURCE = "evaluation_log.txt";

export interface RunTime {
  startedAt: string | null;
  /** The log's last line, as epoch ms. */
  lastLogMs: number | null;
  seconds: number | null;
}

export function runTimeOf(level: {
  invocations: ReadonlyArray<{ started_at?: string }>;
  sessions: ReadonlyArray<Pick<LogSession, "startedAt" | "lastTime">>;
}): RunTime {
  const startedAt = level.invocations[0]?.started_at ?? level.sessions[0]?.startedAt?.replace(" ", "T") ?? null;
  const lastLine = level.sessions[level.sessions.length - 1]?.lastTime?.replace(" ", "T") ?? null;
  const startMs = startedAt ? Date.parse(startedAt) : NaN;
  const endMs = lastLine ? Date.parse(lastLine) : NaN;
  return {
    startedAt,
    lastLogMs: Number.isFinite(endMs) ? endMs : null,
    seconds: Number.isFinite(startMs) && Number.isFinite(endMs) && endMs >= startMs ? (endMs - startMs) / 1000 : null,
  };
}

/**
 * Run time − Σ scenario_duration: the time between scenarios. Only where both are measured and it
 * is not negative (scenarios run in parallel, or a duration counted twice); else null, "unknown".
 */
export function betweenScenarioOverhead(runTimeS: number | null, scenarioDurationS: number | null): number | null {
  if (runTimeS === null || scenarioDurationS === null) return null;
  const d = runTimeS - scenarioDurationS;
  return d >= 0 ? d : null;
}

/** `19m 02s (evaluation_log.txt)`, or unknown with why: the stages tab and `report` write it so. */
export function runTimeText(seconds: number | null): string {
  return seconds === null ? `unknown (${RUN_TIME_SOURCE} has no start or no last line)` : `${duration(seconds)} (${RUN_TIME_SOURCE})`;
}

/** The run time against Σ scenario_duration and the overhead between them, as one sentence. */
export function runTimeSentence(t: { run_time_s: number | null; scenario_duration_s: number }): string {
  const overhead = betweenScenarioOverhead(t.run_time_s, t.scenario_duration_s);
  return `Run time ${runTimeText(t.run_time_s)}; Σ scenario_duration ${duration(t.scenario_duration_s)}; between-scenario overhead ${
    overhead === null ? "unknown" : duration(overhead)
  }`;
}
