/**
 * Plain objects that cross from the server (index, route handlers, server components) to the
 * browser. A shape the API and MCP both send is a zod schema here (or in the core) and its type is
 * inferred from it; MCP's output schema is derived from the same schema. Safe to import anywhere.
 */
import { z } from "zod";
import type { CallEnd, CallEndStory, EndSettings } from "@/lib/core/call-end";
import type { UnknownFields } from "@/lib/core/metrics-fields";
import { ProblemSchema, type Problem } from "@/lib/core/problems";
import { RatesSchema, type Rate, type RateName, type Rates, type TokenTotals } from "@/lib/core/aggregates";
import type { LatencySummary } from "@/lib/core/latency";
import { RunStateSchema, type RunState } from "@/lib/core/run-state";
import { ListChangeSchema } from "./run-changes";
import type { ScenarioRow } from "@/lib/core/scenario-row";
import type { ConversationLog } from "@/lib/core/evidence/conversation-log";
import type { ActionDiff, AsrDiff, Hint, ToolCall } from "@/lib/core/insights";
import { JudgeMeanNoteSchema, type JudgeMeanNote } from "@/lib/core/judge-score";
import type { RunHistory } from "@/lib/core/run-history";
import type { ScenarioTiming } from "@/lib/core/timing/scenario-timing";
import type { HistogramBin } from "@/lib/core/histogram";
import type { StoredJudge } from "@/lib/core/evidence/judge";
import type { ScenarioMetadata, Segment } from "@/lib/core/schemas";
import type { RetryAttempt, RunRetries } from "@/lib/core/retries";
import type { JudgeSeen } from "@/lib/core/judge-sections";

export type { RunRetries, JudgeSeen };
export type { Problem, Rate, RateName, Rates, TokenTotals, LatencySummary, RunState, ScenarioRow, JudgeMeanNote, RunHistory, HistogramBin };

/** A problem with where it is: one contract (the core's problem, and its scenario). */
export const ScopedProblemSchema = ProblemSchema.extend({
  /** Scenario folder name, or `null` for a run-level file. */
  scenario: z.string().nullable(),
});
export type ScopedProblem = z.infer<typeof ScopedProblemSchema>;

/** One entry of `GET /api/runs` and MCP `list_runs` (which derives its run summary from it): one contract. */
export const RunListItemSchema = z.object({
  /** Run folder path relative to the results folder, `/`-separated. */
  id: z.string(),
  state: RunStateSchema,
  /** Scenarios with a finished `metrics.json` (in the last session's queue). */
  scenarioCount: z.number(),
  intendedCount: z.number(),
  /** ISO time of the newest activity seen in the run. */
  updatedAt: z.string().nullable(),
  /** ISO time the run started (`run_args.json` first `started_at`, else the log). */
  startedAt: z.string().nullable(),
  rates: RatesSchema,
  problems: z.array(ScopedProblemSchema),
  domains: z.array(z.string()),
  inFlight: z.string().nullable(),
  partial: z.boolean(),
  resumed: z.boolean(),
  /** Scenarios counted as failed for stalling (fewer agent turns than `min_agent_turns`). */
  stalledCount: z.number(),
  /** The last line of the run's evaluation log (its own clock; the harness's local time read as the server's). */
  lastLogAt: z.string().nullable(),
  /** From the first invocation's start to the log's last line, when both are known. */
  durationSeconds: z.number().nullable(),
  /** Scenario folders outside the last queue: listed on the run page, never counted in the rates. */
  outsideQueueCount: z.number(),
  /** Judge errors (NaN scores) in the judge-score mean's bucket, and our mean over the valid scores. */
  judgeScores: JudgeMeanNoteSchema,
  /** Runs that queued the same scenarios share it ("" for a run with no queue yet): the runs list's suites. */
  queueKey: z.string(),
  /**
   * Against the previous run of the same suite (`views/run-changes.ts`): set by the runs list, never
   * kept with the item (it moves with other runs). Absent for a suite's first run.
   */
  vsPrevious: ListChangeSchema.optional(),
});
export type RunListItem = z.infer<typeof RunListItemSchema>;

