/** Comparing runs: per-scenario change buckets, paired tests, and a verdict matrix across runs. */
import { judgeErrorToken, type JudgeErrorToken } from "./judge-score";
import { signalBucket, SIGNALS, type SignalBucket } from "./gating";
import type { ScenarioRow, Verdict } from "./scenario-row";
import { mcnemarExact, pairedDifferenceInterval, type Interval } from "./stats";

/**
 * `was_stalled` / `now_stalled`: the verdict flipped only because one side stalled (an
 * infrastructure failure the harness counts as failed, §4.11). They are kept apart from
 * `fixed` / `regressed`, which are real verdict changes.
 */
export const CHANGES = [
  "regressed",
  "fixed",
  "still_failing",
  "still_passing",
  "not_comparable",
  "only_base",
  "only_other",
  "was_stalled",
  "now_stalled",
] as const;
export type Change = (typeof CHANGES)[number];

/** Whether each side stalled; `null` for a side where the scenario is absent. */
export interface StallPair {
  base: boolean | null;
  other: boolean | null;
}

/** A verdict as counted (stalled → false), or `null` when the scenario is absent from the run. */
export type CountedVerdict = Verdict | null;

export function changeOf(base: CountedVerdict, other: CountedVerdict, stalled: StallPair = { base: false, other: false }): Change {
  if (base === null) return "only_other";
  if (other === null) return "only_base";
  // Stalled on one side only: not a verdict change of the agent, whatever the other side did.
  if (stalled.base && !stalled.other) return other === false ? "still_failing" : "was_stalled";
  if (stalled.other && !stalled.base) return base === false ? "still_failing" : "now_stalled";
  if (base === "N/A" || other === "N/A") return "not_comparable";
  if (base && !other) return "regressed";
  if (!base && other) return "fixed";
  return base ? "still_passing" : "still_failing";
}

export interface SignalFlip {
  signal: string;
  base: SignalBucket | null;
  other: SignalBucket | null;
}

export function signalFlips(base: ScenarioRow | undefined, other: ScenarioRow | undefined): SignalFlip[] {
  const out: SignalFlip[] = [];
  for (const signal of SIGNALS) {
    const a = signalBucket(base, signal);
    const b = signalBucket(other, signal);
    if (a !== b && (a === "passed" || a === "failed" || b === "passed" || b === "failed")) out.push({ signal, base: a, other: b });
  }
  return out;
}

export interface JudgeCell {
  score: number | null;
  error: JudgeErrorToken | null;
}

function judgeCell(row: ScenarioRow | undefined): JudgeCell | null {
  if (!row) return null;
  return { score: row.judge_score, error: row.judge_error ?? judgeErrorToken(row.judge_score) };
}

export interface ComparedScenario {
  name: string;
  domain: string;
  base: CountedVerdict;
  other: CountedVerdict;
  change: Change;
  baseTask: CountedVerdict;
  otherTask: CountedVerdict;
  signals: SignalFlip[];
  /** Each side's judge score; a NaN score is `error` (judge-score.ts). `null`: absent from that run. */
  judge: { base: JudgeCell | null; other: JudgeCell | null };
  /** The scenario stalled in the baseline (`null`: absent there). */
  baseStalled: boolean | null;
  /** The scenario stalled in the other run (`null`: absent there). */
  otherStalled: boolean | null;
}

export interface PairedTest {
  /** Pairs where both runs have a boolean verdict. */
  n: number;
  basePassed: number;
  otherPassed: number;
  /** pass → fail */
  b: number;
  /** fail → pass */
  c: number;
  pValue: number;
  /** other − base, as a fraction. */
  difference: (Interval & { estimate: number }) | null;
}

export function pairedTest(pairs: ReadonlyArray<[CountedVerdict, CountedVerdict]>): PairedTest {
  let n = 0;
  let basePassed = 0;
  let otherPassed = 0;
  let b = 0;
  let c = 0;
  for (const [x, y] of pairs) {
    if (typeof x !== "boolean" || typeof y !== "boolean") continue;
    n++;
    if (x) basePassed++;
    if (y) otherPassed++;
    if (x && !y) b++;
    if (!x && y) c++;
  }
  return { n, basePassed, otherPassed, b, c, pValue: mcnemarExact(b, c), difference: pairedDifferenceInterval(b, c, n) };
}

