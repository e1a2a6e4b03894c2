import Link from "next/link";
import { fixed, percent, runHref } from "@/components/format";
import { isJudgeError, judgeErrorLabel } from "@/lib/core/judge-score";
import { RATE_NAMES } from "@/lib/core/aggregates";
import type { Rate, RateName } from "@/lib/shared/dto";
import { PerDomainCharts, type DomainSeries } from "./per-domain-charts";
import { DomainRatesHead } from "@/components/domain-rates-head";
import { isMeanRate, rateLabel } from "@/lib/core/figures";

const HEAD = "px-2 py-1.5 text-xs font-semibold text-zinc-600 dark:text-zinc-400";

/** A cell's shade by its rate: the eye finds the weak domain before reading a number. */
function shade(r: Rate | undefined): string {
  if (!r || r.denominator === 0 || r.value === null || !Number.isFinite(r.value)) return "";
  if (r.value < 0.5) return "bg-red-100 dark:bg-red-950/60";
  if (r.value < 0.8) return "bg-amber-100 dark:bg-amber-950/60";
  if (r.value < 0.95) return "bg-lime-100 dark:bg-lime-950/50";
  return "bg-emerald-100 dark:bg-emerald-950/50";
}

/** Worst success rate first; a domain without one last, then by name. */
function worstFirst(perDomain: Record<RateName, Record<string, Rate>>, domains: string[]): string[] {
  const value = (d: string) => perDomain.success_rate?.[d]?.value ?? Infinity;
  return [...domains].sort((a, b) => value(a) - value(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Per-domain rates as one grid (domains × rates, worst domain first, cells shaded by rate), the bar charts one click away. */
export function PerDomain({ perDomain, runId }: { perDomain: Record<RateName, Record<string, Rate>>; runId: string }) {
  const rates = RATE_NAMES.filter((n) => Object.keys(perDomain[n] ?? {}).length > 0);
  const domains = worstFirst(perDomain, [...new Set(rates.flatMap((n) => Object.keys(perDomain[n])))]);
  if (rates.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No per-domain rates yet.</p>;
  const series: DomainSeries[] = rates.map((n) => ({
    rate: n,
    label: rateLabel(n),
    mean: isMeanRate(n),
    points: Object.entries(perDomain[n]).map(([domain, r]) => ({ domain, value: r.value, numerator: r.numerator, denominator: r.denominator })),
  }));
  return (
    <div className="space-y-4">
      <div className="relative overflow-x-auto">
        <table className="min-w-full border-collapse text-sm" aria-label="Rates per domain">
          <DomainRatesHead
            rates={rates}
            rowClass="border-b border-zinc-200 dark:border-zinc-800"
            domainClass={`${HEAD} text-left`}
            rateClass={`${HEAD} text-right`}
          />
          <tbody>
            {domains.map((d) => (
              <tr key={d} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                <th scope="row" className="px-2 py-1.5 text-left font-mono font-normal">
                  <Link
                    href={runHref(runId, `domain=${encodeURIComponent(d)}`)}
                    className="text-sky-700 hover:underline dark:text-sky-400"
                    title={`Show ${d}'s scenarios in the table`}
                  >
                    {d}
                  </Link>
                </th>
                {rates.map((n) => {
                  const r = perDomain[n][d];
                  return (
                    <td
                      key={n}
                      className={`px-2 py-1.5 text-right whitespace-nowrap tabular-nums ${isMeanRate(n) ? "" : shade(r)}`}
                      data-domain-cell={`${d}:${n}`}
                    >
                      {!r || r.denominator === 0 ? (
                        <span className="text-zinc-400">–</span>
                      ) : isMeanRate(n) ? (
                        <>
                          {isJudgeError(r.value) ? (
                            <span
                              className="text-amber-700 dark:text-amber-400"
                              title="A judge score in this domain is NaN (a judge error), so the harness's mean is nan"
                            >
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
      <details className="text-sm">
        <summary className="cursor-pointer text-sky-700 hover:underline dark:text-sky-400">Bar charts per rate</summary>
        <div className="mt-3">
          <PerDomainCharts series={series} />
        </div>
      </details>
    </div>
  );
}
