import Link from "next/link";
import { group } from "@/components/format";
import { RelativeTime } from "@/components/runs/relative-time";
import { RunProgress, RunStateBadge } from "@/components/runs/run-state-badge";
import { Badge } from "@/components/ui/badge";
import { DEFAULT_END_POLICY, STOP_REASON_LABEL } from "@/lib/core/call-end";
import type { RunDetail } from "@/lib/shared/dto";

const END_POLICY_HINT =
  "The harness's --conversation-end-policy and --inactivity-timeout: under valid-terminal-state a caller's (simulator's) end and silence after the caller's last turn are clean exits too; under tool-only only the agent's end-conversation tool is.";
import { runHref } from "@/lib/shared/routes";

export type RunHeaderInfo = Pick<
  RunDetail,
  "id" | "state" | "partial" | "resumed" | "scenarioCount" | "intendedCount" | "inFlight" | "startedAt" | "updatedAt" | "minAgentTurns" | "judgeThreshold"
> &
  Partial<Pick<RunDetail, "endSettings" | "stopReasons" | "newFields">> & {
    problemCount: number;
    unfinishedCount: number;
    killedCount: number;
    outsideQueueCount: number;
    diedIn?: string | null;
  };

export function RunHeader({ run, serverNow }: { run: RunHeaderInfo; serverNow: number }) {
  const live = run.state === "running" || run.state === "probably-stalled";
  return (
    <header className="space-y-2">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/" className="text-sky-700 hover:underline dark:text-sky-400">
          ← All runs
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="font-mono text-xl font-semibold tracking-tight break-all">{run.id}</h1>
        <RunStateBadge state={run.state} />
        {run.partial && (
          <Badge tone="warn" title="The run has not finished: rates cover only the scenarios finished so far.">
            partial
          </Badge>
        )}
        {run.resumed && <Badge title="The run was resumed at least once.">resumed</Badge>}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <div className="flex gap-1.5">
          <dt className="text-zinc-500">Scenarios</dt>
          <dd className="tabular-nums">
            {group(run.scenarioCount)}
            {run.intendedCount !== run.scenarioCount && ` of ${group(run.intendedCount)} intended`}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-zinc-500">Started</dt>
          <dd>{run.startedAt ? <RelativeTime iso={run.startedAt} serverNow={serverNow} withTime /> : "unknown"}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-zinc-500">Last activity</dt>
          <dd>
            <RelativeTime iso={run.updatedAt} serverNow={serverNow} withTime />
          </dd>
        </div>
        {run.minAgentTurns > 0 && (
          <div className="flex gap-1.5">
            <dt className="text-zinc-500">Min agent turns</dt>
            <dd className="tabular-nums">{run.minAgentTurns}</dd>
          </div>
        )}
        {run.judgeThreshold !== null && (
          <div className="flex gap-1.5">
            <dt className="text-zinc-500">Judge threshold</dt>
            <dd className="tabular-nums">{run.judgeThreshold}</dd>
          </div>
        )}
        {run.problemCount > 0 && (
          <div className="flex gap-1.5">
            <dt className="text-zinc-500">Problems</dt>
            <dd>
              <a href="#problems" className="text-amber-700 hover:underline dark:text-amber-400">
                {run.problemCount}
              </a>
            </dd>
          </div>
        )}
        {run.unfinishedCount > 0 && (
          <div className="flex gap-1.5">
            <dt className="text-zinc-500">Without metrics</dt>
            <dd className="tabular-nums" title="Scenario folders with no usable metrics.json (in flight, killed or corrupt)">
              {run.unfinishedCount}
            </dd>
          </div>
        )}
        {run.killedCount > 0 && (
          <div className="flex gap-1.5">
            <dt className="text-zinc-500">Killed folders</dt>
            <dd className="tabular-nums">
              <a href={`${runHref(run.id, "tab=history")}#history`} className="text-sky-700 hover:underline dark:text-sky-400">
                {run.killedCount}
              </a>
            </dd>
          </div>
        )}
        {run.diedIn && (
          <div className="flex min-w-0 gap-1.5">
            <dt className="shrink-0 text-zinc-500">Stopped in</dt>
            <dd className="min-w-0 font-mono break-all">
              <a href={`${runHref(run.id, "tab=history")}#history`} className="text-sky-700 hover:underline dark:text-sky-400">
                {run.diedIn}
              </a>
            </dd>
          </div>
        )}
        {run.outsideQueueCount > 0 && (
          <div className="flex gap-1.5">
            <dt className="text-zinc-500">Outside the last queue</dt>
            <dd
              className="tabular-nums"
              title="Scenario folders the last queue does not name (copied in, or left by an earlier invocation): listed in the table, not counted in the rates"
            >
              <Link href={runHref(run.id, "quick=outside")} className="text-amber-700 hover:underline dark:text-amber-400" data-testid="outside-queue-link">
                {run.outsideQueueCount}
              </Link>
            </dd>
          </div>
        )}
        {run.endSettings && (run.endSettings.policy !== DEFAULT_END_POLICY || run.endSettings.inactivitySeconds !== null) && (
          <div className="flex gap-1.5 max-sm:hidden" data-testid="run-end-policy">
            <dt className="text-zinc-500">Calls end</dt>
            <dd title={END_POLICY_HINT}>
              {run.endSettings.policy !== DEFAULT_END_POLICY ? (
                <span className="font-mono">{run.endSettings.policy}</span>
              ) : (
                <span>
                  <span className="font-mono">{run.endSettings.policy}</span> (default)
                </span>
              )}
              {run.endSettings.inactivitySeconds !== null && <>, inactivity timeout {run.endSettings.inactivitySeconds} s</>}
            </dd>
          </div>
        )}
        {/* On a phone the table's filters name the endings: the header keeps its room for the "vs previous" line. */}
        {run.stopReasons && Object.keys(run.stopReasons).length > 0 && (
          <div className="flex flex-wrap gap-x-1.5 max-sm:hidden" data-testid="run-stop-reasons">
            <dt className="text-zinc-500">Stop reasons</dt>
            <dd className="flex flex-wrap gap-x-2">
              {Object.entries(run.stopReasons).map(([reason, n]) => (
                <span key={reason} title={STOP_REASON_LABEL[reason] ?? "a stop reason this dashboard does not know yet"}>
                  <span className="font-mono">{reason}</span> <span className="tabular-nums">{group(n)}</span>
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      {run.newFields && run.newFields.length > 0 && (
        <p
          className="text-sm text-amber-800 dark:text-amber-300"
          data-testid="run-new-fields"
          title="metrics.json keys this dashboard does not interpret yet: each scenario page lists them with their values"
        >
          New fields in this run:{" "}
          {run.newFields.map((f, i) => (
            <span key={f.key}>
              {i > 0 && ", "}
              <span className="font-mono">{f.key}</span> ({group(f.scenarios)} scenario{f.scenarios === 1 ? "" : "s"})
            </span>
          ))}
        </p>
      )}
      {live && (
        <div className="max-w-md">
          <RunProgress completed={run.scenarioCount} intended={run.intendedCount} inFlight={run.inFlight} />
        </div>
      )}
    </header>
  );
}
