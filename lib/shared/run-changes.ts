/** What changed in a run since the previous run of its suite (`views/run-changes.ts`), as it crosses to the browser. */
import type { ChangeLists, FailureMark } from "@/lib/core/run-changes";
import type { RunState } from "@/lib/core/run-state";
import type { Cell } from "@/lib/core/trends/strip";

export type { FailureMark };

export interface PreviousRun {
  id: string;
  startedAt: string | null;
  state: RunState;
}

/** With the change vocabulary's lists (`ChangeLists`, lib/core/run-changes.ts): each scenario in at most one. */
export interface RunChanges extends ChangeLists {
  runId: string;
  /** The previous run of the same suite (same queue), the default baseline; `null` for a suite's first run. */
  previous: PreviousRun | null;
  /** Runs of the suite up to and including this one. */
  suiteRuns: number;
  /** What changed in the setup (run arguments, prompts, tools), one line each, redacted, as compare and `check` name it; `[]` when nothing did or without a previous run. */
  setup: string[];
  success: {
    /** The previous run's and this run's success rates (fractions), as the run pages show them; over the scenarios both finished when `likeForLike` is set. */
    before: number | null;
    after: number | null;
    /** after − before, a fraction; `null` when either is unknown. */
    delta: number | null;
    /** `null`: both runs finished, compared by their own rates. Else one of them did not, and the rates are over this many scenarios finished in both (like for like). */
    likeForLike: number | null;
    /** The paired McNemar exact test over the scenarios with a verdict in both runs. */
    pValue: number | null;
    paired: number;
  };
  /** Each failing scenario's mark (new, still failing since, flaky), by name. */
  marks: Record<string, FailureMark>;
}

/** The runs list's change column of one run. */
export interface ListChange {
  previous: string;
  /** Success rate now − before (a fraction), `null` when either is unknown (or, for a run that did not finish, while indexing). */
  delta: number | null;
  /** As `RunChanges.success.likeForLike`: `null` for two finished runs, else the scenarios finished in both that `delta` is over. */
  likeForLike: number | null;
  /** `null` while the index is still being read. */
  newFailures: number | null;
}

/** One scenario across its suite's runs, oldest first: the scenario page's strip. */
export interface ScenarioAcrossRuns {
  runs: Array<{ id: string; startedAt: string | null; cell: Cell }>;
  /** Suite runs before the ones shown. */
  earlier: number;
}
