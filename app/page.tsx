import Link from "next/link";
import { IndexingRefresh } from "@/components/runs/indexing-refresh";
import { RunsTable } from "@/components/runs/runs-table";
import { toRunSummary } from "@/components/runs/run-view";
import { runSuites, suiteKeyOf } from "@/lib/shared/run-suites";
import { requestTime } from "@/components/request-time";
import { VersionMark } from "@/components/version-mark";
import { getStore } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";

// Reads the results folder at request time; never prerender with build-time env.
export const dynamic = "force-dynamic";

export default async function HomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { runs, indexing, version, problems } = runsList(getStore().index);
  const now = requestTime();
  const suiteParam = (await searchParams).suite;
  const summaries = runs.map(toRunSummary);
  const suites = runSuites(runs);
  return (
    <section className="space-y-4" aria-labelledby="runs-heading">
      <VersionMark version={version} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="runs-heading" className="text-2xl font-semibold tracking-tight">
          Runs
        </h1>
        <Link href="/trends" className="text-sm text-sky-700 hover:underline dark:text-sky-400">
          Trends across runs →
        </Link>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {indexing ? (
            <span data-testid="indexing">
              Indexing {indexing.done}/{indexing.total} scenarios…
              {indexing.runsPending > 0 && ` ${indexing.runsPending} more run${indexing.runsPending === 1 ? "" : "s"} read, listed in a moment.`}
            </span>
          ) : (
            `${runs.length} run${runs.length === 1 ? "" : "s"}`
          )}
        </p>
      </div>
      {indexing && <IndexingRefresh />}
      {problems.length > 0 && (
        <ul
          role="alert"
          data-testid="root-problems"
          className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {problems.map((p) => (
            <li key={p.path}>
              <code className="break-all">{p.path}</code>: {p.message}
            </li>
          ))}
        </ul>
      )}
      {runs.length === 0 && !indexing ? (
        <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          No runs in this results folder yet. New runs appear here as the harness writes them.
        </p>
      ) : (
        <RunsTable
          runs={summaries}
          suites={suites}
          serverNow={now}
          initialSuite={suiteKeyOf(typeof suiteParam === "string" ? suiteParam : undefined, summaries, suites)}
        />
      )}
    </section>
  );
}
