/** One scenario as a table row: the headline facts of §7.2, with the verdict as the fold counts it. */
import { z } from "zod";
import { failedSignals, recordDomain, recordIsStalled, taskVerdictFromBreakdown, type ScenarioRecord } from "./fold";
import { JUDGE_ERROR_TOKENS, judgeErrorToken } from "./judge-score";
import { tokenSide } from "./token-usage";
import { domainOf } from "./domain";
import { problem, ProblemSchema, type Problem } from "./problems";
import { scenarioDuration, storedLatencyStats, totalTurns } from "./summary-text";
import { folderProblems, retryFields, type AttemptFolder } from "./retries";
import { redactProse } from "./redact";
import { COMPACT_ROW_BOUNDS, jsonBytes, ROW_BOUNDS, ROW_BYTES, RowCuts, surelyWithin, type RowBounds } from "./bounded-text";

const VerdictSchema = z.union([z.boolean(), z.literal("N/A")]);
export type Verdict = z.infer<typeof VerdictSchema>;

/** A figure JSON may carry as `null`: unknown (absent, or a NaN written as `null`), never 0. */
const Num = z.number().nullable();

/**
 * One scenario as a table row, the one contract (issue 55): the core builds it (`scenarioRow`), the
 * HTTP API sends it, the browser's DTO is its type, and MCP publishes it as its output schema.
 */
export const ScenarioRowSchema = z.object({
  name: z.string(),
  domain: z.string(),
  /** `is_successful` as the fold counts it: `false` when stalled, `"N/A"` when not a bool. */
  verdict: VerdictSchema,
  /** The task verdict as counted (`"N/A"` when the composite is not a bool). */
  task_verdict: VerdictSchema,
  success_breakdown: z.object({ passed: z.array(z.string()), failed: z.array(z.string()), not_applicable: z.array(z.string()), excluded: z.array(z.string()) }),
  stop_reason: z.string().nullable(),
  /** A finite judge score; `null` when absent or a judge error (see `judge_error`). */
  judge_score: Num,
  /** `"NaN"` (or `"Infinity"`) when metrics.json holds a non-finite score: a judge error (judge-score.ts). */
  judge_error: z.enum(JUDGE_ERROR_TOKENS).nullable(),
  judge_passed: z.boolean().nullable(),
  nl_assertion_pass_rate: Num,
  db_state_assertion_pass_rate: Num,
  db_state_match: z.boolean().nullable(),
  is_action_match: VerdictSchema.nullable(),
  latency_p50_ms: Num,
  latency_p95_ms: Num,
  latency_count: z.number(),
  turns: z.number(),
  /** `scenario_duration` (else `duration_seconds`, else 0, §6); `null` for a value that is not a finite number. */
  duration_seconds: Num,
  tokens: z.object({ agent: z.number(), user: z.number() }),
  stalled: z.boolean(),
  /** `auto_retry_count`: discarded attempts before this one was accepted; `null` when metrics.json predates the field (or holds a bad value, named in problems). */
  retries: z.number().nullable(),
  /** `auto_retry_reasons`, one per discarded attempt, in order. */
  retry_reasons: z.array(z.string()),
  problems: z.array(ProblemSchema),
  /**
   * Why this folder is listed but not counted: set for a scenario folder outside the run's last queue
   * (copied in, left by an earlier invocation), which the harness's rates leave out (ARTIFACTS.md §1.4).
   */
  outside_queue: z.string().optional(),
  /**
   * The texts and lists this row carries cut to their bound (`bounded-text.ts`), by field (`stop_reason`,
   * `retry_reasons`, `retry_reasons[2]`, `success_breakdown.failed`, `problems[0].message`…), each with
   * its full length: characters of a text, items of a list. Absent when nothing was cut; the whole is
   * in the scenario's files.
   */
  cut: z.record(z.string(), z.number()).optional(),
});
export type ScenarioRow = z.infer<typeof ScenarioRowSchema>;

export const OUTSIDE_QUEUE = "not in the last invocation's queue, so the harness does not count it";

/** A scenario folder outside the last queue as a table row: its own facts when it has a record, marked and never counted. */
export function outsideQueueRow(
  name: string,
  record: ScenarioRecord | null,
  minAgentTurns: number,
  problems: Problem[] = [],
  attempts?: readonly AttemptFolder[],
): ScenarioRow {
  if (record) return { ...scenarioRow(record, minAgentTurns, problems, attempts), name, outside_queue: OUTSIDE_QUEUE };
  const cuts = new RowCuts();
  const shownProblems = boundedProblems(cuts, problems.length ? problems : [problem("metrics.json", "unreadable", "no metrics.json in this folder")]);
  return {
    name,
    domain: domainOf(name),
    verdict: "N/A",
    task_verdict: "N/A",
    success_breakdown: { passed: [], failed: [], not_applicable: [], excluded: [] },
    stop_reason: null,
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
    retries: null,
    retry_reasons: [],
    problems: shownProblems,
    outside_queue: `${OUTSIDE_QUEUE}; it has no result`,
    ...(cuts.lengths ? { cut: cuts.lengths } : {}),
  };
}

