/** The review queue's entry: the first failing scenario of a run that has no label yet. */
import "server-only";
import type { ResultsIndex } from "@/lib/server/model/results-index";
import type { RunModel } from "@/lib/server/model/run-model";
import { runTriage } from "./page-data";

/**
 * Calls `go` with the first unlabelled failure (a redirect, which throws), or returns true when the
 * queue is empty. An unavailable ledger counts as an empty queue; the triage card names the problem.
 */
export async function firstInQueue(index: ResultsIndex, run: RunModel, go: (name: string) => never): Promise<boolean> {
  const loaded = await runTriage(index, run);
  const first = loaded.ok ? loaded.value.summary.unreviewed[0] : undefined;
  if (first !== undefined) go(first);
  return true;
}
