/**
 * `check <run-folder> --baseline <run-folder>`: the CI gate. Exit 0 pass; 1 fail, an unfinished run,
 * or nothing that could be paired (every verdict unreadable, say); 2 bad input (not a run folder, the
 * same folder twice, no scenario in common, bad options). Prints a Markdown pull-request comment, or the result as JSON with --json.
 */
import { endSettingsOf } from "@/lib/core/call-end";
import { basename, dirname, resolve } from "node:path";
import { attemptIndex, ratesOf, runRetries, runSummaryJson, scenarioRow } from "@/lib/core";
import { rateLabels } from "@/lib/core/figures";
import { gateRetrySide } from "@/lib/core/gate-retries";
import { runGate, type GateHistory, type GateOptions, type GateRun } from "@/lib/core/gate";
import { judgeReasons } from "@/lib/server/views/judge-reasons";
import { closeStore, createStore } from "@/lib/server/live/store";
import { queueKeyOf } from "@/lib/server/views/run-views";
import { suiteHistoryIn } from "@/lib/server/views/run-changes";
import { gateMarkdown } from "@/lib/core/gate-markdown";
import { lastInvocationArgs, setupDiff, setupSummary } from "@/lib/core/setup/diff";
import { readRunSetup } from "@/lib/server/setup/read-setup";
import { MAX_SETUP_SCENARIOS } from "@/lib/server/views/setup";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { NotARunFolderError } from "@/lib/server/ingest/read-run";
import { realPathOrNearest } from "@/lib/server/write-guard";

/**
 * Where triage labels come from. The ledger (issue 15) plugs in here; without it the comment has no
 * label column. Given a run folder, returns a lookup of a scenario's labels in that run.
 */
export type LabelSource = (runDir: string) => Promise<(scenario: string) => string[]>;

export interface CheckDeps {
  labels?: LabelSource;
}

interface CheckArgs {
  run: string;
  baseline: string;
  /** Where the suite's earlier runs are: `--history`, else the folder that holds the baseline. */
  history: string | null;
  json: boolean;
  options: GateOptions;
}

const USAGE =
  "usage: voice-eval-dashboard check <run-folder> --baseline <run-folder> [--max-regressed N] [--min-success-rate X] [--alpha 0.05] [--stable-runs 3] [--history <results-folder>] [--without-retries] [--json]";

/** A fraction in [0, 1], or a percentage written with `%`. */
function fraction(v: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(v.trim());
  if (!m) return null;
  const x = Number(m[1]) / (m[2] ? 100 : 1);
  return x >= 0 && x <= 1 ? x : null;
}

export function parseCheckArgs(args: string[]): CheckArgs | string {
  let run: string | undefined;
  let baseline: string | undefined;
  let history: string | null = null;
  let json = false;
  const options: GateOptions = { alpha: 0.05 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const eq = a.indexOf("=");
    const flag = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    const value = () => (a.startsWith("--") && eq > 0 ? a.slice(eq + 1) : args[++i]);
    if (flag === "--json") json = true;
    else if (flag === "--without-retries") options.withoutRetries = true;
    else if (flag === "--baseline") {
      baseline = value();
      if (!baseline) return "--baseline needs a run folder";
    } else if (flag === "--history") {
      history = value() ?? null;
      if (!history) return "--history needs a results folder";
    } else if (flag === "--stable-runs") {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v) || Number(v) < 1) return "--stable-runs needs a positive integer";
      options.stableRuns = Number(v);
    } else if (flag === "--max-regressed") {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v)) return "--max-regressed needs a non-negative integer";
      options.maxRegressed = Number(v);
    } else if (flag === "--min-success-rate") {
      const v = value();
      const x = v === undefined ? null : fraction(v);
      if (x === null) return "--min-success-rate needs a fraction between 0 and 1 (or a percentage such as 80%)";
      options.minSuccessRate = x;
    } else if (flag === "--alpha") {
      const v = value();
      const x = v === undefined ? NaN : Number(v);
      if (!(x > 0 && x < 1)) return "--alpha needs a number between 0 and 1 (exclusive)";
      options.alpha = x;
    } else if (a.startsWith("--")) return `unknown option: ${a}`;
    else if (run === undefined) run = a;
    else return `unexpected argument: ${a}`;
  }
  if (run === undefined) return "missing <run-folder>";
  if (baseline === undefined) return "missing --baseline <run-folder>";
  return { run, baseline, history, json, options };
}

