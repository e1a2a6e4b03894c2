/** `/api/runs/{id}/timing`, `/api/runs/{id}/report.md` and `/api/runs/{id}/scenarios/{name}/report.md`. */
import "server-only";
import { json, error } from "./respond";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { scenarioDetail } from "../views/scenario-detail";
import { runAnalysis } from "../views/run-views";
import { runFactsOf } from "../views/run-facts";
import { runReportExtras, runReportText, scenarioReportText } from "../timing/report";
import { timingService } from "../timing/service";

export async function timingRoute(index: ResultsIndex, run: RunModel): Promise<Response> {
  return json(await timingService(index).runTiming(run));
}

function markdown(text: string, filename: string): Response {
  return new Response(text, {
    headers: {
      "content-type": "text/markdown; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]+/g, "_")}"`,
    },
  });
}

export async function runReportRoute(index: ResultsIndex, run: RunModel): Promise<Response> {
  const timing = await timingService(index).runTiming(run);
  const problems = new Map([...run.scenarios.values()].map((s) => [s.name, [...s.problems]]));
  const analysis = runAnalysis(run);
  const res = markdown(runReportText(run.id, analysis, problems, timing, null, await runReportExtras(run, analysis)), `${run.id}-report.md`);
  res.headers.set("x-timing-pending", String(timing.pending));
  return res;
}

export async function scenarioReportRoute(run: RunModel, name: string): Promise<Response> {
  const detail = await scenarioDetail(run, name, { contexts: false });
  if (!detail) return error(404, "unknown scenario");
  return markdown(scenarioReportText(detail, runFactsOf(run, name)), `${run.id}-${name}-report.md`);
}