/** `GET /api/runs`. */
export const RunsResponseSchema = z.object({
  runs: z.array(RunListItemSchema),
  version: z.number(),
  /** Present while the first scan is under way: scenarios read of all found, and runs read but not listed yet (see `runsList`). */
  indexing: z.object({ done: z.number(), total: z.number(), runsPending: z.number() }).optional(),
  /** Places under the results folder that are not shown, and why (a run nested too deep). */
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type RunsResponse = z.infer<typeof RunsResponseSchema>;

export interface SignalBreakdownCounts {
  passed: number;
  failed: number;
  not_applicable: number;
  excluded: number;
}

/** `GET /api/runs/{id}`. */
export interface RunDetail extends RunListItem {
  queueLength: number;
  minAgentTurns: number;
  perDomain: Record<RateName, Record<string, Rate>>;
  latency: LatencySummary | null;
  latencyByDomain: Record<string, LatencySummary>;
  histogram: { pooled: HistogramBin[]; byDomain: Record<string, HistogramBin[]> };
  successBreakdown: Record<string, SignalBreakdownCounts>;
  tokens: TokenTotals;
  stalled: string[];
  totalDurationSeconds: number;
  totalTurns: number;
  /** How an on-disk `all_summary.txt` relates to the recomputed one. */
  onDiskSummary: "absent" | "matches" | "differs" | "stale";
  /** Record names in summary order. */
  order: string[];
  /** Scenario folders that have no usable `metrics.json` yet (in flight, killed or corrupt). */
  unfinished: Array<{ name: string; problems: Problem[] }>;
  /** Completed scenario folders outside the last session's queue (not in the aggregate). */
  outsideQueue: string[];
  killedFolders: string[];
  judgeThreshold: number | null;
  /** How its calls end (issue 57): the conversation-end policy (the default when the run predates it) and the inactivity timeout. */
  endSettings: EndSettings;
  /** Scenarios by stop reason (`[EXIT]`, `[SIMULATOR_EXIT]`, `[INACTIVITY_TIMEOUT]`, `[TIMEOUT]`, any other the harness writes). */
  stopReasons: Record<string, number>;
  /** metrics.json keys the dashboard does not interpret yet, with how many scenarios carry each (issue 57). */
  newFields: Array<{ key: string; scenarios: number }>;
  /** Sessions, loaded vs re-run scenarios, killed folders and where a dead run stopped (lib/core/run-history.ts). */
  history: RunHistory;
  /** Automatic retries (issue 45): retried scenarios, reasons counted, the success rate without retries. */
  retries: RunRetries;
  /** The run's retry switches and `--min-agent-turns`, as its last invocation gave them (`null`: not in run_args.json). */
  retryArgs: Record<string, unknown> | null;
}

/** `GET /api/runs/{id}/scenarios`. */
export interface ScenarioPage {
  total: number;
  /** Rows matching the filter, before paging. */
  matched: number;
  offset: number;
  limit: number;
  rows: ScenarioRow[];
}

/** One Server-Sent Event of `GET /api/events` (event name `change`). */
export interface ChangeEvent {
  version: number;
  runs: string[];
  removedRuns: string[];
  scenarios: Array<{ run: string; name: string }>;
  removedScenarios: Array<{ run: string; name: string }>;
}

/** `GET /api/runs/{id}/scenarios/{name}`: everything about one scenario, parsed (lib/server/scenario-detail.ts). */
export interface ScenarioDetail {
  run: string;
  name: string;
  /** The table row (verdict as counted, etc.); `null` while the scenario has no usable metrics.json. */
  row: ScenarioRow | null;
  files: Array<{ path: string; present: boolean; size: number | null }>;
  metrics: Record<string, unknown> | null;
  /** judge_result.json: the schema's type when it validated, else the JSON as stored (a problem says why). */
  judge: StoredJudge | null;
  finalAgentResponse: unknown[] | null;
  dbHashes: { db_hash: string | null; user_db_hash: string | null } | null;
  conversation: ConversationLog | null;
  segments: Segment[] | null;
  agentContext: unknown[] | null;
  userContext: unknown[] | null;
  metadata: ScenarioMetadata | null;
  referenceAnswer: unknown;
  prompts: { user: string | null; agent: string | null };
  tools: { user: Record<string, unknown> | null; agent: Record<string, unknown> | null };
  traceMetrics: unknown;
  bridgeLogTail: string | null;
  /** Latency by stage, turn-taking, waterfall and flow audit (issue #13); `null` without a transcript or bridge log. */
  timing: ScenarioTiming | null;
  /** Automatic retries: each discarded attempt with its reason, its folder and the files it kept; `null` without metrics.json. */
  retries: ScenarioRetriesView | null;
  /** Which tagged sections the judge was sent (`judge_input.user_content`); `null` when no judge input is recorded. */
  judgeSeen: JudgeSeen | null;
  /** How the call ended (issue 57): metrics.json's stop reason and conversation-end fields, and the sentence the page says; `null` without metrics.json. */
  callEnd: (CallEnd & { story: CallEndStory }) | null;
  /** metrics.json keys the dashboard does not interpret yet, each with its value as bounded inert text (issue 57). */
  unknownFields: UnknownFields;
  /** Evidence derived from the files above (ARTIFACTS.md §7). */
  insights: {
    /** `null` when the agent context is missing or empty ("unknown", not zero). */
    toolCalls: ToolCall[] | null;
    asr: AsrDiff | null;
    actions: ActionDiff | null;
    /** For each NL verdict (by position), the transcript turns its reason quotes. */
    verdictTurns: number[][];
    hints: Hint[];
  };
  problems: Problem[];
  /**
   * Long texts cut for the page (field name → full length in characters); the rest is fetched from
   * `GET …/scenarios/{name}/text?field=…`. Fields: `judge.reason`, `judge.verdicts.{i}.reason`,
   * `turn.{i}`, `prompt.user`, `prompt.agent`. Empty in the API's answer, which is whole.
   */
  truncated: Record<string, number>;
}

/** A scenario's automatic retries as its page lists them. */
export interface ScenarioRetriesView {
  /** `null`: metrics.json predates the field (or holds a bad value, named in problems). */
  count: number | null;
  attempts: Array<RetryAttempt & { files: Array<{ path: string; size: number }> }>;
}
