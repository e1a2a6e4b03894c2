/**
 * The setup diff of two runs (issue 37), for the compare page, `/api/setup` and `check`: each run's
 * last invocation's arguments (already in the index) and its paired scenarios' `scenario_config/`
 * files (read on demand). Kept per pair of run revisions and the config files' signatures (sizes and
 * mtimes): a prompt edited in place moves neither revision (issue 54).
 */
import "server-only";
import { changedPromptPairs, lastInvocationArgs, setupDiff, type DiffOf, type LineDiff, type SetupDiff, type SetupSide } from "@/lib/core/setup/diff";
import { processCaches } from "../process-caches";
import type { RunModel } from "../model/run-model";
import { readRunSetup, setupSignature } from "../setup/read-setup";
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

/**
 * A kept diff is used without looking at its files again for this long: a page and its API calls
 * share one diff. Past it, the files' signatures are taken again (`setupSignature`: four lstats per
 * scenario, about a second for 5,000 on a busy machine): a request waits for that at most
 * `RECHECK_WAIT_MS`, else it is answered the kept diff and the check goes on, for the next request.
 * An edited prompt shows within seconds, never only after a restart.
 */
export const SETUP_RECHECK_MS = 2000;
const RECHECK_WAIT_MS = 300;

type KeptDiff = { key: string; signature: string; checkedAt: number; checking: Promise<boolean> | null; diff: Promise<SetupDiff> };
const cache = () => processCaches().weak<RunModel, Map<RunModel, KeptDiff>>("setup-diffs");

/** The run's last invocation's arguments; `null` for a run without `run_args.json` (an older harness). */
export function argsOf(run: RunModel): Record<string, unknown> | null {
  return lastInvocationArgs(run.runLevel.invocations);
}

/** The paired scenarios a setup diff reads (at most `MAX_SETUP_SCENARIOS`), and how many there are. */
function pairedNames(base: RunModel, other: RunModel): { names: string[]; paired: number } {
  const paired = [...base.scenarios.keys()].filter((n) => other.scenarios.has(n)).sort();
  return { names: paired.slice(0, MAX_SETUP_SCENARIOS), paired: paired.length };
}

async function signatureOf(base: RunModel, other: RunModel, names: readonly string[]): Promise<string> {
  return (await Promise.all([setupSignature(base.dir, names), setupSignature(other.dir, names)])).join("|");
}

/** Whether a kept diff still holds: its files' signatures taken again (once at a time); a changed one is dropped. */
function recheck(byOther: Map<RunModel, KeptDiff>, base: RunModel, other: RunModel, kept: KeptDiff): Promise<boolean> {
  kept.checking ??= signatureOf(base, other, pairedNames(base, other).names).then(
    (signature) => {
      kept.checking = null;
      if (signature === kept.signature) {
        kept.checkedAt = Date.now();
        return true;
      }
      if (byOther.get(other) === kept) byOther.delete(other);
      return false;
    },
    () => {
      kept.checking = null;
      return true;
    },
  );
  return kept.checking;
}

export async function runSetupDiff(base: RunModel, other: RunModel): Promise<SetupDiff> {
  const key = `${base.revision}:${other.revision}`;
  const byOther = cache().get(base) ?? new Map<RunModel, KeptDiff>();
  cache().set(base, byOther);
  const hit = byOther.get(other);
  if (hit && hit.key === key) {
    if (Date.now() - hit.checkedAt < SETUP_RECHECK_MS) return hit.diff;
    const waited = await Promise.race([recheck(byOther, base, other, hit), new Promise<null>((r) => setTimeout(r, RECHECK_WAIT_MS, null).unref?.())]);
    if (waited !== false) return hit.diff;
  }
  const { names, paired } = pairedNames(base, other);
  // Signed as it is read, the signature started first: a change made while reading is seen next time.
  const signing = signatureOf(base, other, names);
  const diff = Promise.all([readRunSetup(base.dir, names), readRunSetup(other.dir, names)]).then(async ([a, b]) => {
    const d = await setupDiffOffThread({ args: argsOf(base), scenarios: a }, { args: argsOf(other), scenarios: b });
    if (paired > names.length) d.problems.unshift(`compared the scenario configs of the first ${names.length} of ${paired} paired scenarios`);
    return d;
  });
  const kept: KeptDiff = { key, signature: "", checkedAt: Date.now(), checking: null, diff };
  kept.checking = signing.then(
    (signature) => {
      kept.signature = signature;
      kept.checking = null;
      return true;
    },
    () => {
      kept.checking = null;
      return true;
    },
  );
  byOther.set(other, kept);
  return diff;
}
