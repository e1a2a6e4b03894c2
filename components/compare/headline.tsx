/** Headline: every run-level rate side by side with its delta, and the paired tests. */
import { group } from "@/components/format";
import { deltaText, fixed, percent, pText, toneOf } from "./labels";
import { RATE_NAMES } from "@/lib/core/aggregates";
import { isMeanRate, rateLabel } from "@/lib/core/figures";
import { JudgeMeanDelta, JudgeMeanExtra } from "./judge-mean";
import { CompareTable, Delta, RunId } from "./ui";
import type { CompareResult, PairedTest, Rate } from "@/lib/shared/compare";
import { likeForLikeText } from "@/lib/core/run-changes";
import { Card } from "@/components/ui/card";

function RateValue({ rate, mean }: { rate: Rate; mean: boolean }) {
  if (rate.denominator === 0 || rate.value === null) return <span className="text-zinc-500">N/A</span>;
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium tabular-nums">{mean ? fixed(rate.value, 3) : percent(rate.value)}</span>{" "}
      {/* Under the value at phone width, so baseline, other and Δ fit 390 px. */}
      <span className="text-xs text-zinc-500 tabular-nums max-sm:block dark:text-zinc-400">
        {mean ? `n=${group(rate.denominator)}` : `${group(rate.numerator)}/${group(rate.denominator)}`}
      </span>
    </span>
  );
}

export function Headline({ result }: { result: CompareResult }) {
  const first = result.comparisons[0];
  if (!first) return null;
  // A run that did not finish is compared like for like (lib/core/run-changes.ts).
  const same = first.likeForLike;
  return (
    <Card
      id="headline"
      title={same === null ? "Headline rates · each run over its own scenarios" : `Headline rates · ${likeForLikeText(same)}`}
      description={
        same === null
          ? "As all_summary.txt counts them: every rate's denominator is that run's own scenarios (so the two sides may count different sets). Δ is other − baseline (pp = percentage points)."
          : "A run that did not finish is compared like for like: both runs' rates are counted over the scenarios finished in both, not its finished scenarios against all of the other run's. Δ is other − baseline (pp = percentage points)."
      }
    >
      <CompareTable testId="headline-rates" caption="Run-level rates of the baseline and each other run, with the difference">
        <thead>
          <tr>
            <th scope="col">Rate</th>
            <th scope="col">
              <RunId id={result.base} role="baseline" wrap />
            </th>
            {result.comparisons.map((c) => (
              <th key={c.run} scope="colgroup" colSpan={2}>
                <RunId id={c.run} role="other" wrap />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {RATE_NAMES.map((name) => {
            const mean = isMeanRate(name);
            return (
              <tr key={name} data-rate={name}>
                <th scope="row" className="font-medium max-sm:min-w-[6.5rem] sm:whitespace-nowrap">
                  {rateLabel(name)}
                </th>
                <td>
                  <RateValue rate={first.rates[name].base} mean={mean} />
                  {name === "judge_score_mean" && <JudgeMeanExtra note={first.judgeScores.base} />}
                </td>
                {result.comparisons.map((c) => {
                  const r = c.rates[name];
                  return [
                    <td key={`${c.run}-v`}>
                      <RateValue rate={r.other} mean={mean} />
                      {name === "judge_score_mean" && <JudgeMeanExtra note={c.judgeScores.other} />}
                    </td>,
                    <td key={`${c.run}-d`} className="text-right" data-testid={`delta-${name}`}>
                      <span className="sr-only">change: </span>
                      {name === "judge_score_mean" && (c.judgeScores.base.errors > 0 || c.judgeScores.other.errors > 0) ? (
                        <JudgeMeanDelta base={c.judgeScores.base} other={c.judgeScores.other} />
                      ) : (
                        <Delta text={deltaText(r.delta, mean)} tone={toneOf(r.delta)} />
                      )}
                    </td>,
                  ];
                })}
              </tr>
            );
          })}
        </tbody>
      </CompareTable>
      <div className="mt-4 space-y-3">
        <h3 className="text-sm font-semibold">Is it real? Paired tests on the scenarios both runs scored</h3>
        {result.comparisons.map((c) => (
          <div key={c.run} className="grid gap-3 md:grid-cols-2" data-testid="paired-tests">
            <PairedTestCard title={rateLabel("success_rate")} run={c.run} test={c.tests.success} many={result.comparisons.length > 1} />
            <PairedTestCard title={rateLabel("task_success_rate")} run={c.run} test={c.tests.task} many={result.comparisons.length > 1} />
          </div>
        ))}
      </div>
    </Card>
  );
}

function ppSigned(x: number): string {
  const v = x * 100;
  return `${v > 0 ? "+" : v < 0 ? "−" : "±"}${fixed(Math.abs(v), 1)}`;
}

function PairedTestCard({ title, run, test, many }: { title: string; run: string; test: PairedTest; many: boolean }) {
  const d = test.difference;
  const verdict =
    test.n === 0
      ? "No scenario has a pass/fail verdict in both runs."
      : test.b + test.c === 0
        ? "No scenario changed verdict."
        : test.pValue < 0.05
          ? "Unlikely to be noise (p < 0.05)."
          : "Could well be noise (p ≥ 0.05).";
  return (
    <div className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-test={title}>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold">{title}</h4>
        {many && <RunId id={run} role="other" />}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Paired difference</dt>
          <dd className="font-medium tabular-nums">{d ? <Delta text={deltaText(d.estimate)} tone={toneOf(d.estimate)} /> : "–"}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">95% interval</dt>
          <dd className="tabular-nums" data-testid="ci">
            {d ? `${ppSigned(d.low)} to ${ppSigned(d.high)} pp` : "–"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">McNemar exact p</dt>
          <dd className="font-medium tabular-nums" data-testid="p-value">
            {test.n ? pText(test.pValue) : "–"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">n (paired)</dt>
          <dd className="tabular-nums" data-testid="n">
            {group(test.n)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {group(test.b)} pass → fail, {group(test.c)} fail → pass; baseline {group(test.basePassed)}/{group(test.n)}, other {group(test.otherPassed)}/
        {group(test.n)} passed. {verdict}
      </p>
    </div>
  );
}
