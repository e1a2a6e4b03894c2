/**
 * What changed since the previous run of a suite, and since when (pure). A suite's runs are given
 * oldest first, each as its scenarios' verdict cells (`P` passed, `F` failed, `S` stalled: counted as
 * failed, `N` not applicable, `-` absent or unfinished: lib/core/trends/strip.ts).
 *
 * The change vocabulary, one rule for the run page, the runs list, compare, `check`, `--notify` and
 * MCP: a scenario's change between two runs is `changeOf` (lib/core/compare.ts), named by `changeWord`:
 *
 * - **new**: fails now, passed before (compare's "regressed"), not flaky.
 * - **fixed**: passes now, failed before (not by a stall).
 * - **still failing**: fails in both (a stall on either side included); "since <date> (N runs)" counts
 *   the runs with a verdict back to the first failure of the streak.
 * - **was stalled**: stalled before, passes now: the stall was the harness's, not the agent's, so it is
 *   not a fix (it still moves the success rate, which counts a stall as failed).
 * - **now stalled**: passed before, stalled now: not a new failure, for the same reason.
 * - **flaky**: fails now and flipped pass ↔ fail at least `FLAKY_FLIPS` times over the suite's
 *   `FLAKY_WINDOW` runs before this one (its own flip not counted: a scenario that passed nine nights
 *   and fails tonight is new, not flaky). A flaky scenario is flaky whatever the previous run said.
 * - **stable** (the gate's rule): passed in each of its last K runs with a verdict before this one,
 *   and had at least K such runs.
 */
import { z } from "zod";
import { changeOf, pairedTest, type Change, type CountedVerdict, type PairedTest } from "./compare";
import { boolRate, type Rate } from "./aggregates";
import type { Cell } from "./trends/strip";

export const FLAKY_WINDOW = 10;
export const FLAKY_FLIPS = 2;
export const DEFAULT_STABLE_RUNS = 3;

export interface SuiteRunCells {
  id: string;
  startedAt: string | null;
  cells: ReadonlyMap<string, Cell>;
}

export const FailureMarkSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("new") }),
  /** Passed in the previous run, stalled now (counted as failed, but not a new failure). */
  z.object({ kind: z.literal("now_stalled") }),
  /** `since`: the start of the first run of the streak; `runs`: failing runs in a row, this one included. */
  z.object({ kind: z.literal("still_failing"), since: z.string().nullable(), sinceRun: z.string(), runs: z.number() }),
  /** `passes` of `of` runs with a verdict in the window before this run. */
  z.object({ kind: z.literal("flaky"), flips: z.number(), passes: z.number(), of: z.number() }),
]);
export type FailureMark = z.infer<typeof FailureMarkSchema>;

const failedCell = (c: Cell | undefined) => c === "F" || c === "S";
const decidedCell = (c: Cell | undefined) => c === "P" || failedCell(c);

/** A cell as compare counts it: its verdict (a stall is `false`), `null` when absent or unfinished. */
function cellVerdict(c: Cell | undefined): CountedVerdict {
  return c === "P" ? true : failedCell(c) ? false : c === "N" ? "N/A" : null;
}

/** A scenario's change between two runs' cells, by compare's rule (`changeOf`). */
export function cellChange(before: Cell | undefined, now: Cell | undefined): Change {
  return changeOf(cellVerdict(before), cellVerdict(now), { base: before === "S", other: now === "S" });
}

/** The words of change every surface uses (see the top of this file). */
export type ChangeWord = "new" | "fixed" | "still_failing" | "flaky" | "was_stalled" | "now_stalled";

/** A change named in the vocabulary; `flaky`: the scenario fails now and is flaky over its suite's runs before. `null`: nothing to name (passing in both, absent, N/A). */
export function changeWord(change: Change, flaky: boolean): ChangeWord | null {
  if (flaky && (change === "regressed" || change === "still_failing" || change === "now_stalled" || change === "only_other" || change === "not_comparable"))
    return "flaky";
  if (change === "regressed") return "new";
  if (change === "fixed" || change === "still_failing" || change === "was_stalled" || change === "now_stalled") return change;
  return null;
}

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
  const now = runs[at]?.cells.get(name);
  if (!failedCell(now)) return null;
  const flaky = flakinessBefore(runs, at, name);
  const prev = at > 0 ? runs[at - 1]!.cells.get(name) : undefined;
  const word = changeWord(cellChange(prev, now), flaky.flips >= FLAKY_FLIPS);
  if (word === "flaky") return { kind: "flaky", ...flaky };
  if (word === "new" || word === "now_stalled") return { kind: word };
  if (word !== "still_failing") return null;
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

