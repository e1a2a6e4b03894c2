/** One scenario's contribution to its run's rollup, from what was read of it. */
import { cutText } from "../bounded-text";
import { domainOf } from "../domain";
import type { AsrDiff } from "../insights/asr-diff";
import { misheardWords } from "./patterns";
import type { RollupItem } from "./rollup";
import type { ScenarioTimingResult } from "./scenario-timing";

export interface RollupItemInput {
  name: string;
  result: ScenarioTimingResult;
  metrics: Record<string, unknown> | null;
  judgeReason: string | null;
  /** The parsed agent context, `null` when missing or unparseable. */
  agentContext: readonly unknown[] | null;
  asr: AsrDiff | null;
}

export function isJudgeError(reason: string | null): boolean {
  return reason !== null && /^\s*Error:/.test(reason);
}

function cutOrNull(text: string | null): string | null {
  return text === null ? null : cutText(text);
}

export function rollupItem(x: RollupItemInput): RollupItem {
  const { timing, raw } = x.result;
  const m = x.metrics;
  return {
    name: x.name,
    domain: domainOf(x.name),
    raw,
    slowest: timing.slowest,
    over60: timing.over_60s,
    flowKinds: timing.flow.findings.map((f) => f.kind),
    wall: timing.wall,
    logged: timing.wall.start_ms !== null || timing.metrics_source !== "none" || raw.latencies.agent.length + raw.latencies.user.length > 0,
    // A row's bound (a traceback of a megabyte is legal): the rollup counts reasons by this text.
    stopReason: cutOrNull(typeof m?.stop_reason === "string" ? m.stop_reason : timing.stop_reason),
    judgeScore: m?.judge_score,
    scenarioDuration: m?.scenario_duration,
    misheard: misheardWords(x.asr),
    fabrications: timing.flow.findings.filter((f) => f.kind === "fabrication").length,
    judgeError: isJudgeError(x.judgeReason),
    missingDbHash: m !== null && "db_state_actual_hash" in m && m.db_state_actual_hash === null,
    emptyAgentContext: x.agentContext !== null && x.agentContext.length === 0,
  };
}
