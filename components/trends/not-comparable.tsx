/** Nights not like for like with the one before (issue 57): calls ended under another policy or timeout, a domain's scoring changed. */
import Link from "next/link";
import { compareHref, runHref } from "@/lib/shared/routes";
import type { TrendRun } from "@/lib/shared/trends";

export function NotComparableNights({ runs }: { runs: TrendRun[] }) {
  const nights = runs.filter((r) => (r.notComparable ?? []).length > 0).reverse();
  if (nights.length === 0) return null;
  return (
    <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="not-comparable-nights">
      {nights.map((r) => (
        <li key={r.id} className="space-y-1 py-2" data-not-comparable-run={r.id}>
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="tabular-nums">{r.startedAt ? r.startedAt.slice(0, 10) : "date unknown"}</span>
            <Link href={runHref(r.id)} className="font-mono break-all text-sky-700 hover:underline dark:text-sky-400">
              {r.id}
            </Link>
            {r.previous && (
              <Link href={compareHref(r.previous, [r.id])} className="text-xs text-sky-700 hover:underline dark:text-sky-400">
                compare with previous →
              </Link>
            )}
          </div>
          <ul className="list-disc pl-5 text-amber-800 dark:text-amber-300">
            {r.notComparable.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
