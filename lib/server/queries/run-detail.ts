/**
 * A run's detail and a page of its scenario table, as the run page, `GET /api/runs/{id}[/scenarios]`
 * and MCP's `get_run` / `list_scenarios` ask for them: one function each, so no surface puts the
 * pieces together its own way (the search reading the judge reasons first, the suite's new failures).
 */
import "server-only";
import { runSummaryJson } from "@/lib/core";
import type { RunDetail, ScenarioPage } from "@/lib/shared/dto";
import type { ScenarioQuery } from "@/lib/shared/scenario-query";
import type { Store } from "../live/store";
import type { RunModel } from "../model/run-model";
import { withNewFailures } from "../views/run-changes";
import { queryScenarios, runAnalysis, runDetail } from "../views/run-views";

/** `GET /api/runs/{id}`'s body: the run detail and the harness's summary JSON (MCP's `get_run` reads the same). */
export function runBody(run: RunModel, now?: number): RunDetail & { summary: ReturnType<typeof runSummaryJson> } {
  return { ...runDetail(run, now), summary: runSummaryJson(runAnalysis(run)) };
}

/** One page of the scenario table: the search reads the judge reasons first when it has a text to look for; `quick=new` asks the suite. */
export async function scenarioRowsPage(store: Store, run: RunModel, query: ScenarioQuery): Promise<ScenarioPage> {
  if (query.q) await store.sync.withSearchTexts(run);
  return queryScenarios(run, withNewFailures(store.index, run, query));
}
