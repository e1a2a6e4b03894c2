/**
 * The names in the scenario table's query: its parameters and the values of the enumerated ones.
 * The zod schema (scenario-query.ts) is checked to have exactly these parameters; the browser
 * imports this file instead of the schema, so the table knows the names without bundling zod
 * (about 90 KB gzipped).
 */

/**
 * `new`: failing now, passed in the previous run of the suite (resolved to names by `views/run-changes`);
 * `retried`: retried automatically (issue 45).
 */
export const QUICK_FILTERS = [
  "failed",
  "task-failed",
  "na",
  "stalled",
  "timeout",
  "inactivity",
  "simulator-exit",
  "problems",
  "outside",
  "retried",
  "new",
] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

export const SORT_KEYS = [
  "name",
  "domain",
  "verdict",
  "task_verdict",
  "stop_reason",
  "judge_score",
  "nl_assertion_pass_rate",
  "db_state_assertion_pass_rate",
  "latency_p50_ms",
  "latency_p95_ms",
  "turns",
  "duration_seconds",
  "tokens",
  "problems",
  "order",
  "failed_signals",
  "stalled",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const BUCKET_STATES = ["passed", "failed", "not_applicable", "excluded"] as const;

/** The view: every parameter but paging, in URL order (equal views give equal query strings). */
export const VIEW_KEYS = ["q", "quick", "domain", "signal", "bucket", "judgeMin", "judgeMax", "latencyMin", "latencyMax", "names", "sort", "dir"] as const;
export type ViewKey = (typeof VIEW_KEYS)[number];

/** Paging: the API takes these, the run page's URL does not. */
export const PAGE_KEYS = ["offset", "limit"] as const;
export type QueryKey = ViewKey | (typeof PAGE_KEYS)[number];
