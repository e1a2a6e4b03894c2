/**
 * The conversation budget as one stacked bar that adds up to the duration: each side speaking alone,
 * both at once, the wait on each side, and the rest (pauses between two turns of one side).
 */
import type { TimingFigures } from "@/lib/shared/timing";
import { seconds } from "@/components/format";

const PARTS = [
  { key: "agent_only_s", label: "Agent speaking", color: "bg-sky-600" },
  { key: "overlap_s", label: "Both speaking", color: "bg-violet-500" },
  { key: "agent_latency_s", label: "Agent latency", color: "bg-sky-300" },
  { key: "user_only_s", label: "User speaking", color: "bg-zinc-500" },
  { key: "user_latency_s", label: "User latency", color: "bg-zinc-300" },
  { key: "other_s", label: "Other", color: "bg-amber-300" },
] as const;

export function BudgetBar({ budget: b }: { budget: TimingFigures["budget"] }) {
  const budget = { ...b, agent_only_s: b.agent_playback_s - b.overlap_s, user_only_s: b.user_playback_s - b.overlap_s };
  const positive = PARTS.map((p) => Math.max(0, budget[p.key]));
  const total = positive.reduce((a, b) => a + b, 0) || 1;
  return (
    <div className="space-y-1" data-testid="budget-bar">
      <div className="flex h-5 w-full overflow-hidden rounded bg-zinc-100 dark:bg-zinc-800">
        {PARTS.map((p, i) => (
          <div
            key={p.key}
            className={p.color}
            style={{ width: `${((positive[i] as number) / total) * 100}%` }}
            title={`${p.label}: ${seconds(budget[p.key])}`}
            data-part={p.key}
          />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
        <li title="The conversation log's last turn end, since routing began; the header's Duration is metrics.json's scenario_duration">
          Conversation on the log {seconds(budget.duration_s)}
        </li>
        {PARTS.map((p) => (
          <li key={p.key} className="flex items-center gap-1">
            <span aria-hidden className={`inline-block h-2 w-2 rounded-sm ${p.color}`} />
            {p.label} {seconds(budget[p.key])}
          </li>
        ))}
      </ul>
    </div>
  );
}
