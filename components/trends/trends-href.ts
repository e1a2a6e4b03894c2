/** `/trends?…` links that keep the other settings. */
import { DEFAULT_TREND_RANGE } from "@/lib/core/trends/range";
import { DEFAULT_STRIP_SORT } from "@/lib/core/trends/strip";

export interface TrendsParams {
  suite?: string | null;
  baseline?: string | null;
  rate?: string | null;
  sort?: string | null;
  page?: number | null;
  range?: string | null;
}

export function trendsHref(p: TrendsParams): string {
  const q = new URLSearchParams();
  if (p.suite) q.set("suite", p.suite);
  if (p.baseline) q.set("baseline", p.baseline);
  if (p.rate && p.rate !== "success_rate") q.set("rate", p.rate);
  if (p.sort && p.sort !== DEFAULT_STRIP_SORT) q.set("sort", p.sort);
  if (p.page) q.set("page", String(p.page));
  if (p.range && p.range !== DEFAULT_TREND_RANGE) q.set("range", p.range);
  const s = q.toString();
  return s ? `/trends?${s}` : "/trends";
}
