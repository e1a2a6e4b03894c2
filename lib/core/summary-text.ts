/** The `all_summary.txt` text, line by line (ARTIFACTS.md §2.3). */
import { RATE_FIGURES, rateLabels } from "./figures";
import { compareCodePoints } from "./domain";
import { failedSignals, foldRecords, type Fold, type ScenarioRecord } from "./fold";
import { latencySummary, latencyValues, pushLatencyValues } from "./latency";
import { countTrue, fixed, fixed6, gcount, group, pct, pysum, pyval, truthy } from "./py";

/** The rates' names: the registry's, which are the harness's (lib/core/figures.ts). */
const L = rateLabels();

const EQ = "=".repeat(80);
const DASH = "-".repeat(80);

export interface SummaryInput {
  /** Result records in the order R of §2.1. */
  records: readonly ScenarioRecord[];
  /** Queue length Q. */
  queueLength: number;
  /** Stall floor M. */
  minAgentTurns: number;
}

export function renderSummary(input: SummaryInput, fold: Fold = foldRecords(input.records, input.minAgentTurns)): string {
  const lines: string[] = [];
  header(lines, input);
  for (const record of input.records) scenarioBlock(lines, record.metrics);
  overallLatency(lines, input.records);
  stallWarning(lines, fold, input.minAgentTurns);
  headline(lines, fold);
  perSignal(lines, fold);
  tokens(lines, fold);
  perDomain(lines, fold);
  return lines.join("\n") + "\n";
}

function num(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return Number(v);
  return NaN;
}

/** `scenario_duration`, falling back to `duration_seconds`, then 0 (§6). */
export function scenarioDuration(m: Record<string, unknown>): number {
  if (typeof m.scenario_duration === "number") return m.scenario_duration;
  if (typeof m.duration_seconds === "number") return m.duration_seconds;
  return 0;
}

/** `total_turns`, falling back to the length of `turns`, then 0 (§6). */
export function totalTurns(m: Record<string, unknown>): number {
  if (typeof m.total_turns === "number") return m.total_turns;
  return Array.isArray(m.turns) ? m.turns.length : 0;
}

function header(lines: string[], input: SummaryInput): void {
  const durations = input.records.map((r) => scenarioDuration(r.metrics));
  let turns = 0;
  for (const r of input.records) turns += totalTurns(r.metrics);
  lines.push(
    "EVALUATION SUMMARY",
    EQ,
    "",
    `Total Scenarios: ${input.queueLength}`,
    `Total Duration: ${fixed(pysum(durations) / 60, 1)}mins`,
    `Total Turns: ${turns}`,
    "",
    "Per-Scenario Results:",
    DASH,
  );
}

function verdict(m: Record<string, unknown>, key: string): string {
  return key in m ? pyval(m[key]) : "N/A";
}

function rate(v: unknown): string {
  return typeof v === "number" ? fixed(v * 100, 2) : pyval(v);
}

function scenarioBlock(lines: string[], m: Record<string, unknown>): void {
  lines.push("", `====== ${pyval(m.scenario_name)} ======:`);
  lines.push(`  Is successful: ${verdict(m, "is_successful")}`);
  if ("is_task_successful" in m) lines.push(`  Is task-successful (excl. clean_exit): ${pyval(m.is_task_successful)}`);
  lines.push(`    Action-list match: ${verdict(m, "is_action_match")}`);
  if ("db_state_match" in m) lines.push(`    DB-state match: ${pyval(m.db_state_match)}`);
  if ("db_state_assertion_pass_rate" in m) lines.push(`    DB-state-assertion pass rate: ${rate(m.db_state_assertion_pass_rate)}%`);
  if ("nl_assertion_pass_rate" in m) lines.push(`    NL-assertion pass rate: ${rate(m.nl_assertion_pass_rate)}%`);
  if ("judge_score" in m) lines.push(`    Judge score: ${fixed(num(m.judge_score), 2)}`);
  if ("judge_passed" in m) lines.push(`    Judge passed: ${pyval(m.judge_passed)}`);
  const failed = failedSignals(m);
  if (failed.length > 0) lines.push(`    Failed signals: ${failed.join(", ")}`);
  const turns = totalTurns(m);
  lines.push(`  Turns: ${turns}`);
  if (truthy(m.insufficient_agent_turns)) {
    lines.push("  [COUNTED AS FAILURE: insufficient agent turns / stalled \u2014 excluded from per-signal rates]");
  }
  const duration = scenarioDuration(m);
  lines.push(`  Duration: ${fixed(duration, 1)}s`);
  if (duration > 0) lines.push(`  Turns/min: ${fixed(turns / (duration / 60), 1)}`);
  const stats = storedLatencyStats(m);
  lines.push(`  Latency Measurements: ${stats.count}`);
  if (stats.count > 0) {
    lines.push(
      `    Mean: ${fixed(stats.mean_ms, 1)}ms`,
      `    P50: ${fixed(stats.p50_ms, 1)}ms`,
      `    P95: ${fixed(stats.p95_ms, 1)}ms`,
      `    Min: ${fixed(stats.min_ms, 1)}ms`,
      `    Max: ${fixed(stats.max_ms, 1)}ms`,
    );
  }
}

/** The stored `latency_stats`, or recomputed from `latencies` when an older file lacks it (§6). */
export function storedLatencyStats(m: Record<string, unknown>) {
  const s = m.latency_stats;
  if (s && typeof s === "object") {
    const o = s as Record<string, unknown>;
    return {
      count: typeof o.count === "number" ? o.count : 0,
      mean_ms: num(o.mean_ms),
      p50_ms: num(o.p50_ms),
      p95_ms: num(o.p95_ms),
      min_ms: num(o.min_ms),
      max_ms: num(o.max_ms),
    };
  }
  return latencySummary(latencyValues(m), 0);
}

