import { group } from "@/components/format";
import { Badge, type Tone } from "@/components/ui/badge";
import type { RunState } from "@/lib/shared/dto";

const STATES: Record<RunState, { label: string; tone: Tone; title: string }> = {
  finished: { label: "finished", tone: "good", title: "The harness logged the end of the run." },
  running: { label: "running", tone: "info", title: "Files changed in the last 5 minutes." },
  "probably-stalled": { label: "probably stalled", tone: "warn", title: "Not finished, and nothing changed for 5–15 minutes." },
  killed: { label: "killed", tone: "bad", title: "Not finished, and nothing changed for over 15 minutes." },
  aborted: { label: "aborted", tone: "bad", title: "The harness logged a failure or an interrupt." },
};

export function RunStateBadge({ state }: { state: RunState }) {
  const s = STATES[state];
  return (
    <Badge tone={s.tone} title={s.title}>
      {state === "running" && <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />}
      {s.label}
    </Badge>
  );
}

/** completed / intended as a bar, with the scenario being worked on. */
export function RunProgress({ completed, intended, inFlight }: { completed: number; intended: number; inFlight: string | null }) {
  const max = Math.max(intended, completed, 1);
  return (
    <div className="mt-1 w-full max-w-64 min-w-32 space-y-0.5">
      <div
        role="progressbar"
        aria-label="Scenarios completed"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={completed}
        aria-valuetext={`${group(completed)} of ${group(intended)} scenarios`}
        className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-sky-500" style={{ width: `${(100 * completed) / max}%` }} />
      </div>
      <div className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        {group(completed)}/{group(intended)}
        {inFlight && (
          <span className="block truncate" title={inFlight}>
            now: <span className="font-mono">{inFlight}</span>
          </span>
        )}
      </div>
    </div>
  );
}
