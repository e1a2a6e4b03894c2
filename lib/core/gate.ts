/**
 * The CI gate's decision: a run against a baseline, by the compare page's paired test
 * (lib/core/compare.ts) and the thresholds given. Pure; `lib/server/queries/gate-inputs.ts` reads the folders.
 */
import { endSettingsChanges, endSettingsNote, type EndSettings } from "./call-end";
import type { Rate, RateName } from "./aggregates";
import { compareRows, type Comparison, type PairedTest } from "./compare";
import { changeWord, DEFAULT_STABLE_RUNS, flakinessBefore, FLAKY_FLIPS, isStable, type SuiteRunCells } from "./run-changes";
import type { Cell } from "./trends/strip";
import type { RunState } from "./run-state";
import type { ScenarioRow } from "./scenario-row";
import { firstAttemptRows, rowRates, type GateRetrySide } from "./gate-retries";

export interface GateOptions {
  alpha: number;
  /** Fail when more scenarios than this went pass → fail. */
  maxRegressed?: number;
  /** Fail when the run's success rate is below this fraction. */
  minSuccessRate?: number;
  /** A failing scenario that passed in each of its last K runs of the suite before the run is a stable one's new failure (default 3). */
  stableRuns?: number;
  /** Gate on first attempts: a scenario retried automatically counts as failed (issue 45). */
  withoutRetries?: boolean;
}

/** The suite's runs before the run, oldest first, from the results folder that holds the baseline (or `--history`). */
export interface GateHistory {
  /** The folder they were read from. */
  source: string;
  runs: SuiteRunCells[];
}

/** A scenario the comment names, with why it fails (its failing signals and the judge's reason). */
export interface ChangedScenario {
  name: string;
  domain: string;
  failingSignals: string[];
  /** The judge's reason (`judge_result.json`), cut short; `null` without one. */
  reason: string | null;
  /** Flips and passes over the suite's runs before this one (flaky scenarios). */
  flaky?: { flips: number; passes: number; of: number };
}

/** The rules that can decide the gate, named in the comment. */
export type GateRule = "unfinished" | "paired-test" | "stable-scenario" | "max-regressed" | "min-success-rate" | "untestable";

export interface GateRun {
  id: string;
  state: RunState;
  completed: number;
  intended: number;
  rows: readonly ScenarioRow[];
  rates: Record<RateName, Rate>;
  /** The run's automatic retries, when read (issue 45). */
  retries?: GateRetrySide;
  /** How its calls end: the conversation-end policy and the inactivity timeout (issue 57), when read. */
  endSettings?: EndSettings;
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
  /** The rules that decided (a fail's broken rules; a pass's rules that held). */
  decidedBy: GateRule[];
  /** The suite's history the gate read; `null` when none was found (only the paired test and thresholds apply). */
  history: { source: string; runs: number; stableRuns: number } | null;
  /**
   * Against the baseline, in the change vocabulary (lib/core/run-changes.ts): new failures of stable
   * scenarios (these fail the gate), other new failures, flaky ones (never fail alone), still failing,
   * fixed, and the flips to or from a stall (neither a fix nor a new failure).
   */
  changes: {
    newStable: ChangedScenario[];
    newOther: ChangedScenario[];
    flaky: ChangedScenario[];
    stillFailing: ChangedScenario[];
    fixed: ChangedScenario[];
    wasStalled: ChangedScenario[];
    nowStalled: ChangedScenario[];
  };
}

export interface GateExtras {
  history?: GateHistory | null;
  /** The judge's reason of a scenario in the run. */
  reasonOf?: (name: string) => string | null;
}

