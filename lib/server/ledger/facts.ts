/** What the ledger needs to know about the scenarios of a run, read from the index (never from disk). */
import "server-only";
import { signalKey } from "@/lib/core/ledger-key";
import { scenarioRow, type ScenarioRow } from "@/lib/core/scenario-row";
import type { ResultsIndex } from "@/lib/server/model/results-index";
import type { RunModel } from "@/lib/server/model/run-model";
import { queryScenarios, runAnalysis } from "@/lib/server/views/run-views";

export interface ScenarioFacts {
  name: string;
  failing: boolean;
  signalKey: string;
  judgePassed: boolean | null;
}

export function factsOf(row: ScenarioRow): ScenarioFacts {
  return { name: row.name, failing: row.verdict === false, signalKey: signalKey(row.success_breakdown.failed, row.stalled), judgePassed: row.judge_passed };
}

/** Every finished scenario of the run, in summary order. */
export function runFacts(run: RunModel): ScenarioFacts[] {
  const rows = queryScenarios(run, { sort: "order", dir: "asc", offset: 0, limit: run.scenarios.size + 1 }).rows;
  return rows.map(factsOf);
}

export type Lookup = { ok: true; run: RunModel; facts: ScenarioFacts } | { ok: false; status: 404; reason: string };

export async function lookupScenario(index: ResultsIndex, runId: string, name: string): Promise<Lookup> {
  const run = index.runs.get(runId);
  if (!run) return { ok: false, status: 404, reason: "unknown run" };
  const entry = run.scenarios.get(name);
  if (!entry) return { ok: false, status: 404, reason: "unknown scenario" };
  // One row, not the whole run: a write costs the same on a 100k-scenario run.
  const row = entry.record ? scenarioRow(entry.record, runAnalysis(run).plan.minAgentTurns) : null;
  // A folder without a finished metrics.json: no failing signals yet.
  return { ok: true, run, facts: row ? factsOf(row) : { name, failing: false, signalKey: "", judgePassed: null } };
}
