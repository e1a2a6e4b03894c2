"use client";

import { rateLabel } from "@/lib/core/figures";
import { ChoiceSelect } from "@/components/ui/choice-select";
import Link from "next/link";
import { useMemo, useState, type ReactNode } from "react";
import { runHref } from "@/components/format";
import { num, Table, Value, type Column, type Look } from "@/components/ui/table-kit";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "./relative-time";
import { RunProgress, RunStateBadge } from "./run-state-badge";
import type { RunSummary } from "./run-view";
import type { RunSuite } from "@/lib/shared/run-suites";
import { DeltaCell, DeltaInline, FailedCell } from "@/components/changes/list-change-cells";
import { compareHref } from "@/lib/shared/routes";

/** A year of nightly runs is 365 rows: the list shows a page at a time (the page stays small and quick). */
export const RUNS_PAGE_SIZE = 50;

const LOOK: Look = {
  box: "relative overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800",
  table: "w-full border-collapse text-sm",
  thead: "bg-zinc-50 dark:bg-zinc-900",
  th: "px-2 py-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400",
  tbody: "divide-y divide-zinc-200 dark:divide-zinc-800",
  td: "px-2 py-2 align-top",
};
/** The Run column stays in view while the table scrolls sideways in its box. */
const pinned = "sticky left-0 z-[1] shadow-[1px_0_0_var(--color-zinc-200)] dark:shadow-[1px_0_0_var(--color-zinc-800)]";
const muted = "text-zinc-500 dark:text-zinc-400";

/** The compare page's URL: the first run picked is the baseline. */
export function pickedCompareHref(picked: readonly string[]): string {
  const [base, ...others] = picked;
  return compareHref(base ?? "", others);
}

/** A rate and, under it, what it counts: `37.50%` over `9/24`. */
function RateWithDenominator({ name, rate }: { name: "success_rate" | "task_success_rate"; rate: RunSummary["successRate"] }) {
  return (
    <>
      <div>
        <Value c={num.rate(name, rate)} />
      </div>
      {rate.denominator > 0 && (
        <div className={`text-xs ${muted}`} data-part="fraction">
          <Value c={num.fraction(rate.numerator, rate.denominator)} />
        </div>
      )}
    </>
  );
}

/** The Run cell: the pick box and the run's link, its verdict at phone width, its badges and change. */
function RunCell({ run, picked, baseline, toggle }: { run: RunSummary; picked: boolean; baseline: boolean; toggle: (id: string) => void }) {
  return (
    <>
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-zinc-900 dark:accent-zinc-100"
          checked={picked}
          onChange={() => toggle(run.id)}
          aria-label={`Pick ${run.id} to compare`}
        />
        <Link href={runHref(run.id)} className="min-w-0 font-mono font-medium break-words text-sky-700 hover:underline dark:text-sky-400">
          <RunId id={run.id} />
        </Link>
      </div>
      {/* At phone width the run's verdict comes with its name: its state and success rate. */}
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs sm:hidden" data-testid="run-verdict-phone">
        <RunStateBadge state={run.state} />
        <span>
          <Value c={num.rate("success_rate", run.successRate)} />
          {run.successRate.denominator > 0 && (
            <span className={muted}>
              {" "}
              <Value c={num.fraction(run.successRate.numerator, run.successRate.denominator)} />
            </span>
          )}
        </span>
      </div>
      <div className="mt-0.5 flex flex-wrap gap-1">
        {picked && baseline && <Badge tone="info">baseline</Badge>}
        {run.partial && (
          <Badge tone="warn" title="Rates cover only the scenarios finished so far.">
            partial
          </Badge>
        )}
        {run.resumed && <Badge title="The run was resumed at least once.">resumed</Badge>}
      </div>
      <DeltaInline runId={run.id} change={run.vsPrevious} />
    </>
  );
}

/** A count that is 0 reads muted; otherwise as `shown` makes it (a link, a badge). */
function CountOr({ n, shown }: { n: number; shown: (text: ReactNode) => ReactNode }) {
  const text = <Value c={num.count(n)} />;
  return n > 0 ? shown(text) : <span className="text-zinc-500">{text}</span>;
}

