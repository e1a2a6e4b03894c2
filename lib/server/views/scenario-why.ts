/** `scenarioWhy` over a scenario's detail and its run's facts: the scenario report and the MCP server ask it the same way. */
import "server-only";
import { scenarioWhy, type ScenarioWhy } from "@/lib/core/insights/scenario-why";
import type { LikelyCausesInput } from "@/lib/core/insights/likely-causes";
import type { RunFacts } from "@/components/scenario/types";
import type { ScenarioDetail } from "@/lib/shared/dto";

export function whyOfDetail(
  detail: ScenarioDetail,
  facts: Pick<RunFacts, "judgeThreshold" | "latencyP95Ms" | "agentTurnCount">,
  audio: LikelyCausesInput["audio"] = null,
  divergence: LikelyCausesInput["divergence"] = null,
): ScenarioWhy {
  return scenarioWhy({
    row: detail.row,
    metrics: detail.metrics,
    judge: detail.judge,
    conversation: detail.conversation,
    segments: detail.segments,
    hints: detail.insights.hints,
    flowFindings: detail.timing?.flow.findings ?? null,
    present: (p) => detail.files.some((f) => f.path === p && f.present),
    judgeThreshold: facts.judgeThreshold,
    runP95Ms: facts.latencyP95Ms,
    agentTurnCount: facts.agentTurnCount,
    audio,
    divergence,
    asr: detail.insights.asr,
  });
}
