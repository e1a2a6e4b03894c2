import Link from "next/link";
import { Suspense } from "react";
import { runHref } from "@/components/format";
import { CompareWarnings } from "@/components/compare/warnings";
import { Headline } from "@/components/compare/headline";
import { RetriesCompare } from "@/components/compare/retries";
import { commaIds, compareHref, splitRunIds } from "@/components/compare/labels";
import { LatencyCompare } from "@/components/compare/latency";
import { VerdictMatrixView } from "@/components/compare/matrix";
import { PerDomainDeltas } from "@/components/compare/per-domain";
import { ComparePicker } from "@/components/compare/picker";
import { CompareScenarioTable } from "@/components/compare/scenario-table";
import { SignalDeltas } from "@/components/compare/signals";
import { TokenDeltas } from "@/components/compare/tokens";
import { CompareTiming } from "@/components/timing/compare-timing";
import type { CompareRow, PickerRun, RunSide } from "@/lib/shared/compare";
import { PageFrame } from "@/components/ui/page-frame";
import { linkClass, RunId } from "@/components/compare/ui";
import { SetupSection } from "@/components/compare/setup-section";
import { runSetupDiff } from "@/lib/server/views/setup";
import { compareRuns, SMALL_SAMPLE } from "@/lib/server/views/compare";
import type { RunModel } from "@/lib/server/model/run-model";
import { getStore } from "@/lib/server/live/store";
import { runDetail } from "@/lib/server/views/run-views";
import { runsList } from "@/lib/server/views/runs-list";
import { ThemePanel, ThemePanelFallback } from "@/app/_themes/theme-panel";
import { CompareAudio } from "./audio-section";
import { compareLabels } from "@/lib/server/ledger/compare-labels";
import { Card } from "@/components/ui/card";

// Reads the live index at request time.
export const dynamic = "force-dynamic";

export const metadata = { title: "Compare runs · Voice eval dashboard" };

type SearchParams = Record<string, string | string[] | undefined>;

const MAX_RUNS = 20;

