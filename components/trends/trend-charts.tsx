/** The suite's series as small multiples: every rate, per domain for one rate, latency and tokens. */
import Link from "next/link";
import { RATE_NAMES, type RateName } from "@/lib/core/aggregates";
import { FIGURES, rateLabel, WITHOUT_RETRIES_LABEL } from "@/lib/core/figures";
import type { TrendRun } from "@/lib/shared/trends";
import { TrendChart } from "./trend-chart";
import { trendsHref, type TrendsParams } from "./trends-href";

const grid = "grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

/** A tick on the time axis where the setup changed, or where the night is not like for like with the one before (issue 57). */
export function setupTicks(runs: readonly TrendRun[]): Array<string | null> {
  return runs.map((r) => {
    const lines = [...(r.setupChanges.length ? [`Setup changed before ${r.id}: ${r.setupChanges.join("; ")}`] : []), ...(r.notComparable ?? [])];
    return lines.length ? lines.join(". ") : null;
  });
}

export function RateCharts({ runs, baselineAt }: { runs: TrendRun[]; baselineAt: number }) {
  const marks = runs.map((r) => (r.vsPrevious?.drop ? "drop" : r.vsPrevious?.rise ? "rise" : null));
  const dates = runs.map((r) => r.startedAt);
  const anomalies = runs.map((r) => r.anomaly?.direction ?? null);
  const setup = setupTicks(runs);
  return (
    <div className={grid}>
      {RATE_NAMES.filter((n) => runs.some((r) => r.rates[n].n > 0)).map((n) => (
        <TrendChart
          key={n}
          title={rateLabel(n)}
          points={runs.map((r) => r.rates[n])}
          baselineAt={baselineAt}
          marks={n === "success_rate" ? marks : undefined}
          anomalies={n === "success_rate" ? anomalies : undefined}
          setup={setup}
          kind={n === "judge_score_mean" ? "score" : "pct"}
          dates={dates}
          fixedRange={[0, 1]}
          second={n === "success_rate" ? withoutRetriesSeries(runs) : undefined}
        />
      ))}
      <RetriedChart runs={runs} baselineAt={baselineAt} />
      {runs.some((r) => r.judgeErrors > 0) && (
        <TrendChart
          title="Judge errors (NaN scores, left out of the mean)"
          points={runs.map((r) => ({ v: r.judgeErrors }))}
          baselineAt={baselineAt}
          kind="int"
          dates={dates}
        />
      )}
      <TrendChart title={FIGURES.latency_p50.label} points={runs.map((r) => ({ v: r.p50 }))} baselineAt={baselineAt} kind="ms" dates={dates} />
      <TrendChart title={FIGURES.latency_p95.label} points={runs.map((r) => ({ v: r.p95 }))} baselineAt={baselineAt} kind="ms" dates={dates} />
      <TrendChart
        title={FIGURES.agent_tokens_per_scenario.label}
        points={runs.map((r) => ({ v: r.tokens?.agent ?? null }))}
        baselineAt={baselineAt}
        kind="num"
        dates={dates}
      />
      <TrendChart
        title={FIGURES.user_tokens_per_scenario.label}
        points={runs.map((r) => ({ v: r.tokens?.user ?? null }))}
        baselineAt={baselineAt}
        kind="num"
        dates={dates}
      />
    </div>
  );
}

export function DomainCharts({
  runs,
  domains,
  rate,
  baselineAt,
  params,
}: {
  runs: TrendRun[];
  domains: string[];
  rate: RateName;
  baselineAt: number;
  params: TrendsParams;
}) {
  return (
    <div className="space-y-2">
      <nav aria-label="Rate per domain" className="flex flex-wrap gap-1 text-xs">
        {RATE_NAMES.filter((n) => runs.some((r) => r.rates[n].n > 0)).map((n) => (
          <Link
            key={n}
            href={trendsHref({ ...params, rate: n, page: null })}
            aria-current={n === rate ? "true" : undefined}
            className={`rounded-md border px-2 py-0.5 ${n === rate ? "border-sky-600 bg-sky-50 dark:border-sky-400 dark:bg-sky-950" : "border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"}`}
          >
            {rateLabel(n)}
          </Link>
        ))}
      </nav>
      <div className={grid}>
        {domains.map((d) => (
          <TrendChart
            key={d}
            title={d}
            points={runs.map((r) => r.domains[d] ?? { v: null })}
            baselineAt={baselineAt}
            kind={rate === "judge_score_mean" ? "score" : "pct"}
            dates={runs.map((r) => r.startedAt)}
            fixedRange={[0, 1]}
          />
        ))}
      </div>
    </div>
  );
}

/** The success rate without retries, drawn beside the rate when any run records a retry (issue 45). */
function withoutRetriesSeries(runs: TrendRun[]) {
  if (!runs.some((r) => (r.retries?.retried ?? 0) > 0)) return undefined;
  return { label: WITHOUT_RETRIES_LABEL, values: runs.map((r) => r.retries?.withoutRetries?.v ?? null) };
}

/** How many scenarios each run retried automatically (a gap where a run predates the field). */
function RetriedChart({ runs, baselineAt }: { runs: TrendRun[]; baselineAt: number }) {
  if (!runs.some((r) => (r.retries?.retried ?? 0) > 0)) return null;
  return (
    <TrendChart
      title="Scenarios retried automatically"
      points={runs.map((r) => ({ v: r.retries?.retried ?? null }))}
      baselineAt={baselineAt}
      kind="int"
      dates={runs.map((r) => r.startedAt)}
    />
  );
}