/** The first problems, each message cut (a message may quote what the file held). */
function boundedProblems(cuts: RowCuts, problems: readonly Problem[]): Problem[] {
  return cuts.items("problems", problems).map((p, i) => {
    const message = cuts.text(`problems[${i}].message`, p.message);
    return message === p.message ? p : { ...p, message };
  });
}

function list(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}

const finiteOrNull = (v: number) => (Number.isFinite(v) ? v : null);

function numOrNull(v: unknown): number | null {
  return typeof v === "number" ? v : null;
}

function tokensOf(m: Record<string, unknown>, side: "agent" | "user"): number {
  const s = tokenSide(m, side);
  if (!s) return 0;
  const p = typeof s.prompt === "number" ? s.prompt : 0;
  const c = typeof s.completion === "number" ? s.completion : 0;
  return p + c;
}

/** A scenario's verdict as its row states it (a stall fails), without the rest of the row (the trend facts' cells). */
export function scenarioVerdict(record: ScenarioRecord, minAgentTurns: number): { verdict: Verdict; stalled: boolean } {
  const stalled = recordIsStalled(record, minAgentTurns);
  const composite: Verdict = typeof record.metrics.is_successful === "boolean" ? record.metrics.is_successful : "N/A";
  return { verdict: stalled ? false : composite, stalled };
}

/**
 * `attempts`: the run's attempt folders of this scenario, when known: a count they disagree with is named.
 * Every text from the files is cut to its bound here, once, for every surface (see `bounded-text.ts`):
 * the row is at most `ROW_BYTES` as JSON whatever the files hold (its name aside, a folder name).
 */
export function scenarioRow(record: ScenarioRecord, minAgentTurns: number, problems: Problem[] = [], attempts?: readonly AttemptFolder[]): ScenarioRow {
  const row = boundedRow(record, minAgentTurns, problems, attempts, ROW_BOUNDS);
  return surelyWithin(row, ROW_BYTES) || jsonBytes(row) <= ROW_BYTES ? row : boundedRow(record, minAgentTurns, problems, attempts, COMPACT_ROW_BOUNDS);
}

function boundedRow(
  record: ScenarioRecord,
  minAgentTurns: number,
  problems: Problem[],
  attempts: readonly AttemptFolder[] | undefined,
  bounds: RowBounds,
): ScenarioRow {
  const m = record.metrics;
  const retry = retryFields(m);
  const retryProblems = [...retry.problems, ...(attempts ? folderProblems(retry, attempts) : [])];
  const { verdict, stalled } = scenarioVerdict(record, minAgentTurns);
  const task: Verdict = stalled ? false : verdict === "N/A" ? "N/A" : taskVerdictFromBreakdown(m);
  const breakdown = (m.success_breakdown ?? {}) as Record<string, unknown>;
  const stats = storedLatencyStats(m);
  const cuts = new RowCuts(bounds);
  const signals = (field: keyof ScenarioRow["success_breakdown"], names: string[]) => cuts.list(`success_breakdown.${field}`, names, bounds.name);
  return {
    // The folder name: it is what every link and lookup uses (it equals `scenario_name` in harness output).
    name: record.name,
    domain: cuts.text("domain", recordDomain(record), bounds.name),
    verdict,
    task_verdict: task,
    success_breakdown: {
      passed: signals("passed", list(breakdown.passed)),
      failed: signals("failed", failedSignals(m)),
      not_applicable: signals("not_applicable", list(breakdown.not_applicable)),
      excluded: signals("excluded", list(breakdown.excluded)),
    },
    // A harness writes a traceback here: it may quote a key (redacted whole, then cut).
    stop_reason: typeof m.stop_reason === "string" ? cuts.cleaned("stop_reason", m.stop_reason, redactProse) : null,
    judge_score: judgeErrorToken(m.judge_score) ? null : numOrNull(m.judge_score),
    judge_error: judgeErrorToken(m.judge_score),
    judge_passed: typeof m.judge_passed === "boolean" ? m.judge_passed : null,
    nl_assertion_pass_rate: numOrNull(m.nl_assertion_pass_rate),
    db_state_assertion_pass_rate: numOrNull(m.db_state_assertion_pass_rate),
    db_state_match: typeof m.db_state_match === "boolean" ? m.db_state_match : null,
    is_action_match: typeof m.is_action_match === "boolean" || m.is_action_match === "N/A" ? m.is_action_match : null,
    latency_p50_ms: stats.count > 0 ? stats.p50_ms : null,
    latency_p95_ms: stats.count > 0 ? stats.p95_ms : null,
    latency_count: stats.count,
    turns: totalTurns(m),
    duration_seconds: finiteOrNull(scenarioDuration(m)),
    tokens: { agent: tokensOf(m, "agent"), user: tokensOf(m, "user") },
    stalled,
    retries: retry.count,
    retry_reasons: cuts.list("retry_reasons", retry.reasons),
    problems: boundedProblems(cuts, retryProblems.length ? [...problems, ...retryProblems] : problems),
    ...(cuts.lengths ? { cut: cuts.lengths } : {}),
  };
}
