/** The runs list: every run's list item, newest first, with the index's own state. */
import "server-only";
import type { RunsResponse } from "@/lib/shared/dto";
import type { ResultsIndex } from "../model/results-index";
import { runListItem } from "./run-views";

export function runsList(index: ResultsIndex, nowMs = Date.now()): RunsResponse {
  const runs = [...index.runs.values()].map((r) => runListItem(r, nowMs));
  runs.sort((a, b) => (b.startedAt ?? "").localeCompare(a.startedAt ?? "") || b.id.localeCompare(a.id));
  const problems = index.rootProblems.map((p) => ({ path: p.path.slice(index.root.length + 1) || ".", message: p.message }));
  return { runs, version: index.version, problems, ...(index.indexing ? { indexing: { ...index.indexing } } : {}) };
}
