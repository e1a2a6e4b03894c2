import { fixed, group, percent } from "@/components/format";
import { RATE_NAMES } from "@/lib/core/aggregates";
import type { JudgeMeanNote, Rate, RateName, Rates } from "@/lib/shared/dto";
import { JudgeMeanNoteText } from "./judge-mean-note";
import { wilson as wilsonInterval } from "@/lib/core/stats";
import { RATE_FIGURES, isMeanRate } from "@/lib/core/figures";

/**
 * One card per run-level rate. A rate whose bucket is empty is left out, as all_summary.txt
 * leaves its line out; the success rate alone becomes "N/A", as the harness prints it.
 */
export function RateCards({ rates, judgeThreshold, judgeScores }: { rates: Rates; judgeThreshold: number | null; judgeScores?: JudgeMeanNote }) {
  const shown = RATE_NAMES.filter((name) => rates[name].denominator > 0 || name === "success_rate");
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2" aria-label="Run-level rates">
      {shown.map((name) => (
        <RateCard
          key={name}
          name={name}
          rate={rates[name]}
          judgeThreshold={judgeThreshold}
          judgeScores={name === "judge_score_mean" ? judgeScores : undefined}
        />
      ))}
    </ul>
  );
}

function RateCard({ name, rate, judgeThreshold, judgeScores }: { name: RateName; rate: Rate; judgeThreshold: number | null; judgeScores?: JudgeMeanNote }) {
  const meta = RATE_FIGURES[name];
  const mean = isMeanRate(name);
  const judgeErrors = judgeScores !== undefined && judgeScores.errors > 0;
  const empty = !judgeErrors && (rate.denominator === 0 || rate.value === null);
  const ci = mean ? null : wilsonInterval(rate.numerator, rate.denominator);
  // The harness's name, and the threshold beside it (never in place of the name's words).
  const threshold = name === "judge_pass_rate" && judgeThreshold !== null ? ` · threshold ${judgeThreshold}` : "";
  const label = meta.label;
  return (
    <li
      className="rounded-lg border border-zinc-200 bg-white px-2.5 py-2 dark:border-zinc-800 dark:bg-zinc-900"
      data-rate={name}
      data-numerator={String(rate.numerator)}
      data-denominator={rate.denominator}
    >
      <div className="text-xs leading-tight font-medium break-words text-zinc-600 dark:text-zinc-400" title={`${label}${threshold}`} data-part="label">
        {label}
      </div>
      {empty ? (
        <>
          <div className="mt-1 text-xl font-semibold tabular-nums">N/A</div>
          <div className="text-xs text-zinc-600 dark:text-zinc-400">no scenarios had any applicable signal</div>
        </>
      ) : mean ? (
        <>
          <div className="mt-1 text-xl font-semibold tabular-nums" data-value>
            {/* A NaN score makes the harness print `nan`; so do we (a JSON round trip would turn it into null). */}
            {judgeErrors ? "nan" : fixed(rate.value ?? 0, 3)}
          </div>
          <div className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
            mean across <span data-part="denominator">{group(rate.denominator)}</span> {meta.counts}
          </div>
          {judgeErrors && judgeScores && <JudgeMeanNoteText note={judgeScores} />}
        </>
      ) : (
        <>
          <div className="mt-1 text-xl font-semibold tabular-nums" data-value>
            {percent(rate.value)}
          </div>
          <div className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
            <span data-part="numerator">{group(rate.numerator)}</span>/<span data-part="denominator">{group(rate.denominator)}</span> {meta.counts}
            {threshold}
          </div>
          {ci && <IntervalBar low={ci.low} high={ci.high} value={rate.value ?? 0} />}
        </>
      )}
    </li>
  );
}

function IntervalBar({ low, high, value }: { low: number; high: number; value: number }) {
  const text = `95% Wilson interval ${percent(low, 1)} – ${percent(high, 1)}`;
  return (
    <div className="mt-1" title={text}>
      <div className="relative h-1.5 rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
        <div
          className="absolute inset-y-0 rounded-full bg-sky-300 dark:bg-sky-700"
          style={{ left: `${low * 100}%`, width: `${Math.max(0.5, (high - low) * 100)}%` }}
        />
        <div className="absolute -top-0.5 h-2.5 w-0.5 bg-sky-700 dark:bg-sky-300" style={{ left: `calc(${value * 100}% - 1px)` }} />
      </div>
      <div className="mt-0.5 text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400">
        95% CI {percent(low, 1)} – {percent(high, 1)}
      </div>
    </div>
  );
}
