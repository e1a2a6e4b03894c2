/**
 * The scenario table's state lives in the page URL (the same parameters the scenarios API takes),
 * so a filtered, sorted view is a link. Paging is not part of the URL: the table fetches pages.
 */
import { SORT_KEYS, VIEW_KEYS, type QuickFilter, type SortKey } from "@/lib/shared/scenario-keys";

export const PAGE_SIZE = 200;

export const QUICK = [
  ["failed", "Failed"],
  ["task-failed", "Task failed"],
  ["na", "N/A"],
  ["stalled", "Stalled"],
  ["timeout", "Timeout"],
  ["inactivity", "Inactivity end"],
  ["simulator-exit", "Caller ended"],
  ["problems", "Has problems"],
  ["outside", "Not in the queue"],
  ["new", "New failures"],
  ["retried", "Retried"],
] as const satisfies readonly (readonly [QuickFilter, string])[];
type MissingQuick = Exclude<QuickFilter, (typeof QUICK)[number][0]>;
const _allQuick: MissingQuick extends never ? true : MissingQuick = true;

/** Column ids the header can sort by: every server sort key but "order" (which is no sort, to the table). */
export const SORTABLE: ReadonlySet<string> = new Set<SortKey>(SORT_KEYS.filter((k) => k !== "order"));

/** The view part of a query string, normalised: known keys only, fixed order, empty values dropped. */
export function viewParams(source: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const v = source.get(key);
    if (v !== null && v !== "") out.set(key, v);
  }
  return out;
}

/**
 * The run table opens on the failures: a view without a sort is sorted by verdict, failed first, ties
 * in summary order (`sort=order` asks for the harness's summary order itself).
 */
export function tableQuery(view: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(view);
  if (!p.has("sort")) {
    p.set("sort", "verdict");
    p.set("dir", "asc");
  }
  return p;
}

export function apiQuery(view: URLSearchParams, offset: number, limit: number): string {
  const p = tableQuery(view);
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
