"use client";

/**
 * Scenario buckets and the scenario table of one baseline/other pair (TanStack Table v9, sorted
 * and filtered in the browser). Bucket, text, domain and sort live in the URL; updates go through
 * `history.replaceState`/`pushState`, which Next's router follows without a server round trip.
 */
import { ChoiceSelect } from "@/components/ui/choice-select";
import Link from "next/link";
import { CAUSE_LABEL, STATUS_LABEL } from "@/lib/shared/ledger";
import { useSearchParams } from "next/navigation";
import { useMemo, useState, useSyncExternalStore } from "react";
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnFiltersState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { group } from "@/components/format";
import { pair, Value } from "@/components/ui/table-kit";
import { downloadText } from "@/components/ui/download";
import { compareCsv, csvFileName } from "./csv";
import { CHANGE_HINT, CHANGE_LABEL, CHANGE_ORDER, CHANGE_TONE, scenarioCompareHref } from "./labels";
import { SIGNAL_LABELS } from "@/components/run/rate-meta";
import { JudgePair, judgeSortValue, SideVerdict } from "./side-cells";
import { buttonClass, ChangeBadge, linkClass, RunId, ShowMore, VerdictMark } from "./ui";
import type { Change, CompareRow, CountedVerdict } from "@/lib/shared/compare";

interface Meta {
  align?: "right" | "center";
  title?: string;
  className?: string;
}

const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  columnMeta: {} as Meta,
});
const helper = createColumnHelper<typeof features, CompareRow>();

const SORT_KEYS = new Set(["name", "domain", "change", "base", "other", "task", "judge", "signals", "nl"]);
const PAGE = 200;

function verdictRank(v: CountedVerdict): number {
  return v === true ? 3 : v === false ? 1 : v === "N/A" ? 2 : 0;
}

