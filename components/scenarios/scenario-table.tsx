"use client";

/**
 * The scenario table: TanStack Table v9 for columns and sort state, TanStack Virtual for rows.
 * Only the rows in view (plus overscan) are in the DOM; data is fetched a page at a time, and
 * the filter/sort state is the URL.
 */
import { count } from "@/components/format";
import { useTable, type SortingState, type Updater } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import type { ScenarioRow } from "@/lib/shared/dto";
import type { FailureMark } from "@/lib/shared/run-changes";
import { useTableUrl } from "./query-url";
import { scenarioColumns, scenarioFeatures, isSortable } from "./scenario-columns";
import { downloadText } from "@/components/ui/download";
import { exportName, toCsv, toJson } from "./scenario-export";
import { ScenarioToolbar } from "./scenario-toolbar";
import { fetchAllRows, useScenarioPages, type Seed } from "./use-scenario-pages";
import { PAGE_SIZE, tableQuery } from "./view-params";

const ROW_HEIGHT = 34;
/** At phone width a row holds the name on up to two lines and its marks under it. */
const PHONE_ROW_HEIGHT = 52;
const PHONE_QUERY = "(width < 40rem)";

/** Whether the viewport is phone width (the same breakpoint as app/globals.css's `.scn-table` rules). */
function usePhoneWidth(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const mq = matchMedia(PHONE_QUERY);
    const set = () => setPhone(mq.matches);
    set();
    mq.addEventListener("change", set);
    return () => mq.removeEventListener("change", set);
  }, []);
  return phone;
}

