import Link from "next/link";
import { runHref } from "@/components/format";
import type { ScopedProblem } from "@/lib/shared/dto";

/** Files the dashboard could not use, and why (the first `problems.length` of `total`). */
export function ProblemsList({ runId, problems, total }: { runId: string; problems: ScopedProblem[]; total: number }) {
  return (
    <div className="space-y-2 text-sm">
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {problems.map((p, i) => (
          <li key={i} className="flex flex-wrap gap-x-2 py-1">
            <span className="font-mono text-xs">{p.scenario ?? "(run)"}</span>
            <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{p.file}</span>
            <span className="rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">{p.kind}</span>
            <span className="min-w-0 break-words text-zinc-700 dark:text-zinc-300">{p.message}</span>
          </li>
        ))}
      </ul>
      {total > problems.length && <p className="text-xs text-zinc-600 dark:text-zinc-400">…and {total - problems.length} more.</p>}
      <Link href={runHref(runId, "quick=problems#scenarios")} className="text-xs font-medium text-sky-700 underline dark:text-sky-400">
        Show the scenarios with problems in the table
      </Link>
    </div>
  );
}
