import Link from "next/link";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { runHref, scenarioHref } from "@/components/format";
import { apiSummaryTextHref } from "@/lib/shared/routes";
import { AnalysisTabs, analysisOf, ANALYSES, type Analysis } from "@/components/run/analysis-tabs";
import { BreakdownChart } from "@/components/run/breakdown-chart";
import { hasHistory, HistoryPanel } from "@/components/run/history-panel";
import { LatencyPanel, type LatencyPanelProps } from "@/components/run/latency-panel";
import { PerDomain } from "@/components/run/per-domain";
import { ProblemsList } from "@/components/run/problems-list";
import { RateCards } from "@/components/run/rate-cards";
import { RunHeader } from "@/components/run/run-header";
import { StallWarning } from "@/components/run/stall-warning";
import { RetryNote } from "@/components/run/retry-note";
import { Suspense } from "react";
import { RunJudgeSections } from "./judge-sections";
import { SummaryStatus } from "@/components/run/summary-status";
import { UsagePanel } from "@/components/run/usage-panel";
import { RunTimingPanels } from "@/components/timing/run-timing-panels";
import { IndexingRefresh } from "@/components/runs/indexing-refresh";
import { ScenarioTable } from "@/components/scenarios/scenario-table";
import { PAGE_SIZE, tableQuery, viewParams } from "@/components/scenarios/view-params";
import { Card } from "@/components/ui/card";
import type { RunDetail, ScenarioPage } from "@/lib/shared/dto";
import { queryMessage } from "@/lib/core/schema-message";
import { parseScenarioQuery } from "@/lib/shared/scenario-query";
import type { RunChanges } from "@/lib/shared/run-changes";
import type { RunModel } from "@/lib/server/model/run-model";
import { runDetail } from "@/lib/server/views/run-views";
import { runChanges } from "@/lib/server/views/run-changes";
import { scenarioRowsPage } from "@/lib/server/queries/run-detail";
import { ChangesLine } from "@/components/changes/changes-line";
import { decodeSegments, parseRunPath } from "@/lib/shared/routes";
import { requestTime } from "@/components/request-time";
import { VersionMark } from "@/components/version-mark";
import { getStore, type Store } from "@/lib/server/live/store";
import { ScenarioPage as ScenarioDrillDown } from "./scenario-page";
import { firstInQueue } from "@/lib/server/ledger/queue";
import { RunTriage } from "./run-triage";
import { RunAudioTab } from "./run-audio-tab";

// Reads the live index at request time.
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

interface Props {
  params: Promise<{ path: string[] }>;
  searchParams: Promise<SearchParams>;
}

/** Route segments as text, by the one route parser (NUL, backslash and dot segments refused); ids are only looked up in the index. */
function routeSegments(path: string[]): string[] | null {
  const decoded = decodeSegments(`/${path.join("/")}`, "/");
  return decoded.ok ? decoded.segments : null;
}

export async function generateMetadata({ params }: Props) {
  const segments = routeSegments((await params).path) ?? [];
  return { title: `${segments.join("/")} · Voice eval dashboard` };
}

export default async function RunRoute({ params, searchParams }: Props) {
  const segments = routeSegments((await params).path);
  if (!segments || segments.length === 0) notFound();
  const store = getStore();
  await store.listed();
  const route = parseRunPath(segments, (id) => store.index.runs.has(id));
  const run = route.kind === "error" ? undefined : await store.openRun(route.run);
  if (run && route.kind === "run") {
    // Only a full page load carries the table's first page; client navigations and live refreshes
    // (fetches, `Sec-Fetch-Dest: empty`) leave it to the table, which keeps every refresh small.
    // Next hides its own `RSC` request header from `headers()`, hence the Fetch Metadata header;
    // without one (an origin the browser does not consider secure) the rows are always sent.
    const dest = (await headers()).get("sec-fetch-dest");
    const withRows = dest === null || dest === "document";
    const query = await searchParams;
    // `?review=unreviewed`: the review queue starts at the first failing scenario without a label.
    const queueEmpty =
      query.review === "unreviewed" && (await firstInQueue(store.index, run, (first) => redirect(`${scenarioHref(run.id, first)}?review=unreviewed`)));
    const [changes, table] = await Promise.all([runChanges(store.index, run, requestTime()), firstPage(store, run, query, withRows)]);
    return <RunPage run={run} changes={changes} table={table} version={store.index.version} searchParams={query} queueEmpty={queueEmpty} />;
  }
  if (run && route.kind === "scenario" && run.scenarios.has(route.name)) {
    return <ScenarioDrillDown run={run} name={route.name} searchParams={await searchParams} />;
  }

  const indexing = store.index.indexing;
  if (indexing) {
    return (
      <section className="space-y-2">
        <IndexingRefresh />
        <h1 className="font-mono text-xl font-semibold break-all">{segments.join("/")}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Indexing {indexing.done}/{indexing.total} scenarios… this run appears as soon as the first scan has read it.
        </p>
      </section>
    );
  }
  notFound();
}

