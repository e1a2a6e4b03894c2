/** Building a fold record from a scenario folder's texts, reading side files only when the fold needs them. */
import { readJudge, type JudgeRead } from "./evidence/judge";
import { nlPassedFromJudge, type ScenarioRecord } from "./fold";
import type { Problem } from "./problems";
import { contextAssistantCount } from "./evidence/llm-context";
import { nCallsOf } from "./stall";
import { latencyValues } from "./latency";

/** The fold reads `judge_result.json` only for records with a numeric `nl_assertion_pass_rate` (§4.7 step 7). */
export function needsJudgeResult(metrics: Record<string, unknown>): boolean {
  return typeof metrics.nl_assertion_pass_rate === "number";
}

/** The agent context is the stall-count fallback, read only when `n_calls` is not an integer (§4.6). */
export function needsAgentContext(metrics: Record<string, unknown>): boolean {
  return nCallsOf(metrics) === null;
}

export interface SideTexts {
  /** `judge_result.json` text, `null` when absent or not read. */
  judgeText: string | null;
  /** `bot_logs_agent/llm_context.json` text, `null` when absent or not read. */
  agentContextText: string | null;
}

/** `judge`: `judge_result.json` as the one reader read it (when given), so no caller reads it again. */
export function recordFromTexts(
  name: string,
  metrics: Record<string, unknown>,
  side: SideTexts,
): { record: ScenarioRecord; problems: Problem[]; judge: JudgeRead | null } {
  const problems: Problem[] = [];
  let nlPassed: boolean[] | null = null;
  const judge = side.judgeText === null ? null : readJudge(side.judgeText, { redact: false });
  if (judge) {
    problems.push(...judge.problems);
    // The fold counts verdicts with the harness's truthiness, from the file as stored.
    if (judge.stored !== undefined) nlPassed = nlPassedFromJudge(judge.stored);
  }
  const agentContextAssistantCount = side.agentContextText === null ? null : contextAssistantCount(side.agentContextText);
  return { record: { name, metrics, nlPassed, agentContextAssistantCount }, problems, judge };
}

/**
 * What the live index keeps of a `metrics.json`: everything the fold, the summary text and the
 * scenario rows read, without the transcripts (`turns` text, latency transcripts, `trace_metrics`),
 * which the scenario page re-reads from disk on demand.
 */
export function slimMetrics(metrics: Record<string, unknown>): Record<string, unknown> {
  const slim: Record<string, unknown> = {};
  for (const key in metrics) {
    if (!Object.hasOwn(metrics, key)) continue;
    const value = metrics[key];
    if (key === "turns") {
      // The summary only falls back on the number of turns.
      if (typeof metrics.total_turns !== "number") slim.turns = Array.isArray(value) ? value.map(() => null) : value;
    } else if (key === "latencies") {
      // Kept as the bare numbers (`latencyValues` reads both shapes): a fraction of the memory.
      slim.latencies = Array.isArray(value) ? latencyValues(metrics) : value;
    } else if (key === "success_breakdown" || key === "stop_reason") {
      // The same few signal names and stop reasons in every scenario: one string each, not one per scenario.
      slim[key] = interned(value);
    } else if (key !== "trace_metrics" && key !== "scenario_directory" && key !== "__proto__") {
      slim[key] = value;
    }
  }
  return slim;
}

const INTERNED = new Map<string, string>();
/** Bounds the table against data that is not a small closed set of names. */
const MAX_INTERNED = 4096;

/** `value` with its strings (in arrays and one level of object) replaced by a shared copy. */
function interned(value: unknown): unknown {
  if (typeof value === "string") return internedString(value);
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  // Plain loops: this runs for every metrics.json of a scan.
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (key === "__proto__") continue;
    const v = (value as Record<string, unknown>)[key];
    if (Array.isArray(v)) {
      const list = new Array<unknown>(v.length);
      for (let i = 0; i < v.length; i++) list[i] = internedString(v[i]);
      out[key] = list;
    } else out[key] = internedString(v);
  }
  return out;
}

function internedString(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const hit = INTERNED.get(v);
  if (hit !== undefined) return hit;
  if (INTERNED.size < MAX_INTERNED) INTERNED.set(v, v);
  return v;
}
