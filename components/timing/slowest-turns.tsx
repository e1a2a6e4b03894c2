/** The slowest three turns per side (with LLM-call counts) and every turn over 60 s. */
import type { ScenarioTiming } from "@/lib/shared/timing";
import { seconds } from "@/components/format";

export function SlowestTurns({ timing }: { timing: ScenarioTiming }) {
  const rows = [...timing.slowest.agent, ...timing.slowest.user];
  return (
    <div className="space-y-1 text-xs" data-testid="slowest-turns">
      <ul className="space-y-0.5">
        {rows.map((s) => (
          <li key={`${s.role}-${s.turn}`} data-role={s.role} data-over-60={s.latency_s > 60 ? "true" : undefined}>
            <a href={`#turn-${s.turn}`} className="text-sky-700 hover:underline dark:text-sky-400">
              {s.role} turn {s.turn}
            </a>{" "}
            <span className="tabular-nums">{seconds(s.latency_s)}</span>
            {s.llm_calls !== null && <span className="text-zinc-600 dark:text-zinc-400"> · {s.llm_calls} LLM call(s)</span>} —{" "}
            <span className="text-zinc-700 dark:text-zinc-300">{s.text.length > 90 ? `${s.text.slice(0, 89)}…` : s.text}</span>
          </li>
        ))}
      </ul>
      <p data-testid="over-60s">
        Turns over 60 s: {timing.over_60s.length ? timing.over_60s.map((o) => `turn ${o.turn} (${seconds(o.latency_s)})`).join(", ") : "none"}
      </p>
    </div>
  );
}