/** The run's own verdict cells, as the suite's history holds them. */
function cellsOf(rows: readonly ScenarioRow[]): Map<string, Cell> {
  return new Map(rows.map((r) => [r.name, r.stalled ? "S" : r.verdict === true ? "P" : r.verdict === false ? "F" : "N"]));
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

export function runGate(
  baseAsRun: GateRun,
  runAsRun: GateRun,
  options: GateOptions,
  labelsOf: (name: string) => string[] = () => [],
  extras: GateExtras = {},
): GateResult {
  const base = options.withoutRetries ? firstAttempts(baseAsRun) : baseAsRun;
  const run = options.withoutRetries ? firstAttempts(runAsRun) : runAsRun;
  const comparison = compareRows(base.rows, run.rows);
  const runRows = new Map(run.rows.map((r) => [r.name, r]));
  const failingOf = (name: string) => {
    const row = runRows.get(name);
    const failing = [...(row?.success_breakdown.failed ?? [])];
    if (row?.stalled) failing.push("stalled");
    return failing;
  };
  const regressed = comparison.scenarios
    .filter((s) => s.change === "regressed")
    .map((s): RegressedScenario => ({ name: s.name, domain: s.domain, failingSignals: failingOf(s.name), labels: labelsOf(s.name) }));

  // The suite's history: the runs before this one, then this one.
  const k = options.stableRuns ?? DEFAULT_STABLE_RUNS;
  const history = extras.history && extras.history.runs.length > 0 ? extras.history : null;
  const suite: SuiteRunCells[] | null = history ? [...history.runs, { id: run.id, startedAt: null, cells: cellsOf(run.rows) }] : null;
  const at = suite ? suite.length - 1 : 0;
  const changed = (name: string, domain: string, flaky?: ChangedScenario["flaky"]): ChangedScenario => ({
    name,
    domain,
    failingSignals: failingOf(name),
    reason: extras.reasonOf?.(name) ?? null,
    ...(flaky ? { flaky } : {}),
  });
  const changes: GateResult["changes"] = { newStable: [], newOther: [], flaky: [], stillFailing: [], fixed: [], wasStalled: [], nowStalled: [] };
  for (const s of comparison.scenarios) {
    const failsNow = s.other === false;
    const f = suite && failsNow ? flakinessBefore(suite, at, s.name) : null;
    const word = changeWord(s.change, f !== null && f.flips >= FLAKY_FLIPS);
    if (word === "flaky") changes.flaky.push(changed(s.name, s.domain, f!));
    else if (word === "new") (suite && isStable(suite, at, s.name, k) ? changes.newStable : changes.newOther).push(changed(s.name, s.domain));
    else if (word === "still_failing") changes.stillFailing.push(changed(s.name, s.domain));
    else if (word === "now_stalled") changes.nowStalled.push(changed(s.name, s.domain));
    else if (word === "fixed" || word === "was_stalled")
      changes[word === "fixed" ? "fixed" : "wasStalled"].push({ name: s.name, domain: s.domain, failingSignals: [], reason: null });
  }
  const { rows: _b, ...baseInfo } = base;
  const { rows: _r, ...runInfo } = run;
  void _b;
  void _r;
  const warnings: string[] = [];
  if (comparison.counts.only_base) warnings.push(`${comparison.counts.only_base} scenario(s) of the baseline are missing from the run`);
  if (comparison.counts.only_other) warnings.push(`${comparison.counts.only_other} scenario(s) of the run are not in the baseline`);
  // Calls ended under another policy or timeout: clean exit (and success, which includes it) mean something else (issue 57).
  const endNote = base.endSettings && run.endSettings ? endSettingsNote(endSettingsChanges(base.endSettings, run.endSettings)) : null;
  if (endNote) warnings.push(endNote);
  const baseUnfinished = UNFINISHED[base.state];
  if (baseUnfinished) warnings.push(`the baseline ${base.id} is ${baseUnfinished}: only its ${base.completed} finished scenarios are compared`);
  for (const side of [base, run]) {
    if (options.withoutRetries && side.retries && side.retries.provenance !== "known") {
      warnings.push(
        `--without-retries: ${side.id}'s metrics.json files ${side.retries.provenance === "unknown" ? "predate" : "do not all carry"} auto_retry_count, so a retried scenario there may count as a first attempt`,
      );
    }
  }

  const result = (verdict: GateVerdict, reasons: string[], decidedBy: GateRule[]): GateResult => ({
    verdict,
    reasons,
    decidedBy,
    history: history ? { source: history.source, runs: history.runs.length, stableRuns: k } : null,
    changes,
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
    return result(
      "incomplete",
      [`the run ${run.id} is ${unfinished} with ${run.completed} of ${run.intended} scenarios finished: an unfinished run is not judged for regressions`],
      ["unfinished"],
    );
  }
  const reasons: string[] = [];
  const broken: GateRule[] = [];
  const success = comparison.tests.success;
  const significantDrop = success.n > 0 && success.b > success.c && success.pValue < options.alpha;
  if (significantDrop) {
    reasons.push(`success dropped significantly at α = ${options.alpha}: ${describeTest(success)}`);
    broken.push("paired-test");
  }
  if (changes.newStable.length > 0) {
    const names = changes.newStable.map((s) => s.name);
    const shown = names.length > 5 ? `${names.slice(0, 5).join(", ")} and ${names.length - 5} more` : names.join(", ");
    reasons.push(`${names.length} stable scenario(s) fail for the first time (each passed in its last ${k} runs of the suite before this one): ${shown}`);
    broken.push("stable-scenario");
  }
  if (options.maxRegressed !== undefined && comparison.counts.regressed > options.maxRegressed) {
    reasons.push(`${comparison.counts.regressed} scenario(s) regressed, more than --max-regressed ${options.maxRegressed}`);
    broken.push("max-regressed");
  }
  const rate = run.rates.success_rate;
  if (options.minSuccessRate !== undefined) {
    if (rate.value === null)
      reasons.push(`the run has no success rate (no scenario with a pass/fail verdict), so --min-success-rate ${options.minSuccessRate} cannot hold`);
    else if (rate.value < options.minSuccessRate)
      reasons.push(`the success rate ${pct(rate.value)} (${rate.numerator}/${rate.denominator}) is below --min-success-rate ${pct(options.minSuccessRate)}`);
    if (rate.value === null || rate.value < options.minSuccessRate) broken.push("min-success-rate");
  }
  if (reasons.length) return result("fail", reasons, broken);
  if (success.n === 0) {
    const judged = (rows: readonly ScenarioRow[]) => rows.filter((r) => r.verdict !== null).length;
    return result(
      "untestable",
      [
        `nothing could be paired: no scenario has a pass/fail verdict in both runs (the run has ${judged(run.rows)} of ${run.intended} with a verdict, the baseline ${judged(base.rows)} of ${base.intended}); a gate that compared nothing has not passed`,
      ],
      ["untestable"],
    );
  }
  const why =
    success.b > success.c
      ? `the drop in success is not significant at α = ${options.alpha}: ${describeTest(success)}`
      : `no drop in success: ${describeTest(success)}`;
  const held: GateRule[] = ["paired-test"];
  const extra: string[] = [];
  if (history) {
    held.push("stable-scenario");
    extra.push(
      `no stable scenario (passed in each of its last ${k} runs of the suite) fails${changes.flaky.length ? `; ${changes.flaky.length} flaky scenario(s) fail, which never fail the gate alone` : ""}`,
    );
  }
  return result("pass", [why, ...extra], held);
}
