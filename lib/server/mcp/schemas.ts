/**
 * Output schemas shared by the MCP tools (zod, as the SDK wants them). A shape the HTTP API sends
 * as well is the core's own schema (its DTO type is inferred from it), never a second copy; objects
 * that mirror an API DTO are loose: a field another issue adds passes through without breaking a
 * client that validates against the published schema.
 */
import "server-only";
import { z } from "zod";
import { RATE_NAMES } from "@/lib/core/aggregates";
import { ProblemSchema } from "@/lib/core/problems";
import { ScenarioRowSchema } from "@/lib/core/scenario-row";

export const Num = z.number().nullable();

/** A rate as k of n (`value` null: nothing measured, "unknown", never 0; `k` null: a sum a judge error made unknown). */
export const RateOut = z.object({ value: Num, k: Num, n: z.number() });
export const RatesOut = z.object(Object.fromEntries(RATE_NAMES.map((n) => [n, RateOut])) as Record<(typeof RATE_NAMES)[number], typeof RateOut>);

/** A rate with its 95% Wilson interval (null for a mean or an empty bucket) and its name as all_summary.txt and the pages give it. */
export const RateWithInterval = RateOut.extend({ low: Num, high: Num, label: z.string() });

/** A problem as every surface gives it (lib/core/problems.ts): one contract. */
export const ProblemOut = ProblemSchema;

/** Where the rest is: how many more items there are and the call that gives them; `null` when this is all. */
export const More = z.string().nullable();

/** One row of the run table, as `GET /api/runs/{id}/scenarios` gives it: the row's own schema (lib/core/scenario-row.ts), loose so a field added later passes. */
export const ScenarioRowOut = ScenarioRowSchema.loose();