function columns({
  selected,
  toggle,
  suiteOf,
  serverNow,
}: {
  selected: string[];
  toggle: (id: string) => void;
  suiteOf: Map<string, RunSuite>;
  serverNow: number;
}): Array<Column<RunSummary>> {
  const right = { align: "right" as const, cellClass: "tabular-nums" };
  return [
    {
      head: (
        <>
          Run<span className="sr-only"> (its box picks it to compare)</span>
        </>
      ),
      className: pinned,
      headClass: "bg-zinc-50 dark:bg-zinc-900",
      cellClass: "bg-inherit max-sm:max-w-[13.5rem] max-sm:min-w-[13.5rem] sm:max-w-[20rem] sm:min-w-[10.5rem]",
      cell: (run) => <RunCell run={run} picked={selected.includes(run.id)} baseline={selected[0] === run.id} toggle={toggle} />,
    },
    {
      head: "Started",
      cellClass: "whitespace-nowrap tabular-nums",
      data: () => ({ "data-testid": "run-started" }),
      cell: (run) => (
        <>
          {run.startedAt ? <time dateTime={run.startedAt}>{run.startedAt.slice(0, 16).replace("T", " ")}</time> : <span className="text-zinc-500">–</span>}
          {run.durationSeconds !== null && (
            <div
              className="text-xs text-zinc-500"
              data-testid="run-duration"
              title="The run's time by its own clock: evaluation_log.txt's first start to its last line, the time between calls included (not all_summary.txt's Total Duration, the calls' scenario_duration added up)."
            >
              <Value c={num.duration(run.durationSeconds)} />
            </div>
          )}
        </>
      ),
    },
    {
      head: "State",
      cellClass: "max-w-56 min-w-24",
      cell: (run) => (
        <>
          <RunStateBadge state={run.state} />
          {(run.state === "running" || run.state === "probably-stalled") && (
            <RunProgress completed={run.scenarioCount} intended={run.intendedCount} inFlight={run.inFlight} />
          )}
        </>
      ),
    },
    ...(["success_rate", "task_success_rate"] as const).map((name): Column<RunSummary> => ({
      ...right,
      head: rateLabel(name),
      data: () => ({ "data-rate": name }),
      cell: (run) => <RateWithDenominator name={name} rate={name === "success_rate" ? run.successRate : run.taskSuccessRate} />,
    })),
    {
      ...right,
      head: "Scenarios",
      cell: (run) => (
        <>
          <Value c={num.count(run.scenarioCount)} />
          {run.intendedCount > run.scenarioCount && (
            <span className="text-zinc-500">
              /<Value c={num.count(run.intendedCount)} />
            </span>
          )}
          {run.outsideQueueCount > 0 && (
            <Link
              href={runHref(run.id, "quick=outside")}
              data-testid="outside-queue-count"
              className="block text-xs text-amber-700 hover:underline dark:text-amber-400"
              title="Scenario folders the last queue does not name: shown on the run page, not counted in the rates"
            >
              +<Value c={num.count(run.outsideQueueCount)} /> not in queue
            </Link>
          )}
        </>
      ),
    },
    {
      ...right,
      head: "Stalled",
      hint: "Scenarios counted as failed for stalling (fewer agent turns than min_agent_turns)",
      data: () => ({ "data-testid": "stalled-count" }),
      cell: (run) => (
        <CountOr
          n={run.stalledCount}
          shown={(text) => (
            <Link
              href={runHref(run.id, "quick=stalled")}
              className="font-medium text-amber-700 hover:underline dark:text-amber-400"
              title={`${run.stalledCount} stalled scenario(s): check them before comparing`}
            >
              {text}
            </Link>
          )}
        />
      ),
    },
    {
      ...right,
      head: "Failed",
      hint: "Scenarios that failed (stalled ones included)",
      data: () => ({ "data-testid": "failed-count" }),
      cell: (run) => <FailedCell runId={run.id} success={run.successRate} />,
    },
    {
      head: "Δ vs previous",
      align: "right",
      hint: `${rateLabel("success_rate")} against the previous run of the same suite, new failures, and the compare`,
      data: () => ({ "data-testid": "vs-previous" }),
      cell: (run) => <DeltaCell runId={run.id} change={run.vsPrevious} />,
    },
    {
      head: "Domains",
      cellClass: "max-w-56 min-w-32",
      cell: (run) => <span className="text-xs break-words text-zinc-700 dark:text-zinc-300">{run.domains.join(", ") || "–"}</span>,
    },
    {
      head: "Suite",
      cellClass: "max-w-48 text-xs",
      data: () => ({ "data-testid": "run-suite" }),
      cell: (run) => {
        const suite = suiteOf.get(run.queueKey);
        return suite ? (
          <Link
            href={`/trends?suite=${encodeURIComponent(suite.newest)}`}
            className="break-words text-sky-700 hover:underline dark:text-sky-400"
            title={`${suite.runCount} run(s) queued these scenarios: their trends`}
          >
            {suite.label}
          </Link>
        ) : (
          <span className="text-zinc-500">–</span>
        );
      },
    },
    { head: "Last activity", cellClass: "whitespace-nowrap", cell: (run) => <RelativeTime iso={run.lastLogAt ?? run.updatedAt} serverNow={serverNow} /> },
    { ...right, head: "Problems", cell: (run) => <CountOr n={run.problemCount} shown={(text) => <Badge tone="warn">{text}</Badge>} /> },
  ];
}

/** A run id that may wrap after each `/` rather than mid-name. */
function RunId({ id }: { id: string }) {
  const parts = id.split("/");
  return parts.map((p, i) => (
    <span key={i}>
      {p}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </span>
  ));
}

