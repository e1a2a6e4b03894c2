/**
 * The CI gate's decision: a run against a baseline, by the compare page's paired test
 * (lib/core/compare.ts) and the thresholds given. Pure; `lib/cli/check.ts` reads the folders.
 */
import type { Rate, RateName } from "./aggregates";
import { compareRows, type Comparison, type PairedTest } from "./compare";
import type { RunState } from "./run-state";
import type { ScenarioRow } from "./scenario-row";
import { firstAttemptRows, rowRates, type GateRetrySide } from "./gate-retries";

export interface GateOptions {
  alpha: number;
  /** Fail when more scenarios than this went pass → fail. */
  maxRegressed?: number;
  /** Fail when the run's success rate is below this fraction. */
  minSuccessRate?: number;
  /** Gate on first attempts: a scenario retried automatically counts as failed (issue 45). */
  withoutRetries?: boolean;
}

export interface GateRun {
  id: string;
  state: RunState;
  completed: number;
  intended: number;
  rows: readonly ScenarioRow[];
  rates: Record<RateName, Rate>;
  /** The run's automatic retries, when read (issue 45). */
  retries?: GateRetrySide;
}

/** `untestable`: nothing could be paired (no scenario has a pass/fail verdict in both runs): not a pass. */
export type GateVerdict = "pass" | "fail" | "incomplete" | "untestable";

export interface RegressedScenario {
  name: string;
  domain: string;
  /** Signals failing in the run (a stalled scenario also lists `stalled`). */
  failingSignals: string[];
  /** Triage labels from a ledger, when one is wired in (`[]` otherwise). */
  labels: string[];
}

export interface GateResult {
  verdict: GateVerdict;
  /** Why, in one sentence each; the first is the headline. */
  reasons: string[];
  warnings: string[];
  base: Omit<GateRun, "rows">;
  run: Omit<GateRun, "rows">;
  tests: Comparison["tests"];
  counts: Comparison["counts"];
  regressed: RegressedScenario[];
  options: GateOptions;
  /** What changed in the setup between the runs, one line each (`lib/core/setup`); empty when nothing did. */
  setup?: string[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pp = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x * 100).toFixed(1)} pp`;

/** "70.0% → 55.0% (−15.0 pp, 95% CI −22.1 pp to −7.9 pp), McNemar exact p = 0.0012" */
export function describeTest(test: PairedTest): string {
  if (test.n === 0) return "no scenario has a pass/fail verdict in both runs";
  const d = test.difference;
  const ci = d ? `, 95% CI ${pp(d.low)} to ${pp(d.high)}` : "";
  return `${pct(test.basePassed / test.n)} → ${pct(test.otherPassed / test.n)} over ${test.n} paired scenarios (${pp((test.otherPassed - test.basePassed) / test.n)}${ci}; ${test.b} pass → fail, ${test.c} fail → pass; McNemar exact p = ${formatP(test.pValue)})`;
}

export function formatP(p: number): string {
  if (!Number.isFinite(p)) return "–";
  return p < 0.0001 ? "< 0.0001" : p.toPrecision(2);
}

const UNFINISHED: Partial<Record<RunState, string>> = {
  "probably-stalled": "stalled (no activity for over 5 minutes)",
  killed: "killed (no activity for over 15 minutes, and the log never finished)",
  aborted: "aborted",
  running: "still running",
};

/** A run as its first attempts went (`--without-retries`): retried scenarios failed, the two success rates recounted. */
function firstAttempts(run: GateRun): GateRun {
  const rows = firstAttemptRows(run.rows);
  return { ...run, rows, rates: { ...run.rates, ...rowRates(rows) } };
}

export function runGate(baseAsRun: GateRun, runAsRun: GateRun, options: GateOptions, labelsOf: (name: string) => string[] = () => []): GateResult {
  const base = options.withoutRetries ? firstAttempts(baseAsRun) : baseAsRun;
  const run = options.withoutRetries ? firstAttempts(runAsRun) : runAsRun;
  const comparison = compareRows(base.rows, run.rows);
  const runRows = new Map(run.rows.map((r) => [r.name, r]));
  const regressed = comparison.scenarios
    .filter((s) => s.change === "regressed")
    .map((s): RegressedScenario => {
      const row = runRows.get(s.name);
      const failing = [...(row?.success_breakdown.failed ?? [])];
      if (row?.stalled) failing.push("stalled");
      return { name: s.name, domain: s.domain, failingSignals: failing, labels: labelsOf(s.name) };
    });
  const { rows: _b, ...baseInfo } = base;
  const { rows: _r, ...runInfo } = run;
  void _b;
  void _r;
  const warnings: string[] = [];
  if (comparison.counts.only_base) warnings.push(`${comparison.counts.only_base} scenario(s) of the baseline are missing from the run`);
  if (comparison.counts.only_other) warnings.push(`${comparison.counts.only_other} scenario(s) of the run are not in the baseline`);
  const baseUnfinished = UNFINISHED[base.state];
  if (baseUnfinished) warnings.push(`the baseline ${base.id} is ${baseUnfinished}: only its ${base.completed} finished scenarios are compared`);
  for (const side of [base, run]) {
    if (options.withoutRetries && side.retries && side.retries.provenance !== "known") {
      warnings.push(`--without-retries: ${side.id}'s metrics.json files ${side.retries.provenance === "unknown" ? "predate" : "do not all carry"} auto_retry_count, so a retried scenario there may count as a first attempt`);
    }
  }

  const result = (verdict: GateVerdict, reasons: string[]): GateResult => ({
    verdict,
    reasons,
    warnings,
    base: baseInfo,
    run: runInfo,
    tests: comparison.tests,
    counts: comparison.counts,
    regressed,
    options,
  });

  const unfinished = UNFINISHED[run.state];
  if (unfinished) {
    return result("incomplete", [
      `the run ${run.id} is ${unfinished} with ${run.completed} of ${run.intended} scenarios finished: an unfinished run is not judged for regressions`,
    ]);
  }
  const reasons: string[] = [];
  const success = comparison.tests.success;
  const significantDrop = success.n > 0 && success.b > success.c && success.pValue < options.alpha;
  if (significantDrop) reasons.push(`success dropped significantly at α = ${options.alpha}: ${describeTest(success)}`);
  if (options.maxRegressed !== undefined && comparison.counts.regressed > options.maxRegressed) {
    reasons.push(`${comparison.counts.regressed} scenario(s) regressed, more than --max-regressed ${options.maxRegressed}`);
  }
  const rate = run.rates.success_rate;
  if (options.minSuccessRate !== undefined) {
    if (rate.value === null) reasons.push(`the run has no success rate (no scenario with a pass/fail verdict), so --min-success-rate ${options.minSuccessRate} cannot hold`);
    else if (rate.value < options.minSuccessRate) reasons.push(`the success rate ${pct(rate.value)} (${rate.numerator}/${rate.denominator}) is below --min-success-rate ${pct(options.minSuccessRate)}`);
  }
  if (reasons.length) return result("fail", reasons);
  if (success.n === 0) {
    const judged = (rows: readonly ScenarioRow[]) => rows.filter((r) => r.verdict !== null).length;
    return result("untestable", [
      `nothing could be paired: no scenario has a pass/fail verdict in both runs (the run has ${judged(run.rows)} of ${run.intended} with a verdict, the baseline ${judged(base.rows)} of ${base.intended}); a gate that compared nothing has not passed`,
    ]);
  }
  const why =
    success.b > success.c
        ? `the drop in success is not significant at α = ${options.alpha}: ${describeTest(success)}`
        : `no drop in success: ${describeTest(success)}`;
  return result("pass", [why]);
}