async function gateRun(dir: string): Promise<GateRun & { args: Record<string, unknown> | null; queueKey: string; startedAt: string | null }> {
  const { analysis, read } = await analyzeFolder(dir);
  const json = runSummaryJson(analysis);
  const attempts = attemptIndex(read.killedFolders);
  const names = new Set(read.scenarios.map((s) => s.name));
  const level = read.runLevel;
  return {
    args: lastInvocationArgs(read.runLevel.invocations),
    queueKey: queueKeyOf(analysis.plan.queue),
    startedAt: level.invocations[0]?.started_at ?? level.sessions[0]?.startedAt?.replace(" ", "T") ?? null,
    retries: gateRetrySide(runRetries(analysis.records, analysis.plan.minAgentTurns, read.killedFolders, names)),
    id: basename(dir),
    state: json.state,
    completed: json.completed_count,
    intended: json.intended_count,
    rows: analysis.records.map((r) => scenarioRow(r, analysis.plan.minAgentTurns, [], attempts.get(r.name) ?? [])),
    rates: ratesOf(analysis.fold),
    endSettings: endSettingsOf(
      lastInvocationArgs(read.runLevel.invocations),
      analysis.records.map((r) => r.metrics),
    ),
  };
}

export async function checkCommand(args: string[], deps: CheckDeps = {}): Promise<number> {
  const parsed = parseCheckArgs(args);
  if (typeof parsed === "string") {
    process.stderr.write(`check: ${parsed}\n${USAGE}\n`);
    return 2;
  }
  const runDir = resolve(parsed.run);
  const baseDir = resolve(parsed.baseline);
  if (realPathOrNearest(runDir) === realPathOrNearest(baseDir)) {
    process.stderr.write(`check: the run and the baseline are the same folder (${realPathOrNearest(runDir)}): nothing to compare\n`);
    return 2;
  }
  let run: Awaited<ReturnType<typeof gateRun>>;
  let base: Awaited<ReturnType<typeof gateRun>>;
  try {
    [base, run] = await Promise.all([gateRun(baseDir), gateRun(runDir)]);
  } catch (error) {
    if (error instanceof NotARunFolderError) {
      process.stderr.write(`check: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const baseNames = new Set(base.rows.map((r) => r.name));
  if (run.rows.length > 0 && base.rows.length > 0 && !run.rows.some((r) => baseNames.has(r.name))) {
    process.stderr.write(`check: ${run.id} and ${base.id} have no scenario in common: nothing to compare\n`);
    return 2;
  }
  const labels = deps.labels ? await deps.labels(runDir) : () => [];
  const paired = run.rows
    .map((r) => r.name)
    .filter((n) => baseNames.has(n))
    .slice(0, MAX_SETUP_SCENARIOS);
  const [baseSetup, runSetup] = await Promise.all([readRunSetup(baseDir, paired), readRunSetup(runDir, paired)]);
  const setupChange = setupDiff({ args: base.args, scenarios: baseSetup }, { args: run.args, scenarios: runSetup });
  const history = await readHistory(parsed.history ? resolve(parsed.history) : dirname(baseDir), run, runDir);
  const reasons = await judgeReasons(
    runDir,
    run.rows.filter((r) => r.verdict === false).map((r) => r.name),
  );
  // The runs' arguments reach the output only through the setup diff, which is redacted (issue 42).
  const { args: _b, queueKey: _bk, startedAt: _bs, ...baseRun } = base;
  const { args: _r, queueKey: _rk, startedAt: _rs, ...runRun } = run;
  void [_b, _bk, _bs, _r, _rk, _rs];
  const result = {
    ...runGate(baseRun, runRun, parsed.options, labels, { history, reasonOf: (n) => reasons.get(n) ?? null }),
    setup: setupSummary(setupChange),
  };
  process.stdout.write(
    parsed.json
      ? JSON.stringify({ runDir, baselineDir: baseDir, ...result, setupDiff: setupChange, rateLabels: rateLabels() }, null, 2) + "\n"
      : gateMarkdown(result) + "\n",
  );
  return result.verdict === "pass" ? 0 : 1;
}

/**
 * The suite's runs before the run in the results folder `dir`, read with the dashboard's own index:
 * the runs that queued the same scenarios as the run, started before it. `null` when the folder
 * cannot be read or holds none.
 */
async function readHistory(dir: string, run: { queueKey: string; startedAt: string | null }, runDir: string): Promise<GateHistory | null> {
  if (!run.queueKey) return null;
  const store = createStore(dir, { watch: false });
  try {
    await store.scanned;
    const self = realPathOrNearest(runDir);
    const runs = suiteHistoryIn(store.index, new Set([run.queueKey]), run.startedAt, (r) => realPathOrNearest(r.dir) === self);
    return runs.length ? { source: dir, runs } : null;
  } catch {
    return null;
  } finally {
    await closeStore(store);
  }
}