interface FirstPage {
  view: string;
  page: ScenarioPage | null;
  error: string | null;
}

/** The first page of the scenario table for the URL's view, so the table renders with the HTML (as `GET /api/runs/{id}/scenarios` gives it). */
async function firstPage(store: Store, run: RunModel, searchParams: SearchParams, withRows: boolean): Promise<FirstPage> {
  const raw = new URLSearchParams();
  for (const [k, v] of Object.entries(searchParams)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined) raw.set(k, value);
  }
  const view = viewParams(raw);
  const params = tableQuery(view);
  params.set("offset", "0");
  params.set("limit", String(PAGE_SIZE));
  const query = parseScenarioQuery(params);
  if (!query.success) {
    const error = queryMessage(query.error, Object.fromEntries(params));
    return { view: view.toString(), page: { total: run.scenarios.size, matched: 0, offset: 0, limit: PAGE_SIZE, rows: [] }, error };
  }
  return { view: view.toString(), page: withRows ? await scenarioRowsPage(store, run, query.data) : null, error: null };
}

const PROBLEMS_SHOWN = 30;

function RunPage({
  run,
  changes,
  table,
  version,
  searchParams,
  queueEmpty,
}: {
  run: RunModel;
  changes: RunChanges;
  table: FirstPage;
  version: number;
  searchParams: SearchParams;
  queueEmpty: boolean;
}) {
  const now = requestTime();
  const d: RunDetail = runDetail(run, now);
  const { view, page, error } = table;
  // Changes whenever this run's data does, so the table re-fetches only for its own run.
  const dataKey = `${run.revision}|${d.state}`;
  const signals = Object.entries(d.successBreakdown)
    .filter(([, c]) => c.failed > 0)
    .map(([s]) => s);
  // The open analysis (`?tab=`), rendered alone under the table; its links keep the table's view.
  const tab = analysisOf(searchParams.tab) ?? (queueEmpty ? "triage" : null);
  const available = new Set<Analysis>(ANALYSES.map(([id]) => id).filter((id) => id !== "history" || hasHistory(d.history)));
  const tabHref = (next: Analysis | null) => {
    const q = new URLSearchParams(view);
    if (next) q.set("tab", next);
    return `${runHref(d.id, q.toString())}#analyses`;
  };
  const latency: LatencyPanelProps = {
    pooled: { bins: d.histogram.pooled, stats: d.latency },
    byDomain: Object.fromEntries(Object.entries(d.histogram.byDomain).map(([dom, bins]) => [dom, { bins, stats: d.latencyByDomain[dom] ?? null }])),
  };

  return (
    // A column of sections; at phone width the scenario table comes right after the header and the "vs previous" line, before the notes and the rate cards (its first failing row on the first screen).
    <div className="flex flex-col gap-5">
      <VersionMark version={version} />
      <div className="max-sm:-order-2">
        <RunHeader
          serverNow={now}
          run={{
            id: d.id,
            state: d.state,
            partial: d.partial,
            resumed: d.resumed,
            scenarioCount: d.scenarioCount,
            intendedCount: d.intendedCount,
            inFlight: d.inFlight,
            startedAt: d.startedAt,
            // The run's own clock (its log's last line); the files' times only when there is no log.
            updatedAt: d.lastLogAt ?? d.updatedAt,
            minAgentTurns: d.minAgentTurns,
            judgeThreshold: d.judgeThreshold,
            endSettings: d.endSettings,
            stopReasons: d.stopReasons,
            newFields: d.newFields,
            problemCount: d.problems.length,
            unfinishedCount: d.unfinished.length,
            // The folders a resume moved aside (automatic retries' attempts are told by the retries note).
            killedCount: d.history.killed.length,
            outsideQueueCount: d.outsideQueue.length,
            diedIn: d.history.diedIn?.name ?? null,
          }}
        />
      </div>
      {/* At phone width the "vs previous" line follows the header, before the table. */}
      <div className="max-sm:-order-2">
        <ChangesLine changes={changes} />
      </div>
      <StallWarning runId={d.id} stalled={d.stalled} minAgentTurns={d.minAgentTurns} />
      <RetryNote runId={d.id} retries={d.retries} successRate={d.rates.success_rate} />
      <section id="rates" aria-label="Rates" className="max-sm:order-1">
        <RateCards rates={d.rates} judgeThreshold={d.judgeThreshold} judgeScores={d.judgeScores} />
      </section>
      <Card id="scenarios" title="Scenarios" className="scroll-mt-4 max-sm:-order-1">
        {error && (
          <p role="alert" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            This link&apos;s table filter is not valid ({error}).{" "}
            <Link href={runHref(d.id)} className="underline">
              Clear it
            </Link>
          </p>
        )}
        <ScenarioTable runId={d.id} seed={{ view, dataKey, page }} domains={d.domains} signals={signals} marks={changes.marks} />
      </Card>
      {/* Below the table: the first screen stays on the failing scenarios. */}
      <Suspense fallback={null}>
        <RunJudgeSections run={run} />
      </Suspense>
      <section id="analyses" className="scroll-mt-4 space-y-3 max-sm:order-2">
        <AnalysisTabs href={tabHref} open={tab} available={available} />
        {tab === "signals" && (
          <Card id="signals" title="Signals">
            <BreakdownChart breakdown={d.successBreakdown} />
          </Card>
        )}
        {tab === "latency" && (
          <Card id="latency" title="Latency">
            <LatencyPanel {...latency} />
          </Card>
        )}
        {tab === "stages" && <RunTimingPanels runId={d.id} />}
        {tab === "domains" && (
          <Card id="domains" title="Per domain">
            <PerDomain perDomain={d.perDomain} runId={d.id} />
          </Card>
        )}
        {tab === "tokens" && (
          <Card id="usage" title="Tokens, duration, turns">
            <UsagePanel tokens={d.tokens} totalDurationSeconds={d.totalDurationSeconds} totalTurns={d.totalTurns} scenarioCount={d.scenarioCount} />
          </Card>
        )}
        {tab === "audio" && (
          <RunAudioTab
            run={run}
            finding={searchParams.finding}
            hrefFor={(finding) => {
              const q = new URLSearchParams(view);
              q.set("tab", "audio");
              if (finding) q.set("finding", finding);
              return `${runHref(d.id, q.toString())}#analyses`;
            }}
          />
        )}
        {tab === "triage" && <RunTriage index={getStore().index} run={run} queueEmpty={queueEmpty} />}
        {tab === "summary" && (
          <>
            <Card id="summary" title="all_summary.txt">
              <SummaryStatus status={d.onDiskSummary} partial={d.partial} href={apiSummaryTextHref(d.id)} />
            </Card>
            {d.problems.length > 0 && (
              <Card id="problems" title={`Problems (${d.problems.length})`}>
                <ProblemsList runId={d.id} problems={d.problems.slice(0, PROBLEMS_SHOWN)} total={d.problems.length} />
              </Card>
            )}
          </>
        )}
        {tab === "history" && (
          <Card id="history" title="History">
            <HistoryPanel runId={d.id} history={d.history} />
          </Card>
        )}
      </section>
    </div>
  );
}
