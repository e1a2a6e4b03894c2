/**
 * Plain shapes the compare page hands to its client components. Types only (erased at build), so
 * client code never pulls server modules into the browser bundle.
 */
import type { CompareLabel } from "@/lib/shared/ledger";
import type { Change, ComparedScenario, CountedVerdict, JudgeCell, PairedTest, SignalFlip, Stability, VerdictMatrix } from "@/lib/core/compare";
import type { JudgeMeanNote } from "@/lib/core/judge-score";
import type { HistogramBin, LatencySummary, Rate, RateName, SignalBreakdownCounts, TokenTotals } from "@/lib/shared/dto";

export type { Change, CountedVerdict, JudgeCell, JudgeMeanNote, PairedTest, SignalFlip, Stability, VerdictMatrix, HistogramBin, LatencySummary, Rate, RateName, SignalBreakdownCounts, TokenTotals };

/*
 * The parts of `compareRuns()` (lib/server/compare.ts) these views read, restated here because
 * components may not import server modules; the page passes the server's value, so TypeScript
 * checks that the two still agree.
 */
export interface CompareWarning {
  kind: "scenario_set" | "min_agent_turns" | "judge" | "judge_threshold" | "whitelist" | "partial" | "stalled";
  message: string;
}

export interface RateDelta {
  base: Rate;
  other: Rate;
  delta: number | null;
}

export interface NlFlip {
  assertion: string;
  base: boolean | null;
  other: boolean | null;
}

export interface PairComparison {
  run: string;
  scenarios: Array<ComparedScenario & { nlAssertions: NlFlip[] }>;
  counts: Record<Change, number>;
  tests: { success: PairedTest; task: PairedTest };
  rates: Record<RateName, RateDelta>;
  /** Each run's judge-score mean over its valid scores, beside the harness's (which a NaN makes `nan`). */
  judgeScores: { base: JudgeMeanNote; other: JudgeMeanNote };
  perDomain: Record<string, Record<string, RateDelta & { small: boolean }>>;
  warnings: CompareWarning[];
}

export interface CompareResult {
  base: string;
  runs: string[];
  comparisons: PairComparison[];
  matrix: VerdictMatrix | null;
}

/** One row of the scenario table (one scenario, baseline against one other run). */
export interface CompareRow {
  name: string;
  domain: string;
  base: CountedVerdict;
  other: CountedVerdict;
  change: Change;
  baseTask: CountedVerdict;
  otherTask: CountedVerdict;
  signals: SignalFlip[];
  nl: NlFlip[];
  baseStalled: boolean | null;
  otherStalled: boolean | null;
  judge: { base: JudgeCell | null; other: JudgeCell | null };
  /** The triage ledger's label (other run first, else baseline), shown for regressed and still-failing rows. */
  label?: CompareLabel | null;
}

/** What the latency and signal panels need from one run's detail. */
export interface RunSide {
  id: string;
  histogram: { pooled: HistogramBin[]; byDomain: Record<string, HistogramBin[]> };
  latency: LatencySummary | null;
  latencyByDomain: Record<string, LatencySummary>;
  successBreakdown: Record<string, SignalBreakdownCounts>;
  tokens: TokenTotals;
}

/** An entry of the run picker. */
export interface PickerRun {
  id: string;
  state: string;
  scenarioCount: number;
  startedAt: string | null;
}
