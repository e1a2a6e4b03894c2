/** A table row for unit tests: a passing scenario with no measurements, changed by `over`. */
import type { ScenarioRow } from "@/lib/core/scenario-row";

export function testRow(name: string, over: Partial<ScenarioRow> = {}): ScenarioRow {
  return {
    name,
    domain: name.split("__")[0] ?? name,
    verdict: true,
    task_verdict: true,
    success_breakdown: { passed: [], failed: [], not_applicable: [], excluded: [] },
    stop_reason: "[EXIT]",
    judge_score: null,
    judge_error: null,
    judge_passed: null,
    nl_assertion_pass_rate: null,
    db_state_assertion_pass_rate: null,
    db_state_match: null,
    is_action_match: null,
    latency_p50_ms: null,
    latency_p95_ms: null,
    latency_count: 0,
    turns: 0,
    duration_seconds: 0,
    tokens: { agent: 0, user: 0 },
    stalled: false,
    retries: 0,
    retry_reasons: [],
    problems: [],
    ...over,
  };
}
