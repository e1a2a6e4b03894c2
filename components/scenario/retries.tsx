import { apiAttemptFileHref } from "@/lib/shared/routes";
import type { ScenarioRetriesView } from "@/lib/shared/dto";
import { Card } from "@/components/ui/card";
import { AttemptFileLink } from "./attempt-file-link";

/**
 * A scenario's automatic retries (issue 45): each discarded attempt in order with the harness's
 * reason, when its folder was moved aside, and the files it kept ("why did attempt 1 get 0 turns?"
 * is answered from its own logs). Nothing for a scenario accepted at its first attempt.
 */
export function RetriesCard({ runId, name, retries }: { runId: string; name: string; retries: ScenarioRetriesView | null }) {
  if (!retries || retries.attempts.length === 0) return null;
  const n = retries.count;
  return (
    <Card
      id="retries"
      title={n === null ? "Automatic retries (count unknown)" : `Automatic retries: ${n} attempt${n === 1 ? "" : "s"} discarded before this one`}
    >
      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        The harness discarded {n === 1 ? "this attempt" : "these attempts"} and ran the scenario again; only the accepted attempt is scored. Each kept its files
        in a folder of its own.
      </p>
      <ol className="space-y-2 text-sm" aria-label="Discarded attempts">
        {retries.attempts.map((a) => (
          <li key={a.attempt} data-attempt={a.attempt} className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
            <div className="font-medium">
              Attempt {a.attempt}
              {a.at && <span className="ml-2 text-xs font-normal text-zinc-600 tabular-nums dark:text-zinc-400">moved aside {a.at.replace("T", " ")}</span>}
            </div>
            <div className="break-words" data-part="reason">
              {a.reason ?? <span className="text-zinc-500">no reason recorded</span>}
            </div>
            {a.folder === null ? (
              <div className="text-xs text-amber-800 dark:text-amber-300">No folder was kept for this attempt.</div>
            ) : (
              <div className="mt-1 text-xs">
                <span className="font-mono break-all text-zinc-600 dark:text-zinc-400">{a.folder}/</span>
                {a.files.length === 0 ? (
                  <span className="ml-1 text-zinc-500">holds none of the files the dashboard reads</span>
                ) : (
                  <ul className="mt-0.5 flex flex-wrap gap-x-3" aria-label={`Files of attempt ${a.attempt}`}>
                    {a.files.map((f) => (
                      <li key={f.path}>
                        <AttemptFileLink href={apiAttemptFileHref(runId, name, a.attempt, f.path)} path={f.path} size={f.size} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** One line on the first screen of a retried scenario: its verdict is a later attempt's; the attempts are below. */
export function RetriedNotice({ retries }: { retries: ScenarioRetriesView | null }) {
  if (!retries || !retries.count) return null;
  const first = retries.attempts[0]?.reason;
  return (
    <p
      data-testid="retried-notice"
      className="rounded-md border border-sky-300 bg-sky-50 px-3 py-1.5 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      Scored on attempt {retries.count + 1}: the harness discarded {retries.count} earlier attempt{retries.count === 1 ? "" : "s"}
      {first ? <> (first: {first})</> : null}.{" "}
      <a href="#retries" className="font-medium underline">
        See the attempts
      </a>
    </p>
  );
}
