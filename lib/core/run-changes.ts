/**
 * What changed since the previous run of a suite, and since when (pure). A suite's runs are given
 * oldest first, each as its scenarios' verdict cells (`P` passed, `F` failed, `S` stalled: counted as
 * failed, `N` not applicable, `-` absent or unfinished: lib/core/trends/strip.ts).
 *
 * - **new**: failing now, passed in the previous run.
 * - **still failing since <date> (N runs)**: failing now and in the previous run; N counts the runs
 *   with a verdict, back to the first failure of the streak.
 * - **flaky**: flipped pass ↔ fail at least `FLAKY_FLIPS` times over the suite's `FLAKY_WINDOW` runs
 *   before this one (its own flip not counted: a scenario that passed nine nights and fails tonight
 *   is new, not flaky). A flaky scenario is flaky whatever the previous run said.
 * - **stable** (the gate's rule): passed in each of its last K runs with a verdict before this one,
 *   and had at least K such runs.
 */
import { pairedTest, type PairedTest } from "./compare";
import type { Cell } from "./trends/strip";

export const FLAKY_WINDOW = 10;
export const FLAKY_FLIPS = 2;
export const DEFAULT_STABLE_RUNS = 3;

export interface SuiteRunCells {
  id: string;
  startedAt: string | null;
  cells: ReadonlyMap<string, Cell>;
}

export type FailureMark =
  | { kind: "new" }
  /** `since`: the start of the first run of the streak; `runs`: failing runs in a row, this one included. */
  | { kind: "still_failing"; since: string | null; sinceRun: string; runs: number }
  /** `passes` of `of` runs with a verdict in the window before this run. */
  | { kind: "flaky"; flips: number; passes: number; of: number };

const failedCell = (c: Cell | undefined) => c === "F" || c === "S";
const decidedCell = (c: Cell | undefined) => c === "P" || failedCell(c);

/** Flips and passes of one scenario over the `FLAKY_WINDOW` runs before `at`. */
export function flakinessBefore(runs: readonly SuiteRunCells[], at: number, name: string): { flips: number; passes: number; of: number } {
  let flips = 0;
  let passes = 0;
  let of = 0;
  let prev: Cell | null = null;
  for (let i = Math.max(0, at - FLAKY_WINDOW); i < at; i++) {
    const c = runs[i]!.cells.get(name);
    if (!decidedCell(c)) continue;
    of++;
    if (c === "P") passes++;
    if (prev !== null && failedCell(prev) !== failedCell(c)) flips++;
    prev = c as Cell;
  }
  return { flips, passes, of };
}

export function isFlaky(runs: readonly SuiteRunCells[], at: number, name: string): boolean {
  return flakinessBefore(runs, at, name).flips >= FLAKY_FLIPS;
}

/** Passed in each of its last `k` runs with a verdict before `at` (and had `k` of them). */
export function isStable(runs: readonly SuiteRunCells[], at: number, name: string, k = DEFAULT_STABLE_RUNS): boolean {
  let seen = 0;
  for (let i = at - 1; i >= 0 && seen < k; i--) {
    const c = runs[i]!.cells.get(name);
    if (!decidedCell(c)) continue;
    if (c !== "P") return false;
    seen++;
  }
  return seen >= k;
}

/** The mark of a scenario failing in run `at`; `null` when it does not fail there or has no earlier verdict to say more. */
export function failureMark(runs: readonly SuiteRunCells[], at: number, name: string): FailureMark | null {
  if (!failedCell(runs[at]?.cells.get(name))) return null;
  const flaky = flakinessBefore(runs, at, name);
  if (flaky.flips >= FLAKY_FLIPS) return { kind: "flaky", ...flaky };
  const prev = at > 0 ? runs[at - 1]!.cells.get(name) : undefined;
  if (prev === "P") return { kind: "new" };
  if (!failedCell(prev)) return null;
  let first = at;
  let count = 1;
  for (let i = at - 1; i >= 0; i--) {
    const c = runs[i]!.cells.get(name);
    if (!decidedCell(c)) continue;
    if (!failedCell(c)) break;
    first = i;
    count++;
  }
  return { kind: "still_failing", since: runs[first]!.startedAt, sinceRun: runs[first]!.id, runs: count };
}

export interface ChangesVsPrevious {
  previous: string | null;
  /** Passed in the previous run, failing now, not flaky. */
  newFailures: string[];
  /** Failed in the previous run, passing now. */
  fixed: string[];
  /** Failing in both, not flaky. */
  stillFailing: string[];
  /** Failing now and flaky (whatever the previous run said). */
  flaky: string[];
  /** The paired test of the previous run against this one (lib/core/compare.ts); `null` without a previous run. */
  test: PairedTest | null;
  /** Each failing scenario's mark, by name. */
  marks: Map<string, FailureMark>;
}

/** Run `at` against the run before it in the suite, over `names` (the run's scenarios). */
export function changesVsPrevious(runs: readonly SuiteRunCells[], at: number, names: Iterable<string>): ChangesVsPrevious {
  const run = runs[at]!;
  const prev = at > 0 ? runs[at - 1]! : null;
  const out: ChangesVsPrevious = { previous: prev?.id ?? null, newFailures: [], fixed: [], stillFailing: [], flaky: [], test: null, marks: new Map() };
  const pairs: Array<[boolean | null, boolean | null]> = [];
  for (const name of names) {
    const now = run.cells.get(name);
    const before = prev?.cells.get(name);
    if (prev) pairs.push([decidedCell(before) ? before === "P" : null, decidedCell(now) ? now === "P" : null]);
    const mark = failureMark(runs, at, name);
    if (mark) out.marks.set(name, mark);
    if (mark?.kind === "flaky") out.flaky.push(name);
    else if (mark?.kind === "new") out.newFailures.push(name);
    else if (mark?.kind === "still_failing") out.stillFailing.push(name);
    else if (now === "P" && failedCell(before)) out.fixed.push(name);
  }
  if (prev) out.test = pairedTest(pairs);
  return out;
}

/** `+3.3 pp`, `−8.3 pp`, `±0.0 pp` for a difference of fractions. */
export function formatPp(x: number): string {
  return `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x * 100).toFixed(1)} pp`;
}
