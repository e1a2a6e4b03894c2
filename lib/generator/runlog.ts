/** evaluation_log.txt lines (ARTIFACTS.md §5). */
import { fixed } from "@/lib/core/py";
import { pyListRepr } from "./pytext";
import { logStamp, type Micros } from "./time";

export const RULE = "=".repeat(80);
const RUNNER = "runner.py:run_dynamic_evaluation";
const MAIN = "run_evaluation.py:main";

type Level = "INFO" | "WARNING" | "ERROR" | "DEBUG";

/** Accumulates log text in chunks (a 100k-scenario run writes hundreds of MB). */
export class RunLog {
  readonly chunks: string[] = [];
  last: Micros = 0;

  line(t: Micros, where: string, msg: string, level: Level = "INFO"): void {
    this.chunks.push(`${logStamp(t)} | ${where} | [${level}]: ${msg}\n`);
    this.last = Math.max(this.last, t);
  }

  runner(t: Micros, line: number, msg: string, level: Level = "INFO"): void {
    this.line(t, `${RUNNER}:${line}`, msg, level);
  }

  main(t: Micros, line: number, msg: string, level: Level = "INFO"): void {
    this.line(t, `${MAIN}:${line}`, msg, level);
  }

  sessionStart(t: Micros, queue: readonly string[], judge: { url: string; model: string } | null, resumeOf?: string, judgeDependent = 0): void {
    if (resumeOf) this.main(t, 440, `=== RESUMING run ${resumeOf} ===`);
    this.main(t, 455, `Queued ${queue.length} scenario(s): ${pyListRepr(queue)}`);
    if (judge) this.main(t, 462, `Using LLM judge: ${judge.url} with model: ${judge.model}`);
    else if (judgeDependent > 0) {
      this.main(
        t,
        470,
        `WARNING: ${judgeDependent} of ${queue.length} queued scenarios reference judge-dependent signals (judge_passed / nl_assertion) but no judge is configured; those signals will be missing.`,
        "WARNING",
      );
    }
  }

  scenarioStart(t: Micros, k: number, n: number, name: string): void {
    this.runner(t, 407, RULE);
    this.runner(t, 408, `Starting Scenario ${k}/${n}: ${name}`);
    this.runner(t, 407, RULE + "\n");
    this.runner(t, 420, `Preparing for scenario: ${name}...`);
  }

  running(t: Micros, seconds: number): void {
    this.runner(t, 430, `Running scenario for ${seconds} seconds...`);
  }
}

export interface Recap {
  name: string;
  metricsPath: string;
  isSuccessful: boolean | "N/A";
  isActionMatch: boolean | "N/A";
  dbMatch?: boolean;
  dbaRate?: number;
  nlRate?: number;
  judgeScore?: number;
  judgePassed?: boolean;
  failed: string[];
  turns: number;
  stalledCalls?: number;
  minAgentTurns: number;
  duration: number;
  latencyCount: number;
  mean?: number;
  p50?: number;
  p95?: number;
}

const py = (v: boolean | "N/A") => (v === true ? "True" : v === false ? "False" : v);

export function scenarioComplete(log: RunLog, t: Micros, r: Recap): void {
  log.runner(t, 754, `Scenario Metrics saved to: ${r.metricsPath}`);
  log.runner(t, 407, RULE);
  log.runner(t, 760, `Scenario '${r.name}' Complete`);
  log.runner(t, 407, RULE);
  log.runner(t, 760, `  Is successful: ${py(r.isSuccessful)}`);
  log.runner(t, 760, `    Action-list match: ${py(r.isActionMatch)}`);
  if (r.dbMatch !== undefined) log.runner(t, 760, `    DB-state match: ${py(r.dbMatch)}`);
  if (r.dbaRate !== undefined) log.runner(t, 760, `    DB-state-assertion pass rate: ${fixed(r.dbaRate * 100, 2)}%`);
  if (r.nlRate !== undefined) log.runner(t, 760, `    NL-assertion pass rate: ${fixed(r.nlRate * 100, 2)}%`);
  if (r.judgeScore !== undefined) log.runner(t, 760, `    Judge score: ${fixed(r.judgeScore, 2)}`);
  if (r.judgePassed !== undefined) log.runner(t, 760, `    Judge passed: ${py(r.judgePassed)}`);
  if (r.failed.length) log.runner(t, 760, `    Failed signals: ${pyListRepr(r.failed)}`);
  log.runner(t, 760, `  Total turns: ${r.turns}`);
  if (r.stalledCalls !== undefined) {
    log.runner(
      t,
      779,
      `  WARNING: Only ${r.stalledCalls} agent LLM message(s) in context \u2014 counted as failure (min_agent_turns=${r.minAgentTurns}). Run with --resume to retry.`,
    );
  }
  log.runner(t, 760, `  Duration: ${fixed(r.duration, 1)}s`);
  log.runner(t, 760, `  Latency measurements: ${r.latencyCount}`);
  if (r.latencyCount > 0) {
    log.runner(t, 760, `  Mean latency: ${fixed(r.mean ?? 0, 1)}ms`);
    log.runner(t, 760, `  P50 latency: ${fixed(r.p50 ?? 0, 1)}ms`);
    log.runner(t, 760, `  P95 latency: ${fixed(r.p95 ?? 0, 1)}ms`);
  }
}
