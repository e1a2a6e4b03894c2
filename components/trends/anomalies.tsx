/** Anomaly nights of the suite in the range: the run, its success against the trailing runs' band, its new failures. */
import Link from "next/link";
import { formatP } from "@/lib/core/gate";
import { percent } from "@/lib/core/format";
import { ANOMALY_ALPHA, ANOMALY_TRAILING } from "@/lib/core/trends/anomaly";
import { compareHref, runHref, scenarioHref } from "@/lib/shared/routes";
import type { TrendRun } from "@/lib/shared/trends";

export function AnomalyList({ runs }: { runs: TrendRun[] }) {
  const nights = runs.filter((r) => r.anomaly).reverse();
  return (
    <div className="space-y-2 text-sm" data-testid="anomalies">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        A night is an anomaly when its success rate is outside the band of the suite&apos;s previous {ANOMALY_TRAILING} runs: an exact binomial test of its
        passes against their pooled rate (one pass and one failure added), p &lt; {ANOMALY_ALPHA}, with at least 3 earlier runs. Ringed on the success chart.
      </p>
      {nights.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No anomaly in this range.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {nights.map((r) => {
            const a = r.anomaly!;
            return (
              <li key={r.id} className="space-y-1 py-2" data-anomaly-run={r.id}>
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className={`font-medium ${a.direction === "drop" ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400"}`}>
                    {a.direction === "drop" ? "Drop" : "Rise"}
                  </span>
                  <span className="tabular-nums">{r.startedAt ? r.startedAt.slice(0, 10) : "date unknown"}</span>
                  <Link href={runHref(r.id)} className="font-mono break-all text-sky-700 hover:underline dark:text-sky-400">
                    {r.id}
                  </Link>
                  <span className="tabular-nums text-zinc-700 dark:text-zinc-300">
                    success {percent(r.rates.success_rate.v)} ({r.rates.success_rate.k}/{r.rates.success_rate.n}) against {percent(a.expected)} over{" "}
                    {a.trailing} runs, p = {formatP(a.pValue)}
                  </span>
                  {r.previous && (
                    <Link href={compareHref(r.previous, [r.id])} className="text-xs text-sky-700 hover:underline dark:text-sky-400">
                      compare with previous →
                    </Link>
                  )}
                </div>
                <NamedScenarios runId={r.id} label="New failures" names={r.newFailures} count={r.newFailureCount} />
                <NamedScenarios runId={r.id} label="Now stalled (not new failures)" names={r.nowStalled} count={r.nowStalledCount} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** "New failures (10): a, b, … and 2 more", each a link to the scenario in that run; nothing when there are none. */
function NamedScenarios({ runId, label, names, count }: { runId: string; label: string; names: readonly string[]; count: number }) {
  if (count === 0) return null;
  return (
    <div className="text-xs">
      <span className="text-zinc-600 dark:text-zinc-400">
        {label} ({count}):{" "}
      </span>
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 && ", "}
          <Link href={scenarioHref(runId, name)} className="font-mono text-sky-700 hover:underline dark:text-sky-400">
            {name}
          </Link>
        </span>
      ))}
      {count > names.length && ` … and ${count - names.length} more`}
    </div>
  );
}