function cmp(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function stateMark(s: string | boolean | null) {
  if (s === "passed" || s === true) return <VerdictMark v={true} />;
  if (s === "failed" || s === false) return <VerdictMark v={false} />;
  if (s === null) return <VerdictMark v={null} />;
  return <span className="text-zinc-500">{s === "not_applicable" ? "n/a" : s}</span>;
}

function buildColumns(baseId: string, otherId: string) {
  return helper.columns([
    helper.accessor("name", {
      header: "Scenario",
      meta: { className: "min-w-56" },
      sortFn: (a, b) => cmp(a.original.name, b.original.name),
      filterFn: (row, _id, value: string) => row.original.name.toLowerCase().includes(value.toLowerCase()),
      cell: (c) => (
        <Link
          href={scenarioCompareHref(baseId, otherId, c.row.original.name)}
          prefetch={false}
          className={`font-mono break-all ${linkClass}`}
          title="Compare this scenario's two runs turn by turn"
        >
          {c.getValue()}
        </Link>
      ),
    }),
    helper.accessor("domain", {
      header: "Domain",
      sortFn: (a, b) => cmp(a.original.domain, b.original.domain),
      filterFn: (row, _id, value: string) => row.original.domain === value,
      cell: (c) => <span className="font-mono">{c.getValue()}</span>,
    }),
    helper.accessor("change", {
      header: "Change",
      sortFn: (a, b) => cmp(CHANGE_ORDER.indexOf(a.original.change), CHANGE_ORDER.indexOf(b.original.change)),
      filterFn: (row, _id, value: string) => row.original.change === value,
      cell: (c) => <ChangeBadge change={c.getValue()} />,
    }),
    helper.accessor((r) => (r.change === "regressed" || r.change === "still_failing" ? (r.label?.cause ?? "") : ""), {
      id: "label",
      header: "Triage",
      meta: { title: "The triage ledger's label: the other run's, else the baseline's (regressed and still-failing rows)" },
      sortFn: (a, b) => cmp(a.getValue<string>("label"), b.getValue<string>("label")),
      cell: (c) => {
        const l = c.row.original.label;
        if (!l || !c.getValue()) return <span className="text-zinc-400 dark:text-zinc-500">–</span>;
        return (
          <span className="text-xs whitespace-nowrap" data-testid="compare-label" title={`labelled in ${l.run}`}>
            <span className="font-medium">{CAUSE_LABEL[l.cause]}</span> · {STATUS_LABEL[l.status]}
            {l.ref ? ` · ${l.ref}` : ""}
            {l.run === baseId ? <span className="text-zinc-500"> (baseline)</span> : null}
          </span>
        );
      },
    }),
    helper.accessor("base", {
      header: "Baseline",
      meta: { align: "center", title: "Verdict as counted in the baseline (stalled counts as failed)" },
      sortFn: (a, b) => cmp(verdictRank(a.original.base), verdictRank(b.original.base)),
      cell: (c) => <SideVerdict v={c.getValue()} stalled={c.row.original.baseStalled} label="Baseline verdict" />,
    }),
    helper.accessor("other", {
      header: "Other",
      meta: { align: "center", title: "Verdict as counted in the other run (stalled counts as failed)" },
      sortFn: (a, b) => cmp(verdictRank(a.original.other), verdictRank(b.original.other)),
      cell: (c) => <SideVerdict v={c.getValue()} stalled={c.row.original.otherStalled} label="Other verdict" />,
    }),
    helper.accessor((r) => `${verdictRank(r.baseTask)}${verdictRank(r.otherTask)}`, {
      id: "task",
      header: "Task",
      meta: { align: "center", title: "Task verdict (excl. clean_exit), baseline → other" },
      sortFn: (a, b) =>
        cmp(verdictRank(a.original.otherTask) - verdictRank(a.original.baseTask), verdictRank(b.original.otherTask) - verdictRank(b.original.baseTask)),
      cell: (c) => (
        <Value
          c={pair(
            <VerdictMark v={c.row.original.baseTask} label="Baseline task verdict" />,
            <VerdictMark v={c.row.original.otherTask} label="Other task verdict" />,
          )}
        />
      ),
    }),
    helper.accessor((r) => judgeSortValue(r.judge.other) - judgeSortValue(r.judge.base), {
      id: "judge",
      header: "Judge score",
      meta: { title: "Judge score, baseline → other; a NaN score is a judge error" },
      sortFn: (a, b) =>
        cmp(
          judgeSortValue(a.original.judge.other) - judgeSortValue(a.original.judge.base),
          judgeSortValue(b.original.judge.other) - judgeSortValue(b.original.judge.base),
        ),
      cell: (c) => <JudgePair judge={c.row.original.judge} />,
    }),
    helper.accessor((r) => r.signals.length, {
      id: "signals",
      header: "Signals flipped",
      meta: { title: "success_breakdown signals whose state differs (baseline → other)" },
      sortFn: (a, b) => cmp(a.original.signals.length, b.original.signals.length),
      cell: (c) => {
        const list = c.row.original.signals;
        if (list.length === 0) return <span className="text-zinc-400 dark:text-zinc-500">–</span>;
        return (
          <ul className="flex flex-wrap gap-1">
            {list.map((s) => (
              <li
                key={s.signal}
                className="inline-flex items-center gap-0.5 rounded bg-zinc-100 px-1.5 py-0.5 text-xs whitespace-nowrap dark:bg-zinc-800"
                data-signal={s.signal}
              >
                <span>{SIGNAL_LABELS[s.signal] ?? s.signal}</span> <Value c={pair(stateMark(s.base), stateMark(s.other))} />
              </li>
            ))}
          </ul>
        );
      },
    }),
    helper.accessor((r) => r.nl.length, {
      id: "nl",
      header: "NL assertions flipped",
      meta: { className: "min-w-56", title: "NL assertions (matched by text) whose verdict differs; read for regressed and fixed scenarios" },
      sortFn: (a, b) => cmp(a.original.nl.length, b.original.nl.length),
      cell: (c) => {
        const list = c.row.original.nl;
        if (list.length === 0) return <span className="text-zinc-400 dark:text-zinc-500">–</span>;
        return (
          <ul className="space-y-0.5 text-xs">
            {list.map((a, i) => (
              <li key={i} className="flex items-start gap-1">
                <span className="shrink-0">
                  <Value c={pair(stateMark(a.base), stateMark(a.other))} />
                </span>
                <span className="line-clamp-2" title={a.assertion}>
                  {a.assertion}
                </span>
              </li>
            ))}
          </ul>
        );
      },
    }),
  ]);
}

function SortArrow({ sorted }: { sorted: false | "asc" | "desc" }) {
  return (
    <span aria-hidden="true" className="inline-block w-2.5 text-center text-[10px]">
      {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
    </span>
  );
}

const noop = () => () => {};
/** `false` during the server render and hydration, `true` once event handlers are attached. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** Applies query changes to the current URL without a server round trip. */
function setQuery(changes: Record<string, string | null>, push = false) {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  const next = `${url.pathname}${url.search}${url.hash}`;
  if (push) window.history.pushState(null, "", next);
  else window.history.replaceState(null, "", next);
}

export function CompareScenarioTable({
  rows,
  counts,
  baseId,
  otherId,
}: {
  rows: CompareRow[];
  counts: Record<Change, number>;
  baseId: string;
  otherId: string;
}) {
  const params = useSearchParams();
  const bucketParam = params.get("bucket");
  const bucket = bucketParam && (CHANGE_ORDER as readonly string[]).includes(bucketParam) ? (bucketParam as Change) : null;
  const q = params.get("q") ?? "";
  const domain = params.get("domain") ?? "";
  const sortKey = params.get("sort");
  const desc = params.get("dir") === "desc";
  const [limit, setLimit] = useState(PAGE);
  const hydrated = useHydrated();

  const domains = useMemo(() => [...new Set(rows.map((r) => r.domain))].sort(), [rows]);
  const columns = useMemo(() => buildColumns(baseId, otherId), [baseId, otherId]);
  const sorting = useMemo<SortingState>(() => (sortKey && SORT_KEYS.has(sortKey) ? [{ id: sortKey, desc }] : []), [sortKey, desc]);
  const columnFilters = useMemo<ColumnFiltersState>(() => {
    const f: ColumnFiltersState = [];
    if (bucket) f.push({ id: "change", value: bucket });
    if (q.trim()) f.push({ id: "name", value: q.trim() });
    if (domain) f.push({ id: "domain", value: domain });
    return f;
  }, [bucket, q, domain]);

  const table = useTable({
    features,
    columns,
    data: rows,
    state: { sorting, columnFilters },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      setQuery(first ? { sort: first.id, dir: first.desc ? "desc" : "asc" } : { sort: null, dir: null });
    },
    onColumnFiltersChange: () => {},
    enableMultiSort: false,
    enableSortingRemoval: true,
  });

  const all = table.getRowModel().rows;
  const shown = all.slice(0, limit);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  const exportCsv = () => {
    const text = compareCsv(
      all.map((r) => r.original),
      baseId,
      otherId,
    );
    downloadText(text, csvFileName(baseId, otherId, bucket), "text/csv;charset=utf-8");
  };

  const chip = (value: Change | null, label: string, count: number, hint: string, tone: string) => {
    const active = bucket === value;
    const next = new URLSearchParams(params.toString());
    if (value) next.set("bucket", value);
    else next.delete("bucket");
    // A link (works before hydration and without scripts); once hydrated, the URL changes in place.
    return (
      <a
        key={value ?? "all"}
        href={`?${next.toString()}`}
        aria-current={active ? "true" : undefined}
        title={hint}
        data-bucket={value ?? "all"}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
          e.preventDefault();
          setLimit(PAGE);
          setQuery({ bucket: value }, true);
        }}
        className={`flex min-w-28 flex-col items-start rounded-lg px-3 py-2 text-left ring-1 ring-inset transition ${tone} ${active ? "outline-2 outline-offset-2 outline-sky-600 dark:outline-sky-400" : "opacity-90 hover:opacity-100"}`}
      >
        <span className="text-xl font-semibold tabular-nums" data-testid="bucket-count">
          {group(count)}
        </span>
        <span className="text-xs font-medium">
          {label}
          {active && <span className="sr-only"> (shown)</span>}
        </span>
      </a>
    );
  };

  const total = CHANGE_ORDER.reduce((s, c) => s + counts[c], 0);

  return (
    <div className="space-y-3">
      <nav aria-label="Scenario buckets (filter the table)" className="flex flex-wrap gap-2" data-testid="buckets">
        {chip(
          null,
          "All scenarios",
          total,
          "every scenario in either run",
          "bg-white text-zinc-800 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-200 dark:ring-zinc-700",
        )}
        {CHANGE_ORDER.map((c) => chip(c, CHANGE_LABEL[c], counts[c], CHANGE_HINT[c], CHANGE_TONE[c]))}
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-xs">
            <span className="block text-zinc-600 dark:text-zinc-400">Scenario name</span>
            <input
              type="search"
              defaultValue={q}
              onChange={(e) => {
                setLimit(PAGE);
                setQuery({ q: e.target.value });
              }}
              placeholder="Filter by name…"
              className="w-56 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
            />
          </label>
          {domains.length > 1 && (
            <ChoiceSelect
              stacked
              label="Domain"
              value={domain}
              onChange={(value) => {
                setLimit(PAGE);
                setQuery({ domain: value });
              }}
              choices={[{ value: "", label: "All domains" }, ...domains.map((d) => ({ value: d, label: d }))]}
            />
          )}
        </div>
        <div className="flex items-center gap-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="row-count">
            {group(all.length)} of {group(rows.length)} scenarios
            {bucket ? ` · ${CHANGE_LABEL[bucket].toLowerCase()}` : ""}
          </p>
          <button type="button" className={buttonClass} onClick={exportCsv} disabled={!hydrated || all.length === 0}>
            Export CSV
          </button>
        </div>
      </div>
      <div className="relative overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full border-collapse text-sm" data-testid="compare-table">
          <caption className="sr-only">
            Scenarios of {baseId} (baseline) and {otherId}; column headers sort the table
          </caption>
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              {headers.map((h) => {
                const meta = h.column.columnDef.meta;
                const sorted = h.column.getIsSorted();
                const align = meta?.align === "center" ? "text-center" : meta?.align === "right" ? "text-right" : "text-left";
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                    title={meta?.title}
                    className={`border-b border-zinc-200 px-2 py-2 text-xs font-semibold whitespace-nowrap text-zinc-700 dark:border-zinc-800 dark:text-zinc-300 ${align} ${meta?.className ?? ""}`}
                  >
                    <button
                      type="button"
                      onClick={h.column.getToggleSortingHandler()}
                      className="inline-flex items-center gap-0.5 hover:text-zinc-950 dark:hover:text-white"
                      data-sort-key={h.column.id}
                    >
                      <table.FlexRender header={h} />
                      <SortArrow sorted={sorted} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr
                key={row.id}
                data-scenario={row.original.name}
                data-change={row.original.change}
                className={`align-top ${i % 2 ? "bg-zinc-50/60 dark:bg-zinc-900/40" : ""} hover:bg-sky-50 dark:hover:bg-sky-950/30`}
              >
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const align = meta?.align === "center" ? "text-center" : meta?.align === "right" ? "text-right" : "";
                  const Tag = cell.column.id === "name" ? "th" : "td";
                  return (
                    <Tag
                      key={cell.id}
                      scope={Tag === "th" ? "row" : undefined}
                      className={`border-t border-zinc-100 px-2 py-1.5 font-normal dark:border-zinc-800 ${align || "text-left"}`}
                    >
                      <table.FlexRender cell={cell} />
                    </Tag>
                  );
                })}
              </tr>
            ))}
            {all.length === 0 && (
              <tr>
                <td colSpan={headers.length} className="px-2 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
                  No scenario matches.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <ShowMore
        shown={shown.length}
        total={all.length}
        onAll={() => setLimit(all.length)}
        more={{ label: `Show ${group(Math.min(PAGE * 5, all.length - shown.length))} more`, onClick: () => setLimit((l) => l + PAGE * 5) }}
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Baseline <RunId id={baseId} role="baseline" /> · other <RunId id={otherId} role="other" />. Click a scenario to read both transcripts side by side.
      </p>
    </div>
  );
}
