/**
 * A run's history (lib/core/run-history.ts): each harness session with its settings, which
 * scenarios it loaded from disk and which it ran, the killed folders a resume moved aside, and
 * where a dead run stopped.
 */
import Link from "next/link";
import { group, scenarioHref } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import type { RunHistory } from "@/lib/shared/dto";

type Session = RunHistory["sessions"][number];

/** Shown when there is history to tell: a resume, a killed folder, or a run that died. */
export function hasHistory(h: RunHistory): boolean {
  return h.sessions.length > 1 || h.killed.length > 0 || h.diedIn !== null || h.sessions.some((s) => s.resumed);
}

function time(t: string | null): string {
  return t ? t.replace("T", " ") : "unknown";
}

function Names({ runId, names, label }: { runId: string; names: string[]; label: string }) {
  if (names.length === 0) return <span className="text-zinc-500">none</span>;
  return (
    <details>
      <summary className="cursor-pointer tabular-nums">
        {group(names.length)} {label}
      </summary>
      <ul className="mt-1 space-y-0.5">
        {names.map((n) => (
          <li key={n} className="font-mono text-xs break-all">
            <Link href={scenarioHref(runId, n)} prefetch={false} className="text-sky-700 hover:underline dark:text-sky-400">
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

function End({ runId, end }: { runId: string; end: Session["end"] }) {
  if (end.kind === "complete") return <Badge tone="good">finished</Badge>;
  if (end.kind === "failed")
    return (
      <Badge tone="bad" title={end.reason}>
        failed: {end.reason.slice(0, 60)}
      </Badge>
    );
  if (end.kind === "interrupted") return <Badge tone="warn">interrupted by user</Badge>;
  const s = end.scenario;
  return (
    <span>
      <Badge tone={end.kind === "running" ? "info" : "bad"}>{end.kind === "running" ? "running" : "stopped"}</Badge>{" "}
      {s && (
        <span className="text-xs">
          {end.kind === "running" ? "in" : "in the middle of"} {s.position}/{s.of}{" "}
          <Link href={scenarioHref(runId, s.name)} prefetch={false} className="font-mono break-all text-sky-700 hover:underline dark:text-sky-400">
            {s.name}
          </Link>
        </span>
      )}
    </span>
  );
}

function SessionRow({ runId, s }: { runId: string; s: Session }) {
  return (
    <li className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-testid="history-session" data-session={s.index}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">Session {s.index}</span>
        {s.resumed && <Badge tone="info">resume</Badge>}
        <span className="tabular-nums">started {time(s.startedAt)}</span>
        <End runId={runId} end={s.end} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4 lg:grid-cols-7">
        <div>
          <dt className="text-xs text-zinc-500">Judge</dt>
          <dd data-testid="history-judge" title={s.judgeModel ?? undefined}>
            {s.judge}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">Threshold</dt>
          <dd className="tabular-nums">{s.judgeThreshold ?? "–"}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">min_agent_turns</dt>
          <dd className="tabular-nums">{s.minAgentTurns ?? "unknown"}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">Queued</dt>
          <dd className="tabular-nums">{s.queued === null ? "–" : group(s.queued)}</dd>
        </div>
        <div data-testid="history-loaded">
          <dt className="text-xs text-zinc-500">Loaded from disk</dt>
          <dd>
            <Names runId={runId} names={s.loaded} label="loaded" />
          </dd>
        </div>
        <div data-testid="history-ran">
          <dt className="text-xs text-zinc-500">{s.index > 1 || s.resumed ? "Run (or re-run)" : "Run"}</dt>
          <dd>
            <Names runId={runId} names={s.ran} label="run" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500">Moved aside</dt>
          <dd>
            <Names runId={runId} names={s.movedAside} label="in flight, re-run" />
          </dd>
        </div>
      </dl>
    </li>
  );
}

export function HistoryPanel({ runId, history }: { runId: string; history: RunHistory }) {
  const { diedIn, killed, sessions } = history;
  return (
    <div className="space-y-3">
      {diedIn && (
        <p
          role="note"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="died-in"
        >
          The run stopped in scenario {diedIn.position}/{diedIn.of}{" "}
          <Link href={scenarioHref(runId, diedIn.name)} prefetch={false} className="font-mono break-all underline">
            {diedIn.name}
          </Link>
          {diedIn.time && <> (started {time(diedIn.time)})</>}: its folder has no metrics.json. A resume would move it aside as a killed folder and run it
          again.
        </p>
      )}
      <ol className="space-y-2">
        {sessions.map((s) => (
          <SessionRow key={s.index} runId={runId} s={s} />
        ))}
      </ol>
      {killed.length > 0 && (
        <div data-testid="killed-folders">
          <h3 className="text-sm font-semibold">Killed folders ({group(killed.length)})</h3>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Attempts that were in flight when a session ended; the next session moved them aside and ran the scenario again. They are not results and are not
            counted.
          </p>
          <ul className="mt-1 space-y-1 text-sm">
            {killed.map((k) => (
              <li key={k.folder} className="break-all">
                <span className="font-mono text-xs">{k.folder}</span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {" "}
                  · attempt of{" "}
                  <Link href={scenarioHref(runId, k.scenario)} prefetch={false} className="font-mono text-xs text-sky-700 hover:underline dark:text-sky-400">
                    {k.scenario}
                  </Link>
                  {k.session !== null ? `, moved aside when session ${k.session} started` : ""}
                  {k.movedAt ? ` (${time(k.movedAt)})` : ""}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
