/**
 * The scenario table's filter, sort and paging, as URL query parameters. The same schema
 * validates `GET /api/runs/{id}/scenarios` and the run page's URL, so a filtered view is a link.
 */
import { z } from "zod";
import type { ScenarioRow } from "@/lib/core/scenario-row";
import { QUICK_FILTERS, SORT_KEYS, type BUCKET_STATES, type QueryKey, type SortKey } from "./scenario-keys";

export { BUCKET_STATES, QUICK_FILTERS, SORT_KEYS, type QuickFilter, type SortKey } from "./scenario-keys";

const csv = z.string().transform((s) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean),
);

const optionalNumber = z.coerce.number().refine(Number.isFinite, "must be a number").optional();

// `satisfies` ties the parameters to scenario-keys.ts: a missing or extra one does not compile.
const fields = {
  q: z.string().max(500).optional(),
  quick: csv.pipe(z.array(z.enum(QUICK_FILTERS))).optional(),
  domain: csv.pipe(z.array(z.string().max(200))).optional(),
  /** Scenarios whose `success_breakdown.failed` holds this signal. */
  signal: z.string().max(100).optional(),
  /** `<signal>:<passed|failed|not_applicable|excluded>`: the success_breakdown bucket a chart segment stands for. */
  bucket: z
    .string()
    .regex(/^[a-z_]+:(passed|failed|not_applicable|excluded)$/, "expected <signal>:<passed|failed|not_applicable|excluded>")
    .optional(),
  judgeMin: optionalNumber,
  judgeMax: optionalNumber,
  latencyMin: optionalNumber,
  latencyMax: optionalNumber,
  /** Only these scenarios (comma-separated folder names), e.g. the ledger's "judge overridden" list. */
  names: csv.pipe(z.array(z.string().max(1024)).max(5000)).optional(),
  sort: z.enum(SORT_KEYS).default("order"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
} satisfies Record<QueryKey, z.ZodType>;

export const ScenarioQuerySchema = z.object(fields);
export type ScenarioQuery = z.infer<typeof ScenarioQuerySchema>;

/** Parses URLSearchParams; unknown keys are ignored, bad values are errors. */
export function parseScenarioQuery(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(ScenarioQuerySchema.shape)) {
    const v = params.get(key);
    if (v !== null && v !== "") raw[key] = v;
  }
  return ScenarioQuerySchema.safeParse(raw);
}

/** Keys of `params` the scenario query does not know (`quik=failed`): the CLI refuses them rather than export everything. */
export function unknownScenarioQueryKeys(params: URLSearchParams): string[] {
  const known = new Set(Object.keys(ScenarioQuerySchema.shape));
  return [...new Set(params.keys())].filter((k) => !known.has(k));
}

export interface SearchableRow {
  row: ScenarioRow;
  /** Position in summary order. */
  order: number;
  /** Extra text the search looks in (the judge's reason), lower-cased. */
  searchText: string;
}

const nameSets = new WeakMap<readonly string[], Set<string>>();
function nameSet(names: readonly string[]): Set<string> {
  let set = nameSets.get(names);
  if (!set) nameSets.set(names, (set = new Set(names)));
  return set;
}

