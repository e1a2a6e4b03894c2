/**
 * The CI gate's question (`check`): everything the gate needs about a run folder and its baseline,
 * read with the dashboard's own readers and views. `lib/cli/check.ts` only parses its arguments,
 * runs the pure gate (`lib/core/gate.ts`) over this and prints; no other surface assembles these.
 */
import "server-only";
import { basename, dirname } from "node:path";
import { attemptIndex, ratesOf, runRetries, runSummaryJson, scenarioRow } from "@/lib/core";
import { endSettingsOf } from "@/lib/core/call-end";
import type { GateHistory, GateRun } from "@/lib/core/gate";
import { gateRetrySide } from "@/lib/core/gate-retries";
import { lastInvocationArgs, setupDiff, type SetupDiff } from "@/lib/core/setup/diff";
import { realPathOrNearest } from "../write-guard";
import { analyzeFolder } from "../ingest/analyze-folder";
import { NotARunFolderError } from "../ingest/read-run";
import { readRunSetup } from "../setup/read-setup";
import { judgeReasons } from "../views/judge-reasons";
import { queueKeyOf } from "../views/run-views";
import { suiteHistoryIn } from "../views/run-changes";
import { MAX_SETUP_SCENARIOS } from "../views/setup";
import { closeStore, createStore } from "../live/store";

/** What the gate reads of a run and its baseline. The runs' arguments reach it only through `setupDiff`, which is redacted (issue 42). */
export interface GateInputs {
  run: GateRun;
  base: GateRun;
  setupDiff: SetupDiff;
  /** The suite's runs before the run (flaky and stable scenarios); `null` when none was found. */
  history: GateHistory | null;
  /** The judge's reason of each failing scenario of the run, by name. */
  reasons: Map<string, string>;
}

/** Why there is nothing to gate: bad input, said in one sentence (the CLI's exit 2). */
export interface GateRefusal {
  refused: string;
}

interface ReadRun {
  gate: GateRun;
  args: Record<string, unknown> | null;
  queueKey: string;
  startedAt: string | null;
}

async function readGateRun(dir: string): Promise<ReadRun> {
  const { analysis, read } = await analyzeFolder(dir);
  const json = runSummaryJson(analysis);
  const attempts = attemptIndex(read.killedFolders);
  const names = new Set(read.scenarios.map((s) => s.name));
  const level = read.runLevel;
  const args = lastInvocationArgs(level.invocations);
  return {
    args,
    queueKey: queueKeyOf(analysis.plan.queue),
    startedAt: level.invocations[0]?.started_at ?? level.sessions[0]?.startedAt?.replace(" ", "T") ?? null,
    gate: {
      retries: gateRetrySide(runRetries(analysis.records, analysis.plan.minAgentTurns, read.killedFolders, names)),
      id: basename(dir),
      state: json.state,
      completed: json.completed_count,
      intended: json.intended_count,
      rows: analysis.records.map((r) => scenarioRow(r, analysis.plan.minAgentTurns, [], attempts.get(r.name) ?? [])),
      rates: ratesOf(analysis.fold),
      endSettings: endSettingsOf(
        args,
        analysis.records.map((r) => r.metrics),
      ),
    },
  };
}

/**
 * The gate's inputs for the run folder `runDir` against `baseDir` (absolute paths). `historyDir`: the
 * results folder holding the suite's earlier runs (default: the folder that holds the baseline).
 */
export async function gateInputs(runDir: string, baseDir: string, historyDir: string | null = null): Promise<GateInputs | GateRefusal> {
  if (realPathOrNearest(runDir) === realPathOrNearest(baseDir))
    return { refused: `the run and the baseline are the same folder (${realPathOrNearest(runDir)}): nothing to compare` };
  let run: ReadRun;
  let base: ReadRun;
  try {
    [base, run] = await Promise.all([readGateRun(baseDir), readGateRun(runDir)]);
  } catch (error) {
    if (error instanceof NotARunFolderError) return { refused: error.message };
    throw error;
  }
  const baseNames = new Set(base.gate.rows.map((r) => r.name));
  const runRows = run.gate.rows;
  if (runRows.length > 0 && base.gate.rows.length > 0 && !runRows.some((r) => baseNames.has(r.name)))
    return { refused: `${run.gate.id} and ${base.gate.id} have no scenario in common: nothing to compare` };
  const paired = runRows
    .map((r) => r.name)
    .filter((n) => baseNames.has(n))
    .slice(0, MAX_SETUP_SCENARIOS);
  const [baseSetup, runSetup, history, reasons] = await Promise.all([
    readRunSetup(baseDir, paired),
    readRunSetup(runDir, paired),
    readHistory(historyDir ?? dirname(baseDir), run, runDir),
    judgeReasons(
      runDir,
      runRows.filter((r) => r.verdict === false).map((r) => r.name),
    ),
  ]);
  return {
    run: run.gate,
    base: base.gate,
    setupDiff: setupDiff({ args: base.args, scenarios: baseSetup }, { args: run.args, scenarios: runSetup }),
    history,
    reasons,
  };
}

/**
 * The suite's runs before the run in the results folder `dir`, read with the dashboard's own index:
 * the runs that queued the same scenarios as the run, started before it. `null` when the folder
 * cannot be read or holds none.
 */
async function readHistory(dir: string, run: ReadRun, runDir: string): Promise<GateHistory | null> {
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
