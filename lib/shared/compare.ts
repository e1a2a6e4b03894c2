/**
 * `GET /api/compare` and the compare page's props, typed once: lib/server/views/compare.ts returns
 * these types, so the server and the components cannot drift apart.
 */
import type { Change, ComparedScenario, PairedTest, VerdictMatrix } from "@/lib/core/compare";
import type { JudgeMeanNote } from "@/lib/core/judge-score";
import type { HistogramBin, LatencySummary, Rate, RateName, SignalBreakdownCounts, TokenTotals } from "./dto";
import type { CompareLabel } from "./ledger";
import type { RetryComparison } from "@/lib/core/compare-retries";

export type { RetryComparison };

export type { Change, CountedVerdict, JudgeCell, PairedTest, SignalFlip, Stability, VerdictMatrix } from "@/lib/core/compare";
export type { HistogramBin, JudgeMeanNote, LatencySummary, Rate, RateName, SignalBreakdownCounts, TokenTotals };

export interface CompareWarning {
  kind:
    | "scenario_set"
    | "min_agent_turns"
    | "judge"
    | "judge_threshold"
    | "whitelist"
    | "partial"
    | "stalled"
    | "retry_flags"
    | "retried_change"
    | "judge_sections"
    | "end_policy";
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

export interface LatencySide {
  pooled: LatencySummary | null;
  byDomain: Record<string, LatencySummary>;
}

/** One baseline against one other run. */
export interface PairComparison {
  run: string;
  scenarios: Array<ComparedScenario & { nlAssertions: NlFlip[] }>;
  counts: Record<Change, number>;
  tests: { success: PairedTest; task: PairedTest };
  /** `null`: both runs finished, `rates` and `perDomain` are their own. Else one did not, and they are over this many scenarios finished in both (like for like, lib/core/run-changes.ts). */
  likeForLike: number | null;
  rates: Record<RateName, RateDelta>;
  /** Each run's judge-score mean over its valid scores, beside the harness's (which a NaN makes `nan`). */
  judgeScores: { base: JudgeMeanNote; other: JudgeMeanNote };
  perDomain: Record<string, Record<string, RateDelta & { small: boolean }>>;
  latency: { base: LatencySide; other: LatencySide; p50Delta: number | null; p95Delta: number | null };
  tokens: { base: TokenTotals; other: TokenTotals; delta: { agent: number; user: number } };
  warnings: CompareWarning[];
  /** Automatic retries of both runs side by side, and the fixed/regressed scenarios retried in one run only (issue 45). */
  retries: RetryComparison;
}

/** `GET /api/compare`: the first pair's headline at the top level, every pair in `comparisons`. */
export interface CompareResult {
  base: string;
  runs: string[];
  scenarios: Array<Pick<ComparedScenario, "name" | "base" | "other" | "change" | "baseStalled" | "otherStalled">>;
  counts: Record<Change, number>;
  tests: { success: PairedTest; task: PairedTest };
  warnings: CompareWarning[];
  comparisons: PairComparison[];
  /** The verdict matrix across all runs, from three runs up. */
  matrix: VerdictMatrix | null;
}

/** One row of the scenario table (one scenario, baseline against one other run). */
export interface CompareRow extends ComparedScenario {
  nl: NlFlip[];
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
