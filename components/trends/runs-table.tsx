/** The suite's runs, newest last, each with its success rate and the paired test against the previous run and the pinned baseline. */
import { deltaText, percent, pValue, runHref } from "@/components/format";
import { link, Table, type Look } from "@/components/ui/table-kit";
import type { PairedDrop, TrendRun } from "@/lib/shared/trends";
import { trendsHref, type TrendsParams } from "./trends-href";

function PairedCell({ t }: { t: PairedDrop | null }) {
  if (!t || t.n === 0) return <span className="text-zinc-400">–</span>;
  return (
    <span className="tabular-nums" title={`${t.b}↓ ${t.c}↑ of ${t.n}`}>
      {deltaText(t.estimate)} <span className="text-zinc-500">p {pValue(t.pValue)}</span>
      {t.drop && (
        <span
          className="ml-1 rounded-full bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-600/20 ring-inset dark:bg-red-950 dark:text-red-300"
          data-testid="drop"
        >
          significant drop
        </span>
      )}
      {t.rise && (
        <span className="ml-1 rounded-full bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-950 dark:text-emerald-300">
          significant rise
        </span>
      )}
    </span>
  );
}

/** One form to pin (or unpin) the baseline: a link per row would repeat the long run ids 100 times. */
function BaselineForm({ runs, baseline, params }: { runs: TrendRun[]; baseline: string | null; params: TrendsParams }) {
  return (
    <form action="/trends" method="get" className="mb-2 flex flex-wrap items-center gap-2 text-xs" aria-label="Pin a baseline">
      {params.suite && <input type="hidden" name="suite" value={params.suite} />}
      {params.rate && params.rate !== "success_rate" && <input type="hidden" name="rate" value={params.rate} />}
      {params.sort && params.sort !== "first_failed" && <input type="hidden" name="sort" value={params.sort} />}
      <label htmlFor="baseline">Baseline</label>
      <select
        id="baseline"
        name="baseline"
        defaultValue={baseline ?? ""}
        className="rounded border border-zinc-300 px-1 py-0.5 font-mono dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">none</option>
        {runs.map((r) => (
          <option key={r.id}>{r.id}</option>
        ))}
      </select>
      <button type="submit" className="rounded border border-zinc-300 px-2 py-0.5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
        Pin
      </button>
      {baseline && <a href={trendsHref({ ...params, baseline: null, page: null })}>unpin</a>}
    </form>
  );
}

/** Cell styles hang off the table (descendant variants): 100 rows repeating them would weigh tens of KB. */
const LOOK: Look = {
  box: "max-h-[28rem] overflow-y-auto",
  table:
    "w-full text-sm [&_a]:text-sky-700 [&_a]:hover:underline [&_tbody_td]:border-t [&_tbody_td]:border-zinc-100 [&_td]:py-0.5 [&_td]:pr-3 dark:[&_a]:text-sky-400 dark:[&_tbody_td]:border-zinc-800",
  headRow: "text-left text-xs text-zinc-600 dark:text-zinc-400",
  th: "py-1 pr-3 font-medium",
};

export function TrendRunsTable({ runs, baseline, params }: { runs: TrendRun[]; baseline: string | null; params: TrendsParams }) {
  return (
    <div className="relative overflow-x-auto">
      <BaselineForm runs={runs} baseline={baseline} params={params} />
      <Table
        look={LOOK}
        testId="trend-runs"
        rows={runs}
        rowKey={(r) => r.id}
        row={(r) => ({ "data-run": r.id, className: r.id === baseline ? "bg-amber-50 dark:bg-amber-950/40" : undefined })}
        columns={[
          { head: "Run", cellClass: "font-mono text-xs", cell: (r) => link(runHref(r.id), r.id, "") },
          { head: "State", cellClass: "text-xs", cell: (r) => (r.completed < r.intended ? `${r.state} (${r.completed}/${r.intended})` : r.state) },
          { head: "Success (95% Wilson)", cellClass: "tabular-nums", cell: (r) => successText(r.rates.success_rate) },
          { head: "vs previous run", cell: (r) => <PairedCell t={r.vsPrevious} /> },
          !!baseline && {
            head: "vs baseline",
            cell: (r) =>
              r.id === baseline ? <span className="text-xs font-medium text-amber-700 dark:text-amber-400">pinned</span> : <PairedCell t={r.vsBaseline} />,
          },
        ]}
      />
    </div>
  );
}

/** `62.5% (48.1%–75.0%)`: the rate and its 95% Wilson interval. */
function successText(s: TrendRun["rates"]["success_rate"]): string {
  return `${percent(s.v, 1)}${s.lo !== null && s.hi !== null ? ` (${percent(s.lo, 1)}–${percent(s.hi, 1)})` : ""}`;
}
