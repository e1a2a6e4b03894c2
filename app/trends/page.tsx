import Link from "next/link";
import { linkClass } from "@/components/compare/ui";
import { Suspense } from "react";
import { ThemePanelFallback } from "@/app/_themes/theme-panel";
import { RangeThemePanel } from "@/app/_themes/range-theme-panel";
import { NightInteractionPanel } from "./interaction-panel";
import { PageFrame } from "@/components/ui/page-frame";
import { DomainCharts, RateCharts } from "@/components/trends/trend-charts";
import { rateLabel } from "@/lib/core/figures";
import { TrendRunsTable } from "@/components/trends/runs-table";
import { TrendStrip } from "@/components/trends/trend-strip";
import { AnomalyList } from "@/components/trends/anomalies";
import { NotComparableNights } from "@/components/trends/not-comparable";
import { TrendRunsProvider } from "@/components/trends/trend-runs-context";
import { trendsHref, type TrendsParams } from "@/components/trends/trends-href";
import { getStore } from "@/lib/server/live/store";
import { buildTrends } from "@/lib/server/views/trends";
import type { TrendRange } from "@/lib/core/trends/range";
import { Card } from "@/components/ui/card";

// Reads the live index at request time.
export const dynamic = "force-dynamic";

export const metadata = { title: "Trends · Voice eval dashboard" };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const SORTS = [
  ["changed", "Last changed"],
  ["first_failed", "First failed in"],
  ["flips", "Flips"],
  ["streak", "Failing streak"],
  ["name", "Name"],
] as const;

const RANGES = [
  ["30", "Last 30 days"],
  ["90", "Last 90 days"],
  ["365", "Last year"],
  ["all", "All"],
] as const satisfies ReadonlyArray<readonly [TrendRange, string]>;

