"use client";

/**
 * Pages of the scenario table, fetched from `GET /api/runs/{id}/scenarios` as they scroll into
 * view. The server component renders the first page with the HTML; the rest come 200 rows at a
 * time. A live update (new `dataKey`) keeps what is on screen and re-fetches the visible pages in
 * place, so the scroll position and the view survive.
 */
import { api } from "@/components/api-client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ScenarioPage, ScenarioRow } from "@/lib/shared/dto";
import { apiQuery, PAGE_SIZE } from "./view-params";

export interface Seed {
  /** The normalised view query string the server computed `page` for. */
  view: string;
  /** Changes whenever the run's data changes. */
  dataKey: string;
  /**
   * The first page, rendered with the HTML of a full page load. `null` on client navigations and
   * live refreshes: the table then fetches what it shows, and a refresh stays small.
   */
  page: ScenarioPage | null;
}

interface PagesState {
  view: string;
  dataKey: string;
  /** `null` until the first page of this view arrived. */
  matched: number | null;
  total: number | null;
  pages: ReadonlyMap<number, ScenarioRow[]>;
  /** Pages shown from before the last data change, to be re-fetched when seen. */
  stale: ReadonlySet<number>;
  /** The pages are still those of the previous view (shown dimmed until the new view's rows arrive). */
  carried: boolean;
  error: string | null;
}

function next(prev: PagesState | null, view: string, seed: Seed): PagesState {
  const page = seed.view === view ? seed.page : null;
  if (!prev || prev.view !== view) {
    if (page) {
      return {
        view,
        dataKey: seed.dataKey,
        matched: page.matched,
        total: page.total,
        pages: new Map([[0, page.rows]]),
        stale: new Set(),
        carried: false,
        error: null,
      };
    }
    // A new view without rows yet: keep the old rows on screen (dimmed) rather than flashing empty.
    return {
      view,
      dataKey: seed.dataKey,
      matched: prev?.matched ?? null,
      total: prev?.total ?? null,
      pages: prev?.pages ?? new Map(),
      stale: new Set(prev?.pages.keys() ?? []),
      carried: prev !== null && prev.pages.size > 0,
      error: null,
    };
  }
  // Same view, new data: keep showing the old rows while the visible pages are re-fetched.
  const pages = new Map(prev.pages);
  const stale = new Set(pages.keys());
  if (page) {
    pages.set(0, page.rows);
    stale.delete(0);
  }
  return {
    ...prev,
    dataKey: seed.dataKey,
    matched: page ? page.matched : prev.matched,
    total: page ? page.total : prev.total,
    pages,
    stale,
    error: null,
  };
}

/** A page of the rows `view` matches, from the scenarios API. */
export function fetchPage(runId: string, view: string, offset: number, limit: number): Promise<ScenarioPage> {
  return api.scenarioPage(runId, apiQuery(new URLSearchParams(view), offset, limit));
}

export function useScenarioPages(runId: string, view: string, seed: Seed) {
  const [state, setState] = useState<PagesState>(() => next(null, view, seed));
  let current = state;
  if (state.view !== view || state.dataKey !== seed.dataKey) {
    // Adjusting state while rendering, React's pattern for state derived from changed props.
    current = next(state, view, seed);
    setState(current);
  }

  const latest = useRef(current);
  const inflight = useRef(new Set<string>());
  useEffect(() => {
    latest.current = current;
  });

  const load = useCallback(
    async (s: PagesState, page: number) => {
      const key = `${s.view}\n${s.dataKey}\n${page}`;
      if (inflight.current.has(key)) return;
      inflight.current.add(key);
      try {
        const data = await fetchPage(runId, s.view, page * PAGE_SIZE, PAGE_SIZE);
        setState((cur) => {
          if (cur.view !== s.view || cur.dataKey !== s.dataKey) return cur;
          // The first rows of a new view replace everything carried over from the previous one.
          const pages = cur.carried ? new Map<number, ScenarioRow[]>() : new Map(cur.pages);
          pages.set(page, data.rows);
          const stale = cur.carried ? new Set<number>() : new Set(cur.stale);
          stale.delete(page);
          return { ...cur, pages, stale, carried: false, matched: data.matched, total: data.total, error: null };
        });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        setState((cur) => (cur.view === s.view && cur.dataKey === s.dataKey ? { ...cur, error: message } : cur));
      } finally {
        inflight.current.delete(key);
      }
    },
    [runId],
  );

  /** Makes sure rows `first..last` are (being) loaded. */
  const ensure = useCallback(
    (first: number, last: number) => {
      const s = latest.current;
      if (s.error) return;
      if (s.matched === null || s.carried) {
        // Nothing of this view yet: its first page tells how many rows there are.
        void load(s, 0);
        return;
      }
      if (s.matched === 0) return;
      const hi = Math.min(last, s.matched - 1);
      for (let p = Math.floor(Math.max(0, first) / PAGE_SIZE); p <= Math.floor(hi / PAGE_SIZE); p++) {
        if (!s.pages.has(p) || s.stale.has(p)) void load(s, p);
      }
    },
    [load],
  );

  const rowAt = useCallback((i: number): ScenarioRow | undefined => current.pages.get(Math.floor(i / PAGE_SIZE))?.[i % PAGE_SIZE], [current.pages]);

  const retry = useCallback(() => setState((cur) => ({ ...cur, error: null })), []);

  return { state: current, ensure, rowAt, retry };
}

/** Every row matching `view`, fetched 1,000 at a time (for export). */
export async function fetchAllRows(runId: string, view: string): Promise<ScenarioRow[]> {
  const out: ScenarioRow[] = [];
  const limit = 1000;
  for (let offset = 0; ; offset += limit) {
    const page = await fetchPage(runId, view, offset, limit);
    out.push(...page.rows);
    if (page.rows.length < limit || offset + limit >= page.matched) return out;
  }
}
