/**
 * Text → data for each per-scenario artifact. Every reader returns its value (or `null`) and the
 * problems it found; none throws.
 */
import { z } from "zod";
import { parseJson } from "./json";
import { isLegacyValue } from "./legacy-values";
import { droppedKeysProblem, problem, type Problem } from "./problems";
import { schemaMessage } from "./schema-message";
import {
  FinalAgentResponseSchema,
  LlmContextSchema,
  MetricsSchema,
  ReferenceAnswerSchema,
  ScenarioMetadataSchema,
  SegLstSchema,
  ToolsFileSchema,
  type ChatMessage,
  type ScenarioMetadata,
} from "./schemas";

export interface Read<T> {
  value: T | null;
  problems: Problem[];
}

/** Parses JSON and validates it; a schema mismatch is a problem, and `value` is then `null`. */
export function readJsonArtifact<T>(file: string, text: string, schema: z.ZodType<T>): Read<T> & { raw: unknown } {
  const parsed = parseJson(text);
  if (!parsed.ok) return { value: null, raw: undefined, problems: [problem(file, text.trim() ? "invalid-json" : "empty", parsed.error)] };
  const dropped = droppedKeysProblem(file, parsed.dropped);
  const checked = schema.safeParse(parsed.value);
  if (!checked.success) return { value: null, raw: parsed.value, problems: [...dropped, problem(file, "schema", schemaMessage(checked.error, parsed.value))] };
  return { value: checked.data, raw: parsed.value, problems: dropped };
}

/**
 * `metrics.json`. The fold reads the raw object with Python semantics, so any JSON object is kept;
 * fields of unexpected types are reported but do not drop the record.
 */
export function readMetrics(text: string): Read<Record<string, unknown>> {
  const file = "metrics.json";
  const parsed = parseJson(text);
  if (!parsed.ok) return { value: null, problems: [problem(file, text.trim() ? "invalid-json" : "empty", parsed.error)] };
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

/**
 * `llm_context.json`. Agent contexts run to megabytes, so messages are checked by hand (each an
 * object with a string `role`) rather than through the zod schema, which is several times slower.
 */
export function readLlmContext(file: string, text: string): Read<ChatMessage[]> & { raw: unknown } {
  const parsed = parseJson(text);
  if (!parsed.ok) return { value: null, raw: undefined, problems: [problem(file, text.trim() ? "invalid-json" : "empty", parsed.error)] };
  const raw = parsed.value;
  if (!Array.isArray(raw)) return { value: null, raw, problems: [problem(file, "schema", "expected a JSON array of chat messages")] };
  const bad = raw.findIndex((m) => !m || typeof m !== "object" || Array.isArray(m) || typeof (m as Record<string, unknown>).role !== "string");
  if (bad !== -1) {
    const checked = LlmContextSchema.safeParse(raw);
    return {
      value: null,
      raw,
      problems: [
        ...droppedKeysProblem(file, parsed.dropped),
        problem(file, "schema", checked.success ? `message ${bad} has no role` : schemaMessage(checked.error, raw)),
      ],
    };
  }
  return { value: raw as ChatMessage[], raw, problems: droppedKeysProblem(file, parsed.dropped) };
}

export function readMetadata(text: string): Read<ScenarioMetadata> {
  return readJsonArtifact("scenario_config/metadata.json", text, ScenarioMetadataSchema);
}

export function readReferenceAnswer(text: string): Read<unknown> {
  return readJsonArtifact("scenario_config/reference_answer.json", text, ReferenceAnswerSchema);
}

export function readFinalAgentResponse(text: string): Read<Record<string, unknown>[]> {
  return readJsonArtifact("final_agent_response.json", text, FinalAgentResponseSchema);
}

export function readSegLst(text: string) {
  return readJsonArtifact("conversation_log.seglst.json", text, SegLstSchema);
}

export function readTraceMetrics(file: string, text: string): Read<unknown> {
  return readJsonArtifact(file, text, z.unknown());
}

/** `*_tools.json`: a JSON string whose content is a JSON object — parsed twice (§1.15). */
export function readToolsFile(file: string, text: string): Read<Record<string, unknown>> {
  const outer = parseJson(text);
  if (!outer.ok) return { value: null, problems: [problem(file, text.trim() ? "invalid-json" : "empty", outer.error)] };
  const inner = typeof outer.value === "string" ? parseJson(outer.value) : outer;
  if (!inner.ok) return { value: null, problems: [problem(file, "invalid-json", `inner ${inner.error}`)] };
  const dropped = droppedKeysProblem(file, inner.dropped);
  const checked = ToolsFileSchema.safeParse(inner.value);
  if (!checked.success) return { value: null, problems: [...dropped, problem(file, "schema", schemaMessage(checked.error, inner.value))] };
  return { value: checked.data, problems: dropped };
}

export interface DbHashes {
  db_hash: string | null;
  user_db_hash: string | null;
}

/** `final_scenario_db_hash.txt`: up to two `key: value` lines (§1.9). */
export function readDbHashFile(text: string): Read<DbHashes> {
  const out: DbHashes = { db_hash: null, user_db_hash: null };
  const problems: Problem[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const m = /^(db_hash|user_db_hash):\s*(\S*)\s*$/.exec(line);
    if (m) out[m[1] as keyof DbHashes] = m[2] || null;
    else problems.push(problem("final_scenario_db_hash.txt", "schema", `unexpected line: ${line.slice(0, 80)}`));
  }
  return { value: out, problems };
}
