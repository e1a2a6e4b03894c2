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
import { parseCommand, usageError, type ParsedCommand } from "./usage";

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

/** A fraction in [0, 1], or a percentage written with `%`. */
function fraction(v: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(v.trim());
  if (!m) return null;
  const x = Number(m[1]) / (m[2] ? 100 : 1);
  return x >= 0 && x <= 1 ? x : null;
}

/** The gate's arguments from the parsed command line (its flags are lib/cli/usage.ts's), or what is wrong with them. */
function checkArgsOf(parsed: ParsedCommand<"check">): CheckArgs | string {
  const v = parsed.values;
  const options: GateOptions = { alpha: 0.05 };
  if (v["without-retries"]) options.withoutRetries = true;
  if (v.baseline === "") return "--baseline needs a run folder";
  if (v.history === "") return "--history needs a results folder";
  if (v["stable-runs"] !== undefined) {
    if (!/^\d+$/.test(v["stable-runs"]) || Number(v["stable-runs"]) < 1) return "--stable-runs needs a positive integer";
    options.stableRuns = Number(v["stable-runs"]);
  }
  if (v["max-regressed"] !== undefined) {
    if (!/^\d+$/.test(v["max-regressed"])) return "--max-regressed needs a non-negative integer";
    options.maxRegressed = Number(v["max-regressed"]);
  }
  if (v["min-success-rate"] !== undefined) {
    const x = fraction(v["min-success-rate"]);
    if (x === null) return "--min-success-rate needs a fraction between 0 and 1 (or a percentage such as 80%)";
    options.minSuccessRate = x;
  }
  if (v.alpha !== undefined) {
    const x = Number(v.alpha);
    if (!(x > 0 && x < 1)) return "--alpha needs a number between 0 and 1 (exclusive)";
    options.alpha = x;
  }
  return { run: parsed.positionals[0]!, baseline: v.baseline!, history: v.history ?? null, json: v.json === true, options };
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
  const cli = parseCommand("check", args);
  if (typeof cli === "number") return cli;
  const parsed = checkArgsOf(cli);
  if (typeof parsed === "string") return usageError("check", parsed);
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