function matches(run: RunSummary, suiteLabel: string, words: string[]): boolean {
  if (words.length === 0) return true;
  const hay = `${run.id} ${run.state} ${suiteLabel} ${run.domains.join(" ")} ${run.startedAt ?? ""}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** Keeps the suite filter in the address (`?suite=` its newest run), without a server round trip. */
function keepSuiteInUrl(suite: RunSuite | undefined) {
  const url = new URL(window.location.href);
  if (suite) url.searchParams.set("suite", suite.newest);
  else url.searchParams.delete("suite");
  window.history.replaceState(window.history.state, "", url);
}

export function RunsTable({
  runs,
  suites,
  serverNow,
  initialSuite = "",
}: {
  runs: RunSummary[];
  suites: RunSuite[];
  serverNow: number;
  /** The suite filter the address names (`suiteKeyOf`). */
  initialSuite?: string;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const [search, setSearch] = useState("");
  const [suiteKey, setSuiteKey] = useState(initialSuite);
  const [page, setPage] = useState(0);
  const suiteOf = useMemo(() => new Map(suites.map((s) => [s.key, s])), [suites]);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = runs.filter((r) => (!suiteKey || r.queueKey === suiteKey) && matches(r, suiteOf.get(r.queueKey)?.label ?? "", words));
  const pages = Math.max(1, Math.ceil(shown.length / RUNS_PAGE_SIZE));
  const at = Math.min(page, pages - 1);
  const pageRuns = shown.slice(at * RUNS_PAGE_SIZE, (at + 1) * RUNS_PAGE_SIZE);
  // Runs can vanish under a live update; forget picks that no longer exist.
  const present = new Set(runs.map((r) => r.id));
  const selected = picked.filter((id) => present.has(id));
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.filter((x) => present.has(x)), id]));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {selected.length >= 2 ? (
          <Link
            href={pickedCompareHref(selected)}
            className="rounded-md bg-zinc-900 px-3 py-1.5 font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            Compare {selected.length} runs
          </Link>
        ) : (
          <span aria-disabled="true" className="cursor-not-allowed rounded-md bg-zinc-200 px-3 py-1.5 font-medium text-zinc-500 dark:bg-zinc-800">
            Compare
          </span>
        )}
        <span className="text-zinc-600 dark:text-zinc-400">
          {selected.length === 0
            ? "Pick two or more runs to compare; the first one you pick is the baseline."
            : `${selected.length} picked · baseline: ${selected[0]}`}
        </span>
        {selected.length > 0 && (
          <button
            type="button"
            className="text-zinc-600 underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            onClick={() => setPicked([])}
          >
            Clear
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <input
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          placeholder="Search runs: name, date, domain, state"
          aria-label="Search runs"
          className="w-full max-w-[22rem] rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {suites.some((s) => s.runCount > 1) && (
          <ChoiceSelect
            label="Suite"
            value={suiteKey}
            onChange={(value) => {
              setSuiteKey(value);
              setPage(0);
              keepSuiteInUrl(suiteOf.get(value));
            }}
            choices={[{ value: "", label: "All suites" }, ...suites.map((s) => ({ value: s.key, label: `${s.label} (${s.runCount})` }))]}
          />
        )}
        <span className="text-zinc-600 dark:text-zinc-400" data-testid="runs-shown" aria-live="polite">
          {shown.length === runs.length ? `${runs.length} runs` : `${shown.length} of ${runs.length} runs`}
          {pages > 1 && ` · page ${at + 1} of ${pages}`}
        </span>
        {pages > 1 && (
          <span className="flex gap-2">
            <button
              type="button"
              disabled={at === 0}
              onClick={() => setPage(at - 1)}
              className="rounded-md border border-zinc-300 px-2 py-0.5 disabled:opacity-40 dark:border-zinc-700"
            >
              ← Newer
            </button>
            <button
              type="button"
              disabled={at >= pages - 1}
              onClick={() => setPage(at + 1)}
              className="rounded-md border border-zinc-300 px-2 py-0.5 disabled:opacity-40 dark:border-zinc-700"
            >
              Older →
            </button>
          </span>
        )}
      </div>
      <Table
        look={LOOK}
        label="Runs, newest first"
        rows={pageRuns}
        rowKey={(run) => run.id}
        row={(run) => ({
          "data-run-id": run.id,
          // Opaque, so the pinned Run cell (which takes the row's colour) hides what scrolls under it.
          className: selected.includes(run.id) ? "bg-sky-50 dark:bg-sky-950" : "bg-white hover:bg-zinc-50 dark:bg-zinc-950 dark:hover:bg-zinc-900",
        })}
        empty="No run matches."
        columns={columns({ selected, toggle, suiteOf, serverNow })}
      />
    </div>
  );
}
