/**
 * `GET /api/compare` and the compare page's props, typed once: lib/server/views/compare.ts returns
 * these types, so the server and the components cannot drift apart. What MCP's `compare_runs` says
 * of a pair as the API does is a zod schema here (`PairHeadSchema`), which MCP's output extends.
 */
import { z } from "zod";
import { CHANGES, type Change, type ComparedScenario, type PairedTest, type VerdictMatrix } from "@/lib/core/compare";
import type { JudgeMeanNote } from "@/lib/core/judge-score";
import type { HistogramBin, LatencySummary, Rate, RateName, SignalBreakdownCounts, TokenTotals } from "./dto";
import type { CompareLabel } from "./ledger";
import type { RetryComparison } from "@/lib/core/compare-retries";

export type { RetryComparison };

export type { Change, CountedVerdict, JudgeCell, PairedTest, SignalFlip, Stability, VerdictMatrix } from "@/lib/core/compare";
export type { HistogramBin, JudgeMeanNote, LatencySummary, Rate, RateName, SignalBreakdownCounts, TokenTotals };

export const COMPARE_WARNING_KINDS = [
  "scenario_set",
  "min_agent_turns",
  "judge",
  "judge_threshold",
  "whitelist",
  "partial",
  "stalled",
  "retry_flags",
  "retried_change",
  "judge_sections",
  "end_policy",
] as const;

export const CompareWarningSchema = z.object({ kind: z.enum(COMPARE_WARNING_KINDS), message: z.string() });
export type CompareWarning = z.infer<typeof CompareWarningSchema>;

export interface RateDelta {
  base: Rate;
  other: Rate;
  delta: number | null;
}

/** An NL assertion whose verdict differs between the runs. */
export const NlFlipSchema = z.object({ assertion: z.string(), base: z.boolean().nullable(), other: z.boolean().nullable() });
export type NlFlip = z.infer<typeof NlFlipSchema>;

export interface LatencySide {
  pooled: LatencySummary | null;
  byDomain: Record<string, LatencySummary>;
}

/**
 * What `GET /api/compare` and MCP `compare_runs` both say of one pair, as they both say it: MCP's
 * pair extends this schema with its reshaped parts (rates as k/n, capped name lists).
 */
export const PairHeadSchema = z.object({
  /** The other run's id. */
  run: z.string(),
  /** Scenarios by change (lib/core/compare.ts `changeOf`). */
  counts: z.record(z.enum(CHANGES), z.number()),
  /** `null`: both runs finished, `rates` and `perDomain` are their own. Else one did not, and they are over this many scenarios finished in both (like for like, lib/core/run-changes.ts). */
  likeForLike: z.number().nullable(),
  warnings: z.array(CompareWarningSchema),
});

/** One baseline against one other run. */
export interface PairComparison extends z.infer<typeof PairHeadSchema> {
  scenarios: Array<ComparedScenario & { nlAssertions: NlFlip[] }>;
  tests: { success: PairedTest; task: PairedTest };
  rates: Record<RateName, RateDelta>;
  /** Each run's judge-score mean over its valid scores, beside the harness's (which a NaN makes `nan`). */
  judgeScores: { base: JudgeMeanNote; other: JudgeMeanNote };
  perDomain: Record<string, Record<string, RateDelta & { small: boolean }>>;
  latency: { base: LatencySide; other: LatencySide; p50Delta: number | null; p95Delta: number | null };
  tokens: { base: TokenTotals; other: TokenTotals; delta: { agent: number; user: number } };
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
