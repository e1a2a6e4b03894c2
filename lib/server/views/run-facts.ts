/** The run-level facts a scenario page shows (threshold, stall rule, the scenario's agent call count): the live page and the export. */
import "server-only";
import { agentTurnCount, judgeThresholdOf } from "@/lib/core";
import type { RunFacts } from "@/components/scenario/types";
import type { RunModel } from "../model/run-model";
import { runAnalysis } from "./run-views";

export function runFactsOf(run: RunModel, name: string): RunFacts {
  const record = run.scenarios.get(name)?.record ?? null;
  const analysis = runAnalysis(run);
  return {
    id: run.id,
    judgeThreshold: judgeThresholdOf(run.runLevel.invocations[run.runLevel.invocations.length - 1]),
    minAgentTurns: analysis.plan.minAgentTurns,
    agentTurnCount: record ? agentTurnCount(record.metrics, record.agentContextAssistantCount) : null,
    latencyP95Ms: analysis.aggregates.latency && analysis.aggregates.latency.count > 0 ? analysis.aggregates.latency.p95_ms : null,
  };
}
