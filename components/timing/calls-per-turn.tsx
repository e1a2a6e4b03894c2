/** LLM calls per turn on each side, with the triage guide's reading in plain words. */
import type { TimingFigures } from "@/lib/shared/timing";
import { num, sec } from "./fmt";

export function CallsPerTurn({ calls }: { calls: TimingFigures["calls_per_turn"] }) {
  return (
    <dl className="space-y-2 text-sm" data-testid="calls-per-turn">
      {(["agent", "user"] as const).map((side) => {
        const c = calls[side];
        return (
          <div key={side} data-side={side}>
            <dt className="font-medium">
              {side}: {c.llm_calls} LLM calls / {c.turns} answered turns = {num(c.ratio)} per turn · per turn {sec(c.per_turn_mean_s)}, per call{" "}
              {sec(c.per_call_mean_s)}, gap {sec(c.gap_s)}
            </dt>
            <dd className="text-zinc-700 dark:text-zinc-300" data-testid={`reading-${side}`}>
              {c.reading}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
