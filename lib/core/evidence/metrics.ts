/**
 * The one reader of `metrics.json` (ARTIFACTS.md §1.6), the only file a finished scenario always has:
 * the scan, the scenario page, the timing pass and every surface after them read it through
 * `readMetrics`. Unlike the other artifacts, a malformed field is kept as stored besides being named:
 * the fold reads the object with Python semantics, as the harness did when it scored the run.
 */
import { parseJson } from "../json";
import { isLegacyValue } from "../legacy-values";
import { droppedKeysProblem, problem } from "../problems";
import { schemaMessage } from "../schema-message";
import { MetricsSchema } from "../schemas";
import { notJsonProblem, type Read } from "./json-artifact";

/**
 * `metrics.json`. The fold reads the raw object with Python semantics, so any JSON object is kept;
 * fields of unexpected types are reported but do not drop the record.
 */
export function readMetrics(text: string): Read<Record<string, unknown>> {
  const file = "metrics.json";
  const parsed = parseJson(text);
  if (!parsed.ok) return { value: null, problems: [notJsonProblem(file, text, parsed.error)] };
  const raw = parsed.value;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { value: null, problems: [problem(file, "schema", "expected a JSON object")] };
  // The scan reads every metrics.json: a quick type check first, zod (for its message) only on a mismatch.
  const dropped = droppedKeysProblem(file, parsed.dropped);
  if (metricsLookRight(raw as Record<string, unknown>)) return { value: raw as Record<string, unknown>, problems: dropped };
  const checked = MetricsSchema.safeParse(raw);
  // A documented legacy value (legacy-values.ts) is a note on the scenario page, not a problem.
  const issues = checked.success
    ? []
    : checked.error.issues.filter((i) => !(i.path.length === 1 && isLegacyValue(String(i.path[0]), (raw as Record<string, unknown>)[i.path[0] as string])));
  const problems = checked.success || issues.length === 0 ? dropped : [...dropped, problem(file, "schema", schemaMessage({ issues }, raw))];
  return { value: raw as Record<string, unknown>, problems };
}

const isNum = (v: unknown) => typeof v === "number";
const isBool = (v: unknown) => typeof v === "boolean";
const isStr = (v: unknown) => typeof v === "string";
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const boolOrNA = (v: unknown) => isBool(v) || v === "N/A";

/** The top-level field types of MetricsSchema, checked by hand; `false` sends the file through zod. */
const METRIC_FIELDS: Record<string, (v: unknown) => boolean> = {
  total_turns: isNum,
  duration_seconds: isNum,
  turns: Array.isArray,
  latency_stats: (v) => isObj(v) && ["count", "mean_ms", "p50_ms", "p95_ms", "min_ms", "max_ms"].every((k) => isNum(v[k])),
  latencies: (v) => Array.isArray(v) && v.every((l) => isObj(l) && isNum(l.latency_ms)),
  scenario_name: isStr,
  scenario_directory: isStr,
  scenario_duration: isNum,
  stop_reason: isStr,
  clean_exit: isBool,
  insufficient_agent_turns: isBool,
  is_action_match: boolOrNA,
  judge_score: isNum,
  judge_passed: isBool,
  token_usage: (v) =>
    isObj(v) && ["agent", "user"].every((side) => v[side] === undefined || (isObj(v[side]) && isNum((v[side] as Record<string, unknown>).n_calls))),
  db_state_expected_hash: isStr,
  db_state_match: isBool,
  db_state_actual_hash: (v) => v === null || isStr(v),
  nl_assertion_pass_rate: isNum,
  db_state_assertion_verdicts: (v) => Array.isArray(v) && v.every((d) => isObj(d) && isStr(d.func_name)),
  db_state_assertion_pass_rate: isNum,
  success_breakdown: (v) =>
    isObj(v) &&
    ["passed", "failed", "not_applicable", "excluded"].every((k) => v[k] === undefined || (Array.isArray(v[k]) && (v[k] as unknown[]).every(isStr))),
  is_successful: boolOrNA,
  is_task_successful: isBool,
};

function metricsLookRight(m: Record<string, unknown>): boolean {
  for (const key in m) {
    const check = Object.hasOwn(METRIC_FIELDS, key) ? METRIC_FIELDS[key] : undefined;
    if (check && m[key] !== undefined && !check(m[key])) return false;
  }
  return true;
}
