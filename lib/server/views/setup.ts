/**
 * The setup diff of two runs (issue 37), for the compare page, `/api/setup` and `check`: each run's
 * last invocation's arguments (already in the index) and its paired scenarios' `scenario_config/`
 * files (read on demand). Kept per pair of run revisions.
 */
import "server-only";
import { changedPromptPairs, lastInvocationArgs, setupDiff, type DiffOf, type LineDiff, type SetupDiff, type SetupSide } from "@/lib/core/setup/diff";
import { processCaches } from "../process-caches";
import type { RunModel } from "../model/run-model";
import { readRunSetup } from "../setup/read-setup";
import { offThread } from "../work/pool";

/** The prompts' line diffs of one setup diff, at most this long together (each pair is bounded too: `MAX_EDIT_LINES`). */
const DIFF_JOB_MS = 60_000;

/**
 * The setup diff of two sides, its prompt pairs diffed in the work pool (each distinct pair once), so
 * that a suite of large, much-changed prompts never holds up the server's other requests.
 */
export async function setupDiffOffThread(base: SetupSide, other: SetupSide): Promise<SetupDiff> {
  const pairs = changedPromptPairs(base, other);
  let diffs: LineDiff[] = [];
  let problem: string | null = null;
  if (pairs.length > 0) {
    try {
      diffs = await offThread("lineDiffs", pairs, { timeoutMs: DIFF_JOB_MS });
    } catch (err) {
      problem = `the prompts were not diffed line by line: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  const known = new Map<string, Map<string, LineDiff>>();
  pairs.forEach(([a, b], i) => {
    const d = diffs[i];
    if (d) known.set(a, (known.get(a) ?? new Map<string, LineDiff>()).set(b, d));
  });
  const diffOf: DiffOf = (a, b) => known.get(a)?.get(b) ?? { lines: [], cut: 0, unshown: "not diffed line by line" };
  const d = setupDiff(base, other, diffOf);
  if (problem) d.problems.unshift(problem);
  return d;
}

/** Scenario configs read per compare at most (a page stays quick on a 100k-scenario suite). */
export const MAX_SETUP_SCENARIOS = 5000;

const cache = () => processCaches().weak<RunModel, Map<RunModel, { key: string; diff: Promise<SetupDiff> }>>("setup-diffs");

/** The run's last invocation's arguments; `null` for a run without `run_args.json` (an older harness). */
export function argsOf(run: RunModel): Record<string, unknown> | null {
  return lastInvocationArgs(run.runLevel.invocations);
}

export function runSetupDiff(base: RunModel, other: RunModel): Promise<SetupDiff> {
  const key = `${base.revision}:${other.revision}`;
  const byOther = cache().get(base) ?? new Map<RunModel, { key: string; diff: Promise<SetupDiff> }>();
  cache().set(base, byOther);
  const hit = byOther.get(other);
  if (hit && hit.key === key) return hit.diff;
  const paired = [...base.scenarios.keys()].filter((n) => other.scenarios.has(n)).sort();
  const names = paired.slice(0, MAX_SETUP_SCENARIOS);
  const diff = Promise.all([readRunSetup(base.dir, names), readRunSetup(other.dir, names)]).then(async ([a, b]) => {
    const d = await setupDiffOffThread({ args: argsOf(base), scenarios: a }, { args: argsOf(other), scenarios: b });
    if (paired.length > names.length) d.problems.unshift(`compared the scenario configs of the first ${names.length} of ${paired.length} paired scenarios`);
    return d;
  });
  byOther.set(other, { key, diff });
  return diff;
}