/** Every `latency_ms` of every record, stalled ones included (§4.10). */
export function pooledLatencies(records: readonly ScenarioRecord[]): number[] {
  const pool: number[] = [];
  for (const r of records) pushLatencyValues(r.metrics, pool);
  return pool;
}

function overallLatency(lines: string[], records: readonly ScenarioRecord[]): void {
  const s = latencySummary(pooledLatencies(records), -1);
  lines.push(
    "",
    "",
    "Overall Latency Statistics:",
    DASH,
    `  Total Measurements: ${s.count}`,
    `  Mean: ${fixed(s.mean_ms, 1)}ms`,
    `  P50: ${fixed(s.p50_ms, 1)}ms`,
    `  P95: ${fixed(s.p95_ms, 1)}ms`,
    `  Min: ${fixed(s.min_ms, 1)}ms`,
    `  Max: ${fixed(s.max_ms, 1)}ms`,
  );
}

function stallWarning(lines: string[], fold: Fold, minAgentTurns: number): void {
  if (fold.stalled.length === 0) return;
  lines.push(
    "",
    "",
    `WARNING: ${fold.stalled.length} scenario(s) had fewer than ${minAgentTurns} agent turn(s) (likely stalled LLM / server hang) and were counted as failures.`,
    `Stalled scenarios: ${fold.stalled.join(", ")}`,
    `Run with --resume <TIMESTAMP> --min-agent-turns ${minAgentTurns} to retry them.`,
  );
}

function headline(lines: string[], fold: Fold): void {
  lines.push("", "");
  const success = fold.success.all;
  if (success.length === 0) {
    lines.push(`${L.success_rate}: N/A (no scenarios had any applicable signal)`);
    return;
  }
  const task = fold.task.all;
  lines.push(
    `${L.success_rate}: ${fixed(pct(success), 2)}% (${countTrue(success)}/${success.length} scenarios \u2014 strict conjunction across all applicable signals)`,
    `${L.task_success_rate}: ${fixed(pct(task), 2)}% (${countTrue(task)}/${task.length} scenarios)`,
  );
}

const LABEL_WIDTH = 31;
function label(text: string): string {
  return `  ${text}`.padEnd(LABEL_WIDTH, " ");
}

function perSignal(lines: string[], fold: Fold): void {
  lines.push("", "Per-signal pass rates:");
  const row = (text: string, list: boolean[], unit: string) => {
    if (list.length > 0) lines.push(`${label(text)}${fixed6(pct(list))}% (${countTrue(list)}/${list.length} ${unit})`);
  };
  row(`${L.action_match_rate}:`, fold.action.all, RATE_FIGURES.action_match_rate.counts);
  row(`${L.db_state_success_rate}:`, fold.db.all, RATE_FIGURES.db_state_success_rate.counts);
  row(`${L.db_state_assertion_success_rate}:`, fold.dba.all, RATE_FIGURES.db_state_assertion_success_rate.counts);
  row(`${L.nl_assertion_success_rate}:`, fold.nl.all, RATE_FIGURES.nl_assertion_success_rate.counts);
  const scores = fold.judge_score.all;
  if (scores.length > 0) lines.push(`${label(`${L.judge_score_mean}:`)}${fixed(pysum(scores) / scores.length, 3)} (across ${scores.length} scenarios)`);
  row(`${L.judge_pass_rate}:`, fold.judge_pass.all, RATE_FIGURES.judge_pass_rate.counts);
  const exits = fold.clean_exit.all;
  if (exits.length > 0) lines.push(`  ${L.clean_exit_rate}: ${fixed6(pct(exits))}% (${countTrue(exits)}/${exits.length} scenarios)`);
}

function tokens(lines: string[], fold: Fold): void {
  const { agent, user } = fold.tokens;
  if (agent.n_calls + user.n_calls <= 0) return;
  const side = (name: string, t: typeof agent) =>
    `  ${name}: ${t.n_calls} call(s), prompt=${group(t.prompt)}, completion=${group(t.completion)}, total=${group(t.prompt + t.completion)}`;
  lines.push(
    "",
    "",
    "Token Usage:",
    DASH,
    side("agent", agent),
    side("user", user),
    `  Run total: ${group(agent.prompt + agent.completion + user.prompt + user.completion)} tokens`,
  );
}

function perDomain(lines: string[], fold: Fold): void {
  const blocks: Array<[string, Map<string, boolean[]>, (n: number) => string]> = [
    ["Per-Domain Success Rate:", fold.success.byDomain, gcount],
    ["Per-Domain Task Success Rate (excl. clean_exit):", fold.task.byDomain, gcount],
    ["Per-Domain DB-State Match Rate:", fold.db.byDomain, String],
    ["Per-Domain NL-Assertion Pass Rate:", fold.nl.byDomain, String],
    ["Per-Domain DB-State-Assertion Pass Rate:", fold.dba.byDomain, String],
  ];
  let first = true;
  for (const [title, map, count] of blocks) {
    if (map.size <= 1) continue;
    lines.push(...(first ? ["", ""] : [""]), title, DASH);
    first = false;
    for (const domain of [...map.keys()].sort(compareCodePoints)) {
      const list = map.get(domain) as boolean[];
      lines.push(`  ${domain}: ${fixed(pct(list), 2)}% (${count(countTrue(list))}/${list.length})`);
    }
  }
}