export function matches(item: SearchableRow, query: ScenarioQuery): boolean {
  const r = item.row;
  for (const quick of query.quick ?? []) {
    if (quick === "failed" && r.verdict !== false) return false;
    if (quick === "task-failed" && r.task_verdict !== false) return false;
    if (quick === "na" && r.verdict !== "N/A") return false;
    if (quick === "stalled" && !r.stalled) return false;
    if (quick === "timeout" && r.stop_reason !== "[TIMEOUT]") return false;
    // The harness's newer endings (issue 57): ended by inactivity, ended by the caller (simulator).
    if (quick === "inactivity" && r.stop_reason !== "[INACTIVITY_TIMEOUT]") return false;
    if (quick === "simulator-exit" && r.stop_reason !== "[SIMULATOR_EXIT]") return false;
    if (quick === "problems" && r.problems.length === 0) return false;
    if (quick === "outside" && !r.outside_queue) return false;
    // Needs the suite's history: `withNewFailures` turns it into names first; left as is, no row is known new.
    if (quick === "new") return false;
    if (quick === "retried" && !r.retries) return false;
  }
  if (query.domain && query.domain.length > 0 && !query.domain.includes(r.domain)) return false;
  if (query.signal && !r.success_breakdown.failed.includes(query.signal)) return false;
  if (query.bucket) {
    const [signal, state] = query.bucket.split(":") as [string, (typeof BUCKET_STATES)[number]];
    if (!r.success_breakdown[state].includes(signal)) return false;
  }
  if (query.judgeMin !== undefined && !(r.judge_score !== null && r.judge_score >= query.judgeMin)) return false;
  if (query.judgeMax !== undefined && !(r.judge_score !== null && r.judge_score <= query.judgeMax)) return false;
  if (query.latencyMin !== undefined && !(r.latency_p50_ms !== null && r.latency_p50_ms >= query.latencyMin)) return false;
  if (query.latencyMax !== undefined && !(r.latency_p50_ms !== null && r.latency_p50_ms <= query.latencyMax)) return false;
  if (query.names && !nameSet(query.names).has(r.name)) return false;
  if (query.q) {
    const needle = query.q.toLowerCase();
    if (!r.name.toLowerCase().includes(needle) && !item.searchText.includes(needle)) return false;
  }
  return true;
}

function verdictRank(v: boolean | "N/A"): number {
  return v === false ? 0 : v === "N/A" ? 1 : 2;
}

/** A sort key's value; a pair compares on its first part, then its second. */
type SortValue = number | string | null | readonly [number, string];

function sortValue(item: SearchableRow, key: SortKey): SortValue {
  const r = item.row;
  switch (key) {
    case "order":
      return item.order;
    case "name":
    case "domain":
    case "stop_reason":
      return r[key];
    case "verdict":
    case "task_verdict":
      return verdictRank(r[key]);
    case "tokens":
      return r.tokens.agent + r.tokens.user;
    case "problems":
      return r.problems.length;
    case "failed_signals":
      // How many signals failed, then which (as the cell shows them), so equal sets sit together.
      return [r.success_breakdown.failed.length, r.success_breakdown.failed.join(", ")];
    case "stalled":
      return r.stalled ? 1 : 0;
    default:
      return r[key];
  }
}

function compareText(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareValues(x: Exclude<SortValue, null>, y: Exclude<SortValue, null>): number {
  if (typeof x === "string" && typeof y === "string") return compareText(x, y);
  if (typeof x === "number" && typeof y === "number") return x - y;
  if (typeof x === "object" && typeof y === "object") return x[0] - y[0] || compareText(x[1], y[1]);
  return 0;
}

/**
 * 0 for a comparable value; otherwise where the row goes after all of them: a judge error
 * (lib/core/judge-score.ts) first, then rows with no value at all.
 */
function tailRank(row: ScenarioRow, key: SortKey, value: SortValue): number {
  if (key === "judge_score" && row.judge_error !== null) return 1;
  return value === null ? 2 : 0;
}

/** Filters, sorts (judge errors, then nulls last; ties in summary order) and pages. */
export function queryRows(items: readonly SearchableRow[], query: ScenarioQuery): { matched: number; rows: ScenarioRow[] } {
  const sign = query.dir === "desc" ? -1 : 1;
  // Each row's sort value is computed once, not on every comparison (failed_signals joins a list).
  const kept = items.filter((i) => matches(i, query)).map((item) => ({ item, value: sortValue(item, query.sort) }));
  kept.sort((a, b) => {
    const x = a.value;
    const y = b.value;
    // Rows without a comparable value sit after every value, in either direction (tailRank).
    const tx = tailRank(a.item.row, query.sort, x);
    const ty = tailRank(b.item.row, query.sort, y);
    if (tx !== 0 || ty !== 0) return tx - ty || a.item.order - b.item.order;
    if (x === null || y === null) return 0;
    const c = compareValues(x, y);
    return c !== 0 ? c * sign : a.item.order - b.item.order;
  });
  return { matched: kept.length, rows: kept.slice(query.offset, query.offset + query.limit).map((k) => k.item.row) };
}
