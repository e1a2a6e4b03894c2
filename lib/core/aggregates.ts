/**
 * The run's aggregates as plain JSON, under the harness's own rate names. This is what
 * `summary --json` prints and what the HTTP API serves.
 */
import { z } from "zod";
import { compareCodePoints } from "./domain";
import type { Bucket, Fold, ScenarioRecord } from "./fold";
import { latencySummary, type LatencySummary } from "./latency";
import { countTrue, pysum } from "./py";
import { pooledLatencies, scenarioDuration, totalTurns } from "./summary-text";

/** A number that may be NaN (a judge error in a mean's sum): JSON writes it `null`, read back here as NaN. */
const MaybeNaN = z.preprocess((v) => (v === null ? Number.NaN : v), z.union([z.number(), z.nan()]));

/** A rate as every surface sends it (the API's runs list and run detail, compare, the index cache): one contract. */
export const RateSchema = z.object({
  /** numerator ÷ denominator (for `judge_score_mean`, the mean score); `null` for an empty bucket. */
  value: z.union([z.number(), z.nan()]).nullable(),
  numerator: MaybeNaN,
  denominator: z.number(),
});
export type Rate = z.infer<typeof RateSchema>;

export const RATE_NAMES = [
  "success_rate",
  "task_success_rate",
  "action_match_rate",
  "db_state_success_rate",
  "db_state_assertion_success_rate",
  "nl_assertion_success_rate",
  "judge_score_mean",
  "judge_pass_rate",
  "clean_exit_rate",
] as const;
export type RateName = (typeof RATE_NAMES)[number];
export type Rates = Record<RateName, Rate>;
/** Every rate by its name in `all_summary.txt`. */
export const RatesSchema = z.object(Object.fromEntries(RATE_NAMES.map((n) => [n, RateSchema])) as Record<RateName, typeof RateSchema>);

/** Which fold bucket each rate is computed from. */
export const RATE_BUCKET: Record<RateName, keyof Omit<Fold, "stalled" | "tokens">> = {
  success_rate: "success",
  task_success_rate: "task",
  action_match_rate: "action",
  db_state_success_rate: "db",
  db_state_assertion_success_rate: "dba",
  nl_assertion_success_rate: "nl",
  judge_score_mean: "judge_score",
  judge_pass_rate: "judge_pass",
  clean_exit_rate: "clean_exit",
};

export function boolRate(list: readonly boolean[]): Rate {
  const numerator = countTrue(list);
  // Divide as the harness does (count ÷ length); percentages are value × 100.
  return { value: list.length ? numerator / list.length : null, numerator, denominator: list.length };
}

export function meanRate(list: readonly number[]): Rate {
  const sum = pysum(list);
  return { value: list.length ? sum / list.length : null, numerator: sum, denominator: list.length };
}

function rateOfList(name: RateName, list: readonly (boolean | number)[]): Rate {
  return name === "judge_score_mean" ? meanRate(list as number[]) : boolRate(list as boolean[]);
}

export function ratesOf(fold: Fold): Rates {
  const out = {} as Rates;
  for (const name of RATE_NAMES) {
    out[name] = rateOfList(name, fold[RATE_BUCKET[name]].all);
  }
  return out;
}

/** Per-domain rates: `{ rate name: { domain: Rate } }`, domains in code-point order. */
export function perDomainRatesOf(fold: Fold): Record<RateName, Record<string, Rate>> {
  const out = {} as Record<RateName, Record<string, Rate>>;
  for (const name of RATE_NAMES) {
    const b = fold[RATE_BUCKET[name]] as Bucket<boolean> | Bucket<number>;
    // fromEntries defines own keys: a domain named `__proto__` stays data.
    out[name] = Object.fromEntries(
      [...b.byDomain.keys()].sort(compareCodePoints).map((domain) => [domain, rateOfList(name, b.byDomain.get(domain) as (boolean | number)[])]),
    );
  }
  return out;
}

export interface TokenTotals {
  agent: { n_calls: number; prompt: number; completion: number; total: number };
  user: { n_calls: number; prompt: number; completion: number; total: number };
  total: number;
}

export function tokenTotalsOf(fold: Fold): TokenTotals {
  const side = (t: Fold["tokens"]["agent"]) => ({ ...t, total: t.prompt + t.completion });
  const agent = side(fold.tokens.agent);
  const user = side(fold.tokens.user);
  return { agent, user, total: agent.total + user.total };
}

export interface RunAggregates {
  scenario_count: number;
  queue_length: number;
  min_agent_turns: number;
  rates: Rates;
  per_domain: Record<RateName, Record<string, Rate>>;
  latency: LatencySummary | null;
  tokens: TokenTotals;
  stalled: string[];
  total_duration_seconds: number;
  total_turns: number;
}

export function aggregatesOf(records: readonly ScenarioRecord[], fold: Fold, queueLength: number, minAgentTurns: number): RunAggregates {
  const pool = pooledLatencies(records);
  let turns = 0;
  for (const r of records) turns += totalTurns(r.metrics);
  return {
    scenario_count: records.length,
    queue_length: queueLength,
    min_agent_turns: minAgentTurns,
    rates: ratesOf(fold),
    per_domain: perDomainRatesOf(fold),
    latency: pool.length ? latencySummary(pool, -1) : null,
    tokens: tokenTotalsOf(fold),
    stalled: [...fold.stalled],
    total_duration_seconds: pysum(records.map((r) => scenarioDuration(r.metrics))),
    total_turns: turns,
  };
}
