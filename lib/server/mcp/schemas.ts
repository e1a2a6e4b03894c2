/**
 * Output schemas shared by the MCP tools (zod, as the SDK wants them). Objects that mirror an API
 * DTO are loose: a field another issue adds to the DTO passes through without breaking a client
 * that validates against the published schema.
 */
import "server-only";
import { z } from "zod";
import { RATE_NAMES } from "@/lib/core/aggregates";

export const Num = z.number().nullable();

/** A rate as k of n (`value` null: nothing measured, "unknown", never 0; `k` null: a sum a judge error made unknown). */
export const RateOut = z.object({ value: Num, k: Num, n: z.number() });
export const RatesOut = z.object(Object.fromEntries(RATE_NAMES.map((n) => [n, RateOut])) as Record<(typeof RATE_NAMES)[number], typeof RateOut>);

/** A rate with its 95% Wilson interval (null for a mean or an empty bucket). */
export const RateWithInterval = RateOut.extend({ low: Num, high: Num });

export const ProblemOut = z.object({ file: z.string(), kind: z.string(), message: z.string() });

/** Where the rest is: how many more items there are and the call that gives them; `null` when this is all. */
export const More = z.string().nullable();

const Verdict = z.union([z.boolean(), z.literal("N/A")]);

/** One row of the run table, as `GET /api/runs/{id}/scenarios` gives it. */
export const ScenarioRowOut = z.looseObject({
  name: z.string(),
  domain: z.string(),
  verdict: Verdict,
  task_verdict: Verdict,
  success_breakdown: z.looseObject({
    passed: z.array(z.string()),
    failed: z.array(z.string()),
    not_applicable: z.array(z.string()),
    excluded: z.array(z.string()),
  }),
  stop_reason: z.string().nullable(),
  judge_score: Num,
  judge_error: z.string().nullable(),
  judge_passed: z.boolean().nullable(),
  nl_assertion_pass_rate: Num,
  db_state_assertion_pass_rate: Num,
  db_state_match: z.boolean().nullable(),
  is_action_match: Verdict.nullable(),
  latency_p50_ms: Num,
  latency_p95_ms: Num,
  latency_count: z.number(),
  turns: z.number(),
  duration_seconds: Num,
  tokens: z.looseObject({ agent: z.number(), user: z.number() }),
  stalled: z.boolean(),
  problems: z.array(ProblemOut),
  outside_queue: z.string().optional(),
  /** Texts and lists cut to their bound, by field, with their full length (characters, or items of a list). */
  cut: z.record(z.string(), z.number()).optional(),
});