function all(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function sideOf(run: RunModel): RunSide {
  const d = runDetail(run);
  return { id: run.id, histogram: d.histogram, latency: d.latency, latencyByDomain: d.latencyByDomain, successBreakdown: d.successBreakdown, tokens: d.tokens };
}

/** The compare page's frame, in every state (no runs picked, an unknown run, a comparison). */
function Shell({ children, subtitle }: { children: React.ReactNode; subtitle?: React.ReactNode }) {
  return (
    <PageFrame id="compare" title="Compare runs" subtitle={subtitle}>
      {children}
    </PageFrame>
  );
}

export default async function ComparePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const store = getStore();
  await store.scanned;
  const { index } = store;
  const pickerRuns: PickerRun[] = runsList(index).runs.map((r) => ({ id: r.id, state: r.state, scenarioCount: r.scenarioCount, startedAt: r.startedAt }));
  const base = all(sp.base)[0]?.trim() || null;
  const ids = splitRunIds(all(sp.runs), commaIds(index.runs.keys()), MAX_RUNS + 2);
  if (ids.filter((id) => id !== base).length > MAX_RUNS) {
    return (
      <Shell>
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
          Cannot compare: runs names more than {MAX_RUNS} runs; at most {MAX_RUNS} runs can be compared at once.
        </p>
        <ComparePicker runs={pickerRuns} base={base} others={[]} open />
      </Shell>
    );
  }
  const others = ids.filter((id) => id !== base);

  if (!base || others.length === 0) {
    return (
      <Shell
        subtitle={
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Pick a baseline and one or more runs of the same suite to see what regressed, what got fixed, and whether it is real.
          </p>
        }
      >
        {pickerRuns.length < 2 && (
          <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            Comparing needs at least two runs in the results folder; there {pickerRuns.length === 1 ? "is one" : "are none"}.
          </p>
        )}
        <ComparePicker runs={pickerRuns} base={base} others={others} open />
      </Shell>
    );
  }

  const baseRun = await store.openRun(base);
  const otherRuns = await Promise.all(others.map((id) => store.openRun(id)));
  if (!baseRun || otherRuns.some((r) => !r)) {
    const missing = [base, ...others].filter((id) => !index.runs.has(id));
    return (
      <Shell>
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
          Cannot compare: unknown run: {missing.join(", ")}
        </p>
        <ComparePicker runs={pickerRuns} base={base} others={others.filter((id) => index.runs.has(id))} open />
      </Shell>
    );
  }
  const result = await compareRuns(baseRun, otherRuns as RunModel[]);

  const vs = all(sp.vs)[0];
  const pairIndex = Math.max(
    0,
    result.comparisons.findIndex((c) => c.run === vs),
  );
  const pair = result.comparisons[pairIndex]!;
  const baseSide = sideOf(baseRun);
  const otherSide = sideOf((otherRuns as RunModel[])[pairIndex] as RunModel);
  const labels = await compareLabels(result.base, pair.run);
  const rows: CompareRow[] = pair.scenarios.map((s) => ({
    name: s.name,
    domain: s.domain,
    base: s.base,
    other: s.other,
    change: s.change,
    baseTask: s.baseTask,
    otherTask: s.otherTask,
    signals: s.signals,
    nl: s.nlAssertions,
    baseStalled: s.baseStalled,
    otherStalled: s.otherStalled,
    judge: s.judge,
    label: labels.get(s.name) ?? null,
  }));
  const warnings = result.comparisons.flatMap((c) => c.warnings.map((w) => ({ ...w, run: c.run })));
  const many = result.comparisons.length > 1;

  return (
    <Shell
      subtitle={
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <span className="inline-flex items-center gap-1">
            Baseline{" "}
            <Link href={runHref(result.base)} className={linkClass}>
              <RunId id={result.base} />
            </Link>
          </span>
          <span aria-hidden="true">vs</span>
          {result.runs.map((id) => (
            <Link key={id} href={runHref(id)} className={linkClass}>
              <RunId id={id} />
            </Link>
          ))}
          {!many && (
            <Link
              href={compareHref(pair.run, [result.base])}
              className="text-xs text-zinc-600 underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            >
              Swap baseline and other
            </Link>
          )}
        </div>
      }
    >
      <ComparePicker runs={pickerRuns} base={result.base} others={result.runs} open={false} />
      <CompareWarnings warnings={warnings} />
      <Headline result={result} />
      <RetriesCompare result={result} />
      <SetupSection diff={await runSetupDiff(baseRun, (otherRuns as RunModel[])[pairIndex] as RunModel)} baseId={result.base} otherId={pair.run} />
      {result.matrix && <VerdictMatrixView matrix={result.matrix} baseId={result.base} />}

      {many && (
        <nav aria-label="Run shown in detail" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">Details below: baseline against</span>
          {result.comparisons.map((c) => (
            <Link
              key={c.run}
              href={compareHref(result.base, result.runs, { vs: c.run })}
              aria-current={c.run === pair.run ? "true" : undefined}
              className={`rounded-md border px-2 py-1 font-mono text-xs ${c.run === pair.run ? "border-sky-600 bg-sky-50 text-sky-900 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100" : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"}`}
            >
              {c.run}
            </Link>
          ))}
        </nav>
      )}

      <Card
        id="scenarios"
        title="Scenarios"
        description={
          <>
            Buckets by the verdict as counted (a stalled scenario counts as failed). Baseline <span className="font-mono">{result.base}</span> against{" "}
            <span className="font-mono">{pair.run}</span>.
          </>
        }
      >
        <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the table…</p>}>
          <CompareScenarioTable key={pair.run} rows={rows} counts={pair.counts} baseId={result.base} otherId={pair.run} />
        </Suspense>
      </Card>
      <Suspense fallback={<ThemePanelFallback />}>
        <ThemePanel baseId={result.base} otherId={pair.run} />
      </Suspense>
      <PerDomainDeltas pair={pair} smallBelow={SMALL_SAMPLE} />
      <SignalDeltas base={baseSide} other={otherSide} pair={pair} />
      <LatencyCompare key={`lat-${pair.run}`} base={baseSide} other={otherSide} />
      <Suspense fallback={null}>
        <CompareAudio key={`audio-${pair.run}`} base={baseRun} other={(otherRuns as RunModel[])[pairIndex] as RunModel} />
      </Suspense>
      <TokenDeltas base={baseSide} other={otherSide} />
      <CompareTiming key={`timing-${pair.run}`} baseId={result.base} otherId={pair.run} />
    </Shell>
  );
}