export interface Comparison {
  scenarios: ComparedScenario[];
  counts: Record<Change, number>;
  tests: { success: PairedTest; task: PairedTest };
}

/** Compares two runs' rows, matched by scenario name (base order first, then names only in the other run). */
export function compareRows(baseRows: readonly ScenarioRow[], otherRows: readonly ScenarioRow[]): Comparison {
  const baseBy = new Map(baseRows.map((r) => [r.name, r]));
  const otherBy = new Map(otherRows.map((r) => [r.name, r]));
  const names = [...baseBy.keys(), ...[...otherBy.keys()].filter((n) => !baseBy.has(n))];
  const counts = Object.fromEntries(CHANGES.map((c) => [c, 0])) as Record<Change, number>;
  const scenarios = names.map((name): ComparedScenario => {
    const a = baseBy.get(name);
    const b = otherBy.get(name);
    const base = a ? a.verdict : null;
    const other = b ? b.verdict : null;
    const stalled: StallPair = { base: a ? a.stalled : null, other: b ? b.stalled : null };
    const change = changeOf(base, other, stalled);
    counts[change]++;
    return {
      name,
      domain: (a ?? b)!.domain,
      base,
      other,
      change,
      baseTask: a ? a.task_verdict : null,
      otherTask: b ? b.task_verdict : null,
      signals: a && b ? signalFlips(a, b) : [],
      judge: { base: judgeCell(a), other: judgeCell(b) },
      baseStalled: stalled.base,
      otherStalled: stalled.other,
    };
  });
  return {
    scenarios,
    counts,
    tests: {
      success: pairedTest(scenarios.map((s) => [s.base, s.other])),
      task: pairedTest(scenarios.map((s) => [s.baseTask, s.otherTask])),
    },
  };
}

export type Stability = "always_passing" | "always_failing" | "flaky" | "incomplete";

export interface MatrixRow {
  name: string;
  domain: string;
  verdicts: CountedVerdict[];
  stability: Stability;
}

export interface VerdictMatrix {
  runs: string[];
  rows: MatrixRow[];
  /** pass^k: fraction of scenarios (with a boolean verdict in every run) that passed in all k runs. */
  passAllK: { k: number; passed: number; n: number; value: number | null };
  counts: Record<Stability, number>;
}

/** A scenario × run matrix of verdicts with pass^k and a flaky / always-failing / always-passing split. */
export function verdictMatrix(runs: ReadonlyArray<{ id: string; rows: readonly ScenarioRow[] }>): VerdictMatrix {
  const maps = runs.map((r) => new Map(r.rows.map((row) => [row.name, row])));
  const names: string[] = [];
  const seen = new Set<string>();
  for (const r of runs) {
    for (const row of r.rows) {
      if (seen.has(row.name)) continue;
      seen.add(row.name);
      names.push(row.name);
    }
  }
  const counts: Record<Stability, number> = { always_passing: 0, always_failing: 0, flaky: 0, incomplete: 0 };
  let n = 0;
  let passed = 0;
  const rows = names.map((name): MatrixRow => {
    const verdicts = maps.map((m) => m.get(name)?.verdict ?? null);
    const bools = verdicts.filter((v): v is boolean => typeof v === "boolean");
    const complete = bools.length === verdicts.length;
    const stability: Stability = !complete ? "incomplete" : bools.every(Boolean) ? "always_passing" : bools.some(Boolean) ? "flaky" : "always_failing";
    counts[stability]++;
    if (complete) {
      n++;
      if (stability === "always_passing") passed++;
    }
    const domain = maps.map((m) => m.get(name)?.domain).find((d) => d !== undefined) ?? "";
    return { name, domain, verdicts, stability };
  });
  return { runs: runs.map((r) => r.id), rows, passAllK: { k: runs.length, passed, n, value: n ? passed / n : null }, counts };
}
