/** Per-domain deltas for one pair of runs; small samples are marked, never hidden. */
import { isJudgeError, judgeErrorLabel } from "@/lib/core/judge-score";
import { deltaText, fixed, percent, toneOf } from "./labels";
import { RATE_NAMES } from "@/lib/core/aggregates";
import { isMeanRate } from "@/lib/core/figures";
import { DomainRatesHead } from "@/components/domain-rates-head";
import { CompareTable, Delta, SmallMark, SmallSample } from "./ui";
import type { PairComparison, Rate } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

function short(rate: Rate, mean: boolean): string {
  if (rate.denominator === 0 || rate.value === null) return "N/A";
  return mean ? fixed(rate.value, 2) : percent(rate.value, 0);
}

export function PerDomainDeltas({ pair, smallBelow }: { pair: PairComparison; smallBelow: number }) {
  const rates = RATE_NAMES.filter((n) => Object.values(pair.perDomain[n] ?? {}).some((c) => c.base.denominator > 0 || c.other.denominator > 0));
  const domains = [...new Set(rates.flatMap((n) => Object.keys(pair.perDomain[n] ?? {})))].sort();
  const anySmall = rates.some((n) => Object.values(pair.perDomain[n] ?? {}).some((c) => c.small && (c.base.denominator > 0 || c.other.denominator > 0)));
  return (
    <Card
      id="per-domain"
      title={
        <>
          Per-domain deltas
          {anySmall && <SmallSample n={`fewer than ${smallBelow} scored items in a run`} />}
        </>
      }
      description={
        anySmall ? (
          <>
            Baseline → other, and the change. Small n: cells marked <SmallMark /> have fewer than {smallBelow} scored items in the domain in either run; read
            them with care.
          </>
        ) : (
          <>Baseline → other, and the change. Every cell has at least {smallBelow} scored items in both runs.</>
        )
      }
    >
      {domains.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No per-domain data.</p>
      ) : (
        <CompareTable testId="per-domain" caption="Per-domain rates of the baseline and the other run, with the change">
          <DomainRatesHead rates={rates} rateClass="align-bottom" />
          <tbody>
            {domains.map((d) => (
              <tr key={d}>
                <th scope="row" className="font-mono font-medium">
                  {d}
                </th>
                {rates.map((n) => {
                  const c = pair.perDomain[n]?.[d];
                  const mean = isMeanRate(n);
                  if (!c || (c.base.denominator === 0 && c.other.denominator === 0))
                    return (
                      <td key={n} className="text-zinc-500">
                        –
                      </td>
                    );
                  return (
                    <td
                      key={n}
                      className={`whitespace-nowrap ${c.small ? "bg-amber-50/60 dark:bg-amber-950/30" : ""}`}
                      data-small={c.small ? "true" : undefined}
                    >
                      {mean && (isJudgeError(c.base.value) || isJudgeError(c.other.value)) ? (
                        <span
                          className="text-xs font-medium text-amber-700 dark:text-amber-400"
                          title="A NaN judge score makes this domain's mean nan: no difference can be taken"
                        >
                          {judgeErrorLabel("NaN")}
                        </span>
                      ) : (
                        <Delta text={deltaText(c.delta, mean)} tone={toneOf(c.delta)} />
                      )}
                      {c.small && <SmallMark n={`n = ${c.base.denominator} / ${c.other.denominator}`} />}
                      <div className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                        {short(c.base, mean)} → {short(c.other, mean)}
                      </div>
                      <div className="text-xs text-zinc-500 tabular-nums">
                        n {c.base.denominator}/{c.other.denominator}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </CompareTable>
      )}
    </Card>
  );
}
