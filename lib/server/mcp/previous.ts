/**
 * The run before a run: the newest earlier run of its suite (the runs list's `queueKey`: runs that
 * queued the same scenarios), by start time as the runs list orders them.
 */
import "server-only";
import type { RunListItem } from "@/lib/shared/dto";
import type { ResultsIndex } from "../model/results-index";
import { runsList } from "../views/runs-list";

export function previousRunOf(index: ResultsIndex, id: string): RunListItem | null {
  const runs = runsList(index).runs;
  const at = runs.findIndex((r) => r.id === id);
  const self = runs[at];
  if (!self || !self.queueKey) return null;
  // Newest first: the previous run is the next one down with the same suite.
  return runs.slice(at + 1).find((r) => r.queueKey === self.queueKey) ?? null;
}
