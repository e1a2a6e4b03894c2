/**
 * The registry of figures (issue 55): each figure a user sees, defined once — its name, where it
 * comes from, its unit and how it is written. Pages, the export, `report`, `check` (text and JSON)
 * and MCP read names and formats here, never a map of their own. A rate is named as all_summary.txt
 * names it (`summary-text.ts` prints these very labels): a shorter form may stand beside it, never
 * instead of it.
 */
// Types only from aggregates: summary-text.ts (which aggregates imports) reads these names at load.
import type { Rate, RateName } from "./aggregates";
import { count, duration, ms, rateText } from "./format";

/** Where a figure is read from. */
export type FigureSource = "metrics.json" | "logs" | "recording";

export interface RateFigure {
  /** As all_summary.txt prints it (`Overall Success Rate`). */
  label: string;
  /** What the denominator counts. */
  counts: "scenarios" | "predicates" | "assertions";
  source: "metrics.json";
  /** A fraction written as a percentage, or a mean score. */
  unit: "fraction" | "score";
}

export const RATE_FIGURES: Readonly<Record<RateName, RateFigure>> = {
  success_rate: { label: "Overall Success Rate", counts: "scenarios", source: "metrics.json", unit: "fraction" },
  task_success_rate: { label: "Task Success Rate (excl. clean_exit)", counts: "scenarios", source: "metrics.json", unit: "fraction" },
  action_match_rate: { label: "Action-list match", counts: "scenarios", source: "metrics.json", unit: "fraction" },
  db_state_success_rate: { label: "DB-State match", counts: "scenarios", source: "metrics.json", unit: "fraction" },
  db_state_assertion_success_rate: { label: "DB-State-Assertion pass", counts: "predicates", source: "metrics.json", unit: "fraction" },
  nl_assertion_success_rate: { label: "NL-Assertion pass", counts: "assertions", source: "metrics.json", unit: "fraction" },
  judge_score_mean: { label: "Judge score mean", counts: "scenarios", source: "metrics.json", unit: "score" },
  judge_pass_rate: { label: "Judge passed (>= threshold)", counts: "scenarios", source: "metrics.json", unit: "fraction" },
  clean_exit_rate: { label: "Clean exit", counts: "scenarios", source: "metrics.json", unit: "fraction" },
};

/** The composite rate with each retried scenario counted as the failure its first attempt was (issue 45): not a harness line, named after the harness's rate. */
export const WITHOUT_RETRIES_LABEL = `${RATE_FIGURES.success_rate.label} without retries`;

/** The harness's name of a rate. */
export function rateLabel(name: RateName): string {
  return RATE_FIGURES[name].label;
}

/** Whether the rate is a mean score rather than a fraction. */
export function isMeanRate(name: RateName): boolean {
  return RATE_FIGURES[name].unit === "score";
}

/** A rate's value as every surface writes it: `66.67%`, `0.790` for the judge score mean, `N/A` when empty. */
export function rateValueText(name: RateName, rate: Rate | undefined): string {
  return rateText(rate, isMeanRate(name));
}

/** Every rate's harness name, for a JSON answer (`check --json`, MCP) beside the rates keyed by name. */
export function rateLabels(): Record<RateName, string> {
  return Object.fromEntries(Object.entries(RATE_FIGURES).map(([n, f]) => [n, f.label])) as Record<RateName, string>;
}

/** A figure that is not a rate: its name, source, unit and format. */
export interface Figure {
  label: string;
  source: FigureSource;
  unit: "ms" | "s" | "count" | "tokens";
  format: (value: number | null | undefined) => string;
}

const countText = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? "unknown" : count(v));

export const FIGURES = {
  latency_p50: { label: "Latency p50", source: "metrics.json", unit: "ms", format: (v) => ms(v) },
  latency_p95: { label: "Latency p95", source: "metrics.json", unit: "ms", format: (v) => ms(v) },
  latency_mean: { label: "Latency mean", source: "metrics.json", unit: "ms", format: (v) => ms(v) },
  scenario_duration: { label: "Scenario duration", source: "metrics.json", unit: "s", format: duration },
  agent_llm_calls: { label: "Agent LLM calls", source: "metrics.json", unit: "count", format: countText },
  user_llm_calls: { label: "User LLM calls", source: "metrics.json", unit: "count", format: countText },
  agent_tokens_per_scenario: { label: "Agent tokens per scenario", source: "metrics.json", unit: "tokens", format: countText },
  user_tokens_per_scenario: { label: "User tokens per scenario", source: "metrics.json", unit: "tokens", format: countText },
  tokens_total: { label: "Tokens", source: "metrics.json", unit: "tokens", format: countText },
} as const satisfies Record<string, Figure>;

export type FigureName = keyof typeof FIGURES;
