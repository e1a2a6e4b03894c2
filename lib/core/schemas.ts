/**
 * zod schemas for every artifact of a results folder (ARTIFACTS.md §1).
 *
 * Every object schema is `looseObject`: newer harness revisions add keys, and a reader must keep
 * them. Every field that older files may lack is optional (§1.6, §6). Verdict fields accept the
 * `"N/A"` string where the harness writes it. The fold itself reads the raw object with Python
 * semantics (§4.7), so a schema failure is reported as a problem but never drops a record.
 */
import { z } from "zod";

export const SIGNALS = ["is_action_match", "db_state_match", "db_state_assertion", "nl_assertion", "judge_passed", "clean_exit"] as const;
export type SignalName = (typeof SIGNALS)[number];

const NA = z.literal("N/A");
// Any JS number, NaN and ±Infinity included: the harness writes non-finite floats as bare tokens
// (§0, §6), parseJson turns them into numbers, and zod's z.number() would reject them.
const num = z.custom<number>((v) => typeof v === "number", { message: "expected a number" });

export const TokenSideSchema = z.looseObject({ n_calls: num, prompt: num.nullable(), completion: num.nullable() });
export const TokenUsageSchema = z.looseObject({ agent: TokenSideSchema.optional(), user: TokenSideSchema.optional() });

export const LatencyStatsSchema = z.looseObject({
  count: num,
  mean_ms: num,
  p50_ms: num,
  p95_ms: num,
  min_ms: num,
  max_ms: num,
});

export const LatencySchema = z.looseObject({
  user_transcript: z.string().nullable().optional(),
  agent_transcript: z.string().nullable().optional(),
  latency_ms: num,
});

export const MetricsTurnSchema = z.looseObject({ timestamp: z.string().optional(), role: z.string(), text: z.string().nullable() });

export const DbAssertionVerdictSchema = z.looseObject({
  func_name: z.string(),
  side: z.string().optional(),
  passed: z.unknown(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  message: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});

export const SuccessBreakdownSchema = z.looseObject({
  passed: z.array(z.string()).optional(),
  failed: z.array(z.string()).optional(),
  not_applicable: z.array(z.string()).optional(),
  excluded: z.array(z.string()).optional(),
});

export const MetricsSchema = z.looseObject({
  total_turns: num.optional(),
  duration_seconds: num.optional(),
  turns: z.array(MetricsTurnSchema).optional(),
  latency_stats: LatencyStatsSchema.optional(),
  latencies: z.array(LatencySchema).optional(),
  scenario_name: z.string().optional(),
  scenario_directory: z.string().optional(),
  scenario_duration: num.optional(),
  stop_reason: z.string().optional(),
  clean_exit: z.boolean().optional(),
  insufficient_agent_turns: z.boolean().optional(),
  is_action_match: z.union([z.boolean(), NA]).optional(),
  judge_score: num.optional(),
  judge_passed: z.boolean().optional(),
  token_usage: TokenUsageSchema.optional(),
  db_state_expected_hash: z.string().optional(),
  db_state_match: z.boolean().optional(),
  db_state_actual_hash: z.string().nullable().optional(),
  nl_assertion_pass_rate: num.optional(),
  db_state_assertion_verdicts: z.array(DbAssertionVerdictSchema).optional(),
  db_state_assertion_pass_rate: num.optional(),
  success_breakdown: SuccessBreakdownSchema.optional(),
  is_successful: z.union([z.boolean(), NA]).optional(),
  is_task_successful: z.boolean().optional(),
  trace_metrics: z.unknown().optional(),
});
export type Metrics = z.infer<typeof MetricsSchema>;

export const RecordedActionSchema = z.looseObject({
  side: z.string().optional(),
  action_type: z.string().optional(),
  name: z.string(),
  arguments: z.unknown().optional(),
  result: z.unknown().optional(),
});
export type RecordedAction = z.infer<typeof RecordedActionSchema>;

/** Pull shape `[{actions: [...]}]` or push shape (one object per pushed summary, `{message}` when not JSON). */
export const FinalAgentResponseSchema = z.array(z.record(z.string(), z.unknown()));

export const ToolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }),
});

export const ChatMessageSchema = z.looseObject({
  role: z.string(),
  content: z.unknown().optional(),
  tool_calls: z.array(ToolCallSchema).nullable().optional(),
  tool_call_id: z.string().optional(),
  reasoning_content: z.unknown().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export const LlmContextSchema = z.array(ChatMessageSchema);

export const SegmentSchema = z.looseObject({
  session_id: z.string().optional(),
  words: z.string().nullable(),
  speaker: z.string(),
  start_time: num,
  end_time: num,
});
export type Segment = z.infer<typeof SegmentSchema>;
export const SegLstSchema = z.array(SegmentSchema);

export const DbAssertionSpecSchema = z.looseObject({
  side: z.string().optional(),
  func_name: z.string(),
  arguments: z.unknown().optional(),
  assert_value: z.unknown().optional(),
  message: z.string().nullable().optional(),
});

export const ScenarioMetadataSchema = z.looseObject({
  name: z.string().optional(),
  domain: z.string().optional(),
  description: z.string().nullable().optional(),
  max_duration: num.nullable().optional(),
  noise_config: z.unknown().optional(),
  ignore_capitalization: z.boolean().optional(),
  ignore_punctuation: z.boolean().optional(),
  clean_text: z.boolean().optional(),
  disallow_extra_items: z.boolean().optional(),
  success_signals: z.array(z.string()).optional(),
  db_state_assertions: z.array(DbAssertionSpecSchema).optional(),
  nl_assertions: z.array(z.string()).optional(),
  initialization_actions: z.array(z.unknown()).optional(),
  expected_db_hash: z.string().optional(),
  expected_user_db_hash: z.string().optional(),
});
export type ScenarioMetadata = z.infer<typeof ScenarioMetadataSchema>;

/** `reference_answer.json`: `{actions: [...]}` for eva/tau2, a structured object otherwise (`{message}` for text). */
export const ReferenceAnswerSchema = z.record(z.string(), z.unknown());

/** `*_tools.json` holds a JSON string whose content is an object of tool name → constructor args. */
export const ToolsFileSchema = z.record(z.string(), z.unknown());

export const InvocationSchema = z.looseObject({
  started_at: z.string().optional(),
  argv: z.array(z.string()).optional(),
  parsed_args: z.record(z.string(), z.unknown()).optional(),
  resolved_scenario_count: num.optional(),
  resolved_scenario_names: z.array(z.string()).optional(),
  resumed_from_invocation: num.optional(),
});
export type Invocation = z.infer<typeof InvocationSchema>;
export const RunArgsSchema = z.looseObject({ invocations: z.array(InvocationSchema) });
export type RunArgs = z.infer<typeof RunArgsSchema>;

export const TraceMetricsSchema = z.unknown();

export const AllMetricsSchema = z.array(z.looseObject({ scenario_name: z.string().optional() }));