export default async function TrendsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const store = getStore();
  await store.scanned;
  const { index } = store;
  const data = buildTrends(index, {
    suite: one(sp.suite),
    baseline: one(sp.baseline),
    rate: one(sp.rate),
    sort: one(sp.sort),
    page: one(sp.page),
    range: one(sp.range),
  });
  const params: TrendsParams = { suite: data.suite?.id, baseline: data.baseline, rate: data.rate, sort: data.strip.sort, range: data.range.value };
  const runIds = data.runs.map((r) => r.id);
  const baselineAt = data.baseline ? runIds.indexOf(data.baseline) : -1;
  const newest = runIds[runIds.length - 1];
  // Themes over the selected range: from its first night to its newest (or from the pinned baseline).
  const against = data.baseline && data.baseline !== newest ? data.baseline : runIds.length > 1 ? runIds[0] : undefined;
  const { strip } = data;
  const pages = Math.max(1, Math.ceil(strip.total / strip.pageSize));

  return (
    <PageFrame
      id="trends"
      title="Trends"
      subtitle={
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Runs that queued the same scenarios (or a subset) form a suite. Bands are 95% Wilson intervals; a red point is a significant drop in success from the
          previous run (McNemar exact, p &lt; 0.05, as on the compare page).
        </p>
      }
    >
      {data.suites.length > 1 && (
        <nav aria-label="Suites" className="flex flex-wrap gap-2 text-xs">
          {data.suites.map((s) => (
            <Link
              key={s.id}
              href={trendsHref({ suite: s.id, range: data.range.value })}
              aria-current={s.id === data.suite?.id ? "true" : undefined}
              className={`rounded-md border px-2 py-1 ${s.id === data.suite?.id ? "border-sky-600 bg-sky-50 dark:border-sky-400 dark:bg-sky-950" : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"}`}
            >
              <span className="font-medium">{s.name}</span> · {s.runCount} run(s) × {s.scenarioCount} scenarios{" "}
              <span className="font-mono">(newest {s.newest})</span>
            </Link>
          ))}
        </nav>
      )}
      {!data.suite ? (
        <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          No runs with a scenario queue yet.
        </p>
      ) : (
        <>
          <nav aria-label="Time range" className="flex flex-wrap items-center gap-2 text-xs" data-testid="trend-range">
            <span className="text-zinc-600 dark:text-zinc-400">
              Showing {data.range.shown} of {data.range.total} run{data.range.total === 1 ? "" : "s"}:
            </span>
            {RANGES.map(([key, label]) => (
              <Link
                key={key}
                href={trendsHref({ ...params, range: key, page: null })}
                title="Counted back from the suite's newest run"
                aria-current={key === data.range.value ? "true" : undefined}
                className={`rounded-md border px-2 py-0.5 ${key === data.range.value ? "border-sky-600 bg-sky-50 dark:border-sky-400 dark:bg-sky-950" : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"}`}
              >
                {label}
              </Link>
            ))}
          </nav>
          <Card
            id="strip"
            title="Scenarios across runs"
            description={`${strip.total} scenarios, ${strip.failingEver} failed at least once${strip.sort === "changed" ? "; the newest change first" : ""}. Each cell opens that scenario in that run.`}
            actions={
              <nav aria-label="Sort the strip" className="flex flex-wrap gap-1 text-xs">
                {SORTS.map(([key, label]) => (
                  <Link
                    key={key}
                    href={trendsHref({ ...params, sort: key, page: null })}
                    aria-current={key === strip.sort ? "true" : undefined}
                    className={`rounded-md border px-2 py-0.5 ${key === strip.sort ? "border-sky-600 bg-sky-50 dark:border-sky-400 dark:bg-sky-950" : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"}`}
                  >
                    {label}
                  </Link>
                ))}
              </nav>
            }
          >
            <TrendStrip runs={runIds} rows={strip.rows} baseline={data.baseline} />
            {pages > 1 && (
              <nav aria-label="Strip pages" className="mt-2 flex items-center gap-3 text-xs">
                {strip.page > 0 && (
                  <Link href={trendsHref({ ...params, page: strip.page - 1 })} className={linkClass}>
                    ← Previous
                  </Link>
                )}
                <span>
                  Page {strip.page + 1} of {pages}
                </span>
                {strip.page < pages - 1 && (
                  <Link href={trendsHref({ ...params, page: strip.page + 1 })} className={linkClass}>
                    Next →
                  </Link>
                )}
              </nav>
            )}
          </Card>
          <Card
            id="rates"
            title="Rates, latency and tokens over time"
            description="Oldest left, newest right. Hover or focus a chart to read a run (← → move, Enter opens it); a click opens the run."
          >
            <TrendRunsProvider runs={data.runs.map((r) => ({ id: r.id, startedAt: r.startedAt, previous: r.previous }))}>
              <RateCharts runs={data.runs} baselineAt={baselineAt} />
            </TrendRunsProvider>
          </Card>
          <Card id="anomalies" title={`Anomaly nights (${data.runs.filter((r) => r.anomaly).length})`}>
            <AnomalyList runs={data.runs} />
          </Card>
          {data.runs.some((r) => r.notComparable.length > 0) && (
            <Card
              id="not-comparable"
              title="Nights not like for like with the one before"
              description="Calls ended under another conversation-end policy or inactivity timeout, or a domain's scoring changed (success_signals, NL assertions, an expected DB hash): rates move for reasons other than the agent. Ticked on the charts."
            >
              <NotComparableNights runs={data.runs} />
            </Card>
          )}
          <Card
            id="runs"
            title={`Runs (${data.runs.length})`}
            description={
              data.baseline ? (
                <>
                  Pinned baseline <span className="font-mono">{data.baseline}</span> (dashed line in the charts).
                </>
              ) : (
                "Pin a run as the baseline to compare every run with it."
              )
            }
          >
            <TrendRunsTable runs={data.runs} baseline={data.baseline} params={params} />
          </Card>
          <Card id="domains" title={`${rateLabel(data.rate)} per domain`}>
            <TrendRunsProvider runs={data.runs.map((r) => ({ id: r.id, startedAt: r.startedAt, previous: r.previous }))}>
              <DomainCharts runs={data.runs} domains={data.domains} rate={data.rate} baselineAt={baselineAt} params={params} />
            </TrendRunsProvider>
          </Card>
          <Card id="interaction" title="Interaction per night (τ-voice panel)">
            <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-400">Measuring the recordings…</p>}>
              <NightInteractionPanel runIds={runIds} />
            </Suspense>
          </Card>
          {newest && against && (
            <Suspense fallback={<ThemePanelFallback />}>
              <RangeThemePanel runIds={runIds.slice(runIds.indexOf(against))} />
            </Suspense>
          )}
        </>
      )}
    </PageFrame>
  );
}
