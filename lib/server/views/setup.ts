/**
 * The setup diff of two runs (issue 37), for the compare page, `/api/setup` and `check`: each run's
 * last invocation's arguments (already in the index) and its paired scenarios' `scenario_config/`
 * files (read on demand). Kept per pair of run revisions.
 */
import "server-only";
import { lastInvocationArgs, setupDiff, type SetupDiff } from "@/lib/core/setup/diff";
import { processCaches } from "../process-caches";
import type { RunModel } from "../model/run-model";
import { readRunSetup } from "../setup/read-setup";

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
  const diff = Promise.all([readRunSetup(base.dir, names), readRunSetup(other.dir, names)]).then(([a, b]) => {
    const d = setupDiff({ args: argsOf(base), scenarios: a }, { args: argsOf(other), scenarios: b });
    if (paired.length > names.length) d.problems.unshift(`compared the scenario configs of the first ${names.length} of ${paired.length} paired scenarios`);
    return d;
  });
  byOther.set(other, { key, diff });
  return diff;
}
