/**
 * What changed in a run since the previous run of its suite (`views/run-changes.ts`), as it crosses to
 * the browser: zod schemas, the types inferred from them, MCP's output schemas derived from them.
 */
import { z } from "zod";
import { ChangeListsSchema, FailureMarkSchema, type FailureMark } from "@/lib/core/run-changes";
import { RunStateSchema } from "@/lib/core/run-state";
import type { Cell } from "@/lib/core/trends/strip";

export type { FailureMark };

export const PreviousRunSchema = z.object({
  id: z.string(),
  startedAt: z.string().nullable(),
  state: RunStateSchema,
});
export type PreviousRun = z.infer<typeof PreviousRunSchema>;

/** The success rate's change since the previous run, and the paired test over both. */
export const SuccessChangeSchema = z.object({
  /** The previous run's and this run's success rates (fractions), as the run pages show them; over the scenarios both finished when `likeForLike` is set. */
  before: z.number().nullable(),
  after: z.number().nullable(),
  /** after − before, a fraction; `null` when either is unknown. */
  delta: z.number().nullable(),
  /** `null`: both runs finished, compared by their own rates. Else one of them did not, and the rates are over this many scenarios finished in both (like for like). */
  likeForLike: z.number().nullable(),
  /** The paired McNemar exact test over the scenarios with a verdict in both runs. */
  pValue: z.number().nullable(),
  paired: z.number(),
});

/**
 * `GET /api/runs/{id}/changes`, the run page's "what changed" line and MCP `get_run`'s `previous`: one
 * contract, with the change vocabulary's lists (`ChangeListsSchema`, lib/core/run-changes.ts).
 */
export const RunChangesSchema = ChangeListsSchema.extend({
  runId: z.string(),
  /** The previous run of the same suite (same queue), the default baseline; `null` for a suite's first run. */
  previous: PreviousRunSchema.nullable(),
  /** Runs of the suite up to and including this one. */
  suiteRuns: z.number(),
  /** What changed in the setup (run arguments, prompts, tools), one line each, redacted, as compare and `check` name it; `[]` when nothing did or without a previous run. */
  setup: z.array(z.string()),
  success: SuccessChangeSchema,
  /** Each failing scenario's mark (new, still failing since, flaky), by name. */
  marks: z.record(z.string(), FailureMarkSchema),
});
export type RunChanges = z.infer<typeof RunChangesSchema>;

/** The runs list's change column of one run (`vsPrevious` of `GET /api/runs`' items). */
export const ListChangeSchema = z.object({
  previous: z.string(),
  /** Success rate now − before (a fraction), `null` when either is unknown (or, for a run that did not finish, while indexing). */
  delta: z.number().nullable(),
  /** As `RunChanges.success.likeForLike`: `null` for two finished runs, else the scenarios finished in both that `delta` is over. */
  likeForLike: z.number().nullable(),
  /** `null` while the index is still being read. */
  newFailures: z.number().nullable(),
});
export type ListChange = z.infer<typeof ListChangeSchema>;

/** One scenario across its suite's runs, oldest first: the scenario page's strip. */
export interface ScenarioAcrossRuns {
  runs: Array<{ id: string; startedAt: string | null; cell: Cell }>;
  /** Suite runs before the ones shown. */
  earlier: number;
}
