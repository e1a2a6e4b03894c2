import { fixed, percent } from "@/components/format";
import { isJudgeError, judgeErrorLabel } from "@/lib/core/judge-score";
import { RATE_NAMES } from "@/lib/core/aggregates";
import type { Rate, RateName } from "@/lib/shared/dto";
import { PerDomainCharts, type DomainSeries } from "./per-domain-charts";
import { RATE_META } from "./rate-meta";

/** Per-domain rates as one table (domains × rates) and one small bar chart per rate. */
export function PerDomain({ perDomain }: { perDomain: Record<RateName, Record<string, Rate>> }) {
  const rates = RATE_NAMES.filter((n) => Object.keys(perDomain[n] ?? {}).length > 0);
  const domains = [...new Set(rates.flatMap((n) => Object.keys(perDomain[n])))].sort();
  if (rates.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No per-domain rates yet.</p>;
  const series: DomainSeries[] = rates.map((n) => ({
    rate: n,
    label: RATE_META[n].label,
    mean: RATE_META[n].mean === true,
    points: Object.entries(perDomain[n]).map(([domain, r]) => ({ domain, value: r.value, numerator: r.numerator, denominator: r.denominator })),
  }));
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse text-sm" aria-label="Rates per domain">
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="px-2 py-1.5 text-left text-xs font-semibold text-zinc-600 dark:text-zinc-400">
                Domain
              </th>
              {rates.map((n) => (
                <th key={n} scope="col" className="px-2 py-1.5 text-right text-xs font-semibold text-zinc-600 dark:text-zinc-400" title={RATE_META[n].label}>
                  {RATE_META[n].short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {domains.map((d) => (
              <tr key={d} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                <th scope="row" className="px-2 py-1.5 text-left font-mono font-normal">
                  {d}
                </th>
                {rates.map((n) => {
                  const r = perDomain[n][d];
                  return (
                    <td key={n} className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">
                      {!r || r.denominator === 0 ? (
                        <span className="text-zinc-400">–</span>
                      ) : RATE_META[n].mean ? (
                        <>
                          {isJudgeError(r.value) ? (
                            <span className="text-amber-700 dark:text-amber-400" title="A judge score in this domain is NaN (a judge error), so the harness's mean is nan">
                              nan · {judgeErrorLabel("NaN")}
                            </span>
                          ) : (
                            fixed(r.value ?? 0, 3)
                          )}{" "}
                          <span className="text-xs text-zinc-500">(n={r.denominator})</span>
                        </>
                      ) : (
                        <>
                          {percent(r.value)}{" "}
                          <span className="text-xs text-zinc-500">
                            ({r.numerator}/{r.denominator})
                          </span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PerDomainCharts series={series} />
    </div>
  );
}
