/**
 * The scenario table's state lives in the page URL (the same parameters the scenarios API takes),
 * so a filtered, sorted view is a link. Paging is not part of the URL: the table fetches pages.
 */
import type { QuickFilter, ScenarioQuery, SortKey } from "@/lib/shared/scenario-query";

export const PAGE_SIZE = 200;

/**
 * Every table parameter except paging, in a fixed order so equal views give equal keys. Spelled
 * out (type-checked against the shared schema) so the browser bundle does not carry zod.
 */
export const VIEW_KEYS = ["q", "quick", "domain", "signal", "bucket", "judgeMin", "judgeMax", "latencyMin", "latencyMax", "sort", "dir"] as const satisfies readonly (keyof ScenarioQuery)[];
type MissingKey = Exclude<keyof ScenarioQuery, (typeof VIEW_KEYS)[number] | "offset" | "limit">;
const _allKeys: MissingKey extends never ? true : MissingKey = true;

export const QUICK = [
  ["failed", "Failed"],
  ["task-failed", "Task failed"],
  ["na", "N/A"],
  ["stalled", "Stalled"],
  ["timeout", "Timeout"],
  ["problems", "Has problems"],
] as const satisfies readonly (readonly [QuickFilter, string])[];
type MissingQuick = Exclude<QuickFilter, (typeof QUICK)[number][0]>;
const _allQuick: MissingQuick extends never ? true : MissingQuick = true;

export const SORTABLE = new Set<string>([
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
  "failed_signals",
  "stalled",
] satisfies SortKey[]);

/** The view part of a query string, normalised: known keys only, fixed order, empty values dropped. */
export function viewParams(source: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const v = source.get(key);
    if (v !== null && v !== "") out.set(key, v);
  }
  return out;
}

export function apiQuery(view: URLSearchParams, offset: number, limit: number): string {
  const p = new URLSearchParams(view);
  p.set("offset", String(offset));
  p.set("limit", String(limit));
  return p.toString();
}

/** Comma lists (`quick`, `domain`) as arrays. */
export function listParam(view: URLSearchParams, key: string): string[] {
  return (view.get(key) ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
