/**
 * LLM calls per turn on each side, with the triage guide's reading in plain words. With metrics.json's
 * count (a scenario's page) a side whose log has fewer calls says so once, instead of the reading's guess.
 */
import type { TimingFigures } from "@/lib/shared/timing";
import { llmCallsLine } from "@/lib/core/insights/figure-sources";
import { decimal, seconds } from "@/components/format";

export function CallsPerTurn({
  calls,
  metricsCalls,
}: {
  calls: TimingFigures["calls_per_turn"];
  /** token_usage n_calls per side, when one scenario is shown. */
  metricsCalls?: Record<"agent" | "user", number | null>;
}) {
  return (
    <dl className="space-y-2 text-sm" data-testid="calls-per-turn">
      {(["agent", "user"] as const).map((side) => {
        const c = calls[side];
        const differs = metricsCalls ? llmCallsLine(side, metricsCalls[side], c.llm_calls) : null;
        return (
          <div key={side} data-side={side}>
            <dt className="font-medium">
              {side}: {c.llm_calls} LLM calls in the bridge log / {c.turns} answered turns = {decimal(c.ratio)} per turn · per turn {seconds(c.per_turn_mean_s)}
              , per call {seconds(c.per_call_mean_s)}, gap {seconds(c.gap_s)}
            </dt>
            <dd className="text-zinc-700 dark:text-zinc-300" data-testid={`reading-${side}`}>
              {differs ?? c.reading}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
