/**
 * The τ-voice interaction panel (tau2-bench's five figures with the events behind each), as measured on
 * the recordings: the run page's Audio tab and a scenario's measured lanes. The rows are the core's
 * (`interactionRows`): a rate backed by fewer than 10 events reads "hidden" at run level.
 */
import { interactionRows, type InteractionPanel } from "@/lib/core/audio/interaction";
import { deadAirRows, latencySplitRows, type DeadAir, type ResponseLatencyByTurn } from "@/lib/core/audio/interaction-facts";

export const INTERACTION_HINT =
  "Computed on the detected speech with tau2-bench's definitions (docs/interaction-metrics.md): a response is the agent starting after a user turn and before the user speaks again; a yield is the agent stopping within 2.0 s of the user cutting in; an agent interruption is the agent starting while the user speaks. Backchannels (≤ 1 s, ≤ 2 logged words) are left out.";

export function InteractionFigures({ panel, testId = "interaction-panel" }: { panel: InteractionPanel & { hidden?: string[] }; testId?: string }) {
  const rows = interactionRows(panel);
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-2 text-xs" data-testid={testId} title={INTERACTION_HINT}>
      {rows.map((r) => (
        <div key={r.key} className="rounded-md border border-zinc-200 px-2 py-1 dark:border-zinc-800" data-interaction={r.key}>
          <dt className="text-zinc-600 dark:text-zinc-400">{r.label}</dt>
          <dd className="font-medium tabular-nums">
            {r.text}{" "}
            <span className="font-normal text-zinc-500">
              · {r.events} event{r.events === 1 ? "" : "s"}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const FACTS_HINT =
  "tau2-bench's interaction facts (tau2 metrics interaction-facts): dead air is the time with both sides silent between the first and the last speech on the recording, its share of that span, the longest gap and the gaps of 3.0 s or more; the response latency split by whether the agent called a tool (its context) before replying.";

/** Dead air and the response latency by turn: each figure, or "N/A, because …" where it cannot be computed. */
export function InteractionFacts({ deadAir, split, testId = "interaction-facts" }: { deadAir: DeadAir; split: ResponseLatencyByTurn | null; testId?: string }) {
  const rows = [...deadAirRows(deadAir), ...(split ? latencySplitRows(split) : [])];
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-2 text-xs" data-testid={testId} title={FACTS_HINT}>
      {rows.map((r) => (
        <div key={r.label} className="rounded-md border border-zinc-200 px-2 py-1 dark:border-zinc-800">
          <dt className="text-zinc-600 dark:text-zinc-400">{r.label}</dt>
          <dd className="font-medium tabular-nums">{r.text}</dd>
        </div>
      ))}
    </dl>
  );
}
