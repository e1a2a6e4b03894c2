/** The trends page's data (lib/server/trends.ts builds it): a suite's runs over time and its scenario × run strip. */
import { z } from "zod";
import type { RateName } from "@/lib/core/aggregates";
import type { StripRow, StripSort } from "@/lib/core/trends/strip";
import type { TrendRange } from "@/lib/core/trends/range";

export type { StripRow, StripSort };

/** A rate with its 95% Wilson band (`lo`/`hi` null for a mean or an empty bucket). */
export interface Band {
  v: number | null;
  lo: number | null;
  hi: number | null;
  k: number;
  n: number;
}

/** A paired McNemar test of success against an earlier run (the compare page's test). */
export interface PairedDrop {
  against: string;
  n: number;
  b: number;
  c: number;
  pValue: number;
  /** other − base, fraction. */
  estimate: number | null;
  low: number | null;
  high: number | null;
  /** A significant drop (b > c, p < 0.05). */
  drop: boolean;
  /** A significant rise. */
  rise: boolean;
}

export interface TrendRun {
  id: string;
  startedAt: string | null;
  state: string;
  completed: number;
  intended: number;
  rates: Record<RateName, Band>;
  /** The selected rate per domain. */
  domains: Record<string, Band>;
  /** Run arguments changed since the previous run of the suite ("judge_model: a → b"), for a tick on the time axis. */
  setupChanges: string[];
  /**
   * Why this night is not like for like with the one before (issue 57): calls ended under another
   * conversation-end policy or inactivity timeout, a domain whose scoring changed. One sentence each.
   */
  notComparable: string[];
  /** Domains whose scoring changed since the night before: what moved, in which scenarios (the first 20). */
  scoringChanges: Array<{ domain: string; scenarios: string[]; scenarioCount: number; what: string[] }>;
  /** Judge errors (NaN scores) in the run: left out of the judge mean, shown as their own series. */
  judgeErrors: number;
  p50: number | null;
  p95: number | null;
  /** Mean agent and user tokens per finished scenario. */
  tokens: { agent: number; user: number } | null;
  vsPrevious: PairedDrop | null;
  vsBaseline: PairedDrop | null;
  /** The suite's run before this one (also for the first run in the range), for "compare with previous". */
  previous: string | null;
  /** Outside the band of the suite's trailing runs (lib/core/trends/anomaly.ts), or null. */
  anomaly: { direction: "drop" | "rise"; pValue: number; expected: number; trailing: number } | null;
  /** Scenarios failing here that passed in the previous run (not flaky), the first 20. */
  newFailures: string[];
  newFailureCount: number;
  /** Scenarios that passed in the previous run and stalled here (not new failures: lib/core/run-changes.ts), the first 20. */
  nowStalled: string[];
  nowStalledCount: number;
  /** Scenarios retried automatically (`null`: retry provenance unknown) and the success rate without retries (issue 45). */
  retries: { retried: number | null; withoutRetries: Band | null };
}

/** A suite as /trends and MCP's `get_trends` list it: one contract, the DTO's type inferred from it. */
export const SuiteSummarySchema = z.object({
  /** Its first run's id: what `?suite=` takes. */
  id: z.string(),
  /** The suite's name as the runs list gives it (`nightly`: the folder its runs share; lib/shared/run-suites.ts). */
  name: z.string(),
  runCount: z.number(),
  scenarioCount: z.number(),
  newest: z.string(),
});
export type SuiteSummary = z.infer<typeof SuiteSummarySchema>;

export interface TrendsData {
  suites: SuiteSummary[];
  suite: SuiteSummary | null;
  runs: TrendRun[];
  rate: RateName;
  domains: string[];
  baseline: string | null;
  /** The time range shown: its runs of the suite's. */
  range: { value: TrendRange; shown: number; total: number };
  strip: { sort: StripSort; page: number; pageSize: number; total: number; failingEver: number; rows: StripRow[] };
}