/** The change vocabulary's lists (`changeWord`), by scenario name: each scenario in at most one. */
export const ChangeListsSchema = z.object({
  /** Passed in the previous run, failing now, not flaky. */
  newFailures: z.array(z.string()),
  /** Failed in the previous run (not by a stall), passing now. */
  fixed: z.array(z.string()),
  /** Failing in both, not flaky. */
  stillFailing: z.array(z.string()),
  /** Failing now and flaky (whatever the previous run said). */
  flaky: z.array(z.string()),
  /** Stalled in the previous run, passing now: not a fix. */
  wasStalled: z.array(z.string()),
  /** Passed in the previous run, stalled now (and not flaky): not a new failure. */
  nowStalled: z.array(z.string()),
});
export type ChangeLists = z.infer<typeof ChangeListsSchema>;

export interface ChangesVsPrevious extends ChangeLists {
  previous: string | null;
  /** The paired test of the previous run against this one (lib/core/compare.ts); `null` without a previous run. */
  test: PairedTest | null;
  /** Each failing scenario's mark, by name. */
  marks: Map<string, FailureMark>;
}

/** Run `at` against the run before it in the suite, over `names` (the run's scenarios). */
export function changesVsPrevious(runs: readonly SuiteRunCells[], at: number, names: Iterable<string>): ChangesVsPrevious {
  const run = runs[at]!;
  const prev = at > 0 ? runs[at - 1]! : null;
  const out: ChangesVsPrevious = {
    previous: prev?.id ?? null,
    newFailures: [],
    fixed: [],
    stillFailing: [],
    flaky: [],
    wasStalled: [],
    nowStalled: [],
    test: null,
    marks: new Map(),
  };
  const lists: Record<ChangeWord, string[]> = {
    new: out.newFailures,
    fixed: out.fixed,
    still_failing: out.stillFailing,
    flaky: out.flaky,
    was_stalled: out.wasStalled,
    now_stalled: out.nowStalled,
  };
  const pairs: Array<[boolean | null, boolean | null]> = [];
  for (const name of names) {
    const now = run.cells.get(name);
    const before = prev?.cells.get(name);
    if (prev) pairs.push([decidedCell(before) ? before === "P" : null, decidedCell(now) ? now === "P" : null]);
    const mark = failureMark(runs, at, name);
    if (mark) out.marks.set(name, mark);
    if (!prev) continue;
    const word = changeWord(cellChange(before, now), mark?.kind === "flaky");
    if (word) lists[word].push(name);
  }
  if (prev) out.test = pairedTest(pairs);
  return out;
}

/** `+3.3 pp`, `−8.3 pp`, `±0.0 pp` for a difference of fractions. */
export function formatPp(x: number): string {
  return `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x * 100).toFixed(1)} pp`;
}

/**
 * A run that did not finish is compared like for like: each run's success rate over the scenarios
 * finished in both (present in both cell maps), so a killed run's 9 scenarios are never set against
 * all 24 of the night before. `scenarios`: how many that is.
 */
export function likeForLikeSuccess(before: ReadonlyMap<string, Cell>, now: ReadonlyMap<string, Cell>): { before: Rate; after: Rate; scenarios: number } {
  const a: boolean[] = [];
  const b: boolean[] = [];
  let scenarios = 0;
  for (const [name, cell] of now) {
    const prev = before.get(name);
    if (cell === "-" || prev === undefined || prev === "-") continue;
    scenarios++;
    if (decidedCell(prev)) a.push(prev === "P");
    if (decidedCell(cell)) b.push(cell === "P");
  }
  return { before: boolRate(a), after: boolRate(b), scenarios };
}

/** The success rate's change against the previous run: the runs' own rates when both finished, else like for like. */
export interface SuccessChange {
  before: number | null;
  after: number | null;
  /** after − before, a fraction; `null` when either is unknown. */
  delta: number | null;
  /** `null`: both runs finished, their own rates. Else the scenarios finished in both, the rates taken over them (`likeForLikeSuccess`). */
  likeForLike: number | null;
}

export function successChange(
  prev: { finished: boolean; rate: Rate; cells: () => ReadonlyMap<string, Cell> },
  run: { finished: boolean; rate: Rate; cells: () => ReadonlyMap<string, Cell> },
): SuccessChange {
  if (prev.finished && run.finished) {
    const before = prev.rate.value;
    const after = run.rate.value;
    return { before, after, delta: before !== null && after !== null ? after - before : null, likeForLike: null };
  }
  const l = likeForLikeSuccess(prev.cells(), run.cells());
  const before = l.before.value;
  const after = l.after.value;
  return { before, after, delta: before !== null && after !== null ? after - before : null, likeForLike: l.scenarios };
}

/** How every surface says a change is like for like: "like for like over the 9 scenarios both runs finished". */
export function likeForLikeText(scenarios: number): string {
  return `like for like over the ${scenarios} scenario${scenarios === 1 ? "" : "s"} both runs finished`;
}