function SortArrow({ sorted }: { sorted: false | "asc" | "desc" }) {
  return (
    <span aria-hidden="true" className="inline-block w-2.5 shrink-0 text-center text-[10px]">
      {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
    </span>
  );
}
const EMPTY: ScenarioRow[] = [];

export interface ScenarioTableProps {
  runId: string;
  seed: Seed;
  domains: string[];
  /** Signals some scenario failed (for the failing-signal filter). */
  signals: string[];
  /** Failing rows' marks against the suite's previous runs (new, still failing since, flaky). */
  marks?: Readonly<Record<string, FailureMark>>;
}

const NO_MARKS: Readonly<Record<string, FailureMark>> = {};

/** Columns first at phone width, in this order (app/globals.css orders the cells the same way). */
const PHONE_FIRST = ["name", "verdict", "failed_signals"];
/** Their widths at phone width: the name, the verdict and the failing signals fit the table's 322 px box on a 390 px screen. */
const PHONE_WIDTHS: Readonly<Record<string, string>> = { name: "146px", failed_signals: "116px" };

export function ScenarioTable({ runId, seed, domains, signals, marks = NO_MARKS }: ScenarioTableProps) {
  const { view, update, latest } = useTableUrl();
  const viewKey = view.toString();
  const { state, ensure, rowAt, retry } = useScenarioPages(runId, viewKey, seed);
  const matched = state.matched ?? 0;

  // Loaded pages as one dense array for the table; `offsets` maps a page to its first index.
  const { data, offsets } = useMemo(() => {
    const keys = [...state.pages.keys()].sort((a, b) => a - b);
    const offsets = new Map<number, number>();
    const rows: ScenarioRow[] = [];
    for (const k of keys) {
      offsets.set(k, rows.length);
      rows.push(...(state.pages.get(k) ?? EMPTY));
    }
    return { data: rows.length ? rows : EMPTY, offsets };
  }, [state.pages]);

  const shown = tableQuery(view);
  const sortKey = shown.get("sort") ?? "order";
  const desc = shown.get("dir") === "desc";
  const sorting = useMemo<SortingState>(() => (sortKey === "order" ? [] : [{ id: sortKey, desc }]), [sortKey, desc]);
  const columns = useMemo(() => scenarioColumns(runId, viewKey, marks), [runId, viewKey, marks]);

  const table = useTable({
    features: scenarioFeatures,
    columns,
    data,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const nextSort = typeof updater === "function" ? updater(sorting) : updater;
      const first = nextSort[0];
      // Without a sort the table falls back to failures first; taking the sort off asks for summary order.
      if (!first || !isSortable(first.id)) update({ sort: "order", dir: null });
      else update({ sort: first.id, dir: first.desc ? "desc" : "asc" });
    },
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
  });

  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = usePhoneWidth() ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  // eslint-disable-next-line react-hooks/incompatible-library -- read only in this render; nothing memoised depends on it
  const virtualizer = useVirtualizer({
    count: matched,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // Lets the server render the first screen of rows.
    initialRect: { width: 1200, height: 600 },
  });
  // The rows' height moved with the viewport: every row is placed again.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    // Also look one page ahead of the last visible row so scrolling rarely shows placeholders.
    ensure(first, Math.min(last + PAGE_SIZE / 4, Math.max(0, matched - 1)));
  }, [ensure, first, last, matched, state]);

  // A new filter or sort starts at the top; a live update (same view) keeps the scroll position.
  const shownView = useRef(viewKey);
  useEffect(() => {
    if (shownView.current === viewKey) return;
    shownView.current = viewKey;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [viewKey]);

  const rowModel = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const template = headers.map((h) => h.column.columnDef.meta?.width ?? "100px").join(" ");
  // At phone width the verdict and the failing signals follow the name (the cells' CSS order), so a failure reads without scrolling sideways.
  const phoneFirst = PHONE_FIRST.filter((id) => headers.some((h) => h.column.id === id));
  const phoneTemplate = [
    ...phoneFirst.map((id) => PHONE_WIDTHS[id] ?? headers.find((h) => h.column.id === id)?.column.columnDef.meta?.width ?? "100px"),
    ...headers.filter((h) => !PHONE_FIRST.includes(h.column.id)).map((h) => h.column.columnDef.meta?.width ?? "100px"),
  ].join(" ");
  // The fixed tracks plus the minimum of the flexible one.
  const minWidth = headers.reduce((sum, h) => sum + Number(/(\d+)px/.exec(h.column.columnDef.meta?.width ?? "")?.[1] ?? 100), 0);

  const [exporting, setExporting] = useState<null | "csv" | "json">(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const doExport = async (kind: "csv" | "json") => {
    setExporting(kind);
    setExportError(null);
    try {
      const rows = await fetchAllRows(runId, viewKey);
      if (kind === "csv") downloadText(toCsv(rows), exportName(runId, "csv"), "text/csv;charset=utf-8");
      else downloadText(toJson(rows), exportName(runId, "json"), "application/json");
    } catch (e) {
      setExportError(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="space-y-3">
      <ScenarioToolbar view={view} update={update} latest={latest} domains={domains} signals={signals} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="scenario-count">
          {state.matched === null || state.carried ? "Loading…" : `${count(matched)} of ${count(state.total ?? matched)} scenarios`}
        </p>
        <div className="flex items-center gap-2">
          {exportError && (
            <span role="alert" className="text-xs text-red-700 dark:text-red-400">
              Export failed: {exportError}
            </span>
          )}
          <button
            type="button"
            onClick={() => void doExport("csv")}
            disabled={exporting !== null || matched === 0}
            className="rounded-md border border-zinc-300 px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {exporting === "csv" ? "Exporting…" : "Export CSV"}
          </button>
          <button
            type="button"
            onClick={() => void doExport("json")}
            disabled={exporting !== null || matched === 0}
            className="rounded-md border border-zinc-300 px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {exporting === "json" ? "Exporting…" : "Export JSON"}
          </button>
        </div>
      </div>
      {state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
          Could not load scenarios: {state.error}{" "}
          <button type="button" className="underline" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      <div
        ref={scrollRef}
        className="relative max-h-[70vh] min-h-24 overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
        data-testid="scenario-scroll"
      >
        <table
          role="table"
          aria-label="Scenarios"
          aria-rowcount={matched + 1}
          className="scn-table grid text-xs"
          style={{ minWidth, "--scn-cols-wide": template, "--scn-cols-phone": phoneTemplate, "--scn-row-h": `${rowHeight}px` } as CSSProperties}
        >
          <thead role="rowgroup" className="sticky top-0 z-10 grid border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
            <tr role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: "var(--scn-cols)" }}>
              {headers.map((h) => {
                const meta = h.column.columnDef.meta;
                const sorted = h.column.getIsSorted();
                const canSort = h.column.getCanSort() && isSortable(h.column.id);
                const align = meta?.align === "right" ? "justify-end text-right" : meta?.align === "center" ? "justify-center text-center" : "";
                return (
                  <th
                    key={h.id}
                    role="columnheader"
                    scope="col"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : canSort ? "none" : undefined}
                    title={meta?.title}
                    data-col={h.column.id}
                    className={`flex items-center px-1.5 py-2 leading-tight font-semibold text-zinc-700 dark:text-zinc-300 ${align}`}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={h.column.getToggleSortingHandler()}
                        className={`inline-flex items-center gap-0.5 hover:text-zinc-950 dark:hover:text-white ${align}`}
                        data-sort-key={h.column.id}
                      >
                        {meta?.align === "right" && <SortArrow sorted={sorted} />}
                        <table.FlexRender header={h} />
                        {meta?.align !== "right" && <SortArrow sorted={sorted} />}
                      </button>
                    ) : (
                      <table.FlexRender header={h} />
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody
            role="rowgroup"
            aria-busy={state.carried}
            className={`relative grid transition-opacity ${state.carried ? "opacity-50" : ""}`}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const page = Math.floor(item.index / PAGE_SIZE);
              const base = offsets.get(page);
              const original = rowAt(item.index);
              const row = base === undefined || !original ? undefined : rowModel[base + (item.index % PAGE_SIZE)];
              return (
                <tr
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-index={item.index}
                  className={item.index % 2 ? "scn-row scn-odd" : "scn-row"}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row ? (
                    row.getAllCells().map((cell) => {
                      const align = cell.column.columnDef.meta?.align;
                      return (
                        <td
                          key={cell.id}
                          role="cell"
                          data-col={cell.column.id}
                          className={align === "right" ? "scn-cell scn-r" : align === "center" ? "scn-cell scn-c" : "scn-cell"}
                        >
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    })
                  ) : (
                    <td role="cell" className="scn-cell scn-muted col-span-full">
                      Loading…
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {state.matched === 0 && <p className="px-3 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">No scenarios match these filters.</p>}
      </div>
    </div>
  );
}
